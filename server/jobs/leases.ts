// Work a dead process held is taken again promptly (issue 29, decision 067). Left to pg-boss, a job
// whose worker died is freed only once its heartbeat has lapsed AND the supervisor's next pass
// (JOB_SUPERVISE_SECONDS, a minute by default) finds it, and then waits the job's own retry delay,
// doubled per earlier attempt (a mail job: 30–60 s, then 60–120 s …): a receipt could wait over three
// minutes after a restart. Here such a job goes back to the queue at once, without a delay, since
// the dead process, not the job, failed:
// - PGlite: one process per data directory (its lock), so at a start every active job was held by a
//   process that is gone: all of them, heartbeat or not;
// - PostgreSQL (several processes may share it): a job whose heartbeat lapsed, at the start and
//   every LEASE_SWEEP_SECONDS;
// - and on both, a job pg-boss's supervisor failed for its lapsed heartbeat first, left waiting for
//   its retry delay: due now.
// A job past its last retry is left to pg-boss's supervisor, which fails it: a job that kills its
// process each time must not run for ever. The statements run on pg-boss's own connection (its
// tables, its clock: a test's TestClock reaches them).
import type { Clock, PgBoss } from "pg-boss";
import type { Logger } from "../lib/logger.ts";

/** how often a process on PostgreSQL looks for jobs whose heartbeat lapsed */
export const LEASE_SWEEP_SECONDS = 10;

const ACTIVE_OF_OUR_QUEUES = `state = 'active' AND retry_count < retry_limit
  AND name IN (SELECT name FROM pgboss.queue)`;

const RELEASE = (where: string) => `
  UPDATE pgboss.job SET state = 'retry', start_after = pgboss.job_now()
  WHERE ${ACTIVE_OF_OUR_QUEUES} AND ${where}
  RETURNING name`;

/** every active job (PGlite, at a start: its holder is gone) */
const RELEASE_ALL = RELEASE("true");
/** active jobs whose holder stopped beating (pg-boss's own test, without its wait) */
const RELEASE_LAPSED = RELEASE(
  "heartbeat_seconds IS NOT NULL AND heartbeat_on + heartbeat_seconds * interval '1 second' < pgboss.job_now()",
);

/**
 * Jobs pg-boss's supervisor found first (heartbeat lapsed) and put back with their retry delay: due now.
 * The supervisor and the sweep look at different times, and either may see a lapse first.
 */
const HASTEN_LAPSED = `
  UPDATE pgboss.job SET start_after = pgboss.job_now()
  WHERE state = 'retry' AND start_after > pgboss.job_now() AND name IN (SELECT name FROM pgboss.queue)
    AND output = '{"value": {"message": "job heartbeat timeout"}}'::jsonb
  RETURNING name`;

async function release(boss: PgBoss, statement: string, logger: Logger, why: string): Promise<number> {
  const db = boss.getDb();
  const result = await db.executeSql(statement);
  const hastened = await db.executeSql(HASTEN_LAPSED);
  const names = [...result.rows, ...hastened.rows].map((r: { name: string }) => r.name);
  if (names.length > 0) {
    const queues = Object.fromEntries([...new Set(names)].map((n) => [n, names.filter((m) => m === n).length]));
    logger.info("jobs of a stopped process taken again", { why, jobs: names.length, queues });
  }
  return names.length;
}

/** At a start, before this process's workers: jobs a dead process held go back to the queue now. */
export function releaseAtStart(boss: PgBoss, engine: "pglite" | "postgres", logger: Logger): Promise<number> {
  return engine === "pglite"
    ? release(boss, RELEASE_ALL, logger, "held when the server stopped")
    : release(boss, RELEASE_LAPSED, logger, "heartbeat lapsed");
}

/**
 * PostgreSQL: every LEASE_SWEEP_SECONDS, jobs whose heartbeat lapsed go back to the queue (a process
 * that died beside this one, or before this one's start had its heartbeat lapse). Answers a stop.
 */
export function sweepLapsedLeases(boss: PgBoss, clock: Clock, logger: Logger): () => void {
  let running = false;
  const timer = clock.setInterval(() => {
    if (running) return;
    running = true;
    release(boss, RELEASE_LAPSED, logger, "heartbeat lapsed")
      .catch((error: unknown) =>
        logger.warn("looking for jobs of a stopped process failed", {
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        running = false;
      });
  }, LEASE_SWEEP_SECONDS * 1000);
  (timer as { unref?: () => void }).unref?.();
  return () => clock.clearInterval(timer);
}
