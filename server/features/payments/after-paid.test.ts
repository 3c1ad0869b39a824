// The whole path of a paid ticket and a paid course through the real wiring (server/services.ts):
// sandbox checkout → verification → exactly one receipt, and for a ticket the ticket e-mail with its
// QR code (and the streaming link when the event is within 24 hours).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, events } from "../../db/schema.ts";
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

async function pay(path: string, json: Record<string, unknown>) {
  const res = await t.request(path, { method: "POST", json });
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
});
