// Opens the database: PGlite in DATA_DIR/pglite by default, PostgreSQL when DATABASE_URL is set
// (architecture "Data"), and applies the committed migrations.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";
import { lockDataDir } from "./lock.ts";
import { preparedPglite } from "./pglite-prepared.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /** the raw PGlite instance, for pg-boss and test cloning; absent on PostgreSQL */
  pglite?: PGlite;
  pool?: pg.Pool;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | { pgliteDir: string; lock?: boolean }
  | { memory: true; loadDataDir?: Blob | File };

/**
 * PGlite's PostgreSQL settings (decision 041). Its default shared_buffers is PostgreSQL's 128 MB, kept
 * in the WASM memory beside the 128 MB the module starts with, all of it resident once touched: the
 * idle server held about 420 MB. The data directory is read through the operating system's file
 * cache anyway, so a small buffer pool costs little; work_mem stays PostgreSQL's 4 MB.
 * `plan_cache_mode = force_custom_plan`: Drizzle's statements are prepared (pglite-prepared.ts), and
 * one with parameters is planned for its values on every call, never by a generic plan (decision 046).
 */
export const PGLITE_SETTINGS = [
  "shared_buffers=16MB",
  "temp_buffers=2MB",
  "wal_buffers=1MB",
  "plan_cache_mode=force_custom_plan",
];

const pgliteStartParams = () => [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ["-c", s])];

// Resolved from the working directory: import.meta.url breaks once Vite bundles the server.
export const MIGRATIONS_DIR = path.resolve("server/db/migrations");

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that the server drops (a restart, a terminated backend) is an 'error' event
    // on the pool; without a listener Node ends the process. The pool discards that client and opens
    // a new one for the next query, and a query that was running fails on its own.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: "postgres",
      pool,
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  let release = () => {};
  let client: PGlite;
  if ("pgliteDir" in options) {
    if (options.lock !== false) release = lockDataDir(path.dirname(path.resolve(options.pgliteDir)));
    try {
      client = await PGlite.create({ dataDir: options.pgliteDir, startParams: pgliteStartParams() });
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create({ loadDataDir: options.loadDataDir, startParams: pgliteStartParams() });
  }
  const db = drizzlePglite(preparedPglite(client), { schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    pglite: client,
    ping: () => ping(db),
    close: async () => {
      await client.close();
      release();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The advisory lock key of a start's schema and first-data work (migrations, first seed). */
const STARTUP_LOCK = 727274;

/**
 * Runs `fn` while this process alone does start-up work on the database: on PostgreSQL under a session
 * advisory lock, so any number of processes starting at once (on an empty or an old database) migrate
 * and seed one after the other, each finding the work of the one before done. `fn` gets the locked
 * connection as a Db. On PGlite the data-directory lock (lock.ts) already keeps every other process out.
 */
export async function withStartupLock<T>(database: Database, fn: (db: Db) => Promise<T>): Promise<T> {
  if (database.engine === "pglite") return fn(database.db);
  const client = await database.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
    return await fn(drizzlePg(client, { schema }) as unknown as Db);
  } finally {
    // A lost connection ends its session, and the lock with it.
    await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => {});
    client.release();
  }
}

/** Applies the migrations; `db` is the one withStartupLock holds on PostgreSQL. */
async function applyMigrations(database: Database, db: Db): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.engine === "pglite") await migratePglite(db as never, config);
  else await migratePg(db as never, config);
}

/** Migrates under the start-up lock (several processes may start at once: one migrates, the others wait). */
export async function migrateDatabase(database: Database): Promise<void> {
  await withStartupLock(database, (db) => applyMigrations(database, db));
}

/**
 * A start's database work in one hold of the start-up lock: the migrations, then `then` (the first
 * seed, admin promotion) on the locked connection, so no second process seeds the same empty database.
 */
export async function prepareDatabase<T>(database: Database, then: (db: Db) => Promise<T>): Promise<T> {
  return withStartupLock(database, async (db) => {
    await applyMigrations(database, db);
    return then(db);
  });
}
