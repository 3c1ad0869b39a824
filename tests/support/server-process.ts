// The app as a server process of its own, for tests that kill it (tests/support/server-child.ts starts it).
// Plain Node cannot load server/ (the e-mail kit is TSX), so Vite's module runner loads it, as Vitest
// does; server-main.ts then boots exactly as the real server does, from the environment. Run with
// `node tests/support/server-process.ts`; it prints "listening <port>" once the port is open.
import path from "node:path";
import { createServer, createServerModuleRunner } from "vite";

const root = path.resolve(import.meta.dirname, "../..");
const vite = await createServer({
  root,
  configFile: false,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, ws: false },
});
const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false });
await runner.import(path.join(root, "tests/support/server-main.ts"));
