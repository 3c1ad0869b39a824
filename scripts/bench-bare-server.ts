// The comparator of `npm run bench`: a bare node:http server that opens the configured database the
// way the app does (openConfiguredDatabase: PGlite in DATA_DIR/pglite under its lock, or DATABASE_URL)
// and answers GET /backend/api/courses with the same Drizzle query and mapping (the catalog service's
// listCourses). No framework, middleware, ETag or compression: the floor the app is measured against.
// It neither migrates nor seeds; the app server has done that on the same database before it starts.
// Reads PORT, DATA_DIR and DATABASE_URL through server/env.ts; listens on 127.0.0.1 only.
import http from "node:http";
import { openConfiguredDatabase } from "../server/boot.ts";
import { parseEnv } from "../server/env.ts";
import { createCatalogService } from "../server/features/catalog/catalog.service.ts";

const env = parseEnv();
const database = await openConfiguredDatabase(env);
const catalog = createCatalogService(database.db);

function send(res: http.ServerResponse, status: number, value: unknown) {
  const body = JSON.stringify(value);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

async function health() {
  const up = await database.ping();
  return { status: up ? "ok" : "degraded", database: up ? "up" : "down", engine: database.engine };
}

const server = http.createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0];
  if (req.method === "GET" && path === "/backend/api/courses") {
    catalog.listCourses().then(
      (courses) => send(res, 200, courses),
      (error: unknown) => send(res, 500, { error: { code: "internal", message: String(error) } }),
    );
    return;
  }
  if (req.method === "GET" && path === "/backend/health") {
    void health().then((result) => send(res, result.status === "ok" ? 200 : 503, result));
    return;
  }
  send(res, 404, { error: { code: "not_found", message: `No route for ${req.method} ${path}` } });
});

server.listen(env.PORT, "127.0.0.1");

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await database.close().catch(() => {});
  process.exit(0);
}
process.once("SIGINT", () => void shutdown());
process.once("SIGTERM", () => void shutdown());
