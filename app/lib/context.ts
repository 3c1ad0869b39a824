// The request context React Router loaders read: the services (never the database directly),
// the public config, the CSP nonce and the signed-in user.
import { createContext } from "react-router";
import type { Viewer } from "../../contract/account/auth.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import type { Logger } from "../../server/lib/logger.ts";
import type { Services } from "../../server/services.ts";

export interface AppContext {
  services: Services;
  siteName: string;
  publicUrl: string;
  nonce: string;
  /** the signed-in user behind this request, for services and guards (server only) */
  actor: Actor | null;
  /** the client's address, for the rate limits of the account forms */
  clientIp: string;
  /** signs the cookies pages set themselves (the flash message after a redirect) */
  cookieSecret: string;
  /** cookies are sent over https only (PUBLIC_URL is https) */
  secureCookies: boolean;
  /** what the page may show of that user (header menu) */
  viewer: Viewer | null;
  /** the server's JSON-lines logger (app/lib/log.server.ts falls back to one on stderr) */
  logger?: Logger;
}

export const appContext = createContext<AppContext>();
