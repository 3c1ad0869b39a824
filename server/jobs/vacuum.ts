// PGlite runs no autovacuum (one process, no background workers): the row versions that updates and
// deletes leave behind (post visit counts, the job queue's own rows, sessions) would pile up for ever,
// and index-only scans would keep reading the table because no page is ever marked all-visible. On
// PGlite this job vacuums the whole database every hour (a few milliseconds once it is clean, 0.1-0.2 s
// after 10,000 new posts or a busy hour; decision 047). PostgreSQL's autovacuum does it there.
import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Database, Db } from "../db/client.ts";
import type { Logger } from "../lib/logger.ts";

export const VACUUM_QUEUE = "vacuum-embedded-database";
/** Every hour, at 47 minutes past (the visit refresh runs at 17). */
export const VACUUM_CRON = "47 * * * *";

/** VACUUM of the whole database; not in a transaction (PostgreSQL refuses it there). */
export async function vacuumDatabase(db: Db): Promise<void> {
  await db.execute(sql`vacuum`);
}

export async function startVacuum(boss: PgBoss, database: Database, logger: Logger): Promise<void> {
  if (database.engine !== "pglite") return;
  await boss.createQueue(VACUUM_QUEUE);
  // schedule() is an upsert by name: starting it again keeps one schedule
  await boss.schedule(VACUUM_QUEUE, VACUUM_CRON, null, { tz: "Africa/Lagos" });
  await boss.work(VACUUM_QUEUE, async () => {
    const started = performance.now();
    await vacuumDatabase(database.db);
    logger.info("database vacuumed", { ms: Math.round(performance.now() - started) });
  });
}
