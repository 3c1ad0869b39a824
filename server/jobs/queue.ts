// Background work runs on pg-boss queues in the same database (architecture "Data"): jobs survive a
// restart and any number of app processes share them. On PGlite, pg-boss goes through the one open
// PGlite instance (a second one on the data directory would lose data, stack-notes "Database");
// on PostgreSQL it gets a small pool of its own, so slow jobs never starve the requests' pool.
import { sql } from "drizzle-orm";
import { PgBoss, fromDrizzle, fromPglite, type Db as JobDb, type DrizzleTransactionLike } from "pg-boss";
import type { Database } from "../db/client.ts";
import type { Tx } from "../db/content-version.ts";
import type { Logger } from "../lib/logger.ts";

export interface Queue {
  boss: PgBoss;
  /** Waits for running jobs (up to the stop timeout), then ends pg-boss; the database stays open. */
  stop(): Promise<void>;
}

export interface QueueOptions {
  logger: Logger;
  /** how long stop() lets running jobs finish, in milliseconds */
  stopTimeoutMs?: number;
}

export async function startQueue(database: Database, options: QueueOptions): Promise<Queue> {
  const { logger, stopTimeoutMs = 10_000 } = options;
  const boss =
    database.engine === "pglite"
      ? // The adapter runs parameterless (multi-statement) SQL through exec and the rest through query.
        // pg-boss never closes a db it was handed: the PGlite instance and its lock stay ours.
        new PgBoss({ db: fromPglite(database.pglite!), backend: "pglite" })
      : new PgBoss({ connectionString: database.pool!.options.connectionString, max: 3 });
  // Without an error listener an EventEmitter throws, and a failed maintenance query would end the process.
  boss.on("error", (error) => logger.error("queue error", { error: error.message }));
  boss.on("warning", (warning) => logger.warn("queue warning", { message: warning.message, data: warning.data }));
  await boss.start();
  return {
    boss,
    // graceful: workers finish the job in hand; close: pg-boss ends its own pool (PostgreSQL only).
    stop: () => boss.stop({ graceful: true, close: true, timeout: stopTimeoutMs }),
  };
}

/**
 * A transaction of ours as pg-boss's `db` option: a job sent with it is written by that transaction, so
 * it exists if and only if the transaction commits (the outbox pattern, decision 031). The queue must be
 * known to pg-boss before (created in this process): otherwise pg-boss would look it up on its own
 * connection, which on PGlite waits for the very transaction that is waiting for it.
 */
export function inTransaction(tx: Tx): JobDb {
  // (drizzle's PGlite and node-postgres transactions both answer execute() with { rows })
  return fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
}
