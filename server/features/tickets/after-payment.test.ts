// After a payment is verified: the receipt, the ticket e-mail with its QR code, and the streaming link
// 24 hours before the start (pg-boss job) or at once; the clock is moved through deps.now.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { makeCourse, makeEvent } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { courses, eventPurchases, events } from "../../db/schema.ts";
import { newId } from "../../lib/id.ts";
import { silentLogger } from "../../lib/logger.ts";
import {
  afterPaymentPaid,
  sendReceiptEmail,
  type AfterPaymentDeps,
  type PaidPayment,
} from "./after-payment.service.ts";
import { TICKET_QR_CID } from "./emails.ts";
import { ticketKey, ticketQrPng, verifyTicketCode } from "./ticket-code.ts";
import {
  scheduleStreamLink,
  sendStreamLink,
  sendTicketEmail,
  STREAM_LINK_QUEUE,
  type TicketDeps,
} from "./tickets.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60_000;
const key = ticketKey("k".repeat(32));
/** Saturday 16 March 2030, 4 pm in Lagos. */
const START = new Date("2030-03-16T15:00:00Z");
const STREAM = "https://zoom.us/j/81234500001?pwd=TestOnly";

function depsAt(now: Date): AfterPaymentDeps & TicketDeps {
  return {
    db: t.db,
    mailer: t.mailer,
    boss: t.queue.boss,
    ticketKey: key,
    brand: { name: "TechAfrica", url: "https://academy.example", postalAddress: null },
    now: () => now,
    logger: silentLogger,
  };
}

let n = 0;
async function ticket(opts: { startsAt?: Date | null; streamUrl?: string | null; paymentStatus?: string } = {}) {
  n += 1;
  const [event] = await t.db
    .insert(events)
    .values(
      makeEvent({
        name: "Demo Day",
        startsAt: opts.startsAt === undefined ? START : opts.startsAt,
        streamUrl: opts.streamUrl === undefined ? STREAM : opts.streamUrl,
      }),
    )
    .returning();
  const email = `buyer${n}-${newId()}@example.com`;
  const reference = `TA-${newId()}`;
  const [purchase] = await t.db
    .insert(eventPurchases)
    .values({
      eventId: event!.id,
      email,
      ticketType: "VIP",
      quantity: 2,
      eventName: "Demo Day",
      amount: 1_000_000,
      paymentStatus: opts.paymentStatus ?? "paid",
      paymentReference: reference,
    })
    .returning();
  const payment: PaidPayment = {
    id: newId(),
    reference,
    kind: "ticket",
    itemId: event!.id,
    email,
    amountKobo: 1_000_000,
    channel: "ussd",
    paidAt: new Date("2030-03-13T09:30:00Z"),
    purchaseId: purchase!.id,
  };
  return { event: event!, purchase: purchase!, email, reference, payment };
}

const mailsTo = async (email: string) => {
  await t.mailer.drain();
  return readOutbox(t.outboxDir).filter((m) => m.to === email);
};

async function jobsOf(purchaseId: string) {
  const result = await t.db.execute(
    sql`select data, start_after, singleton_key, state from pgboss.job where name = ${STREAM_LINK_QUEUE} and singleton_key like ${purchaseId + "@%"}`,
  );
  return (result as unknown as { rows: Array<{ data: unknown; start_after: Date | string; state: string }> }).rows;
}

const sentAt = async (purchaseId: string) =>
  (await t.db.select().from(eventPurchases).where(eq(eventPurchases.id, purchaseId)))[0]!.streamLinkSentAt;

describe("the ticket e-mail", () => {
  it("carries the event, type, quantity, reference, Lagos start time, the signed code and its QR code", async () => {
    const { purchase, email, reference } = await ticket();
    const result = await sendTicketEmail(depsAt(new Date(START.getTime() - 72 * HOUR)), purchase.id);
    expect(result).toEqual({ sent: true, withStreamLink: false });

    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Your ticket for Demo Day");
    expect(mail!.text).toContain("Event: Demo Day\n");
    expect(mail!.text).toContain("Ticket: VIP (with Q&A)\n");
    expect(mail!.text).toContain("Quantity: 2\n");
    expect(mail!.text).toContain(`Reference: ${reference}\n`);
    expect(mail!.text).toContain("Starts: Saturday 16 March 2030, 4:00 pm WAT\n");
    expect(mail!.text).toContain("We will e-mail you the streaming link 24 hours before the start.");
    expect(mail!.text).not.toContain(STREAM);
    expect(mail!.html).not.toContain(STREAM);

    const code = /Ticket code: (\S+)/.exec(mail!.text)![1]!;
    expect(verifyTicketCode(key, code)).toBe(purchase.id);
    expect(mail!.html).toMatch(new RegExp(`<img [^>]*src="cid:${TICKET_QR_CID}"`));
    expect(mail!.html).toContain(code);
    expect(mail!.attachments).toEqual([
      expect.objectContaining({ contentType: "image/png", cid: TICKET_QR_CID, disposition: "inline" }),
    ]);
    expect(mail!.attachments[0]!.content.equals(await ticketQrPng(code))).toBe(true);
  });

  it("escapes the event name in the HTML", async () => {
    const { purchase, email, event } = await ticket();
    await t.db.update(events).set({ name: "<b>Demo</b> & Day" }).where(eq(events.id, event.id));
    await sendTicketEmail(depsAt(new Date(START.getTime() - 72 * HOUR)), purchase.id);
    const [mail] = await mailsTo(email);
    expect(mail!.html).toContain("&lt;b&gt;Demo&lt;/b&gt; &amp; Day");
    expect(mail!.html).not.toContain("<b>Demo</b>");
  });

  it("answers unknown purchase for an id that is no ticket", async () => {
    expect(await sendTicketEmail(depsAt(START), newId())).toEqual({ sent: false, reason: "unknown purchase" });
  });
});

describe("the streaming link", () => {
  it("bought 3 days before: a job for start − 24 h, nothing sent; run then, it sends once", async () => {
    const { purchase, email, payment } = await ticket();
    const bought = new Date(START.getTime() - 72 * HOUR);
    const result = await afterPaymentPaid(depsAt(bought), payment);
    expect(result.ticket).toEqual({ ok: true, value: { sent: true, withStreamLink: false } });
    const dueAt = new Date(START.getTime() - 24 * HOUR);
    expect(result.streamLink).toEqual({ ok: true, value: { kind: "scheduled", at: dueAt, jobId: expect.any(String) } });

    const jobs = await jobsOf(purchase.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ data: { purchaseId: purchase.id }, state: "created" });
    expect(new Date(jobs[0]!.start_after).toISOString()).toBe(dueAt.toISOString());
    // (ticket + receipt, no link yet)
    expect((await mailsTo(email)).map((m) => m.subject).sort()).toEqual([
      `Your TechAfrica receipt (${payment.reference})`,
      "Your ticket for Demo Day",
    ]);
    expect(await sentAt(purchase.id)).toBeNull();

    // Scheduling again queues no second job.
    const again = await scheduleStreamLink(depsAt(new Date(bought.getTime() + HOUR)), purchase.id);
    expect(again).toMatchObject({ kind: "scheduled", jobId: null });
    expect(await jobsOf(purchase.id)).toHaveLength(1);

    // The worker's work, as the job runs at start − 24 h: the link, once.
    expect(await sendStreamLink(depsAt(dueAt), purchase.id)).toEqual({ sent: true });
    expect(await sentAt(purchase.id)).toEqual(dueAt);
    expect(await sendStreamLink(depsAt(new Date(dueAt.getTime() + 60_000)), purchase.id)).toEqual({
      sent: false,
      reason: "already sent",
    });
    const links = (await mailsTo(email)).filter((m) => m.subject === "Your streaming link for Demo Day");
    expect(links).toHaveLength(1);
    expect(links[0]!.text).toContain(`Join the live stream: ${STREAM}`);
    expect(links[0]!.text).toContain("Starts: Saturday 16 March 2030, 4:00 pm WAT");
    expect(links[0]!.html).toContain(`href="${STREAM}"`);
    // Once sent, nothing more is scheduled.
    expect(await scheduleStreamLink(depsAt(dueAt), purchase.id)).toEqual({ kind: "none" });
  });

  it("duplicate jobs running at once send one link", async () => {
    const { purchase, email } = await ticket();
    const dueAt = new Date(START.getTime() - 24 * HOUR);
    const results = await Promise.all(Array.from({ length: 8 }, () => sendStreamLink(depsAt(dueAt), purchase.id)));
    expect(results.filter((r) => r.sent)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("a due job is run by the app's worker, which sends the link", async () => {
    // Real time here: the event starts in 3 days; the job is made due by moving its start_after.
    const { purchase, email } = await ticket({ startsAt: new Date(Date.now() + 72 * HOUR) });
    const scheduled = await scheduleStreamLink(depsAt(new Date()), purchase.id);
    expect(scheduled).toMatchObject({ kind: "scheduled" });
    await t.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${STREAM_LINK_QUEUE} and singleton_key like ${purchase.id + "@%"}`,
    );
    // (and the clock with it: the start is now 24 hours and a few minutes away, within the job's tolerance)
    await t.db
      .update(events)
      .set({ startsAt: new Date(Date.now() + 24 * HOUR + 5 * 60_000) })
      .where(eq(events.id, purchase.eventId));
    const deadline = Date.now() + 15_000;
    while (!(await sentAt(purchase.id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await sentAt(purchase.id)).not.toBeNull();
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(["Your streaming link for Demo Day"]);
  });

  it("bought 2 hours before: the link in the ticket e-mail, and no job", async () => {
    const { purchase, email, payment } = await ticket();
    const bought = new Date(START.getTime() - 2 * HOUR);
    const result = await afterPaymentPaid(depsAt(bought), payment);
    expect(result.ticket).toEqual({ ok: true, value: { sent: true, withStreamLink: true } });
    expect(result.streamLink).toEqual({ ok: true, value: { kind: "none" } });
    expect(await jobsOf(purchase.id)).toEqual([]);
    expect(await sentAt(purchase.id)).toEqual(bought);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Your TechAfrica receipt (${payment.reference})`,
      "Your ticket for Demo Day",
    ]);
    const ticketMail = mails.find((m) => m.subject === "Your ticket for Demo Day")!;
    expect(ticketMail.text).toContain(`Join the live stream: ${STREAM}`);
    expect(ticketMail.text).not.toContain("24 hours before");
  });

  it("bought during the event (within 3 hours of its start) still gets the link; after that, none", async () => {
    const during = await ticket();
    await afterPaymentPaid(depsAt(new Date(START.getTime() + 2 * HOUR)), during.payment);
    expect((await mailsTo(during.email)).find((m) => m.subject.startsWith("Your ticket"))!.text).toContain(STREAM);

    const after = await ticket();
    const result = await afterPaymentPaid(depsAt(new Date(START.getTime() + 4 * HOUR)), after.payment);
    expect(result.streamLink).toEqual({ ok: true, value: { kind: "none" } });
    expect(await jobsOf(after.purchase.id)).toEqual([]);
    expect(await sentAt(after.purchase.id)).toBeNull();
    for (const m of await mailsTo(after.email)) expect(m.text).not.toContain(STREAM);
    expect(await sendStreamLink(depsAt(new Date(START.getTime() + 4 * HOUR)), after.purchase.id)).toEqual({
      sent: false,
      reason: "event over",
    });
  });

  it("sends nothing for an event without a start time or link, or a ticket not paid", async () => {
    const noStart = await ticket({ startsAt: null });
    const result = await afterPaymentPaid(depsAt(START), noStart.payment);
    expect(result.streamLink).toEqual({ ok: true, value: { kind: "none" } });
    const [ticketMail] = (await mailsTo(noStart.email)).filter((m) => m.subject.startsWith("Your ticket"));
    expect(ticketMail!.text).not.toContain("Starts:");
    expect(ticketMail!.text).not.toContain(STREAM);

    const noLink = await ticket({ streamUrl: null });
    expect(await sendStreamLink(depsAt(START), noLink.purchase.id)).toEqual({
      sent: false,
      reason: "no start or link",
    });
    const unpaid = await ticket({ paymentStatus: "pending" });
    expect(await sendStreamLink(depsAt(START), unpaid.purchase.id)).toEqual({ sent: false, reason: "not paid" });
    expect(await sentAt(unpaid.purchase.id)).toBeNull();
  });
});

describe("the receipt", () => {
  it("for a course: title, amount in naira, reference, Lagos date, bank transfer; no ticket e-mail", async () => {
    const [course] = await t.db
      .insert(courses)
      .values(makeCourse({ title: "Full-Stack Web Development", price: 15_000_000 }))
      .returning();
    const email = `learner-${newId()}@example.com`;
    const payment: PaidPayment = {
      id: newId(),
      reference: `TA-${newId()}`,
      kind: "course",
      itemId: course!.id,
      email,
      amountKobo: 12_000_000,
      channel: "bank_transfer",
      paidAt: new Date("2030-01-05T22:30:00Z"),
      purchaseId: newId(),
    };
    const result = await afterPaymentPaid(depsAt(new Date("2030-01-05T22:30:00Z")), payment);
    expect(result).toEqual({ receipt: { ok: true, value: { id: expect.any(String) } } });
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your TechAfrica receipt (${payment.reference})`);
    expect(mail!.text).toContain("Item: Full-Stack Web Development (course)\n");
    expect(mail!.text).toContain("Amount paid: ₦120,000.00\n");
    expect(mail!.text).toContain(`Reference: ${payment.reference}\n`);
    // 22:30 UTC is 23:30 in Lagos, the same day
    expect(mail!.text).toContain("Date: Saturday 5 January 2030, 11:30 pm WAT\n");
    expect(mail!.text).toContain("Paid by: Bank transfer");
    expect(mail!.html).toContain("₦120,000.00");
  });

  it("for tickets: event, type and quantity, amount, and how it was paid", async () => {
    const { payment, email } = await ticket();
    await sendReceiptEmail(depsAt(START), payment);
    const [mail] = await mailsTo(email);
    expect(mail!.text).toContain("Item: Demo Day: VIP (with Q&A) ticket × 2\n");
    expect(mail!.text).toContain("Amount paid: ₦10,000.00\n");
    expect(mail!.text).toContain("Date: Wednesday 13 March 2030, 10:30 am WAT\n");
    expect(mail!.text).toContain("Paid by: USSD");
    await sendReceiptEmail(depsAt(START), { ...payment, channel: "card", email: `card-${email}` });
    expect((await mailsTo(`card-${email}`))[0]!.text).toContain("Paid by: Card");
  });

  it("a failed step is reported, not thrown: the payment is already paid", async () => {
    const { payment } = await ticket();
    const result = await afterPaymentPaid(depsAt(new Date(START.getTime() - 72 * HOUR)), {
      ...payment,
      email: "not an address",
    });
    expect(result.receipt).toEqual({ ok: false, error: expect.stringContaining("not a valid e-mail address") });
    expect(result.ticket).toEqual({ ok: true, value: { sent: true, withStreamLink: false } });
  });
});
