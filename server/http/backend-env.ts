// The Hono environment of the /backend API, in a file of its own: every feature's *.routes.ts names it,
// and server/http/backend.ts imports every *.routes.ts, so were it declared in backend.ts each routes
// file and backend.ts would import each other (issue 16).
import type { AppEnv } from "./middleware.ts";

export type BackendEnv = AppEnv;
