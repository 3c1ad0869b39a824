// Calls per client address and minute (PAYMENT_RATE_LIMIT): coupon checks cannot be used to guess
// codes quickly, payment starts cannot flood the table or the provider, verifications get 6 times the
// limit. Over it: 429 with the message, Retry-After, and nothing recorded.
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, payments } from "../../db/schema.ts";
import { RATE_LIMIT_MESSAGE } from "../../http/rate-limit.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_RATE_LIMIT: "3" });
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ price: 500_000 }))
    .returning();
  courseId = course!.id;
});
afterAll(() => t?.close());

const payBody = () => ({ courseId, fullName: "Ngozi Eze", email: "ngozi@example.test", phone: "0803" });

describe("PAYMENT_RATE_LIMIT", () => {
  it("refuses the fourth coupon check of a minute from one address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.request(`/backend/api/coupons/validate/GUESS${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await t.request("/backend/api/coupons/validate/GUESS9");
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.json()).toEqual({ error: { code: "too_many_requests", message: RATE_LIMIT_MESSAGE } });
  });

  it("counts course and ticket starts together, and records nothing past the limit", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.request("/backend/api/payments/course", { method: "POST", json: payBody() })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    const [rows] = await t.db.select({ n: count() }).from(payments);
    expect(rows!.n).toBe(3);
    const ticket = await t.request("/backend/api/payments/ticket", {
      method: "POST",
      json: { eventId: "x", email: "a@b.test", ticketType: "VIP", quantity: 1 },
    });
    expect(ticket.status).toBe(429);
  });

  it("lets verifications through up to 6 times the limit, separately from starts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 19; i++) statuses.push((await t.request("/backend/api/verify/ta_nosuchreference")).status);
    expect(statuses.slice(0, 18).every((s) => s === 404)).toBe(true);
    expect(statuses[18]).toBe(429);
  });
});
