// Refunds (issue 17 "Refunds"; decision 035) through the real app, on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL: the sandbox refunds at once (course, ticket, coupon usage), a payment
// that is not paid is refused with a 409 that says why, only admins with a recent password may refund,
// the refunded course stays on /account marked refunded (decision 065) and the buyer gets one refund e-mail. The Paystack paths against
// the fake server are in refunds-paystack.test.ts.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../../contract/account/auth.ts";
import { REFUND_MESSAGES } from "../../../contract/payments/refunds.ts";
import {
  adminAudit,
  couponUsages,
  coupons,
  coursePurchases,
  courses,
  eventPurchases,
  events,
  mailMessages,
  paymentEvents,
  session,
} from "../../db/schema.ts";
import { bearer, createAccount, sameOrigin, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { makeCourse, makeEvent } from "../../../tests/support/factories.ts";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { actorOf } from "../../../tests/support/page-action.ts";
import { historyOf, paymentOf } from "../../../tests/support/payments.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { refundMailKey } from "./refund-email.ts";

let t: TestApp;
let admin: TestAccount;
let buyer: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  buyer = await createAccount(t);
}, 60_000);
afterAll(() => t?.close());

const call = apiCaller(
  () => t,
  () => admin,
);
const refund = (reference: string, body?: unknown, who: TestAccount | null = admin) =>
  call("POST", `/api/admin/payments/${reference}/refund`, body, who);

/** A course bought and paid in the sandbox by the signed-in buyer (with a coupon code when given). */
async function paidCourse(couponCode?: string) {
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ title: `Refundable ${Math.random()}`, price: 2_000_000, showDiscount: false }))
    .returning();
  const started = await ok<{ reference: string; checkoutUrl: string }>(
    await call(
      "POST",
      "/api/payments/course",
      { courseId: course!.id, fullName: "Bola Ade", email: buyer.email, phone: "0803", couponCode },
      buyer,
    ),
    201,
  );
  await ok(await t.request(`${started.checkoutUrl}/success`, { method: "POST" }));
  return { course: course!, reference: started.reference };
}

interface Listed {
  reference: string;
  status: string;
}
const accountCourses = async () =>
  await ok<{ courses: Array<Listed & { courseId: string }>; receipts: Listed[] }>(
    await call("GET", "/api/account/purchases", undefined, buyer),
  );

describe("a sandbox refund", () => {
  it("refunds a paid course at once: history with who and why, purchase row Refunded, marked on /account, one e-mail", async () => {
    const { course, reference } = await paidCourse();
    expect((await accountCourses()).courses.map((c) => c.courseId)).toContain(course.id);

    const answer = await ok<Record<string, unknown>>(await refund(reference, { reason: "  Bought twice  " }));
    expect(answer).toMatchObject({ reference, status: "refunded", message: REFUND_MESSAGES.done });
    expect(answer.refundId).toBe(`sandbox_rf_${reference}`);

    expect(await historyOf(t.db, reference)).toEqual([
      "-→pending by start",
      "pending→paid by sandbox",
      "paid→refund_pending by refund",
      "refund_pending→refunded by refund",
    ]);
    const payment = await paymentOf(t.db, reference);
    expect(payment.status).toBe("refunded");
    const [requested] = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.toStatus, "refund_pending")));
    expect(requested!.details).toMatchObject({
      adminId: admin.id,
      adminEmail: admin.email,
      reason: "Bought twice",
      refundId: `sandbox_rf_${reference}`,
    });
    const [row] = await t.db.select().from(coursePurchases).where(eq(coursePurchases.paymentReference, reference));
    expect(row!.paymentStatus).toBe("refunded");
    // the admin's purchase list says so
    const listed = await ok<Array<{ reference: string; paymentStatus: string; paymentState: string }>>(
      await call("GET", `/api/courses/${course.id}/purchases`),
    );
    expect(listed.find((p) => p.reference === reference)).toMatchObject({
      paymentStatus: "refunded",
      paymentState: "refunded",
    });

    // /account keeps it, refunded (decision 065; account.test.ts has the details)
    const account = await accountCourses();
    expect(account.courses.find((c) => c.courseId === course.id)?.status).toBe("refunded");
    expect(account.receipts.find((r) => r.reference === reference)?.status).toBe("refunded");

    // one refund e-mail, through the mail queue, with the reason; asking again adds none
    expect(
      await t.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.dedupeKey, refundMailKey(payment.id))),
    ).toHaveLength(1);
    expect(await refused(await refund(reference), 409)).toBe(REFUND_MESSAGES.refunded);
    await t.mailer.drain();
    const mails = readOutbox(t.outboxDir).filter((m) => m.to === buyer.email && /refund/i.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your TechAfrica refund (${reference})`);
    expect(mails[0]!.text).toContain("Bought twice");
    expect(mails[0]!.text).toContain("₦20,000");

    // audited
    const [audit] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "payments"), eq(adminAudit.itemId, payment.id)));
    expect(audit).toMatchObject({ action: "refund", actorId: admin.id });
    expect(audit!.changes).toMatchObject({ status: { before: "paid", after: "refund_pending" } });
    const log = await ok<{ items: Array<{ itemId: string; href: string | null }> }>(
      await call("GET", "/api/admin/audit?resource=payments"),
    );
    expect(log.items.find((e) => e.itemId === payment.id)?.href).toBe(`/admin/course/${course.id}`);
  });

  it("a refund without a reason; the coupon usage follows the purchase", async () => {
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: `RF${Date.now()}`, discount: 10 })
      .returning();
    const { reference } = await paidCourse(coupon!.code);
    expect((await ok<{ status: string }>(await refund(reference))).status).toBe("refunded");
    const [usage] = await t.db.select().from(couponUsages).where(eq(couponUsages.paymentReference, reference));
    expect(usage!.paymentStatus).toBe("refunded");
  });

  it("refunds a ticket: its event purchase is refunded and /account marks it refunded", async () => {
    const [event] = await t.db.insert(events).values(makeEvent()).returning();
    const started = await ok<{ reference: string; checkoutUrl: string }>(
      await call(
        "POST",
        "/api/payments/ticket",
        { eventId: event!.id, email: buyer.email, ticketType: "VIP", quantity: 2 },
        buyer,
      ),
      201,
    );
    await ok(await t.request(`${started.checkoutUrl}/success`, { method: "POST" }));
    const before = await ok<{ tickets: Array<{ reference: string }> }>(
      await call("GET", "/api/account/purchases", undefined, buyer),
    );
    expect(before.tickets.map((x) => x.reference)).toContain(started.reference);
    expect((await ok<{ status: string }>(await refund(started.reference))).status).toBe("refunded");
    const [ticket] = await t.db
      .select()
      .from(eventPurchases)
      .where(eq(eventPurchases.paymentReference, started.reference));
    expect(ticket!.paymentStatus).toBe("refunded");
    const after = await ok<{ tickets: Array<{ reference: string; status: string; code: string | null }> }>(
      await call("GET", "/api/account/purchases", undefined, buyer),
    );
    expect(after.tickets.find((x) => x.reference === started.reference)).toMatchObject({
      status: "refunded",
      code: null,
    });
  });
});

describe("what is refused", () => {
  it("a payment that is not paid: 409 with the reason, nothing changes; an unknown one is a 404", async () => {
    const [course] = await t.db.insert(courses).values(makeCourse()).returning();
    const started = await ok<{ reference: string; checkoutUrl: string }>(
      await call("POST", "/api/payments/course", {
        courseId: course!.id,
        fullName: "Ada",
        email: "a@example.test",
        phone: "1",
      }),
      201,
    );
    expect(await refused(await refund(started.reference), 409)).toBe(REFUND_MESSAGES.notPaid);
    await ok(await t.request(`${started.checkoutUrl}/failed`, { method: "POST" }));
    expect(await refused(await refund(started.reference), 409)).toBe(REFUND_MESSAGES.notPaid);
    expect(await historyOf(t.db, started.reference)).toEqual(["-→pending by start", "pending→failed by sandbox"]);
    expect((await refund("ta_aaaaaaaaaaaaaaaaaaaaaaaa")).status).toBe(404);
    // a reason that is too long is a 422 that says so
    const { reference } = await paidCourse();
    expect(await refused(await refund(reference, { reason: "x".repeat(501) }), 422)).toContain(REFUND_MESSAGES.reason);
    expect((await paymentOf(t.db, reference)).status).toBe("paid");
  });

  it("anyone but an admin: 401 signed out, 403 for the buyer; nothing changes", async () => {
    const { reference } = await paidCourse();
    expect((await refund(reference, {}, null)).status).toBe(401);
    expect(await refused(await refund(reference, {}, buyer), 403)).toBe(ACCESS_MESSAGES.adminsOnly);
    expect((await paymentOf(t.db, reference)).status).toBe("paid");
    expect(await historyOf(t.db, reference)).toHaveLength(2);
  });

  it("asks for the password again when the admin's last proof is over 60 minutes old", async () => {
    const { reference } = await paidCourse();
    await t.db
      .update(session)
      .set({ verifiedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(session.userId, admin.id));
    const res = await refund(reference);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("step_up_required");
    expect((await paymentOf(t.db, reference)).status).toBe("paid");
    const proved = await t.request("/backend/api/session/verify", {
      method: "POST",
      headers: sameOrigin(t, bearer(admin)),
      json: { password: admin.password },
    });
    expect(proved.status).toBe(200);
    expect((await ok<{ status: string }>(await refund(reference))).status).toBe("refunded");
  });
});

describe("the purchase tables' helper", () => {
  it("answers the state of each payment, for admins only", async () => {
    const { reference } = await paidCourse();
    const states = await t.services.refunds.paymentStates(actorOf(admin, { admin: true }), [reference, null, "nope!"]);
    expect([...states]).toEqual([[reference, "paid"]]);
    await expect(t.services.refunds.paymentStates(actorOf(buyer), [reference])).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
