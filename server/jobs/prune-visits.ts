// A daily job that drops post visit rows older than the trending window (decision 015): the table
// then holds about a week of visits whatever the traffic, and the all-time totals stay in post_stats.
import type { PgBoss } from "pg-boss";
import type { Db } from "../db/client.ts";
import { pruneVisits } from "../features/blog/blog.service.ts";
import type { Logger } from "../lib/logger.ts";

export const PRUNE_VISITS_QUEUE = "prune-post-visits";
/** Every night at 03:17, Lagos time (a quiet hour). */
export const PRUNE_VISITS_CRON = "17 3 * * *";

export async function startVisitPruning(boss: PgBoss, db: Db, logger: Logger): Promise<void> {
  await boss.createQueue(PRUNE_VISITS_QUEUE);
  // schedule() is an upsert by name: every process calling it at start keeps one schedule
  await boss.schedule(PRUNE_VISITS_QUEUE, PRUNE_VISITS_CRON, null, { tz: "Africa/Lagos" });
  await boss.work(PRUNE_VISITS_QUEUE, async () => {
    const removed = await pruneVisits(db);
    logger.info("old post visits pruned", { removed });
  });
}
