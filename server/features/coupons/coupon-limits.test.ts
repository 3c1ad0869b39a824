// A coupon's usage limit and expiry (issue 17 "beyond the spec", decision 034), through the real app: the
// API takes and answers them (with the uses so far), an expired or used-up coupon is refused at the
// coupon check and at the payment's start, a use is reserved when a payment starts and given back when
// it fails or is abandoned, and 50 buyers starting at once with a 10-use coupon get exactly 10
// discounted payments. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COUPON_MESSAGES } from "../../../contract/coupons/coupons.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import { PAYMENT_MESSAGES } from "../../../contract/payments/payments.ts";
import { couponUsages, coupons, courses, payments } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { COUPON_HOLD_MS } from "./coupons.service.ts";

let t: TestApp;
let admin: TestAccount;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ price: 1_000_000, showDiscount: false }))
    .returning();
  courseId = course!.id;
}, 60_000);
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(coupons);
});

const call = apiCaller(
  () => t,
  () => admin,
);

interface CouponJson {
  _id: string;
  code: string;
  usageLimit: number | null;
  expiresAt: string | null;
  timesUsed: number;
  usesHeld: number;
}

const create = async (body: Record<string, unknown>) =>
  ok<CouponJson>(await call("POST", "/api/coupons", { discount: 50, ...body }), 201);

/** Starts paying for the course with `code`: the status and the body. */
async function startWith(code: string, n = 0) {
  const res = await t.request("/backend/api/payments/course", {
    method: "POST",
    json: { courseId, fullName: `Buyer ${n}`, email: `buyer${n}@example.test`, phone: "0803", couponCode: code },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { checkoutUrl?: string } };
}

const check = async (code: string) =>
  (await t.request(`/backend/api/coupons/validate/${code}?courseId=${courseId}`).then((r) => r.json())) as {
    valid: boolean;
    message: string;
  };

const settle = (checkoutUrl: string, outcome: string) => t.request(`${checkoutUrl}/${outcome}`, { method: "POST" });

describe("the usage limit and expiry in the API", () => {
  it("takes them on create and update, answers them with the uses so far, and null takes them away", async () => {
    const plain = await create({ code: "PLAIN" });
    expect(plain).toMatchObject({ usageLimit: null, expiresAt: null, timesUsed: 0, usesHeld: 0 });
    const limited = await create({ code: "LIMITED", usageLimit: 3, expiresAt: "2030-01-31T23:59:00+01:00" });
    expect(limited).toMatchObject({ usageLimit: 3, expiresAt: "2030-01-31T22:59:00.000Z" });
    const changed = await ok<CouponJson>(
      await call("PUT", `/api/coupons/${limited._id}`, { usageLimit: 10, expiresAt: "2031-06-01" }),
    );
    expect(changed).toMatchObject({ usageLimit: 10, expiresAt: "2031-06-01T00:00:00.000Z" });
    const cleared = await ok<CouponJson>(
      await call("PUT", `/api/coupons/${limited._id}`, { usageLimit: null, expiresAt: null }),
    );
    expect(cleared).toMatchObject({ usageLimit: null, expiresAt: null });
    const emptyExpiry = await create({ code: "EMPTYEXP", expiresAt: "" });
    expect(emptyExpiry.expiresAt).toBeNull();
  });

  it.each([[0], [-3], [2.5], ["10"], [true], [2_000_000_000]])(
    "refuses the usage limit %j with its message",
    async (usageLimit) => {
      expect(await refused(await call("POST", "/api/coupons", { discount: 10, usageLimit }), 422)).toContain(
        COUPON_MESSAGES.usageLimit,
      );
      expect(await t.db.select().from(coupons)).toHaveLength(0);
    },
  );

  it.each([["tomorrow"], ["2026-02-30"], ["2026-13-01T10:00Z"], ["2026-12-31T10:00"], [20261231], ["1999-12-31"]])(
    "refuses the expiry %j with its message",
    async (expiresAt) => {
      expect(await refused(await call("POST", "/api/coupons", { discount: 10, expiresAt }), 422)).toContain(
        COUPON_MESSAGES.expiresAt,
      );
      const coupon = await create({ code: "KEEP" });
      expect(
        await refused(await call("PUT", `/api/coupons/${coupon._id}`, { expiresAt, usageLimit: 0 }), 422),
      ).toContain(COUPON_MESSAGES.expiresAt);
      const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon._id));
      expect(row).toMatchObject({ usageLimit: null, expiresAt: null });
    },
  );
});

// issue 29: a past expiry was accepted silently (a coupon born expired)
describe("an expiry in the past", () => {
  it("is refused on create and on update with the time it names; the coupon stays as it was", async () => {
    const when = new Date(Date.now() - 3_600_000);
    const message = COUPON_MESSAGES.expiryPassed(formatLagosDateTime(when));
    expect(message).toMatch(/^The expiry .+ \(Lagos time\) has already passed: choose a later time, or leave it empty/);
    expect(
      await refused(await call("POST", "/api/coupons", { discount: 10, expiresAt: when.toISOString() }), 422),
    ).toBe(message);
    expect(await t.db.select().from(coupons)).toHaveLength(0);
    const coupon = await create({ code: "LATER", expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await refused(await call("PUT", `/api/coupons/${coupon._id}`, { expiresAt: when.toISOString() }), 422)).toBe(
      message,
    );
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon._id));
    expect(row!.expiresAt?.toISOString()).toBe(coupon.expiresAt);
  });

  it("an expired coupon's own expiry, saved again with the edit (to the minute), is kept", async () => {
    const coupon = await create({ code: "OLD", expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    const expired = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000 + 17_000);
    await t.db.update(coupons).set({ expiresAt: expired }).where(eq(coupons.id, coupon._id));
    const asShown = new Date(Math.floor(expired.getTime() / 60_000) * 60_000).toISOString();
    const saved = await ok<CouponJson & { discount: number }>(
      await call("PUT", `/api/coupons/${coupon._id}`, { discount: 20, expiresAt: asShown }),
    );
    expect(saved).toMatchObject({ discount: 20, expiresAt: expired.toISOString() });
  });
});

describe("an expired coupon", () => {
  it("is refused at the check and at the start with 'This coupon has expired'; a later expiry applies", async () => {
    const past = await create({ code: "PAST", expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    // (expired since: an expiry in the past is refused when it is given, issue 29)
    await t.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(coupons.id, past._id));
    expect(await check("PAST")).toMatchObject({ valid: false, message: PAYMENT_MESSAGES.couponExpired });
    const started = await startWith("PAST");
    expect(started.status).toBe(422);
    expect(JSON.stringify(started.body)).toContain("This coupon has expired");
    expect(await t.db.select().from(payments).where(eq(payments.itemId, courseId))).toHaveLength(0);

    await create({ code: "FUTURE", expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await check("FUTURE")).toMatchObject({ valid: true });
    const ok = await startWith("FUTURE");
    expect(ok.status).toBe(201);
    expect(ok.body.amountKobo).toBe(500_000);
    await t.db.delete(payments);
  });
});

describe("the usage limit", () => {
  it("reserves a use at the start, gives it back when the payment fails or is abandoned, keeps it when paid", async () => {
    const coupon = await create({ code: "TWICE", usageLimit: 2 });
    const a = await startWith("TWICE", 1);
    const b = await startWith("TWICE", 2);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await check("TWICE")).toMatchObject({ valid: false, message: PAYMENT_MESSAGES.couponUsedUp });
    const third = await startWith("TWICE", 3);
    expect(third.status).toBe(422);
    expect(JSON.stringify(third.body)).toContain("This coupon has been used up");

    // a fails: its use comes back, and c takes it
    expect((await settle(a.body.checkoutUrl!, "failed")).status).toBe(200);
    const c = await startWith("TWICE", 4);
    expect(c.status).toBe(201);
    expect((await startWith("TWICE", 5)).status).toBe(422);

    // c is abandoned (the pop-up closed): its use comes back too; b is paid and keeps its own
    expect((await settle(c.body.checkoutUrl!, "abandoned")).status).toBe(200);
    expect((await settle(b.body.checkoutUrl!, "success")).status).toBe(200);
    const d = await startWith("TWICE", 6);
    expect(d.status).toBe(201);
    expect((await startWith("TWICE", 7)).status).toBe(422);

    const detail = await ok<CouponJson>(await call("GET", `/api/coupons/${coupon._id}`));
    expect(detail).toMatchObject({ usageLimit: 2, timesUsed: 1, usesHeld: 1 });
    await t.db.delete(payments);
  });

  it("gives the use of a refunded payment back (decision 035)", async () => {
    await create({ code: "REFUNDME", usageLimit: 1 });
    const paid = await startWith("REFUNDME", 1);
    expect((await settle(paid.body.checkoutUrl!, "success")).status).toBe(200);
    expect((await startWith("REFUNDME", 2)).status).toBe(422);
    await ok(await call("POST", `/api/admin/payments/${String(paid.body.reference)}/refund`, {}));
    const [usage] = await t.db
      .select()
      .from(couponUsages)
      .where(eq(couponUsages.paymentReference, String(paid.body.reference)));
    expect(usage!.paymentStatus).toBe("refunded");
    expect((await startWith("REFUNDME", 3)).status).toBe(201);
    await t.db.delete(payments);
  });

  it("lets a pending payment hold its use for a day only", async () => {
    const coupon = await create({ code: "ONCE", usageLimit: 1 });
    expect((await startWith("ONCE", 1)).status).toBe(201);
    expect((await startWith("ONCE", 2)).status).toBe(422);
    // the first payment was started a day ago and never settled
    await t.db
      .update(couponUsages)
      .set({ usedAt: new Date(Date.now() - COUPON_HOLD_MS - 60_000) })
      .where(eq(couponUsages.couponId, coupon._id));
    expect((await startWith("ONCE", 3)).status).toBe(201);
    await t.db.delete(payments);
  });

  it("raising the limit frees uses; lowering it to the uses so far refuses the next", async () => {
    const coupon = await create({ code: "ADJUST", usageLimit: 1 });
    expect((await startWith("ADJUST", 1)).status).toBe(201);
    expect((await startWith("ADJUST", 2)).status).toBe(422);
    await ok(await call("PUT", `/api/coupons/${coupon._id}`, { usageLimit: 3 }));
    expect((await startWith("ADJUST", 3)).status).toBe(201);
    await ok(await call("PUT", `/api/coupons/${coupon._id}`, { usageLimit: 2 }));
    expect((await startWith("ADJUST", 4)).status).toBe(422);
    await ok(await call("PUT", `/api/coupons/${coupon._id}`, { usageLimit: null }));
    expect((await startWith("ADJUST", 5)).status).toBe(201);
    await t.db.delete(payments);
  });

  // issue 29: lowered below what payments hold, both payments completed ("2 used of 1")
  it("refuses a limit below the uses payments hold, naming the numbers; nothing changes", async () => {
    const coupon = await create({ code: "HELD", usageLimit: 5 });
    const a = await startWith("HELD", 1);
    const b = await startWith("HELD", 2);
    const c = await startWith("HELD", 3);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    // none paid yet: held by payments in progress
    expect(await refused(await call("PUT", `/api/coupons/${coupon._id}`, { usageLimit: 2 }), 409)).toBe(
      "This coupon is held by 3 payments in progress; the usage limit cannot be lower than 3.",
    );
    expect((await settle(a.body.checkoutUrl!, "success")).status).toBe(200);
    expect((await settle(b.body.checkoutUrl!, "success")).status).toBe(200);
    expect(await refused(await call("PUT", `/api/coupons/${coupon._id}`, { usageLimit: 1 }), 409)).toBe(
      "This coupon has already been used 2 times (1 more held by a payment in progress); the usage limit cannot be lower than 3.",
    );
    // with the inline edit's other fields too: still refused, nothing saved
    expect(
      await refused(await call("PUT", `/api/coupons/${coupon._id}`, { discount: 20, usageLimit: 2 }), 409),
    ).toContain("the usage limit cannot be lower than 3");
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon._id));
    expect(row).toMatchObject({ usageLimit: 5, discount: 50 });
    // exactly the uses held: accepted (used up); the limit kept as it is: accepted whatever the uses
    expect(await ok<CouponJson>(await call("PUT", `/api/coupons/${coupon._id}`, { usageLimit: 3 }))).toMatchObject({
      usageLimit: 3,
      timesUsed: 2,
      usesHeld: 1,
    });
    expect((await settle(c.body.checkoutUrl!, "success")).status).toBe(200);
    expect(await refused(await call("PUT", `/api/coupons/${coupon._id}`, { usageLimit: 1 }), 409)).toBe(
      "This coupon has already been used 3 times; the usage limit cannot be lower than 3.",
    );
    await ok(await call("PUT", `/api/coupons/${coupon._id}`, { usageLimit: 3, discount: 30 }));
    await t.db.delete(payments);
  });

  it(
    "gives exactly 10 discounted payments to 50 buyers starting at once with a 10-use coupon",
    { timeout: 120_000 },
    async () => {
      const coupon = await create({ code: "TEN", usageLimit: 10 });
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => startWith("TEN", i)));
      const started = results.filter((r) => r.status === 201);
      const refusals = results.filter((r) => r.status !== 201);
      expect(started).toHaveLength(10);
      expect(started.every((r) => r.body.amountKobo === 500_000)).toBe(true);
      expect(refusals).toHaveLength(40);
      expect(
        refusals.every((r) => r.status === 422 && JSON.stringify(r.body).includes(PAYMENT_MESSAGES.couponUsedUp)),
      ).toBe(true);
      const rows = await t.db.select().from(payments).where(eq(payments.itemId, courseId));
      expect(rows).toHaveLength(10);
      const usages = await t.db.select().from(couponUsages).where(eq(couponUsages.couponId, coupon._id));
      expect(usages).toHaveLength(10);
      expect(usages.every((u) => u.paymentStatus === "pending")).toBe(true);
      await t.db.delete(payments);
    },
  );
});
