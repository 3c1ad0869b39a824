// Builds the Hono app from its dependencies: logging, security headers, compression, /backend and
// /media. The process entry (app/server.ts) hands this app to react-router-hono-server, which adds
// the build's assets and the pages after it.
import { Hono } from "hono";
import { createBackend, errorBody, limitBody } from "./http/backend.ts";
import { compression, requestLogger, securityHeaders, type AppEnv } from "./http/middleware.ts";
import { createMediaRoutes } from "./http/media.ts";
import { createServices, type Deps, type Services } from "./services.ts";

export interface App {
  app: Hono<AppEnv>;
  services: Services;
}

export function createApp(deps: Deps): App {
  const services = createServices(deps);
  const app = new Hono<AppEnv>();
  app.use("*", requestLogger(deps.logger));
  app.use("*", securityHeaders({ csp: deps.env.NODE_ENV === "production" }));
  app.use("*", compression());
  app.use("*", limitBody(deps.env.BODY_LIMIT_BYTES));
  app.route("/backend", createBackend(services, deps));
  // A sub-app's notFound does not stop the parent: unknown /backend paths end here, as JSON.
  app.all("/backend/*", (c) => c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404));
  app.route("/media", createMediaRoutes(deps));
  return { app, services };
}
