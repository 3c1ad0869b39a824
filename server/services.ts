// Wires the services to their dependencies once (conventions §7). Route handlers and React Router
// loaders both reach the rules through this object.
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./lib/logger.ts";
import { createCatalogService } from "./features/catalog/catalog.service.ts";

export interface Deps {
  database: Database;
  env: Env;
  logger: Logger;
}

export function createServices(deps: Deps) {
  const { db } = deps.database;
  return {
    catalog: createCatalogService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
