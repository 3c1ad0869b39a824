// The hourly upkeep of post visits (decision 015): each post's count of the trending window recounted,
// so that visits older than 7 days stop counting for "Trending", and visit rows older than the window
// (and a day) deleted, so the table holds about a week whatever the traffic. The all-time totals stay.
import type { PgBoss } from "pg-boss";
import type { Db } from "../db/client.ts";
import { refreshVisits } from "../features/blog/blog.service.ts";
import type { Logger } from "../lib/logger.ts";
import { workOnSchedule } from "./queue.ts";

export const REFRESH_VISITS_QUEUE = "refresh-post-visits";
/** Every hour, at 17 minutes past. */
export const REFRESH_VISITS_CRON = "17 * * * *";

export async function startVisitRefresh(boss: PgBoss, db: Db, logger: Logger): Promise<void> {
  await workOnSchedule(boss, REFRESH_VISITS_QUEUE, REFRESH_VISITS_CRON, async () => {
    const removed = await refreshVisits(db);
    logger.info("post visits refreshed", { removed });
  });
}
