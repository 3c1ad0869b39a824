// The process entry: boots the server (config, database, migrations, seed) and hands our Hono app to
// react-router-hono-server, which adds the build's assets and the server-rendered pages after it.
import { createHmac } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { createHonoServer } from "react-router-hono-server/node";
import { createApp } from "../server/app.ts";
import { boot } from "../server/boot.ts";
import { toViewer } from "../server/features/auth/actor.ts";
import { immutableAssets } from "../server/http/middleware.ts";
import { serverWithFastHit } from "../server/http/page-cache/fast-hit.ts";
import { clientIp } from "../server/http/session.ts";
import { appContext } from "./lib/context.ts";
import { pageServices } from "./lib/page-errors.server.ts";
import { pageFamilyOf } from "./lib/page-cache-families.server.ts";

// Under `react-router dev` this module is re-evaluated on server changes: boot (open the database)
// once per process, and build a fresh app around it each time.
const g = globalThis as typeof globalThis & { __academyBoot?: ReturnType<typeof boot> };
g.__academyBoot ??= boot();
const booted = await g.__academyBoot.catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// the pages the rendered-page cache keeps for anonymous visitors (decision 044)
const { app, services, pageCache, fastHit } = createApp({ ...booted, pageFamilies: pageFamilyOf });
if (pageCache) booted.lifecycle.onClose(() => pageCache.close());
const KEEP_ALIVE_MS = 65_000;
// Loaders and actions see domain errors as 404/403/409/422 pages (app/lib/page-errors.server.ts).
const forPages = pageServices(services, ["auth"]);
/** The pages' own cookies are signed with a key of their own, derived from the auth secret. */
const cookieSecret = createHmac("sha256", services.auth.options.secret).update("academy page cookies").digest("hex");

export default await createHonoServer({
  app,
  port: booted.env.PORT,
  defaultLogger: false,
  // The Node adapter's lightweight Request/Response: a JSON or HTML string is written out directly
  // instead of through a web stream (measured with npm run bench; see docs/decisions/006).
  overrideGlobalObjects: true,
  // A page-cache hit is answered before Hono sees the request (server/http/page-cache/fast-hit.ts; decision 049).
  customNodeServer: { createServer: serverWithFastHit(fastHit) as never },
  listeningListener: (info) => {
    booted.lifecycle.markReady();
    booted.logger.info("listening", { port: info.port, url: booted.env.PUBLIC_URL });
  },
  // Idle keep-alive connections are kept 65 s (Node's default is 5 s): longer than the idle timeout of
  // the proxies and load balancers in front (60 s is common), and long enough that a client reusing a
  // pooled connection rarely sends into one the server is closing at that very moment (ECONNRESET).
  onServe: (server) => {
    Object.assign(server, { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1000 });
    // SIGTERM drains it: no new connections, the requests in flight answered (server/lifecycle.ts).
    booted.lifecycle.attach(server as import("node:http").Server);
  },
  beforeAll: (app) => {
    app.use("/assets/*", immutableAssets());
  },
  getLoadContext: (c) => {
    const actor = c.get("actor");
    const context = new RouterContextProvider();
    context.set(appContext, {
      services: forPages,
      siteName: booted.env.SITE_NAME,
      publicUrl: booted.env.PUBLIC_URL,
      nonce: c.get("nonce"),
      actor,
      clientIp: clientIp(c),
      cookieSecret,
      secureCookies: booted.env.PUBLIC_URL.startsWith("https:"),
      viewer: actor ? toViewer(actor) : null,
      logger: booted.logger,
    });
    return context;
  },
});
