// /admin/course/{id}'s action (app/routes/admin/course-detail.tsx) on the real services: the refund of a
// purchase (decision 035, app/features/payments/refund-action.server.ts). Refund without `confirmed=yes` is the question
// (what the page asks without JavaScript); confirmed within the step-up window it refunds and comes back
// to the purchases with the message; an old password proof is the step-up prompt carrying the refund
// (reason included), which goes through once the password is right; a refusal is said, tagged "refund".
// (tests/e2e/admin-refunds.spec.ts drives the page in a browser.)
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../contract/account/auth.ts";
import { REFUND_MESSAGES } from "../../contract/payments/refunds.ts";
import { coupons, coursePurchases, courses, paymentEvents } from "../../server/db/schema.ts";
import type { RefundActionResult } from "../../app/features/payments/refund-action.server.ts";
import { action } from "../../app/routes/admin/course-detail.tsx";
import { createAccount, type TestAccount } from "../support/accounts.ts";
import { makeCourse } from "../support/factories.ts";
import { actorOf, flashOf, postToAction } from "../support/page-action.ts";
import { paymentOf } from "../support/payments.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** longer ago than the step-up window (STEP_UP_MAX_AGE_SECONDS, an hour by default) */
const LONG_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);

let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
}, 60_000);
afterAll(() => t.close());

async function paidCourse() {
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ price: 1_250_000, showDiscount: false }))
    .returning();
  const res = await t.request("/backend/api/payments/course", {
    method: "POST",
    json: { courseId: course!.id, fullName: "Ngozi Okafor", email: "ngozi@example.test", phone: "0803" },
  });
  const { reference, checkoutUrl } = (await res.json()) as { reference: string; checkoutUrl: string };
  expect((await t.request(`${checkoutUrl}/success`, { method: "POST" })).status).toBe(200);
  return { courseId: course!.id, reference };
}

function post(
  courseId: string,
  fields: Record<string, string>,
  options: { verifiedAt?: Date; who?: TestAccount | null; admin?: boolean } = {},
) {
  const who =
    options.who === null
      ? null
      : actorOf(options.who ?? admin, { admin: options.admin ?? true, verifiedAt: options.verifiedAt ?? new Date() });
  return postToAction<RefundActionResult>(t, action, {
    path: `/admin/course/${courseId}`,
    pattern: "/admin/course/:id",
    params: { id: courseId },
    who,
    fields,
  });
}

describe("the course page's refund", () => {
  it("asks first, then refunds and comes back to the purchases with the message; the row says refunded", async () => {
    const { courseId, reference } = await paidCourse();
    const asked = await post(courseId, { intent: "refund", reference });
    expect(asked.data).toMatchObject({
      ok: true,
      intent: "refund.confirm",
      message: REFUND_MESSAGES.confirm("ngozi@example.test", "₦12,500.00"),
      values: { reference },
    });
    expect((await paymentOf(t.db, reference)).status).toBe("paid");

    const done = await post(courseId, { intent: "refund", reference, confirmed: "yes", reason: "Changed my mind" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/course/${courseId}#course-purchases`);
    expect(await flashOf(done.response!)).toEqual({
      message: REFUND_MESSAGES.done,
      kind: "success",
      at: "course-purchases",
    });
    expect((await paymentOf(t.db, reference)).status).toBe("refunded");
    const [row] = await t.db.select().from(coursePurchases).where(eq(coursePurchases.paymentReference, reference));
    expect(row!.paymentStatus).toBe("refunded");

    // again: refused, and said
    const again = await post(courseId, { intent: "refund", reference, confirmed: "yes" });
    expect(again.data).toMatchObject({ ok: false, intent: "refund", formError: REFUND_MESSAGES.refunded });
  });

  it("an old password proof: the prompt carries the refund and its reason; a wrong password is said; the right one refunds", async () => {
    const { courseId, reference } = await paidCourse();
    const prompted = await post(
      courseId,
      { intent: "refund", reference, confirmed: "yes", reason: "Duplicate payment" },
      { verifiedAt: LONG_AGO },
    );
    expect(prompted.data).toMatchObject({
      ok: false,
      intent: "refund",
      code: "step_up_required",
      formError: ACCESS_MESSAGES.stepUp,
      values: { reference, reason: "Duplicate payment" },
    });
    expect((await paymentOf(t.db, reference)).status).toBe("paid");

    const wrong = await post(
      courseId,
      { intent: "refund.step-up", reference, reason: "Duplicate payment", password: "not my password 1" },
      { verifiedAt: LONG_AGO },
    );
    expect(wrong.data).toMatchObject({ ok: false, code: "step_up_required" });
    expect(wrong.data!.ok === false && wrong.data!.fieldErrors.password).toBeTruthy();
    expect((await paymentOf(t.db, reference)).status).toBe("paid");

    const right = await post(
      courseId,
      { intent: "refund.step-up", reference, reason: "Duplicate payment", password: admin.password },
      { verifiedAt: LONG_AGO },
    );
    expect(right.status).toBe(302);
    const payment = await paymentOf(t.db, reference);
    expect(payment.status).toBe("refunded");
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(events.find((e) => e.toStatus === "refund_pending")!.details).toMatchObject({
      reason: "Duplicate payment",
      adminEmail: admin.email,
    });
  });

  it("a purchase that is not paid, a reason too long, and a plain user are refused", async () => {
    const [course] = await t.db.insert(courses).values(makeCourse()).returning();
    const res = await t.request("/backend/api/payments/course", {
      method: "POST",
      json: { courseId: course!.id, fullName: "Ada", email: "ada@example.test", phone: "0803" },
    });
    const { reference: pending } = (await res.json()) as { reference: string };
    const notPaid = await post(course!.id, { intent: "refund", reference: pending, confirmed: "yes" });
    expect(notPaid.data).toMatchObject({ ok: false, formError: REFUND_MESSAGES.notPaid });

    const { courseId, reference } = await paidCourse();
    const long = await post(courseId, { intent: "refund", reference, confirmed: "yes", reason: "x".repeat(501) });
    expect(long.data).toMatchObject({ ok: false, fieldErrors: { reason: REFUND_MESSAGES.reason } });

    const learner = await createAccount(t);
    await expect(
      post(courseId, { intent: "refund", reference, confirmed: "yes" }, { who: learner, admin: false }),
    ).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect((await paymentOf(t.db, reference)).status).toBe("paid");
  });

  it("a free enrolment (a 100 % coupon, decision 060) is refused: nothing to refund", async () => {
    const [course] = await t.db
      .insert(courses)
      .values(makeCourse({ showDiscount: false }))
      .returning();
    await t.db.insert(coupons).values({ code: "FREEPAGE60", discount: 100, courseId: course!.id });
    const res = await t.request("/backend/api/payments/course", {
      method: "POST",
      json: {
        courseId: course!.id,
        fullName: "Ada",
        email: "free@example.test",
        phone: "0803",
        couponCode: "FREEPAGE60",
      },
    });
    const { reference, provider } = (await res.json()) as { reference: string; provider: string };
    expect(provider).toBe("free");
    const refusedFree = await post(course!.id, { intent: "refund", reference, confirmed: "yes" });
    expect(refusedFree.data).toMatchObject({ ok: false, intent: "refund", formError: REFUND_MESSAGES.free });
    expect((await paymentOf(t.db, reference)).status).toBe("paid");
  });
});
