// The bench's generated payments (scripts/bench-figures.ts) are ones the admin figures count: paid,
// refunded, tickets and coupon uses in the last 30 days, on the engine of the run.
import { afterAll, beforeAll, expect, it } from "vitest";
import { courses, events } from "../server/db/schema.ts";
import type { Database } from "../server/db/client.ts";
import { createTestDatabase } from "../tests/support/test-db.ts";
import { makeCourse, makeEvent } from "../tests/support/factories.ts";
import { createFiguresService } from "../server/features/figures/figures.service.ts";
import type { Actor } from "../server/features/auth/actor.ts";
import { seedBenchPayments, timeFigures } from "./bench-figures.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.close());

it("adds payments the figures count, and times the figures' query", async () => {
  await database.db.insert(courses).values([makeCourse({ title: "A" }), makeCourse({ title: "B" })]);
  await database.db.insert(events).values(makeEvent({ name: "Show" }));
  const now = new Date("2026-11-26T12:00:00Z");
  await seedBenchPayments(database.db, 600, now);
  const timing = await timeFigures(database.db, 2, now);
  expect(timing.runs).toBe(2);
  expect(timing.medianMs).toBeGreaterThan(0);
  // about half of 60 days are in the window; failed and pending ones are not paid
  expect(timing.paidInWindow).toBeGreaterThan(200);
  expect(timing.paidInWindow).toBeLessThan(300);
  const admin = { role: "admin" } as Actor;
  const figures = await createFiguresService(database.db).last30Days(admin, now);
  expect(figures.totals.refundCount).toBeGreaterThan(0);
  expect(figures.enrolments.map((c) => c.title).sort()).toEqual(["A", "B"]);
  expect(figures.tickets).toEqual([expect.objectContaining({ name: "Show" })]);
  expect(figures.tickets[0]!.tickets).toBeGreaterThan(figures.tickets[0]!.orders);
  expect(figures.coupons.length).toBe(20);
  expect(figures.coupons.every((c) => c.discountKobo > 0)).toBe(true);
});
