// Issue 29, decisions 059 and 060, through the real app on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL. 059: every amount of a course purchase by its one name, for a course of ₦10,000 with a 20 %
// course discount and a 10 % coupon (the coupon on the price after discount): what is charged, the
// receipt's rows, /account and the figures. 060: a 100 % coupon enrols at once without the gateway (₦0,
// provider "free"), once for the same learner clicking twice, exactly 10 of 20 learners on a 10-use
// coupon; its receipt says ₦0 and "Free with coupon CODE", /account shows the course, the figures count
// an enrolment with ₦0 revenue, and a refund of it is refused with a clear message.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "../../../contract/payments/payments.ts";
import { REFUND_MESSAGES } from "../../../contract/payments/refunds.ts";
import { couponUsages, coupons, coursePurchases, courses, payments } from "../../db/schema.ts";
import { bearer, createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { startFakePaystack, type FakePaystack } from "../../../tests/support/fake-paystack.ts";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { historyOf, paymentOf } from "../../../tests/support/payments.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import type { Actor } from "../auth/actor.ts";

const FIGURES_ADMIN: Actor = {
  id: "a",
  username: "ada",
  email: "ada@example.test",
  image: null,
  role: "admin",
  sessionId: "s",
  verifiedAt: null,
};

let t: TestApp;
let admin: TestAccount;
let learner: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  learner = await createAccount(t);
}, 60_000);
afterAll(() => t?.close());

const call = apiCaller(
  () => t,
  () => admin,
);

/** ₦10,000 with its shown discount price ₦8,000 (20 %): prices are kobo in the database. */
async function discountedCourse(title: string) {
  const [row] = await t.db
    .insert(courses)
    .values(makeCourse({ title, price: 1_000_000, discountPrice: 800_000, showDiscount: true }))
    .returning();
  return row!;
}

async function coupon(code: string, discount: number, courseId: string, usageLimit: number | null = null) {
  await t.db.insert(coupons).values({ code, discount, courseId, usageLimit });
}

type Started = { reference: string; provider: string; amountKobo: number; status?: string; checkoutUrl?: string };

const start = (courseId: string, email: string, couponCode: string, who: TestAccount | null = null) =>
  t.request("/backend/api/payments/course", {
    method: "POST",
    headers: who ? bearer(who) : {},
    json: { courseId, fullName: "Ngozi Eze", email, phone: "08030000000", couponCode },
  });

const receiptsTo = (to: string) =>
  readOutbox(t.outboxDir).filter((m) => m.to.includes(to) && /receipt/i.test(m.subject));

const accountOf = async (who: TestAccount) =>
  ok<{
    courses: { courseId: string; amount: number }[];
    receipts: { reference: string; amount: number; paidBy: string }[];
  }>(await t.request("/backend/api/account/purchases", { headers: bearer(who) }));

describe("decision 059: the amounts of a course with a course discount and a coupon", () => {
  it("charges price after discount less the coupon, and names every amount the same on the receipt, /account and the figures", async () => {
    const course = await discountedCourse("Amounts Course 059");
    await coupon("TENOFF59", 10, course.id);
    const started = await ok<Started>(await start(course.id, learner.email, "tenoff59", learner), 201);
    // ₦10,000 − 20 % = ₦8,000; − 10 % of that (₦800) = ₦7,200
    expect(started).toMatchObject({ provider: "sandbox", amountKobo: 720_000 });
    expect((await paymentOf(t.db, started.reference))?.details).toMatchObject({
      fullAmount: 1_000_000,
      listAmount: 800_000,
      couponCode: "TENOFF59",
    });
    expect((await t.request(`${started.checkoutUrl}/success`, { method: "POST" })).status).toBe(200);
    await t.mailer.drain();

    const [receipt] = receiptsTo(learner.email).filter((m) => m.text.includes(started.reference));
    const text = receipt!.text.replace(/\s+/g, " ");
    expect(text).toMatch(/Full price: ₦10,000\.00/);
    expect(text).toMatch(/Course discount: 20% \(−₦2,000\.00\)/);
    expect(text).toMatch(/Price after discount: ₦8,000\.00/);
    expect(text).toMatch(/Coupon: TENOFF59/);
    expect(text).toMatch(/Coupon discount: 10% \(−₦800\.00\)/);
    expect(text).toMatch(/Amount paid: ₦7,200\.00/);
    expect(text).not.toMatch(/Original price/);

    const mine = await accountOf(learner);
    expect(mine.receipts.find((r) => r.reference === started.reference)).toMatchObject({ amount: 7_200 });

    const figures = await t.services.figures.last30Days(FIGURES_ADMIN);
    expect(figures.coupons.find((c) => c.code === "TENOFF59")).toMatchObject({ paid: 1, discountKobo: 80_000 });
    expect(figures.enrolments.find((e) => e.courseId === course.id)).toMatchObject({
      enrolments: 1,
      grossKobo: 720_000,
    });
  });
});

describe("decision 060: a coupon that makes a course free", () => {
  it("enrols at once without the gateway, once for a double click, with a ₦0 receipt, /account, figures, and no refund", async () => {
    const course = await discountedCourse("Free Course 060");
    await coupon("ALLFREE60", 100, course.id, 10);
    // the same learner clicking twice at once: one enrolment, one coupon use, the same reference
    const [a, b] = await Promise.all([
      start(course.id, learner.email, "ALLFREE60", learner),
      start(course.id, learner.email.toUpperCase(), "allfree60", learner),
    ]);
    const first = await ok<Started>(a, 201);
    const second = await ok<Started>(b, 201);
    expect(first).toMatchObject({ provider: "free", amountKobo: 0, status: "paid" });
    expect(first.checkoutUrl).toBeUndefined();
    expect(second.reference).toBe(first.reference);

    const rows = await t.db.select().from(payments).where(eq(payments.itemId, course.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "paid", amount: 0, gateway: "free" });
    expect(rows[0]!.details).toMatchObject({ channel: "free" });
    expect(await historyOf(t.db, first.reference)).toEqual(["-→pending by start", "pending→paid by free"]);
    const uses = await t.db.select().from(couponUsages).where(eq(couponUsages.paymentReference, first.reference));
    expect(uses.map((u) => u.paymentStatus)).toEqual(["paid"]);
    const enrolments = await t.db.select().from(coursePurchases).where(eq(coursePurchases.courseId, course.id));
    expect(enrolments.map((e) => [e.paymentStatus, e.amount])).toEqual([["paid", 0]]);

    // clicking again later answers the same enrolment, and uses nothing more
    const again = await ok<Started>(await start(course.id, learner.email, "ALLFREE60", learner), 201);
    expect(again.reference).toBe(first.reference);

    await t.mailer.drain();
    const receipts = receiptsTo(learner.email).filter((m) => m.text.includes(first.reference));
    expect(receipts).toHaveLength(1);
    const text = receipts[0]!.text.replace(/\s+/g, " ");
    expect(text).toMatch(/Coupon discount: 100% \(−₦8,000\.00\)/);
    expect(text).toMatch(/Amount paid: ₦0\.00/);
    expect(text).toMatch(/Paid by: Free with coupon ALLFREE60/);

    const mine = await accountOf(learner);
    expect(mine.courses.map((c) => c.courseId)).toContain(course.id);
    expect(mine.receipts.find((r) => r.reference === first.reference)).toMatchObject({
      amount: 0,
      paidBy: "Free with coupon ALLFREE60",
    });

    const figures = await t.services.figures.last30Days(FIGURES_ADMIN);
    expect(figures.enrolments.find((e) => e.courseId === course.id)).toMatchObject({ enrolments: 1, grossKobo: 0 });

    expect(await refused(await call("POST", `/api/admin/payments/${first.reference}/refund`, {}), 409)).toBe(
      REFUND_MESSAGES.free,
    );
    expect((await paymentOf(t.db, first.reference))?.status).toBe("paid");
  });

  it("20 learners at once on a 10-use 100 % coupon: exactly 10 free enrolments", async () => {
    const course = await discountedCourse("Crowded Free Course 060");
    await coupon("TENFREE60", 100, course.id, 10);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => start(course.id, `crowd${i}@example.test`, "TENFREE60")),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    for (const r of answers.filter((r) => r.status === 422))
      expect(JSON.stringify(await r.json())).toContain(PAYMENT_MESSAGES.couponUsedUp);
    const rows = await t.db.select().from(payments).where(eq(payments.itemId, course.id));
    expect(rows.filter((p) => p.status === "paid" && p.gateway === "free")).toHaveLength(10);
    expect(rows).toHaveLength(10);
  });

  it("a free enrolment cut off before its paid move is completed by the next verification", async () => {
    const course = await discountedCourse("Interrupted Free Course 060");
    await coupon("CUTFREE60", 100, course.id);
    const started = await ok<Started>(await start(course.id, "cut@example.test", "CUTFREE60"), 201);
    // as if the process died between the two transactions
    await t.db.update(payments).set({ status: "pending" }).where(eq(payments.reference, started.reference));
    const outcome = await ok<{ status: string }>(await t.request(`/backend/api/verify/${started.reference}`));
    expect(outcome.status).toBe("paid");
  });

  it("below ₦50 but not free is still refused as too small", async () => {
    const [cheap] = await t.db
      .insert(courses)
      .values(makeCourse({ title: "Cheap 060", price: 10_000, showDiscount: false }))
      .returning();
    await coupon("NINETY60", 90, cheap!.id);
    expect(await refused(await start(cheap!.id, "cheap@example.test", "NINETY60"), 422)).toBe(
      PAYMENT_MESSAGES.tooSmall,
    );
  });
});

describe("decision 060 with Paystack", () => {
  let fake: FakePaystack;
  let p: TestApp;
  beforeAll(async () => {
    fake = await startFakePaystack();
    p = await createTestApp({
      PAYMENT_PROVIDER: "paystack",
      PAYSTACK_PUBLIC_KEY: "pk_test_fake_public",
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PAYSTACK_BASE_URL: fake.url,
    });
  }, 60_000);
  afterAll(async () => {
    await p?.close();
    await fake?.close();
  });

  it("enrols without asking Paystack anything", async () => {
    const [course] = await p.db
      .insert(courses)
      .values(makeCourse({ title: "Paystack Free 060", price: 1_000_000, showDiscount: false }))
      .returning();
    await p.db.insert(coupons).values({ code: "PSFREE60", discount: 100, courseId: course!.id });
    const res = await p.request("/backend/api/payments/course", {
      method: "POST",
      json: {
        courseId: course!.id,
        fullName: "Tunde Bello",
        email: "tunde@example.test",
        phone: "0803",
        couponCode: "PSFREE60",
      },
    });
    const started = await ok<Started & { publicKey?: string }>(res, 201);
    expect(started).toMatchObject({ provider: "free", amountKobo: 0, status: "paid" });
    expect(started.publicKey).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });
});
