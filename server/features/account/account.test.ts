// GET /backend/api/account/purchases through the real app (issue 9 "/account"; decision 018): only paid
// payments, only the user's — started while signed in (payments.user_id, whatever e-mail was typed), or
// made with their address (any case) once that address is verified. Tickets carry the same signed code
// as the ticket e-mail's QR code. A refunded purchase stays, marked refunded with when and how much, with
// its receipt, and is no longer an enrolment or a valid ticket (issue 29; decision 065).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountPurchasesSchema, type AccountPurchases } from "../../../contract/account/account.ts";
import { AUTH_MESSAGES } from "../../../contract/account/auth.ts";
import { formatLagosDate, formatLagosLong } from "../../../contract/lib/dates.ts";
import { courses, eventPurchases, events, mailMessages, user } from "../../db/schema.ts";
import { bearer, createAccount, sameOrigin, verifyEmail, type TestAccount } from "../../../tests/support/accounts.ts";
import { makeCourse, makeEvent } from "../../../tests/support/factories.ts";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { paymentOf } from "../../../tests/support/payments.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { ticketKey, verifyTicketCode } from "../tickets/ticket-code.ts";
import { ok } from "../../../tests/support/api-calls.ts";

let t: TestApp;
let courseId: string;
let courseTitle: string;
let eventId: string;
let admin: TestAccount;
beforeAll(async () => {
  // (more accounts and payments than the default limits allow from the tests' one address)
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000", PAYMENT_RATE_LIMIT: "1000" });
  admin = await createAccount(t, { admin: true });
  courseTitle = "Cybersecurity Essentials";
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ title: courseTitle, price: 2_000_000, showDiscount: false, category: "Cybersecurity" }))
    .returning();
  courseId = course!.id;
  const [event] = await t.db
    .insert(events)
    .values(makeEvent({ name: "Lagos Demo Day", startsAt: new Date(Date.now() + 10 * 24 * 60 * 60_000) }))
    .returning();
  eventId = event!.id;
});
afterAll(() => t?.close());

type Outcome = "success" | "failed" | "abandoned" | null;

/** Starts a payment (as `who`, or signed out) and settles it at the sandbox checkout; its reference. */
async function pay(
  kind: "course" | "ticket",
  email: string,
  { who, outcome = "success", quantity = 1 }: { who?: TestAccount; outcome?: Outcome; quantity?: number } = {},
): Promise<string> {
  const json =
    kind === "course"
      ? { courseId, fullName: "Ada Lovelace", email, phone: "08030000000" }
      : { eventId, email, ticketType: "VIP", quantity };
  const res = await t.request(`/backend/api/payments/${kind}`, {
    method: "POST",
    headers: who ? bearer(who) : {},
    json,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { reference, checkoutUrl } = (await res.json()) as { reference: string; checkoutUrl: string };
  if (outcome) expect((await t.request(`${checkoutUrl}/${outcome}`, { method: "POST" })).status).toBe(200);
  return reference;
}

async function purchasesOf(who: TestAccount, via: "bearer" | "cookie" = "bearer"): Promise<AccountPurchases> {
  const res = await t.request("/backend/api/account/purchases", {
    headers: via === "bearer" ? bearer(who) : { Cookie: who.cookie },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  return AccountPurchasesSchema.parse(await res.json());
}

const references = (p: AccountPurchases) => p.receipts.map((r) => r.reference);

describe("GET /backend/api/account/purchases", () => {
  it("is 401 signed out", async () => {
    const res = await t.request("/backend/api/account/purchases");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: "unauthorized" } });
  });

  it("lists the user's paid course, VIP tickets and both receipts, newest first", async () => {
    const ada = await createAccount(t);
    const courseRef = await pay("course", ada.email, { who: ada });
    const ticketRef = await pay("ticket", ada.email, { who: ada, quantity: 2 });
    // the signed-in starts are recorded as Ada's; a signed-out one is nobody's
    expect((await paymentOf(t.db, courseRef)).userId).toBe(ada.id);
    expect((await paymentOf(t.db, ticketRef)).userId).toBe(ada.id);
    expect((await paymentOf(t.db, await pay("course", "anon@example.test", { outcome: null }))).userId).toBeNull();

    const mine = await purchasesOf(ada, "cookie");
    expect(mine).toMatchObject({ email: ada.email, emailVerified: true });
    expect(mine.courses).toEqual([
      expect.objectContaining({
        courseId,
        title: courseTitle,
        category: "Cybersecurity",
        amount: 20_000,
        reference: courseRef,
      }),
    ]);
    expect(mine.tickets).toEqual([
      expect.objectContaining({
        eventId,
        eventName: "Lagos Demo Day",
        ticketType: "VIP",
        ticketTypeLabel: "VIP (with Q&A)",
        quantity: 2,
        amount: 10_000,
        reference: ticketRef,
      }),
    ]);
    expect(mine.tickets[0]!.startsAt).not.toBeNull();
    expect(references(mine).toSorted()).toEqual([courseRef, ticketRef].toSorted());
    const ticketReceipt = mine.receipts.find((r) => r.reference === ticketRef)!;
    expect(ticketReceipt).toMatchObject({
      kind: "ticket",
      item: "2 × VIP (with Q&A) tickets for Lagos Demo Day",
      amount: 10_000,
      currency: "NGN",
      channel: "card",
      paidBy: "Card",
    });
    expect(mine.receipts.find((r) => r.reference === courseRef)).toMatchObject({ kind: "course", item: courseTitle });
    const times = mine.receipts.map((r) => Date.parse(r.paidAt));
    expect(times).toEqual(times.toSorted((a, b) => b - a));
  });

  it("the ticket's code is the one in the ticket e-mail, genuine, and its QR image is made only for such codes", async () => {
    const grace = await createAccount(t);
    const reference = await pay("ticket", grace.email, { who: grace });
    const [listed] = (await purchasesOf(grace)).tickets;
    const ticket = { ...listed!, code: listed!.code! };
    const [purchase] = await t.db.select().from(eventPurchases).where(eq(eventPurchases.paymentReference, reference));
    const key = ticketKey(t.services.auth.options.secret);
    expect(verifyTicketCode(key, ticket.code)).toBe(purchase!.id);

    await t.mailer.drain();
    const mail = readOutbox(t.outboxDir).find((m) => m.to.includes(grace.email) && /^Your ticket/.test(m.subject));
    expect(mail, "the ticket e-mail").toBeDefined();
    expect(mail!.text).toContain(`Ticket code: ${ticket.code}`);

    const image = await t.services.account.ticketQrImage(ticket.code);
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(image!.split(",")[1]!, "base64").toString()).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    // a code we did not sign (altered, made up, or markup) gets no image
    const forged = `${ticket.code.slice(0, -2)}${ticket.code.endsWith("AA") ? "AB" : "AA"}`;
    for (const code of [forged, "<svg onload=alert(1)>", `${purchase!.id}.`, ""]) {
      expect(await t.services.account.ticketQrImage(code), code).toBeNull();
    }
  });

  it("gives /account its page: dates in Lagos time, the ticket's start as the e-mail writes it, its QR code", async () => {
    const kemi = await createAccount(t);
    await pay("course", kemi.email, { who: kemi });
    await pay("ticket", kemi.email, { who: kemi });
    const purchases = await purchasesOf(kemi);
    const page = await t.services.account.accountPage(kemi.id);
    expect(page.email).toBe(kemi.email);
    expect(page.courses).toHaveLength(1);
    expect(page.courses[0]!.paidOn).toBe(formatLagosDate(purchases.courses[0]!.paidAt));
    expect(page.receipts.map((r) => r.paidOn)).toEqual(purchases.receipts.map((r) => formatLagosDate(r.paidAt)));
    const [ticket] = page.tickets;
    const [event] = await t.db.select().from(events).where(eq(events.id, eventId));
    expect(ticket!.starts).toBe(formatLagosLong(event!.startsAt!));
    expect(ticket!.starts).toMatch(/^\w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m WAT$/);
    expect(ticket!.qr).toBe(await t.services.account.ticketQrImage(ticket!.code!));
    expect(ticket!.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    // the event starts in 10 days: its streaming link is e-mailed 24 hours before, not yet
    expect(ticket!.linkLater).toBe(true);
    const atStart = await t.services.account.accountPage(kemi.id, event!.startsAt!);
    expect(atStart.tickets[0]!.linkLater).toBe(false);
  });

  it("shows no pending, failed or abandoned payment", async () => {
    const bola = await createAccount(t);
    await pay("course", bola.email, { who: bola, outcome: null });
    await pay("ticket", bola.email, { who: bola, outcome: "failed" });
    await pay("course", bola.email, { who: bola, outcome: "abandoned" });
    // signed out with the address, unpaid: not shown either
    await pay("ticket", bola.email, { outcome: "failed" });
    expect(await purchasesOf(bola)).toMatchObject({ courses: [], tickets: [], receipts: [] });
  });

  it("never shows another user's purchases", async () => {
    const chidi = await createAccount(t);
    const dayo = await createAccount(t);
    const chidis = await pay("course", chidi.email, { who: chidi });
    const dayos = await pay("ticket", dayo.email, { who: dayo });
    expect(references(await purchasesOf(chidi))).toEqual([chidis]);
    expect(references(await purchasesOf(dayo))).toEqual([dayos]);
  });

  it("a purchase made signed in with another e-mail address is still the user's", async () => {
    const efe = await createAccount(t);
    const reference = await pay("course", "efe.work@example.test", { who: efe });
    expect(references(await purchasesOf(efe))).toEqual([reference]);
  });

  it("matches the address whatever its case", async () => {
    const femi = await createAccount(t);
    const reference = await pay("ticket", femi.email.toUpperCase());
    expect((await paymentOf(t.db, reference)).userId).toBeNull();
    expect(references(await purchasesOf(femi))).toEqual([reference]);
  });

  it("shows purchases made signed out with the user's address only once the address is verified", async () => {
    const gbenga = await createAccount(t);
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, gbenga.id));
    const signedOut = await pay("course", gbenga.email);
    const signedIn = await pay("ticket", gbenga.email, { who: gbenga });

    const before = await purchasesOf(gbenga);
    expect(before.emailVerified).toBe(false);
    // the payment started signed in is theirs all the same
    expect(references(before)).toEqual([signedIn]);
    expect(before.courses).toEqual([]);

    // /account's "Send me the verification link again", then the link from the e-mail
    const caller = { headers: new Headers({ Cookie: gbenga.cookie, ...sameOrigin(t) }), clientIp: "203.0.113.7" };
    const mailsBefore = await t.db.select().from(mailMessages).where(eq(mailMessages.to, gbenga.email));
    expect(await t.services.authFlows.sendVerificationEmail(caller, gbenga.email)).toMatchObject({
      ok: true,
      value: AUTH_MESSAGES.verificationSent,
    });
    const mailsAfter = await t.db.select().from(mailMessages).where(eq(mailMessages.to, gbenga.email));
    expect(mailsAfter.length).toBe(mailsBefore.length + 1);
    expect((await verifyEmail(t, gbenga.email)).status).toBeLessThan(400);

    const after = await purchasesOf(gbenga);
    expect(after.emailVerified).toBe(true);
    expect(references(after).toSorted()).toEqual([signedIn, signedOut].toSorted());
    expect(after.courses.map((c) => c.reference)).toEqual([signedOut]);
    // verified now: asking again is refused with a clear sentence
    expect(await t.services.authFlows.sendVerificationEmail(caller, gbenga.email)).toMatchObject({
      ok: false,
      message: AUTH_MESSAGES.alreadyVerified,
    });
  });

  it("lists a course once however often it was paid for, with a receipt for each payment", async () => {
    const hauwa = await createAccount(t);
    const first = await pay("course", hauwa.email, { who: hauwa });
    const second = await pay("course", hauwa.email, { who: hauwa });
    const mine = await purchasesOf(hauwa);
    expect(mine.courses).toHaveLength(1);
    expect(mine.receipts.map((r) => r.reference).toSorted()).toEqual([first, second].toSorted());
  });
});

describe("a refunded purchase on /account (decision 065)", () => {
  /** Refunds a paid payment as an admin, through the refund route (the sandbox refunds at once). */
  async function refund(reference: string) {
    const res = await t.request(`/backend/api/admin/payments/${reference}/refund`, {
      method: "POST",
      headers: bearer(admin),
      json: { reason: "Changed my mind" },
    });
    expect(await ok<{ status: string }>(res)).toMatchObject({ status: "refunded" });
    const payment = await paymentOf(t.db, reference);
    expect(payment.status).toBe("refunded");
    return payment;
  }

  it("stays listed, marked refunded with when and how much; its receipt stays; the ticket has no code any more", async () => {
    const ife = await createAccount(t);
    const courseRef = await pay("course", ife.email, { who: ife });
    const ticketRef = await pay("ticket", ife.email, { who: ife, quantity: 2 });
    const paidBefore = await purchasesOf(ife);
    expect(paidBefore.courses[0]).toMatchObject({ status: "paid", refundedAt: null, refundedAmount: null });
    expect(paidBefore.tickets[0]!.code).not.toBeNull();

    const refundedCourse = await refund(courseRef);
    const refundedTicket = await refund(ticketRef);
    const courseRefundedAt = new Date(String(refundedCourse.details.refundedAt)).toISOString();
    const ticketRefundedAt = new Date(String(refundedTicket.details.refundedAt)).toISOString();

    const mine = await purchasesOf(ife);
    expect(mine.courses).toEqual([
      expect.objectContaining({
        courseId,
        title: courseTitle,
        reference: courseRef,
        amount: 20_000,
        status: "refunded",
        refundedAt: courseRefundedAt,
        refundedAmount: 20_000,
      }),
    ]);
    expect(mine.tickets).toEqual([
      expect.objectContaining({
        eventId,
        reference: ticketRef,
        quantity: 2,
        amount: 10_000,
        status: "refunded",
        refundedAt: ticketRefundedAt,
        refundedAmount: 10_000,
        // a refunded ticket admits no one: no code to show
        code: null,
      }),
    ]);
    // both receipts, still there, marked
    expect(mine.receipts.map((r) => [r.reference, r.status, r.refundedAmount]).toSorted()).toEqual(
      [
        [courseRef, "refunded", 20_000],
        [ticketRef, "refunded", 10_000],
      ].toSorted(),
    );
    expect(mine.receipts.find((r) => r.reference === courseRef)).toMatchObject({
      kind: "course",
      item: courseTitle,
      amount: 20_000,
      paidBy: "Card",
      refundedAt: courseRefundedAt,
    });

    // the page: the refund's date in Lagos time, no QR code and no streaming link to wait for
    const page = await t.services.account.accountPage(ife.id);
    expect(page.courses[0]).toMatchObject({ status: "refunded", refundedOn: formatLagosDate(courseRefundedAt) });
    expect(page.tickets[0]).toMatchObject({
      status: "refunded",
      refundedOn: formatLagosDate(ticketRefundedAt),
      qr: null,
      linkLater: false,
    });
    expect(page.receipts.every((r) => r.refundedOn !== null)).toBe(true);
  });

  it("a course bought again after its refund is held again, listed once; a valid ticket comes before a refunded one", async () => {
    const jide = await createAccount(t);
    const first = await pay("course", jide.email, { who: jide });
    await refund(first);
    const again = await pay("course", jide.email, { who: jide });
    const keptTicket = await pay("ticket", jide.email, { who: jide });
    const refundedTicket = await pay("ticket", jide.email, { who: jide });
    await refund(refundedTicket);

    const mine = await purchasesOf(jide);
    expect(mine.courses).toEqual([expect.objectContaining({ courseId, reference: again, status: "paid" })]);
    expect(mine.tickets.map((x) => [x.reference, x.status])).toEqual([
      [keptTicket, "paid"],
      [refundedTicket, "refunded"],
    ]);
    expect(mine.tickets[0]!.code).not.toBeNull();
    // every payment keeps its receipt, newest first, the refunded ones marked
    const statuses = new Map(mine.receipts.map((r) => [r.reference, r.status]));
    expect(Object.fromEntries(statuses)).toEqual({
      [first]: "refunded",
      [again]: "paid",
      [keptTicket]: "paid",
      [refundedTicket]: "refunded",
    });
    const times = mine.receipts.map((r) => Date.parse(r.paidAt));
    expect(times).toEqual(times.toSorted((a, b) => b - a));
  });
});
