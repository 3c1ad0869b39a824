// PGlite runs no autovacuum (one process, no background workers): the row versions that updates and
// deletes leave behind (post visit counts, the job queue's own rows, sessions) would pile up for ever,
// and index-only scans would keep reading the table because no page is ever marked all-visible. On
// PGlite this job vacuums the whole database every hour (a few milliseconds once it is clean, 0.1-0.2 s
// after 10,000 new posts or a busy hour; decision 047). PostgreSQL's autovacuum does it there.
import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Database } from "../db/client.ts";
import type { Logger } from "../lib/logger.ts";
import { workOnSchedule } from "./queue.ts";

export const VACUUM_QUEUE = "vacuum-embedded-database";
/** Every hour, at 47 minutes past (the visit refresh runs at 17). */
export const VACUUM_CRON = "47 * * * *";

export async function startVacuum(boss: PgBoss, database: Database, logger: Logger): Promise<void> {
  if (database.engine !== "pglite") return;
  await workOnSchedule(boss, VACUUM_QUEUE, VACUUM_CRON, async () => {
    const started = performance.now();
    // the whole database; not in a transaction (PostgreSQL refuses VACUUM there)
    await database.db.execute(sql`vacuum`);
    logger.info("database vacuumed", { ms: Math.round(performance.now() - started) });
  });
}
