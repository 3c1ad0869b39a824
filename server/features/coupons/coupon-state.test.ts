// A coupon's state, computed once by its service (issue 30; decision 034; issue 29): what the API answers
// in `state` (active, expired, used up, uses left, course gone) for the admin screens, and the same rule
// the coupon check applies. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CouponJson } from "../../../contract/coupons/coupons.ts";
import { PAYMENT_MESSAGES } from "../../../contract/payments/payments.ts";
import { couponUsages, coupons, courses } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok } from "../../../tests/support/api-calls.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { COUPON_HOLD_MS } from "./coupons.service.ts";

let t: TestApp;
let admin: TestAccount;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
}, 60_000);
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(coupons);
  await t.db.delete(courses);
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ title: "Cyber basics" }))
    .returning();
  courseId = course!.id;
});

const call = apiCaller(
  () => t,
  () => admin,
);
const create = async (body: Record<string, unknown>) =>
  ok<CouponJson>(await call("POST", "/api/coupons", { discount: 50, ...body }), 201);
const stateOf = async (id: string) => (await ok<CouponJson>(await call("GET", `/api/coupons/${id}`))).state;
const listed = async (id: string) =>
  (await ok<CouponJson[]>(await call("GET", "/api/coupons"))).find((c) => c._id === id)?.state;
const check = async (code: string) =>
  (await t.request(`/backend/api/coupons/validate/${code}?courseId=${courseId}`).then((r) => r.json())) as {
    valid: boolean;
    message: string;
  };
/** A use of the coupon: paid, or a payment in progress started `ago` ms ago. */
const use = (couponId: string, paymentStatus: string, ago = 0) =>
  t.db.insert(couponUsages).values({
    couponId,
    courseId,
    userName: "Ada",
    email: "ada@example.test",
    phone: "0803",
    paymentStatus,
    usedAt: new Date(Date.now() - ago),
  });

const FRESH = { active: true, expired: false, usedUp: false, usesLeft: null, courseGone: false };

describe("a coupon's state, from its service", () => {
  it("a new coupon is active, with no limit; the create, the detail and the list answer it alike", async () => {
    const made = await create({ code: "FRESH" });
    expect(made.state).toEqual(FRESH);
    expect(await stateOf(made._id)).toEqual(FRESH);
    expect(await listed(made._id)).toEqual(FRESH);
  });

  it("uses left count paid uses and uses held by payments in progress; used up at the limit", async () => {
    const coupon = await create({ code: "THREE", courseId, usageLimit: 3 });
    expect(coupon.state).toMatchObject({ usesLeft: 3, usedUp: false, active: true });
    await use(coupon._id, "paid");
    await use(coupon._id, "pending");
    // neither a failed payment nor one in progress for longer than a day holds a use
    await use(coupon._id, "failed");
    await use(coupon._id, "pending", COUPON_HOLD_MS + 60_000);
    expect(await stateOf(coupon._id)).toEqual({ ...FRESH, usesLeft: 1 });
    expect(await check("THREE")).toMatchObject({ valid: true });
    await use(coupon._id, "pending");
    const usedUp = { ...FRESH, active: false, usedUp: true, usesLeft: 0 };
    expect(await stateOf(coupon._id)).toEqual(usedUp);
    expect(await listed(coupon._id)).toEqual(usedUp);
    // the check says what the state says
    expect(await check("THREE")).toMatchObject({ valid: false, message: PAYMENT_MESSAGES.couponUsedUp });
    // a limit raised above the uses: a use left again (the update answers the new state)
    const raised = await ok<CouponJson>(await call("PUT", `/api/coupons/${coupon._id}`, { usageLimit: 5 }));
    expect(raised.state).toEqual({ ...FRESH, usesLeft: 2 });
  });

  it("expired from its expiry on: not active, and the check says so", async () => {
    const coupon = await create({ code: "LATER", expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(coupon.state).toEqual(FRESH);
    // (expired since: an expiry in the past is refused when it is given, issue 29)
    await t.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(coupons.id, coupon._id));
    expect(await stateOf(coupon._id)).toEqual({ ...FRESH, active: false, expired: true });
    expect(await check("LATER")).toMatchObject({ valid: false, message: PAYMENT_MESSAGES.couponExpired });
  });

  it("an invalidated coupon is not active, and nothing else changes", async () => {
    const coupon = await create({ code: "OFF", usageLimit: 2 });
    const off = await ok<CouponJson>(await call("PUT", `/api/coupons/${coupon._id}`, { isValid: false }));
    expect(off.state).toEqual({ ...FRESH, active: false, usesLeft: 2 });
    expect(await stateOf(coupon._id)).toEqual(off.state);
  });

  it("a coupon whose course was deleted applies to nothing; a general coupon never loses its course", async () => {
    const own = await create({ code: "OWN", courseId });
    const general = await create({ code: "ALL" });
    expect(own.state).toEqual(FRESH);
    await t.db.delete(courses).where(eq(courses.id, courseId));
    expect(await stateOf(own._id)).toEqual({ ...FRESH, active: false, courseGone: true });
    expect(await listed(own._id)).toEqual({ ...FRESH, active: false, courseGone: true });
    expect(await stateOf(general._id)).toEqual(FRESH);
  });
});
