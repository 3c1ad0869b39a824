// The server of tests/support/server-process.ts: boot() (config from the environment, database,
// migrations, jobs and their workers) and the app on PORT, as app/server.ts runs them without the pages.
import { serve } from "@hono/node-server";
import { createApp } from "../../server/app.ts";
import { boot } from "../../server/boot.ts";

const booted = await boot();
const { app, ready, pageCache } = createApp(booted);
if (pageCache) booted.lifecycle.onClose(() => pageCache.close());
await ready;
const server = serve({ fetch: app.fetch, port: booted.env.PORT, hostname: "127.0.0.1" }, (info) => {
  booted.lifecycle.markReady();
  process.stdout.write(`listening ${info.port}\n`);
});
booted.lifecycle.attach(server as import("node:http").Server);
