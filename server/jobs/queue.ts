// Background work runs on pg-boss queues in the same database (architecture "Data"): jobs survive a
// restart and any number of app processes share them. On PGlite, pg-boss goes through the one open
// PGlite instance (a second one on the data directory would lose data, stack-notes "Database");
// on PostgreSQL it gets a small pool of its own, so slow jobs never starve the requests' pool.
import { sql } from "drizzle-orm";
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  systemClock,
  type Clock,
  type Db as JobDb,
  type DrizzleTransactionLike,
} from "pg-boss";
import type { Database } from "../db/client.ts";
import type { Tx } from "../db/content-version.ts";
import type { Logger } from "../lib/logger.ts";
import { currentRequestId, withRequestId } from "../lib/request-context.ts";
import { releaseAtStart, sweepLapsedLeases } from "./leases.ts";

export interface Queue {
  boss: PgBoss;
  /** Waits for running jobs (up to the stop timeout), then ends pg-boss; the database stays open. */
  stop(): Promise<void>;
}

export interface QueueOptions {
  logger: Logger;
  /** how long stop() lets running jobs finish, in milliseconds */
  stopTimeoutMs?: number;
  /** how often jobs of a dead process (heartbeat lapsed) or past their time are looked for, in seconds */
  superviseSeconds?: number;
  /** pg-boss's source of time and timers (tests: pg-boss's TestClock) */
  clock?: Clock;
}

export async function startQueue(database: Database, options: QueueOptions): Promise<Queue> {
  const { logger, stopTimeoutMs = 10_000, superviseSeconds = 60, clock = systemClock } = options;
  const intervals = { superviseIntervalSeconds: superviseSeconds, monitorIntervalSeconds: superviseSeconds, clock };
  const boss =
    database.engine === "pglite"
      ? // The adapter runs parameterless (multi-statement) SQL through exec and the rest through query.
        // pg-boss never closes a db it was handed: the PGlite instance and its lock stay ours.
        new PgBoss({ db: fromPglite(database.pglite!), backend: "pglite", ...intervals })
      : new PgBoss({ connectionString: database.pool!.options.connectionString, max: 3, ...intervals });
  // Without an error listener an EventEmitter throws, and a failed maintenance query would end the process.
  boss.on("error", (error) => logger.error("queue error", { error: error.message }));
  boss.on("warning", (warning) => logger.warn("queue warning", { message: warning.message, data: warning.data }));
  carryRequestIds(boss);
  await boss.start();
  // Before any worker of this process: what a dead process held is taken again now (decision 067).
  await releaseAtStart(boss, database.engine, logger).catch((error: unknown) =>
    logger.warn("looking for jobs of a stopped process failed", {
      error: error instanceof Error ? error.message : String(error),
    }),
  );
  const stopSweep = database.engine === "postgres" ? sweepLapsedLeases(boss, clock, logger) : () => {};
  return {
    boss,
    // graceful: workers finish the job in hand; close: pg-boss ends its own pool (PostgreSQL only).
    stop: () => {
      stopSweep();
      return boss.stop({ graceful: true, close: true, timeout: stopTimeoutMs });
    },
  };
}

/**
 * A job run on a cron schedule (Lagos time): its queue created, the schedule set and the handler
 * working it. schedule() is an upsert by name, so every process calling this at start keeps one schedule.
 */
export async function workOnSchedule(boss: PgBoss, name: string, cron: string, handler: () => Promise<void>) {
  await boss.createQueue(name);
  await boss.schedule(name, cron, null, { tz: "Africa/Lagos" });
  await boss.work(name, handler);
}

/** The job data field that carries the id of the request that queued the job (decision 040). */
export const REQUEST_ID_FIELD = "requestId";

function withCurrentRequestId(data: unknown): unknown {
  const requestId = currentRequestId();
  if (!requestId || !data || typeof data !== "object" || Array.isArray(data) || REQUEST_ID_FIELD in data) return data;
  return { ...data, [REQUEST_ID_FIELD]: requestId };
}

/**
 * Jobs carry the request id through (issue 20 "Operable"): a job queued while a request (or another job)
 * is handled gets its id in its data, and the worker runs the job with that id current, so the job's log
 * lines name the request that caused it. Done here, on the one pg-boss of the process, rather than in
 * every feature that queues or works jobs (send, insert and work are the calls the features use).
 */
function carryRequestIds(boss: PgBoss): void {
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  boss.send = ((...args: unknown[]) =>
    typeof args[0] === "string"
      ? send(args[0], withCurrentRequestId(args[1]), ...args.slice(2))
      : send(...args)) as typeof boss.send;
  const insert = boss.insert.bind(boss);
  boss.insert = ((name, jobs, options) =>
    insert(
      name,
      jobs.map((job) => ({ ...job, data: withCurrentRequestId(job.data) as object })),
      options,
    )) as typeof boss.insert;
  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as (jobs: Array<{ data?: unknown }>) => unknown;
    const traced = (jobs: Array<{ data?: unknown }>) => withRequestId(requestIdOf(jobs), () => handler(jobs));
    return work(name, ...rest, traced);
  }) as typeof boss.work;
}

/** The request id the fetched jobs share (none when they have none or differ). */
function requestIdOf(jobs: Array<{ data?: unknown }>): string | undefined {
  const ids = new Set(jobs.map((job) => (job.data as Record<string, unknown> | null | undefined)?.[REQUEST_ID_FIELD]));
  const [only] = ids;
  return ids.size === 1 && typeof only === "string" ? only : undefined;
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
