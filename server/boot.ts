// Starts what the process needs: config and the database (locked, migrated, seeded when empty).
// The caller builds the app from these dependencies (server/app.ts createApp).
import path from "node:path";
import { openDatabase, migrateDatabase, type Database } from "./db/client.ts";
import { parseEnv, type Env } from "./env.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import type { Deps } from "./services.ts";
import { seedIfEmpty } from "../scripts/seed-data.ts";

export type Booted = Deps & { logger: Logger };

export async function openConfiguredDatabase(env: Env): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ url: env.DATABASE_URL })
    : openDatabase({ pgliteDir: path.join(env.DATA_DIR, "pglite") });
}

export async function boot(): Promise<Booted> {
  const env = parseEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openConfiguredDatabase(env);
  await migrateDatabase(database);
  if (env.SEED_ON_EMPTY) {
    const seeded = await seedIfEmpty(database.db, { dataDir: env.DATA_DIR });
    if (seeded) logger.info("seeded demo content into an empty database");
  }
  const shutdown = async (signal: string) => {
    logger.info("shutting down", { signal });
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  return { env, database, logger };
}
