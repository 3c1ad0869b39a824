// Refunds resumed exactly once (issue 29 "Crash, memory and abuse"; decision 051), against the fake
// Paystack, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. A process killed during a refund leaves
// the payment refund_pending with nobody working on it (its lease run out); these tests make that state
// as the kill leaves it (refunds-crash.test.ts kills a real server) and check that the job's work, an
// admin's Retry or a new refund request finish it: the gateway's refunds of the transaction are read
// first, a refund is asked at most once, the payment ends refunded with one e-mail. While someone works
// on a refund (its lease held) or Paystack holds it queued, a second request is still the 409.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../../contract/account/auth.ts";
import { REFUND_MESSAGES, type UnsettledRefund } from "../../../contract/payments/refunds.ts";
import { adminAudit, coursePurchases, courses, mailMessages, paymentEvents, payments } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { startFakePaystack, type FakePaystack } from "../../../tests/support/fake-paystack.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { historyOf, paymentOf } from "../../../tests/support/payments.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { PAYMENT_REFUND_QUEUE } from "./payments.jobs.ts";
import { refundMailKey } from "./refund-email.ts";
import { RefundBusy } from "./refunds.service.ts";

let fake: FakePaystack;
let t: TestApp;
let admin: TestAccount;
let user: TestAccount;
beforeAll(async () => {
  fake = await startFakePaystack();
  t = await createTestApp({
    PAYMENT_PROVIDER: "paystack",
    PAYSTACK_PUBLIC_KEY: "pk_test_fake_public",
    PAYSTACK_SECRET_KEY: fake.secretKey,
    PAYSTACK_BASE_URL: fake.url,
  });
  admin = await createAccount(t, { admin: true });
  user = await createAccount(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const call = apiCaller(
  () => t,
  () => admin,
);
const refund = (reference: string, who: TestAccount | null = admin) =>
  call("POST", `/api/admin/payments/${reference}/refund`, {}, who);
const retry = (reference: string, who: TestAccount | null = admin) =>
  call("POST", `/api/admin/payments/${reference}/refund/retry`, undefined, who);
const postWebhook = (hook: { body: string; signature: string }) =>
  t.request("/backend/api/payments/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-paystack-signature": hook.signature },
    body: hook.body,
  });

/** A course paid through the fake Paystack (verified by the server). */
async function paid() {
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ price: 1_200_000, showDiscount: false }))
    .returning();
  const started = await ok<{ reference: string }>(
    await call("POST", "/api/payments/course", {
      courseId: course!.id,
      fullName: "Ngozi Obi",
      email: "ngozi@example.test",
      phone: "0803",
    }),
    201,
  );
  fake.pay(started.reference);
  expect((await ok<{ status: string }>(await call("GET", `/api/verify/${started.reference}`))).status).toBe("paid");
  return started.reference;
}

/**
 * What a refund request killed in its work leaves: the payment moved to refund_pending (its history row,
 * who asked and why) and its lease, run out unless `held` (someone is working on it now).
 */
async function cutOff(reference: string, { held = false, agoSeconds = 0 } = {}) {
  const at = new Date(Date.now() - agoSeconds * 1000);
  const lease = new Date(Date.now() + (held ? 20_000 : -1_000)).toISOString();
  const [row] = await t.db
    .update(payments)
    .set({
      status: "refund_pending",
      details: sql`${payments.details} || ${JSON.stringify({
        refundStatus: "refund_pending",
        refundReason: "Cancelled",
        refundRequestedBy: admin.email,
        refundLeaseUntil: lease,
      })}::jsonb`,
    })
    .where(eq(payments.reference, reference))
    .returning();
  await t.db.insert(paymentEvents).values({
    paymentId: row!.id,
    fromStatus: "paid",
    toStatus: "refund_pending",
    source: "refund",
    at,
    details: { adminId: admin.id, adminEmail: admin.email, reason: "Cancelled" },
  });
  return row!;
}

/** Paystack accepting a refund of `reference` whose answer never reached us (asked straight of the fake). */
async function acceptedAtPaystack(reference: string) {
  const res = await fetch(`${fake.url}/refund`, {
    method: "POST",
    headers: { Authorization: `Bearer ${fake.secretKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ transaction: reference, amount: 1_200_000 }),
  });
  expect(res.status).toBe(200);
}

const asks = (reference: string) =>
  fake.requests.filter(
    (r) =>
      r.method === "POST" && r.path === "/refund" && (r.body as { transaction?: string }).transaction === reference,
  ).length;
/** the reads of refunds lists (the test's calls run one at a time) */
const reads = () => fake.requests.filter((r) => r.method === "GET" && r.path === "/refund").length;
const refundMails = async (reference: string) => {
  const payment = await paymentOf(t.db, reference);
  return t.db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.dedupeKey, refundMailKey(payment.id)));
};
const purchaseStatus = async (reference: string) =>
  (await t.db.select().from(coursePurchases).where(eq(coursePurchases.paymentReference, reference)))[0]!.paymentStatus;

describe("a refund cut off by a crash, resumed by its job", () => {
  it("before the gateway was asked: asked once, never again however often the job runs; the webhook settles it", async () => {
    const reference = await paid();
    const payment = await cutOff(reference);
    const readsBefore = reads();
    expect(await t.services.refunds.resume(payment.id)).toBe("refund_pending");
    expect(asks(reference)).toBe(1);
    expect(reads()).toBe(readsBefore + 1);
    // (the request's facts kept: who asked, why)
    expect(fake.refunds.at(-1)!.customerNote).toBe("Cancelled");
    expect(String(fake.refunds.at(-1)!.merchantNote)).toContain(admin.email);
    expect((await paymentOf(t.db, reference)).details).toMatchObject({
      refundId: String(fake.refunds.at(-1)!.id),
      refundLeaseUntil: null,
    });
    // the job again (a worker killed holding it, run twice): the gateway's queued refund is found, nothing asked
    expect(await t.services.refunds.resume(payment.id)).toBe("refund_pending");
    expect(asks(reference)).toBe(1);

    expect((await postWebhook(fake.refundWebhook(reference, "processed"))).status).toBe(200);
    expect((await paymentOf(t.db, reference)).status).toBe("refunded");
    expect(await purchaseStatus(reference)).toBe("refunded");
    expect(await refundMails(reference)).toHaveLength(1);
    expect(await t.services.refunds.resume(payment.id)).toBe("refunded");
    expect(asks(reference)).toBe(1);
  });

  it("after Paystack accepted and processed it: the job reads it, asks nothing, settles it refunded with one e-mail", async () => {
    const reference = await paid();
    const payment = await cutOff(reference);
    await acceptedAtPaystack(reference);
    // processed at Paystack, and its webhook lost
    fake.refundWebhook(reference, "processed");
    expect(await t.services.refunds.resume(payment.id)).toBe("refunded");
    expect(await t.services.refunds.resume(payment.id)).toBe("refunded");
    expect(asks(reference)).toBe(1);
    expect(await purchaseStatus(reference)).toBe("refunded");
    expect(await refundMails(reference)).toHaveLength(1);
    expect(await historyOf(t.db, reference)).toEqual([
      "-→pending by start",
      "pending→paid by verify",
      "paid→refund_pending by refund",
      "refund_pending→refunded by refund",
    ]);
    // the webhook coming late changes nothing
    expect((await postWebhook(fake.refundWebhook(reference, "processed"))).status).toBe(200);
    expect(await historyOf(t.db, reference)).toHaveLength(4);
    expect(await refundMails(reference)).toHaveLength(1);
  });

  it("a refund someone is working on is left alone: the job waits (RefundBusy) and asks nothing", async () => {
    const reference = await paid();
    const payment = await cutOff(reference, { held: true });
    await expect(t.services.refunds.resume(payment.id)).rejects.toBeInstanceOf(RefundBusy);
    expect(asks(reference)).toBe(0);
  });

  it("the refund request queues the job in its transaction and completes it when it did the work", async () => {
    const reference = await paid();
    await ok(await refund(reference));
    const payment = await paymentOf(t.db, reference);
    const jobs = (await t.db.execute(
      sql`select state from pgboss.job where name = ${PAYMENT_REFUND_QUEUE} and data->>'paymentId' = ${payment.id}`,
    )) as unknown as { rows: Array<{ state: string }> };
    expect(jobs.rows.map((j) => j.state)).toEqual(["completed"]);
    expect(payment.details.refundLeaseUntil).toBeNull();
  });
});

describe("a second refund request", () => {
  it("is the 409 while the refund is worked on or queued at Paystack, and resumes one a crash left", async () => {
    const reference = await paid();
    await cutOff(reference, { held: true });
    expect(await refused(await refund(reference), 409)).toBe(REFUND_MESSAGES.pending);
    expect(await refused(await retry(reference), 409)).toBe(REFUND_MESSAGES.pending);
    expect(asks(reference)).toBe(0);
    // the process working on it died: its lease runs out
    await t.db
      .update(payments)
      .set({ details: sql`${payments.details} || '{"refundLeaseUntil": null}'::jsonb` })
      .where(eq(payments.reference, reference));
    expect(await ok<{ status: string; message: string }>(await refund(reference))).toMatchObject({
      status: "refund_pending",
      message: REFUND_MESSAGES.started,
    });
    expect(asks(reference)).toBe(1);
    // now Paystack holds it queued: genuinely in progress
    expect(await refused(await refund(reference), 409)).toBe(REFUND_MESSAGES.pending);
    expect(asks(reference)).toBe(1);
  });
});

describe("/api/admin/refunds and Retry", () => {
  it("lists a stuck refund with its age for admins only; Retry (admins only) finishes it exactly once", async () => {
    const reference = await paid();
    await cutOff(reference, { agoSeconds: 2 * 3600 });
    const list = (who: TestAccount | null) => call("GET", "/api/admin/refunds", undefined, who);
    expect((await list(null)).status).toBe(401);
    expect(await refused(await list(user), 403)).toBe(ACCESS_MESSAGES.adminsOnly);
    const { items } = await ok<{ items: UnsettledRefund[] }>(await list(admin));
    expect(items.find((i) => i.reference === reference)).toMatchObject({
      status: "refund_pending",
      inProgress: false,
      email: "ngozi@example.test",
      amount: 12_000,
      requestedBy: admin.email,
    });
    expect(items.find((i) => i.reference === reference)!.ageSeconds).toBeGreaterThanOrEqual(2 * 3600);

    expect((await retry(reference, null)).status).toBe(401);
    expect(await refused(await retry(reference, user), 403)).toBe(ACCESS_MESSAGES.adminsOnly);
    expect(asks(reference)).toBe(0);
    expect((await paymentOf(t.db, reference)).details.refundLeaseUntil).not.toBeNull();

    expect(await ok<{ status: string; message: string }>(await retry(reference))).toMatchObject({
      status: "refund_pending",
      message: REFUND_MESSAGES.started,
    });
    expect(asks(reference)).toBe(1);
    // Retry again: Paystack is still processing it; nothing asked
    expect(await ok<{ message: string }>(await retry(reference))).toMatchObject({
      message: REFUND_MESSAGES.stillProcessing,
    });
    expect(asks(reference)).toBe(1);
    const payment = await paymentOf(t.db, reference);
    const audits = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.itemId, payment.id), eq(adminAudit.action, "refund-retry")));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ actorId: admin.id, resource: "payments" });

    // processed at Paystack with its webhook lost: Retry reads it and settles it
    fake.refundWebhook(reference, "processed");
    expect(await ok<{ status: string; message: string }>(await retry(reference))).toMatchObject({
      status: "refunded",
      message: REFUND_MESSAGES.done,
    });
    expect(asks(reference)).toBe(1);
    expect(await refundMails(reference)).toHaveLength(1);
    const after = await ok<{ items: UnsettledRefund[] }>(await list(admin));
    expect(after.items.map((i) => i.reference)).not.toContain(reference);
    expect(await refused(await retry(reference), 409)).toBe(REFUND_MESSAGES.refunded);
  });

  it("lists a refund the gateway refused with its error; Retry refunds it again", async () => {
    const reference = await paid();
    fake.refuseNextRefund();
    expect((await ok<{ status: string }>(await refund(reference))).status).toBe("refund_failed");
    const { items } = await ok<{ items: UnsettledRefund[] }>(await call("GET", "/api/admin/refunds"));
    expect(items.find((i) => i.reference === reference)).toMatchObject({ status: "refund_failed" });
    expect((await ok<{ status: string }>(await retry(reference))).status).toBe("refund_pending");
    expect(asks(reference)).toBe(2);
    // a payment that is not in a refund state
    const other = await paid();
    expect(await refused(await retry(other), 409)).toBe(REFUND_MESSAGES.notPaid);
    expect((await retry("ta_aaaaaaaaaaaaaaaaaaaaaaaa")).status).toBe(404);
  });
});
