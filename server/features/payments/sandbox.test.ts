// The sandbox gateway (PAYMENT_PROVIDER=sandbox, the default): Pay / Fail / Cancel through the checkout
// route and the same verification, and a bank transfer that settles seconds later by a signed webhook
// posted by a pg-boss job to our own route. Its verify answers have Paystack's shapes.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { categories, courses, eventPurchases, events } from "../../db/schema.ts";
import { signWebhook } from "../../integrations/payments/signature.ts";
import { sandboxWebhookSecret } from "../../integrations/payments/sandbox.ts";
import { bearer, createAccount } from "../../../tests/support/accounts.ts";
import { makeCourse, makeEvent } from "../../../tests/support/factories.ts";
import { drainPaymentJobs, historyOf, paymentOf } from "../../../tests/support/payments.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import type { Payment } from "./payments.service.ts";

let t: TestApp;
const paid: Payment[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { onPaymentPaid: (p) => void paid.push(p) });
});
afterAll(() => t?.close());
beforeEach(() => {
  paid.length = 0;
});

async function start(): Promise<{ reference: string; checkoutUrl: string; [k: string]: unknown }> {
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ price: 1_000_000, showDiscount: false }))
    .returning();
  const res = await t.request("/backend/api/payments/course", {
    method: "POST",
    json: { courseId: course!.id, fullName: "Bola", email: "bola@example.test", phone: "0803" },
  });
  expect(res.status).toBe(201);
  return res.json() as never;
}

const settle = async (checkoutUrl: string, outcome: string) => {
  const res = await t.request(`${checkoutUrl}/${outcome}`, { method: "POST" });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("the sandbox checkout", () => {
  it("answers what the pop-up needs: the checkout URL, no public key", async () => {
    const started = await start();
    expect(started).toMatchObject({ provider: "sandbox", amountKobo: 1_000_000, firstName: "Bola", lastName: "" });
    expect(started.publicKey).toBeUndefined();
    expect(started.checkoutUrl).toBe(`/backend/api/payments/sandbox/${started.reference}`);
  });

  it("Pay: paid once, also when its webhook follows", async () => {
    const { reference, checkoutUrl } = await start();
    expect((await settle(checkoutUrl, "success")).body).toMatchObject({ status: "paid", channel: "card" });
    expect((await t.request(`/backend/api/verify/${reference}`).then((r) => r.json())) as object).toMatchObject({
      status: "paid",
    });
    await drainPaymentJobs(t.db);
    expect(await historyOf(t.db, reference)).toEqual(["-→pending by start", "pending→paid by sandbox"]);
    expect(paid).toHaveLength(1);
    // A second choice changes nothing.
    expect((await settle(checkoutUrl, "failed")).body).toMatchObject({ status: "paid" });
  });

  it("Fail and Cancel", async () => {
    const a = await start();
    expect((await settle(a.checkoutUrl, "failed")).body).toMatchObject({ status: "failed" });
    const b = await start();
    expect((await settle(b.checkoutUrl, "abandoned")).body).toMatchObject({ status: "abandoned" });
    expect(await historyOf(t.db, b.reference)).toEqual(["-→pending by start", "pending→abandoned by callback"]);
    expect(paid).toHaveLength(0);
  });

  it("a bank transfer stays pending, then settles a few seconds later through the signed webhook", async () => {
    const { reference, checkoutUrl } = await start();
    expect((await settle(checkoutUrl, "bank_transfer")).body).toMatchObject({ status: "pending" });
    expect((await paymentOf(t.db, reference)).status).toBe("pending");
    await drainPaymentJobs(t.db);
    const payment = await paymentOf(t.db, reference);
    expect(payment.status).toBe("paid");
    expect(payment.details).toMatchObject({ channel: "bank_transfer" });
    expect(await historyOf(t.db, reference)).toEqual(["-→pending by start", "pending→paid by webhook"]);
    expect(paid).toHaveLength(1);
  });

  it("signs its webhooks with a secret derived from the auth secret; a forged one is refused", async () => {
    const { reference } = await start();
    const body = JSON.stringify({ event: "charge.success", data: { reference } });
    const forged = await t.request("/backend/api/payments/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-paystack-signature": signWebhook(body, "guessed") },
      body,
    });
    expect(forged.status).toBe(401);
    // Correctly signed, but the sandbox transaction is not paid: verification keeps it pending.
    const secret = sandboxWebhookSecret(t.services.auth.options.secret);
    const signed = await t.request("/backend/api/payments/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-paystack-signature": signWebhook(body, secret) },
      body,
    });
    expect(signed.status).toBe(200);
    await drainPaymentJobs(t.db);
    expect((await paymentOf(t.db, reference)).status).toBe("pending");
  });

  it("answers verify with Paystack's shapes, metadata an empty string when there is none", async () => {
    const sandbox = t.services.paymentParts.sandbox!;
    const { reference } = await start();
    const answer = (await sandbox.verify(reference)).raw as { status: boolean; data: Record<string, unknown> };
    expect(answer).toMatchObject({ status: true, message: "Verification successful" });
    expect(answer.data).toMatchObject({ reference, amount: 1_000_000, currency: "NGN", status: "ongoing" });
    await sandbox.initialize("ta_plain_reference_without_meta", 5_000, "x@example.test", {});
    expect(
      ((await sandbox.verify("ta_plain_reference_without_meta")).raw as { data: { metadata: unknown } }).data.metadata,
    ).toBe("");
  });

  it("buys tickets; unknown references and outcomes are 404 and 422", async () => {
    const [event] = await t.db.insert(events).values(makeEvent()).returning();
    const res = await t.request("/backend/api/payments/ticket", {
      method: "POST",
      json: { eventId: event!.id, email: "fan@example.test", ticketType: "Standard", quantity: 2 },
    });
    const started = (await res.json()) as { reference: string; checkoutUrl: string; amountKobo: number };
    expect(started.amountKobo).toBe(500_000);
    expect((await settle(started.checkoutUrl, "success")).body).toMatchObject({ status: "paid", kind: "ticket" });
    const [ticket] = await t.db
      .select()
      .from(eventPurchases)
      .where(eq(eventPurchases.paymentReference, started.reference));
    expect(ticket!.paymentStatus).toBe("paid");
    expect((await settle("/backend/api/payments/sandbox/ta_aaaaaaaaaaaaaaaaaaaaaaaa", "success")).status).toBe(404);
    expect((await settle(started.checkoutUrl, "steal")).status).toBe(422);
  });
});

// issue 29: prices above ₦21,474,836.47 (2^31 kobo) answered "A number is out of range" while the API says
// up to ₦100,000,000. Kobo are 64-bit now, from the course to the payment and its records.
describe("the largest price the API allows, end to end", () => {
  it("a ₦100,000,000 course is created, shown, paid for in the sandbox and recorded to the kobo", async () => {
    const admin = await createAccount(t, { admin: true });
    await t.db.insert(categories).values({ name: "Big money" }).onConflictDoNothing();
    const created = await t.request("/backend/api/courses", {
      method: "POST",
      headers: bearer(admin),
      json: {
        title: "The most expensive course",
        instructor: "Ada",
        category: "Big money",
        price: 100_000_000,
        duration: "1 year",
        rating: 5,
        img: "/media/seed/course.jpg",
      },
    });
    const course = (await created.json()) as { _id: string; price: number };
    expect(created.status, JSON.stringify(course)).toBe(201);
    expect(course.price).toBe(100_000_000);
    const shown = (await (await t.request(`/backend/api/courses/${course._id}`)).json()) as { price: number };
    expect(shown.price).toBe(100_000_000);

    const res = await t.request("/backend/api/payments/course", {
      method: "POST",
      json: { courseId: course._id, fullName: "Chidi Rich", email: "chidi@example.test", phone: "0803" },
    });
    const started = (await res.json()) as { reference: string; checkoutUrl: string; amountKobo: number };
    expect(res.status, JSON.stringify(started)).toBe(201);
    expect(started.amountKobo).toBe(10_000_000_000);
    expect((await settle(started.checkoutUrl, "success")).body).toMatchObject({ status: "paid" });
    expect(await paymentOf(t.db, started.reference)).toMatchObject({ status: "paid", amount: 10_000_000_000 });
    const purchases = (await (
      await t.request(`/backend/api/courses/${course._id}/purchases`, { headers: bearer(admin) })
    ).json()) as Array<{ paymentStatus: string; amount: number }>;
    expect(purchases).toMatchObject([{ paymentStatus: "paid", amount: 100_000_000 }]);

    // a discount price just below it, shown: the payment is that, to the kobo
    const updated = await t.request(`/backend/api/courses/${course._id}`, {
      method: "PUT",
      headers: bearer(admin),
      json: { discountPrice: 99_999_999.99, showDiscount: true },
    });
    expect(updated.status, await updated.clone().text()).toBe(200);
    const again = await t.request("/backend/api/payments/course", {
      method: "POST",
      json: { courseId: course._id, fullName: "Chidi Rich", email: "chidi@example.test", phone: "0803" },
    });
    expect(((await again.json()) as { amountKobo: number }).amountKobo).toBe(9_999_999_999);

    // and above the limit: the limit's own message, never "out of range"
    const over = await t.request(`/backend/api/courses/${course._id}`, {
      method: "PUT",
      headers: bearer(admin),
      json: { price: 100_000_000.01 },
    });
    expect(over.status).toBe(422);
    expect(await over.text()).toContain("Price must be at most ₦100,000,000");
  });
});
