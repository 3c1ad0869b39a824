// The hourly upkeep jobs: the visit refresh (decision 015) and, on PGlite, VACUUM (decision 047).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePost, makeUser } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-db.ts";
import type { Database } from "../db/client.ts";
import { posts, postStats, postVisits, user } from "../db/schema.ts";
import { readTestEnv } from "../env.ts";
import { silentLogger } from "../lib/logger.ts";
import { REFRESH_VISITS_CRON, REFRESH_VISITS_QUEUE, startVisitRefresh } from "./refresh-visits.ts";
import { startQueue, type Queue } from "./queue.ts";
import { startVacuum, VACUUM_CRON, VACUUM_QUEUE } from "./vacuum.ts";

let database: Database;
let queue: Queue;
beforeAll(async () => {
  database = await createTestDatabase();
  queue = await startQueue(database, { logger: silentLogger });
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

const DAY = 24 * 60 * 60 * 1000;

describe("the hourly visit refresh job", () => {
  it("is scheduled once however many processes start it, recounts the trending window and drops visits older than it", async () => {
    await startVisitRefresh(queue.boss, database.db, silentLogger);
    await startVisitRefresh(queue.boss, database.db, silentLogger);
    const schedules = await queue.boss.getSchedules(REFRESH_VISITS_QUEUE);
    expect(schedules.map((s) => [s.name, s.cron, s.timezone])).toEqual([
      [REFRESH_VISITS_QUEUE, REFRESH_VISITS_CRON, "Africa/Lagos"],
    ]);

    const [author] = await database.db.insert(user).values(makeUser()).returning();
    const [post] = await database.db.insert(posts).values(makePost(author!.id)).returning();
    await database.db.insert(postVisits).values([
      { postId: post!.id, visitor: "a:old", hour: new Date(Date.now() - 9 * DAY) },
      { postId: post!.id, visitor: "a:new", hour: new Date(Date.now() - 6 * DAY) },
    ]);
    await database.db.update(postStats).set({ visits: 10, recent: 7 }).where(eq(postStats.postId, post!.id));
    await queue.boss.send(REFRESH_VISITS_QUEUE, {});
    const left = async () =>
      (await database.db.select().from(postVisits).where(eq(postVisits.postId, post!.id))).map((r) => r.visitor);
    await expect.poll(left, { timeout: 15_000, interval: 200 }).toEqual(["a:new"]);
    // one visit in the window: "recent" recounted to 1; the all-time total untouched
    const [stats] = await database.db.select().from(postStats).where(eq(postStats.postId, post!.id));
    expect(stats).toMatchObject({ visits: 10, recent: 1 });
  });
});

/** When post_stats was last vacuumed by a VACUUM command (not by autovacuum). */
async function lastVacuum(): Promise<unknown> {
  const result = await database.db.execute(
    sql`select last_vacuum from pg_stat_user_tables where relname = 'post_stats'`,
  );
  return (result as unknown as { rows: Array<{ last_vacuum: unknown }> }).rows[0]?.last_vacuum ?? null;
}

const onPostgres = Boolean(readTestEnv().TEST_DATABASE_URL);

describe("the hourly VACUUM", () => {
  it(`on ${onPostgres ? "PostgreSQL is left to autovacuum" : "PGlite is scheduled once and vacuums the database"}`, async () => {
    await startVacuum(queue.boss, database, silentLogger);
    await startVacuum(queue.boss, database, silentLogger);
    const schedules = await queue.boss.getSchedules(VACUUM_QUEUE);
    if (onPostgres) {
      expect(schedules).toEqual([]);
      return;
    }
    expect(schedules.map((s) => [s.name, s.cron, s.timezone])).toEqual([[VACUUM_QUEUE, VACUUM_CRON, "Africa/Lagos"]]);

    // rows left behind: a post's counts updated again and again
    const [author] = await database.db.insert(user).values(makeUser()).returning();
    const [post] = await database.db.insert(posts).values(makePost(author!.id)).returning();
    for (let i = 1; i <= 20; i++)
      await database.db.update(postStats).set({ visits: i }).where(eq(postStats.postId, post!.id));
    expect(await lastVacuum()).toBeNull();

    await queue.boss.send(VACUUM_QUEUE, {});
    await expect.poll(lastVacuum, { timeout: 15_000, interval: 200 }).not.toBeNull();
  });
});
