// The whole path of a paid ticket and a paid course through the real wiring (server/services.ts):
// sandbox checkout → verification → exactly one receipt, and for a ticket the ticket e-mail with its
// QR code (and the streaming link when the event is within 24 hours). The receipt shows what the
// payment recorded when it started: the buyer's name, the original price and the coupon.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons, courses, events } from "../../db/schema.ts";
import { bearer, createAccount } from "../../../tests/support/accounts.ts";
import { emailHtmlProblems } from "../../../tests/support/email-checks.ts";
import { makeCourse, makeEvent } from "../../../tests/support/factories.ts";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HOUR = 60 * 60 * 1000;
const mailsTo = (to: string) => readOutbox(t.outboxDir).filter((m) => m.to.includes(to));

async function pay(path: string, json: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await t.request(path, { method: "POST", json, headers });
  expect(res.status).toBe(201);
  const started = (await res.json()) as { reference: string; checkoutUrl: string };
  const settled = await t.request(`${started.checkoutUrl}/success`, { method: "POST" });
  expect(settled.status).toBe(200);
  return started.reference;
}

describe("after a payment is verified", () => {
  it("a ticket: one receipt and one ticket e-mail with the QR code and, within 24 hours, the link", async () => {
    const [event] = await t.db
      .insert(events)
      .values(
        makeEvent({
          name: "Lagos Demo Night",
          startsAt: new Date(Date.now() + 2 * HOUR),
          streamUrl: "https://zoom.us/j/81234500099?pwd=demo",
        }),
      )
      .returning();
    const email = "fan-after-paid@example.test";
    const reference = await pay("/backend/api/payments/ticket", {
      eventId: event!.id,
      email,
      ticketType: "VIP",
      quantity: 2,
    });
    // verifying again (the page, the webhook) sends nothing more
    expect((await t.request(`/backend/api/verify/${reference}`)).status).toBe(200);
    await t.mailer.drain();
    const mails = mailsTo(email);
    const receipts = mails.filter((m) => /receipt/i.test(m.subject));
    const tickets = mails.filter((m) => /ticket/i.test(m.subject) && !/receipt/i.test(m.subject));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(reference);
    expect(receipts[0]!.text).toMatch(/₦\s?10,000\.00/);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.text).toContain("Lagos Demo Night");
    expect(tickets[0]!.text).toContain("https://zoom.us/j/81234500099?pwd=demo");
    expect(tickets[0]!.attachments.some((a) => a.contentType === "image/png")).toBe(true);
  });

  it("a course: one receipt, no ticket e-mail", async () => {
    const [course] = await t.db
      .insert(courses)
      .values(makeCourse({ title: "Motion Design Basics", price: 1_500_000, showDiscount: false }))
      .returning();
    const email = "learner-after-paid@example.test";
    const reference = await pay("/backend/api/payments/course", {
      courseId: course!.id,
      fullName: "Ngozi Okafor",
      email,
      phone: "08030000000",
    });
    await t.mailer.drain();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Motion Design Basics");
    expect(mails[0]!.text).toContain(reference);
  });

  it("a course with a coupon: the receipt greets the buyer and shows the price, the coupon, the coupon discount and the amount paid (decision 059)", async () => {
    const [course] = await t.db
      .insert(courses)
      .values(makeCourse({ title: "UI Design <Pro>", price: 15_000_000, showDiscount: false }))
      .returning();
    await t.db.insert(coupons).values({ code: "LAGOS20", discount: 20, courseId: course!.id });
    const email = "coupon-after-paid@example.test";
    const reference = await pay("/backend/api/payments/course", {
      courseId: course!.id,
      fullName: "Ọlábísí Adé",
      email,
      phone: "08030000001",
      couponCode: "lagos20",
    });
    await t.mailer.drain();
    const [receipt, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect(receipt!.text).toContain("\nHello Ọlábísí Adé,\n");
    expect(receipt!.text).toContain(
      [
        "Item: UI Design <Pro> (course)",
        "Price: ₦150,000.00",
        "Coupon: LAGOS20",
        "Coupon discount: 20% (−₦30,000.00)",
        "Amount paid: ₦120,000.00",
        `Reference: ${reference}`,
      ].join("\n"),
    );
    expect(receipt!.text).toMatch(/\nDate: \w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d\d [ap]m WAT\n/);
    expect(receipt!.text).toContain(`View your purchases: ${t.env.PUBLIC_URL}/account`);
    const html = receipt!.html!;
    expect(html).toContain("Hello Ọlábísí Adé,");
    expect(html).toContain("UI Design &lt;Pro&gt; (course)");
    expect(html).toContain("LAGOS20");
    expect(html).toContain("20% (−₦30,000.00)");
    expect(html).toContain("₦120,000.00");
    expect(html).toMatch(new RegExp(`<a href="${t.env.PUBLIC_URL}/account"[^>]*>.*View your purchases`));
    expect(emailHtmlProblems(html)).toEqual([]);
  });

  it("a coupon changed or deleted between the start and the payment still reads as it was applied", async () => {
    const [course] = await t.db
      .insert(courses)
      .values(makeCourse({ title: "Cloud Basics", price: 10_000_000, showDiscount: false }))
      .returning();
    const [coupon] = await t.db.insert(coupons).values({ code: "HALF", discount: 50 }).returning();
    const start = async (email: string) => {
      const res = await t.request("/backend/api/payments/course", {
        method: "POST",
        json: { courseId: course!.id, fullName: "Ngozi Okafor", email, phone: "08030000002", couponCode: "HALF" },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { checkoutUrl: string }).checkoutUrl;
    };
    const settle = async (checkoutUrl: string) =>
      expect((await t.request(`${checkoutUrl}/success`, { method: "POST" })).status).toBe(200);

    const changed = await start("coupon-changed@example.test");
    await t.db.update(coupons).set({ discount: 10 }).where(eq(coupons.id, coupon!.id));
    await settle(changed);
    const deleted = await start("coupon-deleted@example.test");
    await t.db.delete(coupons).where(eq(coupons.id, coupon!.id));
    await settle(deleted);
    await t.mailer.drain();
    // 50 % was applied; the stored 10 % no longer gives what was paid, so the amounts say what it was
    expect(mailsTo("coupon-changed@example.test")[0]!.text).toContain(
      "Price: ₦100,000.00\nCoupon: HALF\nCoupon discount: 50% (−₦50,000.00)\nAmount paid: ₦50,000.00\n",
    );
    // started at 10 %, then deleted: no code to show
    expect(mailsTo("coupon-deleted@example.test")[0]!.text).toContain(
      "Price: ₦100,000.00\nCoupon: (a coupon no longer offered)\nCoupon discount: 10% (−₦10,000.00)\nAmount paid: ₦90,000.00\n",
    );
  });

  it("a ticket bought signed in: the receipt and the ticket greet the buyer by name, the price each and the /account button", async () => {
    const account = await createAccount(t);
    const [event] = await t.db
      .insert(events)
      .values(makeEvent({ name: "Design Jam", startsAt: new Date(Date.now() + 72 * HOUR) }))
      .returning();
    const email = `jam-${account.username}@example.test`;
    await pay(
      "/backend/api/payments/ticket",
      { eventId: event!.id, email, ticketType: "Standard", quantity: 3 },
      bearer(account),
    );
    await t.mailer.drain();
    const mails = mailsTo(email);
    const receipt = mails.find((m) => /receipt/i.test(m.subject))!;
    const ticket = mails.find((m) => /^Your ticket/.test(m.subject))!;
    expect(receipt.text).toContain(`\nHello ${account.username},\n`);
    expect(receipt.text).toContain(
      "Item: Design Jam: Standard ticket × 3\nPrice: ₦2,500.00 × 3\nAmount paid: ₦7,500.00\n",
    );
    expect(ticket.text).toContain(`\nHello ${account.username},\n`);
    expect(ticket.text).toContain(`See your tickets: ${t.env.PUBLIC_URL}/account`);
    expect(ticket.html).toMatch(new RegExp(`<a href="${t.env.PUBLIC_URL}/account"[^>]*>.*See your tickets`));
  });
});
