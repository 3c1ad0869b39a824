// Refunds through a fake Paystack on localhost (tests/support/fake-paystack.ts; decision 035): POST
// /refund with the reference and the whole amount in kobo, then the signed refund.processed or
// refund.failed webhook settles it; a replayed webhook changes nothing; a forged one is refused; a failed
// refund may be tried again; twenty admins' requests at once make one gateway call and one
// refund_pending move. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUND_MESSAGES } from "../../../contract/payments/refunds.ts";
import { coursePurchases, courses, mailMessages, paymentEvents } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { startFakePaystack, type FakePaystack } from "../../../tests/support/fake-paystack.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { historyOf, paymentOf } from "../../../tests/support/payments.ts";
import { signWebhook } from "../../integrations/payments/signature.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { refundMailKey } from "./refund-email.ts";

let fake: FakePaystack;
let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  fake = await startFakePaystack();
  t = await createTestApp({
    PAYMENT_PROVIDER: "paystack",
    PAYSTACK_PUBLIC_KEY: "pk_test_fake_public",
    PAYSTACK_SECRET_KEY: fake.secretKey,
    PAYSTACK_BASE_URL: fake.url,
  });
  admin = await createAccount(t, { admin: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const call = apiCaller(
  () => t,
  () => admin,
);
const refund = (reference: string, body: unknown = {}) => call("POST", `/api/admin/payments/${reference}/refund`, body);
const postWebhook = (hook: { body: string; signature: string }) =>
  t.request("/backend/api/payments/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-paystack-signature": hook.signature },
    body: hook.body,
  });

/** A course paid through the fake Paystack (verified by the server). */
async function paid(price = 1_500_000) {
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ price, showDiscount: false }))
    .returning();
  const started = await ok<{ reference: string }>(
    await call("POST", "/api/payments/course", {
      courseId: course!.id,
      fullName: "Chidi Eze",
      email: "chidi@example.test",
      phone: "0803",
    }),
    201,
  );
  fake.pay(started.reference);
  expect((await ok<{ status: string }>(await call("GET", `/api/verify/${started.reference}`))).status).toBe("paid");
  return started.reference;
}

const refundCalls = (reference: string) =>
  fake.requests.filter(
    (r) =>
      r.method === "POST" && r.path === "/refund" && (r.body as { transaction?: string }).transaction === reference,
  );
const refundMails = async (reference: string) => {
  const payment = await paymentOf(t.db, reference);
  return t.db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.dedupeKey, refundMailKey(payment.id)));
};

describe("a Paystack refund", () => {
  it("asks POST /refund for the whole amount, stays pending until refund.processed; a replay changes nothing", async () => {
    const reference = await paid(1_500_000);
    const answer = await ok<Record<string, unknown>>(await refund(reference, { reason: "Course cancelled" }));
    expect(answer).toMatchObject({ reference, status: "refund_pending", message: REFUND_MESSAGES.started });
    const calls = refundCalls(reference);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(calls[0]!.body).toMatchObject({
      transaction: reference,
      amount: 1_500_000,
      currency: "NGN",
      customer_note: "Course cancelled",
    });
    expect(String((calls[0]!.body as { merchant_note: string }).merchant_note)).toContain(admin.email);
    const refundId = String(fake.refunds.at(-1)!.id);
    expect(answer.refundId).toBe(refundId);
    // still paid for while pending: the record stays Paid
    const [row] = await t.db.select().from(coursePurchases).where(eq(coursePurchases.paymentReference, reference));
    expect(row!.paymentStatus).toBe("paid");
    expect(await refundMails(reference)).toHaveLength(0);

    const hook = fake.refundWebhook(reference, "processed");
    expect((await postWebhook(hook)).status).toBe(200);
    expect((await paymentOf(t.db, reference)).status).toBe("refunded");
    const [after] = await t.db.select().from(coursePurchases).where(eq(coursePurchases.paymentReference, reference));
    expect(after!.paymentStatus).toBe("refunded");
    expect(await historyOf(t.db, reference)).toEqual([
      "-→pending by start",
      "pending→paid by verify",
      "paid→refund_pending by refund",
      "refund_pending→refunded by webhook",
    ]);
    const payment = await paymentOf(t.db, reference);
    const [settled] = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.toStatus, "refunded")));
    expect(settled!.details).toMatchObject({ refundId, gatewayStatus: "processed", amountKobo: 1_500_000 });
    expect(await refundMails(reference)).toHaveLength(1);

    // the same webhook again (Paystack retries): nothing more
    expect((await postWebhook(hook)).status).toBe(200);
    expect(await historyOf(t.db, reference)).toHaveLength(4);
    expect(await refundMails(reference)).toHaveLength(1);
    // a refund.failed after it changes nothing either
    expect((await postWebhook(fake.refundWebhook(reference, "failed"))).status).toBe(200);
    expect((await paymentOf(t.db, reference)).status).toBe("refunded");
  });

  it("refund.failed leaves it refund_failed; the admin tries again and refund.processed settles it", async () => {
    const reference = await paid();
    await ok(await refund(reference));
    expect((await postWebhook(fake.refundWebhook(reference, "failed"))).status).toBe(200);
    expect((await paymentOf(t.db, reference)).status).toBe("refund_failed");
    const [row] = await t.db.select().from(coursePurchases).where(eq(coursePurchases.paymentReference, reference));
    expect(row!.paymentStatus).toBe("paid");
    expect(await refundMails(reference)).toHaveLength(0);

    expect((await ok<{ status: string }>(await refund(reference))).status).toBe("refund_pending");
    expect(refundCalls(reference)).toHaveLength(2);
    expect((await postWebhook(fake.refundWebhook(reference, "processed"))).status).toBe(200);
    expect(await historyOf(t.db, reference)).toEqual([
      "-→pending by start",
      "pending→paid by verify",
      "paid→refund_pending by refund",
      "refund_pending→refund_failed by webhook",
      "refund_failed→refund_pending by refund",
      "refund_pending→refunded by webhook",
    ]);
    expect(await refundMails(reference)).toHaveLength(1);
  });

  it("a refund Paystack answers failed at once, and one it refuses, are refund_failed and can be tried again", async () => {
    const reference = await paid();
    fake.refuseNextRefund();
    expect((await ok<{ status: string; message: string }>(await refund(reference))).message).toBe(
      REFUND_MESSAGES.failed,
    );
    expect((await paymentOf(t.db, reference)).status).toBe("refund_failed");
    // the provider down: 503, still refund_failed, nothing lost
    fake.failNext(1);
    expect(await refused(await refund(reference), 503)).toBe(REFUND_MESSAGES.gatewayDown);
    expect((await paymentOf(t.db, reference)).status).toBe("refund_failed");
    expect((await ok<{ status: string }>(await refund(reference))).status).toBe("refund_pending");
  });

  it("a forged or unsigned refund webhook is refused and changes nothing; one about another amount is ignored", async () => {
    const reference = await paid();
    await ok(await refund(reference));
    const hook = fake.refundWebhook(reference, "processed");
    expect((await postWebhook({ body: hook.body, signature: signWebhook(hook.body, "guessed") })).status).toBe(401);
    expect((await postWebhook({ body: hook.body, signature: "" })).status).toBe(401);
    const other = JSON.parse(hook.body) as { data: { amount: number } };
    other.data.amount = 100;
    const body = JSON.stringify(other);
    expect((await postWebhook({ body, signature: signWebhook(body, fake.secretKey) })).status).toBe(200);
    expect((await paymentOf(t.db, reference)).status).toBe("refund_pending");
    expect((await postWebhook(hook)).status).toBe(200);
    expect((await paymentOf(t.db, reference)).status).toBe("refunded");
  });

  it("twenty admins' requests at once: one gateway call, one refund_pending move, the others a 409", async () => {
    const reference = await paid();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(reference, { reason: "double" })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const messages = await Promise.all(
      answers
        .filter((r) => r.status === 409)
        .map(async (r) => ((await r.json()) as { error: { message: string } }).error.message),
    );
    expect(new Set(messages)).toEqual(new Set([REFUND_MESSAGES.pending]));
    expect(refundCalls(reference)).toHaveLength(1);
    const history = await historyOf(t.db, reference);
    expect(history.filter((h) => h.includes("→refund_pending"))).toHaveLength(1);
  });
});
