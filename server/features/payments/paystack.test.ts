// The money paths against a fake Paystack on localhost (tests/support/fake-paystack.ts): paid, failed,
// cancelled, late payment by webhook, coupons, tampered amounts, concurrent verifications and webhooks,
// forged signatures and replayed references. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { couponUsages, coupons, coursePurchases, courses, eventPurchases, events, payments } from "../../db/schema.ts";
import { makeCourse, makeEvent } from "../../../tests/support/factories.ts";
import { startFakePaystack, type FakePaystack } from "../../../tests/support/fake-paystack.ts";
import { drainPaymentJobs, historyOf, paymentOf } from "../../../tests/support/payments.ts";
import { signWebhook } from "../../integrations/payments/signature.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import type { Payment } from "./payments.service.ts";

let fake: FakePaystack;
let t: TestApp;
const paid: Payment[] = [];

beforeAll(async () => {
  fake = await startFakePaystack();
  t = await createTestApp(
    {
      PAYMENT_PROVIDER: "paystack",
      PAYSTACK_PUBLIC_KEY: "pk_test_fake_public",
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PAYSTACK_BASE_URL: fake.url,
    },
    { onPaymentPaid: (payment) => void paid.push(payment) },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  paid.length = 0;
});

async function newCourse(overrides: Parameters<typeof makeCourse>[0] = {}) {
  const [row] = await t.db.insert(courses).values(makeCourse(overrides)).returning();
  return row!;
}

type Started = { reference: string; amountKobo: number; [k: string]: unknown };

async function startCourse(courseId: string, extra: Record<string, unknown> = {}): Promise<Started> {
  const res = await t.request("/backend/api/payments/course", {
    method: "POST",
    json: { courseId, fullName: "Ada Chioma Obi", email: "ada@example.test", phone: "08030000000", ...extra },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Started;
}

const verify = async (reference: string) => {
  const res = await t.request(`/backend/api/verify/${reference}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const postWebhook = (body: string, signature?: string) =>
  t.request("/backend/api/payments/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(signature ? { "x-paystack-signature": signature } : {}) },
    body,
  });

describe("a course payment through Paystack", () => {
  it("is created by the server with the database's price, recorded pending, and paid once verified", async () => {
    const course = await newCourse({ price: 4_500_000, discountPrice: 3_500_000, showDiscount: true });
    // The browser's amount does not count (an unknown field is ignored).
    const started = await startCourse(course.id, { amount: 1 });
    expect(started).toMatchObject({
      provider: "paystack",
      publicKey: "pk_test_fake_public",
      amountKobo: 3_500_000,
      amount: 35_000,
      currency: "NGN",
      email: "ada@example.test",
      firstName: "Ada",
      lastName: "Chioma Obi",
      phone: "08030000000",
    });
    expect(started.reference).toMatch(/^ta_[a-z2-7]{24}$/);
    const init = fake.requests.find(
      (r) => r.path === "/transaction/initialize" && (r.body as { reference: string }).reference === started.reference,
    )!;
    expect(init.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(init.body).toMatchObject({
      amount: "3500000",
      currency: "NGN",
      email: "ada@example.test",
      channels: ["card", "bank_transfer", "ussd"],
      callback_url: new URL("/verify-payment", t.env.PUBLIC_URL).href,
    });

    expect((await paymentOf(t.db, started.reference)).status).toBe("pending");
    const [purchase] = await t.db
      .select()
      .from(coursePurchases)
      .where(eq(coursePurchases.paymentReference, started.reference));
    expect(purchase).toMatchObject({ paymentStatus: "pending", amount: 3_500_000, userName: "Ada Chioma Obi" });

    // Not paid yet: still pending.
    expect((await verify(started.reference)).body.status).toBe("pending");
    fake.pay(started.reference, "bank_transfer");
    const result = await verify(started.reference);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      status: "paid",
      reference: started.reference,
      kind: "course",
      amount: 35_000,
      channel: "bank_transfer",
    });
    const [after] = await t.db
      .select()
      .from(coursePurchases)
      .where(eq(coursePurchases.paymentReference, started.reference));
    expect(after!.paymentStatus).toBe("paid");
    expect(await historyOf(t.db, started.reference)).toEqual(["-→pending by start", "pending→paid by verify"]);
    expect(paid.map((p) => p.reference)).toEqual([started.reference]);
  });

  it("uses the list price when the discount is not shown", async () => {
    const course = await newCourse({ price: 2_000_000, discountPrice: 1_000_000, showDiscount: false });
    expect((await startCourse(course.id)).amountKobo).toBe(2_000_000);
  });

  it("records a declined payment as failed, never paid", async () => {
    const course = await newCourse();
    const { reference } = await startCourse(course.id);
    fake.decline(reference);
    expect((await verify(reference)).body.status).toBe("failed");
    const [purchase] = await t.db.select().from(coursePurchases).where(eq(coursePurchases.paymentReference, reference));
    expect(purchase!.paymentStatus).toBe("not_paid");
    // failed is final: a later "success" answer changes nothing
    fake.pay(reference);
    expect((await verify(reference)).body.status).toBe("failed");
    expect(paid).toHaveLength(0);
  });

  it("records not_paid when the pop-up is closed, and still takes a bank transfer that arrives later by webhook", async () => {
    const course = await newCourse();
    const { reference } = await startCourse(course.id);
    const cancelled = await t.request(`/backend/api/payments/${reference}/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: "abandoned" });
    const [purchase] = await t.db.select().from(coursePurchases).where(eq(coursePurchases.paymentReference, reference));
    expect(purchase!.paymentStatus).toBe("not_paid");

    fake.pay(reference, "bank_transfer");
    const hook = fake.webhook(reference);
    const res = await postWebhook(hook.body, hook.signature);
    expect(res.status).toBe(200);
    await drainPaymentJobs(t.db);
    expect((await paymentOf(t.db, reference)).status).toBe("paid");
    expect(await historyOf(t.db, reference)).toEqual([
      "-→pending by start",
      "pending→abandoned by callback",
      "abandoned→paid by webhook",
    ]);
    expect(paid).toHaveLength(1);
  });

  it("a retry sweep verifies open payments of the last day again", async () => {
    const { reference } = await startCourse((await newCourse()).id);
    fake.pay(reference);
    const now = new Date(Date.now() + 3 * 60_000);
    expect(await t.services.payments.retryOpen(now)).toBeGreaterThan(0);
    expect(await historyOf(t.db, reference)).toEqual(["-→pending by start", "pending→paid by retry"]);
    // too recent, or older than a day: not asked
    const fresh = await startCourse((await newCourse()).id);
    fake.pay(fresh.reference);
    await t.services.payments.retryOpen(new Date());
    await t.services.payments.retryOpen(new Date(Date.now() + 25 * 60 * 60_000));
    expect((await paymentOf(t.db, fresh.reference)).status).toBe("pending");
  });

  it("records abandoned when Paystack says so", async () => {
    const { reference } = await startCourse((await newCourse()).id);
    fake.abandon(reference);
    expect((await verify(reference)).body.status).toBe("abandoned");
  });
});

describe("coupons", () => {
  it("validates codes case-insensitively: general, for this course, inactive, unknown, other course", async () => {
    const course = await newCourse();
    const other = await newCourse();
    const [general] = await t.db.insert(coupons).values({ code: "WELCOME10", discount: 10 }).returning();
    const [own] = await t.db.insert(coupons).values({ code: "REACT25", discount: 25, courseId: course.id }).returning();
    await t.db.insert(coupons).values({ code: "OLD50", discount: 50, isValid: false });

    const check = async (code: string, courseId = course.id) => {
      const res = await t.request(`/backend/api/coupons/validate/${encodeURIComponent(code)}?courseId=${courseId}`);
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await check("welcome10")).toEqual({
      valid: true,
      discount: 10,
      couponId: general!.id,
      message: "Coupon applied successfully!",
    });
    expect(await check("React25")).toEqual({
      valid: true,
      discount: 25,
      couponId: own!.id,
      message: "Coupon applied successfully!",
    });
    expect(await check("REACT25", other.id)).toEqual({
      valid: false,
      discount: 0,
      couponId: null,
      message: "This coupon is not valid for this course",
    });
    expect(await check("OLD50")).toEqual({
      valid: false,
      discount: 0,
      couponId: null,
      message: "Invalid or expired coupon code",
    });
    expect(await check("NOPE")).toEqual({
      valid: false,
      discount: 0,
      couponId: null,
      message: "Invalid or expired coupon code",
    });
  });

  it("is applied again by the server: the discounted amount, a coupon usage row, both paid together", async () => {
    const course = await newCourse({ price: 4_500_000, discountPrice: 3_500_000, showDiscount: true });
    await t.db.insert(coupons).values({ code: "SAVE15", discount: 15 });
    const started = await startCourse(course.id, { couponCode: "save15" });
    expect(started.amountKobo).toBe(2_975_000);
    const [usage] = await t.db.select().from(couponUsages).where(eq(couponUsages.paymentReference, started.reference));
    expect(usage).toMatchObject({ paymentStatus: "pending", courseId: course.id, phone: "08030000000" });
    fake.pay(started.reference);
    expect((await verify(started.reference)).body.status).toBe("paid");
    const [after] = await t.db.select().from(couponUsages).where(eq(couponUsages.paymentReference, started.reference));
    expect(after!.paymentStatus).toBe("paid");
  });

  it("refuses to start with an invalid coupon, recording nothing", async () => {
    const course = await newCourse();
    const other = await newCourse();
    await t.db.insert(coupons).values({ code: "ONLYOTHER", discount: 20, courseId: other.id });
    const before = (await t.db.select().from(payments)).length;
    for (const code of ["ONLYOTHER", "UNKNOWN"]) {
      const res = await t.request("/backend/api/payments/course", {
        method: "POST",
        json: { courseId: course.id, fullName: "Ada Obi", email: "ada@example.test", phone: "0803", couponCode: code },
      });
      expect(res.status).toBe(422);
    }
    expect(await t.db.select().from(payments)).toHaveLength(before);
  });
});

describe("tampering, replays and forgeries", () => {
  it("never marks paid when Paystack reports a smaller amount or another currency", async () => {
    const course = await newCourse({ price: 5_000_000, discountPrice: null, showDiscount: false });
    for (const tamper of [{ answerAmount: 100_000 }, { answerCurrency: "USD" }]) {
      const { reference } = await startCourse(course.id);
      fake.pay(reference);
      Object.assign(fake.transactions.get(reference)!, tamper);
      expect((await verify(reference)).body.status).toBe("failed");
      const payment = await paymentOf(t.db, reference);
      expect(payment.details).toMatchObject({ reason: "amount mismatch" });
      const [purchase] = await t.db
        .select()
        .from(coursePurchases)
        .where(eq(coursePurchases.paymentReference, reference));
      expect(purchase!.paymentStatus).toBe("not_paid");
    }
    expect(paid).toHaveLength(0);
  });

  it("refuses a forged or missing webhook signature and changes nothing", async () => {
    const { reference } = await startCourse((await newCourse()).id);
    fake.pay(reference);
    const hook = fake.webhook(reference);
    const forged = hook.signature.replace(/^./, (c) => (c === "a" ? "b" : "a"));
    const tamperedBody = hook.body.replace(`"amount":`, `"amount":1`);
    for (const [body, signature] of [
      [hook.body, forged],
      [hook.body, undefined],
      [hook.body, "not-hex"],
      [tamperedBody, hook.signature],
    ] as const) {
      const res = await postWebhook(body, signature);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: "unauthorized" } });
    }
    await drainPaymentJobs(t.db);
    expect((await paymentOf(t.db, reference)).status).toBe("pending");
    expect(fake.verifyCalls(reference)).toBe(0);
  });

  it("acknowledges a signed webhook with NUL characters in its fields and pays; unsigned, it is refused as before", async () => {
    // issue 15: the NUL guard of /backend answered 422 before the signature was checked, so Paystack
    // would have retried a genuine webhook for days
    const { reference } = await startCourse((await newCourse()).id);
    fake.pay(reference, "card\u0000");
    const event = JSON.parse(fake.webhook(reference).body) as { data: Record<string, unknown> };
    event.data.gateway_response = "Approved\u0000";
    event.data.customer = { first_name: "Ada\u0000", last_name: "\u0000", email: "ada@example.test" };
    event.data.metadata = { "note\u0000": ["a\u0000b"] };
    const body = JSON.stringify(event);
    expect(body).toContain("\\u0000");
    const forged = signWebhook(body, "sk_test_not_the_secret");
    for (const signature of [undefined, forged, fake.webhook(reference).signature]) {
      const res = await postWebhook(body, signature);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: "unauthorized" } });
    }
    await drainPaymentJobs(t.db);
    expect((await paymentOf(t.db, reference)).status).toBe("pending");

    const res = await postWebhook(body, signWebhook(body, fake.secretKey));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    await drainPaymentJobs(t.db);
    const payment = await paymentOf(t.db, reference);
    expect(payment.status).toBe("paid");
    // Paystack's verify answer had a NUL too (channel): it was taken out before it was stored
    expect(payment.details.channel).toBe("card");
    expect(await historyOf(t.db, reference)).toEqual(["-→pending by start", "pending→paid by webhook"]);
    expect(paid).toHaveLength(1);

    // a raw NUL (which JSON does not allow) in a signed body is taken out too
    const second = await startCourse((await newCourse()).id);
    fake.pay(second.reference);
    const raw = fake.webhook(second.reference).body.replace('"charge.success"', '"charge.success\0"');
    expect((await postWebhook(raw, signWebhook(raw, fake.secretKey))).status).toBe(200);
    await drainPaymentJobs(t.db);
    expect((await paymentOf(t.db, second.reference)).status).toBe("paid");

    // everywhere else a NUL is still refused at the door
    const elsewhere = await t.request("/backend/api/payments/course", {
      method: "POST",
      json: { courseId: "x", fullName: "A\u0000", email: "a@example.test", phone: "0803" },
    });
    expect(elsewhere.status).toBe(422);
  });

  it("never reuses a reference, and verifying a paid reference again changes nothing", async () => {
    const course = await newCourse();
    const a = await startCourse(course.id);
    const b = await startCourse(course.id);
    expect(a.reference).not.toBe(b.reference);
    const row = await paymentOf(t.db, a.reference);
    await expect(
      t.db.insert(payments).values({
        reference: a.reference,
        kind: "course",
        itemId: course.id,
        email: "x@example.test",
        amount: 1,
        gateway: "paystack",
      }),
    ).rejects.toThrow();
    fake.pay(a.reference);
    expect((await verify(a.reference)).body.status).toBe("paid");
    const calls = fake.verifyCalls(a.reference);
    const again = await verify(a.reference);
    expect(again.body.status).toBe("paid");
    expect(fake.verifyCalls(a.reference)).toBe(calls);
    const hook = fake.webhook(a.reference);
    expect((await postWebhook(hook.body, hook.signature)).status).toBe(200);
    await drainPaymentJobs(t.db);
    expect(await historyOf(t.db, a.reference)).toEqual(["-→pending by start", "pending→paid by verify"]);
    expect((await paymentOf(t.db, a.reference)).id).toBe(row.id);
    expect(paid).toHaveLength(1);
  });

  it("answers 404 for unknown references", async () => {
    for (const ref of ["ta_aaaaaaaaaaaaaaaaaaaaaaaa", "bad ref"]) {
      expect((await t.request(`/backend/api/verify/${encodeURIComponent(ref)}`)).status).toBe(404);
      expect(
        (await t.request(`/backend/api/payments/${encodeURIComponent(ref)}/cancel`, { method: "POST" })).status,
      ).toBe(404);
    }
  });

  it("makes exactly one paid transition of 200 concurrent verifications and 20 webhooks", async () => {
    const { reference } = await startCourse((await newCourse()).id);
    fake.pay(reference);
    const hook = fake.webhook(reference);
    const results = await Promise.all([
      ...Array.from({ length: 200 }, () => verify(reference)),
      ...Array.from({ length: 20 }, () =>
        postWebhook(hook.body, hook.signature).then((r) => ({ status: r.status, body: { status: "paid" } })),
      ),
    ]);
    expect(results.every((r) => r.status === 200 && r.body.status === "paid")).toBe(true);
    await drainPaymentJobs(t.db);
    expect(await historyOf(t.db, reference)).toEqual([
      "-→pending by start",
      expect.stringMatching(/^pending→paid by (verify|webhook)$/),
    ]);
    expect(paid.filter((p) => p.reference === reference)).toHaveLength(1);
  });
});

describe("the provider down, and the spec's purchase records", () => {
  it("answers 503 when Paystack fails, recording the payment failed", async () => {
    const course = await newCourse();
    fake.failNext(1);
    const res = await t.request("/backend/api/payments/course", {
      method: "POST",
      json: { courseId: course.id, fullName: "Ada", email: "ada@example.test", phone: "0803" },
    });
    expect(res.status).toBe(503);
    const [row] = await t.db.select().from(payments).where(eq(payments.itemId, course.id));
    expect(row).toMatchObject({ status: "failed" });
    // and a verify while it is down is a 503, the payment untouched
    const { reference } = await startCourse(course.id);
    fake.failNext(1);
    expect((await verify(reference)).status).toBe(503);
    expect((await paymentOf(t.db, reference)).status).toBe("pending");
  });

  it("records the browser's purchase logs as intent only: not_paid, or a verification of the reference", async () => {
    const course = await newCourse();
    const [coupon] = await t.db.insert(coupons).values({ code: "LOG5", discount: 5 }).returning();
    const body = { userName: "Ada Obi", email: "ada@example.test", phone: "0803", paymentStatus: "paid" };
    // Missing fields: 422 and nothing recorded.
    const count = async () =>
      (await t.db.select().from(coursePurchases).where(eq(coursePurchases.courseId, course.id))).length;
    for (const missing of ["userName", "email", "phone"]) {
      const res = await t.request(`/backend/api/courses/${course.id}/purchases`, {
        method: "POST",
        json: { ...body, [missing]: "" },
      });
      expect(res.status).toBe(422);
    }
    const usageMissing = await t.request(`/backend/api/coupons/log-usage/${coupon!.id}`, {
      method: "POST",
      json: body,
    });
    expect(usageMissing.status).toBe(422);
    expect(await count()).toBe(0);

    // "paid" in the body never makes anything paid.
    const logged = await t.request(`/backend/api/courses/${course.id}/purchases`, { method: "POST", json: body });
    expect(logged.status).toBe(201);
    expect(await logged.json()).toEqual({ recorded: true, paymentStatus: "not_paid", reference: null });
    const usage = await t.request(`/backend/api/coupons/log-usage/${coupon!.id}`, {
      method: "POST",
      json: { ...body, courseId: course.id },
    });
    expect(await usage.json()).toMatchObject({ paymentStatus: "not_paid" });

    // With a reference: a paid claim is verified with Paystack; not_paid cancels.
    const { reference } = await startCourse(course.id);
    const claim = await t.request(`/backend/api/courses/${course.id}/purchases`, {
      method: "POST",
      json: { ...body, reference },
    });
    expect(await claim.json()).toMatchObject({ paymentStatus: "pending", reference });
    fake.pay(reference);
    const real = await t.request(`/backend/api/courses/${course.id}/purchases`, {
      method: "POST",
      json: { ...body, reference },
    });
    expect(await real.json()).toMatchObject({ paymentStatus: "paid", reference });
    expect(await historyOf(t.db, reference)).toEqual(["-→pending by start", "pending→paid by callback"]);
    const otherCourse = await newCourse();
    expect(
      (
        await t.request(`/backend/api/courses/${otherCourse.id}/purchases`, {
          method: "POST",
          json: { ...body, reference },
        })
      ).status,
    ).toBe(404);
  });
});

describe("event tickets", () => {
  it("charges price × quantity from the server's prices and marks the ticket paid once verified", async () => {
    const [event] = await t.db
      .insert(events)
      .values(makeEvent({ name: "Demo Day" }))
      .returning();
    const res = await t.request("/backend/api/payments/ticket", {
      method: "POST",
      json: { eventId: event!.id, email: "fan@example.test", ticketType: "VIP", quantity: 3 },
    });
    expect(res.status).toBe(201);
    const started = (await res.json()) as Started;
    expect(started).toMatchObject({
      amountKobo: 1_500_000,
      amount: 15_000,
      currency: "NGN",
      email: "fan@example.test",
    });
    const [ticket] = await t.db
      .select()
      .from(eventPurchases)
      .where(eq(eventPurchases.paymentReference, started.reference));
    expect(ticket).toMatchObject({ paymentStatus: "pending", ticketType: "VIP", quantity: 3, eventName: "Demo Day" });
    fake.pay(started.reference, "ussd");
    expect((await verify(started.reference)).body).toMatchObject({
      status: "paid",
      kind: "ticket",
      amount: 15_000,
      channel: "ussd",
    });
    const [after] = await t.db
      .select()
      .from(eventPurchases)
      .where(eq(eventPurchases.paymentReference, started.reference));
    expect(after!.paymentStatus).toBe("paid");
    expect(paid.map((p) => p.kind)).toEqual(["ticket"]);
  });

  it("refuses a bad ticket type, quantity or e-mail, and an unknown event", async () => {
    const [event] = await t.db.insert(events).values(makeEvent()).returning();
    const good = { eventId: event!.id, email: "fan@example.test", ticketType: "Standard", quantity: 1 };
    for (const bad of [
      { quantity: 0 },
      { quantity: 21 },
      { quantity: 1.5 },
      { ticketType: "Gold" },
      { email: "nope" },
    ]) {
      const res = await t.request("/backend/api/payments/ticket", { method: "POST", json: { ...good, ...bad } });
      expect(res.status).toBe(422);
    }
    const unknown = await t.request("/backend/api/payments/ticket", {
      method: "POST",
      json: { ...good, eventId: "aaaaaaaaaaaaaaaaaaaaaaaa" },
    });
    expect(unknown.status).toBe(404);
    const log = await t.request(`/backend/api/events/${event!.id}/purchases`, {
      method: "POST",
      json: { email: "fan@example.test", ticketType: "Standard", quantity: 2, eventName: "anything" },
    });
    expect(log.status).toBe(201);
    expect(await log.json()).toMatchObject({ paymentStatus: "not_paid" });
  });

  it("has no sandbox checkout when the provider is Paystack", async () => {
    const res = await t.request("/backend/api/payments/sandbox/ta_aaaaaaaaaaaaaaaaaaaaaaaa/success", {
      method: "POST",
    });
    expect(res.status).toBe(404);
  });
});
