// Background work runs on pg-boss queues in the same database (architecture "Data"): jobs survive a
// restart and any number of app processes share them. On PGlite, pg-boss goes through the one open
// PGlite instance (a second one on the data directory would lose data, stack-notes "Database");
// on PostgreSQL it gets a small pool of its own, so slow jobs never starve the requests' pool.
import { PgBoss, fromPglite } from "pg-boss";
import type { Database } from "../db/client.ts";
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
