// The real app (all middleware) on a fresh database, for API tests through app.request().
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "../../server/app.ts";
import type { Database } from "../../server/db/client.ts";
import { parseEnv, type Env } from "../../server/env.ts";
import { silentLogger } from "../../server/lib/logger.ts";
import { createTestDatabase } from "./test-db.ts";

export interface TestApp {
  app: ReturnType<typeof createApp>["app"];
  services: ReturnType<typeof createApp>["services"];
  database: Database;
  db: Database["db"];
  env: Env;
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Record<string, string>> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-data-"));
  const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, SITE_NAME: "TechAfrica", ...overrides });
  const { app, services } = createApp({ database, env, logger: silentLogger });
  return {
    app,
    services,
    database,
    db: database.db,
    env,
    request(url, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set("Content-Type", "application/json");
      return Promise.resolve(
        app.request(url, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }),
      );
    },
    close: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
