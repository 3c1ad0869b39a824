// The admin figures of the last 30 Lagos days (issue 17 "Figures and exports"; decision 038), on the
// engine of the run (PGlite, or PostgreSQL with TEST_DATABASE_URL): payments seeded on both sides of
// Lagos midnights and of the window's edges, a refund as the payment_events row the refunds feature
// writes, checked sum by sum.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETED_COURSE, FIGURE_DAYS } from "../../../contract/admin/figures.ts";
import type { Database } from "../../db/client.ts";
import { couponUsages, coupons, courses, eventPurchases, events, paymentEvents, payments } from "../../db/schema.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import { makeCourse, makeEvent } from "../../../tests/support/factories.ts";
import { createFiguresService, figureWindow } from "./figures.service.ts";
import { TEST_ADMIN as ADMIN } from "../../../tests/support/actors.ts";

/** Thursday 26 November 2026, 13:00 in Lagos: the window runs from 28 October to 26 November (Lagos days). */
const NOW = new Date("2026-11-26T12:00:00Z");

let database: Database;
let figures: ReturnType<typeof createFiguresService>;
beforeAll(async () => {
  database = await createTestDatabase();
  figures = createFiguresService(database.db);
}, 60_000);
afterAll(() => database.close());

beforeEach(async () => {
  const db = database.db;
  await db.delete(couponUsages);
  await db.delete(coupons);
  await db.delete(eventPurchases);
  await db.delete(payments);
  await db.delete(courses);
  await db.delete(events);
});

interface Seed {
  kind?: "course" | "ticket";
  itemId: string;
  amount: number;
  status?: string;
  /** the payment_events row to 'paid' */
  paidAt?: string;
  /** the payment_events row to 'refunded' (the refunds feature's contract) */
  refundedAt?: string;
  /** verified_at; the paid instant when not given */
  verifiedAt?: string | null;
  details?: Record<string, unknown>;
}

async function seedPayment(s: Seed) {
  const db = database.db;
  const status = s.status ?? (s.refundedAt ? "refunded" : s.paidAt ? "paid" : "pending");
  const [row] = await db
    .insert(payments)
    .values({
      reference: `ta_${randomBytes(12).toString("hex")}`,
      kind: s.kind ?? "course",
      itemId: s.itemId,
      email: "buyer@example.test",
      amount: s.amount,
      status,
      gateway: "sandbox",
      details: s.details ?? {},
      verifiedAt: s.verifiedAt === null ? null : new Date(s.verifiedAt ?? s.paidAt ?? NOW),
    })
    .returning();
  const history: Array<typeof paymentEvents.$inferInsert> = [
    {
      paymentId: row!.id,
      fromStatus: null,
      toStatus: "pending",
      source: "start",
      at: new Date("2026-10-01T00:00:00Z"),
    },
  ];
  if (s.paidAt)
    history.push({
      paymentId: row!.id,
      fromStatus: "pending",
      toStatus: "paid",
      source: "verify",
      at: new Date(s.paidAt),
    });
  if (s.refundedAt) {
    history.push({
      paymentId: row!.id,
      fromStatus: "paid",
      toStatus: "refund_pending",
      source: "admin",
      at: new Date(new Date(s.refundedAt).getTime() - 1000),
    });
    history.push({
      paymentId: row!.id,
      fromStatus: "refund_pending",
      toStatus: "refunded",
      source: "webhook",
      at: new Date(s.refundedAt),
    });
  }
  await db.insert(paymentEvents).values(history);
  return row!;
}

async function seedCourse(title: string) {
  const [course] = await database.db.insert(courses).values(makeCourse({ title })).returning();
  return course!;
}

const dayOf = (result: Awaited<ReturnType<typeof figures.last30Days>>, day: string) =>
  result.revenue.find((d) => d.day === day);

describe("the window", () => {
  it("is today in Lagos and the 29 days before it, from a Lagos midnight to the next", () => {
    const w = figureWindow(NOW);
    expect(w.days).toHaveLength(FIGURE_DAYS);
    expect(w.days[0]).toBe("2026-10-28");
    expect(w.days.at(-1)).toBe("2026-11-26");
    expect(w.from.toISOString()).toBe("2026-10-27T23:00:00.000Z");
    expect(w.to.toISOString()).toBe("2026-11-26T23:00:00.000Z");
    // at 23:30 UTC it is already the next day in Lagos
    expect(figureWindow(new Date("2026-11-26T23:30:00Z")).days.at(-1)).toBe("2026-11-27");
  });
});

describe("revenue by day", () => {
  it("counts a payment on the Lagos day it became paid, and a refund on the day it was refunded", async () => {
    const course = await seedCourse("React");
    // 23:59:59 on 25 November in Lagos, and one second later: 00:00 on the 26th
    await seedPayment({ itemId: course.id, amount: 5_000_000, paidAt: "2026-11-25T22:59:59Z" });
    await seedPayment({ itemId: course.id, amount: 3_000_000, paidAt: "2026-11-25T23:00:00Z" });
    // the window's edges: the last second before it, and its first second
    await seedPayment({ itemId: course.id, amount: 111_00, paidAt: "2026-10-27T22:59:59Z" });
    await seedPayment({ itemId: course.id, amount: 222_00, paidAt: "2026-10-27T23:00:00Z" });
    // paid on the 20th, refunded on the 26th in Lagos (10:00 UTC)
    await seedPayment({
      itemId: course.id,
      amount: 4_000_000,
      paidAt: "2026-11-20T09:00:00Z",
      refundedAt: "2026-11-26T10:00:00Z",
    });
    // paid before the window, refunded in it (23:30 UTC on the 23rd is the 24th in Lagos)
    await seedPayment({
      itemId: course.id,
      amount: 1_500_000,
      paidAt: "2026-10-01T09:00:00Z",
      refundedAt: "2026-11-23T23:30:00Z",
    });
    // never counted: pending, failed (its verified_at inside the window), abandoned
    await seedPayment({ itemId: course.id, amount: 9_900_000, status: "pending", verifiedAt: null });
    await seedPayment({ itemId: course.id, amount: 9_900_000, status: "failed", verifiedAt: "2026-11-22T10:00:00Z" });
    await seedPayment({
      itemId: course.id,
      amount: 9_900_000,
      status: "abandoned",
      verifiedAt: "2026-11-22T10:00:00Z",
    });

    const result = await figures.last30Days(ADMIN, NOW);
    expect(result.from).toBe("2026-10-28");
    expect(result.to).toBe("2026-11-26");
    expect(result.revenue).toHaveLength(30);
    expect(result.revenue.map((d) => d.day)).toEqual(figureWindow(NOW).days);

    expect(dayOf(result, "2026-11-25")).toEqual({
      day: "2026-11-25",
      paidCount: 1,
      grossKobo: 5_000_000,
      refundCount: 0,
      refundsKobo: 0,
      netKobo: 5_000_000,
    });
    expect(dayOf(result, "2026-11-26")).toEqual({
      day: "2026-11-26",
      paidCount: 1,
      grossKobo: 3_000_000,
      refundCount: 1,
      refundsKobo: 4_000_000,
      netKobo: -1_000_000,
    });
    expect(dayOf(result, "2026-10-28")).toMatchObject({ paidCount: 1, grossKobo: 222_00, netKobo: 222_00 });
    expect(dayOf(result, "2026-11-20")).toMatchObject({ paidCount: 1, grossKobo: 4_000_000, refundsKobo: 0 });
    expect(dayOf(result, "2026-11-24")).toMatchObject({
      paidCount: 0,
      grossKobo: 0,
      refundCount: 1,
      refundsKobo: 1_500_000,
    });
    expect(dayOf(result, "2026-11-22")).toMatchObject({ paidCount: 0, grossKobo: 0, netKobo: 0 });
    expect(result.totals).toEqual({
      paidCount: 4,
      grossKobo: 5_000_000 + 3_000_000 + 222_00 + 4_000_000,
      refundCount: 2,
      refundsKobo: 4_000_000 + 1_500_000,
      netKobo: 5_000_000 + 3_000_000 + 222_00 + 4_000_000 - 4_000_000 - 1_500_000,
    });
  });

  it("counts a payment on its 'paid' history row, whatever its verified_at says since; a refund pending or failed is no refund", async () => {
    const course = await seedCourse("Design");
    // the state machine rewrites verified_at at each transition: a refund moved it to the 25th
    await seedPayment({
      itemId: course.id,
      amount: 700_000,
      status: "refund_pending",
      paidAt: "2026-11-10T12:00:00Z",
      verifiedAt: "2026-11-25T12:00:00Z",
    });
    await seedPayment({ itemId: course.id, amount: 800_000, status: "refund_pending", paidAt: "2026-11-11T12:00:00Z" });
    await seedPayment({ itemId: course.id, amount: 900_000, status: "refund_failed", paidAt: "2026-11-12T12:00:00Z" });
    const result = await figures.last30Days(ADMIN, NOW);
    expect(dayOf(result, "2026-11-10")).toMatchObject({ paidCount: 1, grossKobo: 700_000 });
    expect(dayOf(result, "2026-11-25")).toMatchObject({ paidCount: 0, grossKobo: 0 });
    expect(dayOf(result, "2026-11-11")).toMatchObject({ paidCount: 1, grossKobo: 800_000 });
    expect(dayOf(result, "2026-11-12")).toMatchObject({ paidCount: 1, grossKobo: 900_000 });
    expect(result.totals).toMatchObject({ refundCount: 0, refundsKobo: 0, netKobo: 2_400_000 });
  });

  it("sums amounts past 2^31 kobo (over ₦21 million a day) without overflow", async () => {
    const course = await seedCourse("Big");
    for (let i = 0; i < 3; i++)
      await seedPayment({ itemId: course.id, amount: 2_000_000_000, paidAt: "2026-11-26T08:00:00Z" });
    const result = await figures.last30Days(ADMIN, NOW);
    expect(dayOf(result, "2026-11-26")).toMatchObject({ paidCount: 3, grossKobo: 6_000_000_000 });
  });
});

describe("enrolments by course", () => {
  it("counts the course payments paid in the window by course, the refunded ones apart, a deleted course by name", async () => {
    const react = await seedCourse("React");
    const design = await seedCourse("Design");
    await seedPayment({ itemId: react.id, amount: 5_000_000, paidAt: "2026-11-25T10:00:00Z" });
    await seedPayment({ itemId: react.id, amount: 3_000_000, paidAt: "2026-11-02T10:00:00Z" });
    await seedPayment({
      itemId: react.id,
      amount: 4_000_000,
      paidAt: "2026-11-20T10:00:00Z",
      refundedAt: "2026-11-21T10:00:00Z",
    });
    await seedPayment({ itemId: design.id, amount: 1_000_000, paidAt: "2026-11-01T10:00:00Z" });
    // outside the window, and not paid: not enrolments
    await seedPayment({ itemId: design.id, amount: 1_000_000, paidAt: "2026-10-20T10:00:00Z" });
    await seedPayment({ itemId: design.id, amount: 1_000_000, status: "failed" });
    // a course deleted since
    await seedPayment({ itemId: "0123456789abcdef01234567", amount: 2_500_000, paidAt: "2026-11-03T10:00:00Z" });
    // a ticket is no enrolment
    await seedPayment({ kind: "ticket", itemId: react.id, amount: 500_000, paidAt: "2026-11-03T10:00:00Z" });

    const { enrolments } = await figures.last30Days(ADMIN, NOW);
    expect(enrolments).toEqual([
      {
        courseId: react.id,
        title: "React",
        enrolments: 3,
        refunded: 1,
        grossKobo: 12_000_000,
        refundedKobo: 4_000_000,
      },
      { courseId: design.id, title: "Design", enrolments: 1, refunded: 0, grossKobo: 1_000_000, refundedKobo: 0 },
      {
        courseId: "0123456789abcdef01234567",
        title: DELETED_COURSE,
        enrolments: 1,
        refunded: 0,
        grossKobo: 2_500_000,
        refundedKobo: 0,
      },
    ]);
  });
});

describe("tickets by event", () => {
  it("sums the quantities of the paid tickets by event, refunded ones apart; a deleted event keeps the purchase's name", async () => {
    const [event] = await database.db
      .insert(events)
      .values(makeEvent({ name: "Showcase" }))
      .returning();
    const goneId = "fedcba9876543210fedcba98";
    const ticket = async (eventId: string, eventName: string, quantity: number, s: Partial<Seed>) => {
      const payment = await seedPayment({ kind: "ticket", itemId: eventId, amount: quantity * 500_000, ...s });
      await database.db.insert(eventPurchases).values({
        eventId,
        email: "buyer@example.test",
        ticketType: "VIP",
        quantity,
        eventName,
        amount: payment.amount,
        paymentStatus: payment.status === "paid" ? "paid" : "pending",
        paymentReference: payment.reference,
      });
    };
    await ticket(event!.id, "Showcase", 2, { paidAt: "2026-11-25T10:00:00Z" });
    await ticket(event!.id, "Showcase", 3, { paidAt: "2026-11-24T10:00:00Z" });
    await ticket(event!.id, "Showcase", 4, { paidAt: "2026-11-24T11:00:00Z", refundedAt: "2026-11-25T11:00:00Z" });
    await ticket(event!.id, "Showcase", 7, { status: "pending" });
    await ticket(event!.id, "Showcase", 9, { paidAt: "2026-10-02T10:00:00Z" });
    await ticket(goneId, "Last year's show", 1, { paidAt: "2026-11-05T10:00:00Z" });
    // ticket rows logged by the browser, with no payment: not sales
    await database.db.insert(eventPurchases).values({
      eventId: event!.id,
      email: "x@example.test",
      ticketType: "Standard",
      quantity: 5,
      eventName: "Showcase",
      paymentStatus: "not_paid",
    });

    const { tickets } = await figures.last30Days(ADMIN, NOW);
    expect(tickets).toEqual([
      {
        eventId: event!.id,
        name: "Showcase",
        orders: 3,
        tickets: 9,
        refundedTickets: 4,
        grossKobo: 9 * 500_000,
        refundedKobo: 4 * 500_000,
      },
      {
        eventId: goneId,
        name: "Last year's show",
        orders: 1,
        tickets: 1,
        refundedTickets: 0,
        grossKobo: 500_000,
        refundedKobo: 0,
      },
    ]);
  });
});

describe("coupon use", () => {
  it("counts each coupon's uses in the window, the paid and the refunded ones, and the discount the kept ones gave", async () => {
    const course = await seedCourse("React");
    const [half, tenth, idle] = await database.db
      .insert(coupons)
      .values([
        { code: "HALF", discount: 50, courseId: course.id },
        { code: "TENTH", discount: 10, courseId: null },
        { code: "IDLE", discount: 5, courseId: null },
      ])
      .returning();
    const use = async (couponId: string, usedAt: string, s: Partial<Seed> | null) => {
      const payment = s
        ? await seedPayment({
            itemId: course.id,
            amount: 2_500_000,
            details: { couponId, listAmount: 5_000_000 },
            ...s,
          })
        : null;
      await database.db.insert(couponUsages).values({
        couponId,
        courseId: course.id,
        userName: "Ada",
        email: "ada@example.test",
        phone: "0803",
        paymentStatus: payment?.status === "paid" ? "paid" : payment ? "pending" : "not_paid",
        paymentReference: payment?.reference ?? null,
        usedAt: new Date(usedAt),
      });
    };
    await use(half!.id, "2026-11-25T09:00:00Z", { paidAt: "2026-11-25T09:01:00Z" });
    await use(half!.id, "2026-11-24T09:00:00Z", { paidAt: "2026-11-24T09:01:00Z" });
    await use(half!.id, "2026-11-23T09:00:00Z", { paidAt: "2026-11-23T09:01:00Z", refundedAt: "2026-11-24T09:00:00Z" });
    await use(half!.id, "2026-11-22T09:00:00Z", { status: "pending" });
    await use(half!.id, "2026-11-22T10:00:00Z", null); // the browser's log of a use: counted as a use
    await use(half!.id, "2026-10-01T10:00:00Z", { paidAt: "2026-10-01T10:01:00Z" }); // before the window
    await use(tenth!.id, "2026-11-26T09:00:00Z", {
      amount: 4_500_000,
      paidAt: "2026-11-26T09:01:00Z",
      details: { couponId: tenth!.id, listAmount: 5_000_000 },
    });
    // a payment without a list price: paid, no discount computable
    await use(tenth!.id, "2026-11-26T10:00:00Z", { paidAt: "2026-11-26T10:01:00Z", details: {} });

    const result = await figures.last30Days(ADMIN, NOW);
    expect(result.coupons).toEqual([
      { couponId: half!.id, code: "HALF", uses: 5, paid: 3, refunded: 1, discountKobo: 2 * 2_500_000 },
      { couponId: tenth!.id, code: "TENTH", uses: 2, paid: 2, refunded: 0, discountKobo: 500_000 },
    ]);
    expect(result.coupons.some((c) => c.couponId === idle!.id)).toBe(false);
  });
});

describe("who may read them", () => {
  it("refuses the signed-out and plain users", async () => {
    await expect(figures.last30Days(null, NOW)).rejects.toMatchObject({ code: "unauthorized" });
    await expect(figures.last30Days({ ...ADMIN, role: "user" }, NOW)).rejects.toMatchObject({ code: "forbidden" });
  });
});
