// What follows a verified payment (issue 9 "After paying"): the payments core's paid job calls
// afterPaymentPaid for every paid payment, at least once (decision 031: the job is written with the paid
// status, and runs again after a crash). A receipt for every payment; for a ticket also the ticket e-mail
// and the streaming link (scheduled, or at once). Each goes out once however often this runs: the
// e-mails are stored under a key (receipt:<payment id>, ticket:<purchase id>) and the link is claimed.
// The payment is already paid and committed: a failed e-mail is logged and reported in the result, never
// thrown back at it (the job tries again).
import { eq } from "drizzle-orm";
import { courses, eventPurchases } from "../../db/schema.ts";
import { ticketTypeLabel } from "../../../contract/showcase/tickets.ts";
import { createCouponsService } from "../coupons/coupons.service.ts";
import { receiptMail, type ReceiptCoupon, type ReceiptInput } from "./emails.ts";
import {
  scheduleStreamLink,
  sendTicketEmail,
  type ScheduleResult,
  type TicketDeps,
  type TicketEmailResult,
} from "./tickets.service.ts";
import type { Mailer } from "../mail/mail.service.ts";

/** The payment as the payments core hands it over (the merger maps its row onto this). */
export interface PaidPayment {
  id: string;
  reference: string;
  kind: "course" | "ticket";
  /** the course or event id */
  itemId: string;
  email: string;
  amountKobo: number;
  /** Paystack's channel: card, bank_transfer, ussd ... (null when unknown) */
  channel: string | null;
  paidAt: Date;
  /** the course_purchases or event_purchases row the payment paid for */
  purchaseId: string | null;
  /** the buyer's name: the one typed for a course, else the signed-in buyer's (null when unknown) */
  buyerName?: string | null;
  /** a course's price after discount when the payment started, before any coupon (kobo; null when not recorded) */
  listAmountKobo?: number | null;
  /** a course's full price when the payment started (kobo; null when not recorded; decision 059) */
  fullAmountKobo?: number | null;
  /** the coupon applied when the payment started, if any */
  couponId?: string | null;
  /** that coupon as it stood when the payment was paid (else it is read when the receipt is made) */
  coupon?: ReceiptCoupon | null;
}

export type AfterPaymentDeps = TicketDeps & { mailer: Pick<Mailer, "send" | "sendOnce" | "byKey"> };

type ReceiptItem = Pick<ReceiptInput, "item" | "priceKobo" | "fullPriceKobo" | "quantity" | "coupon">;

/** The key a payment's one receipt is stored under (mail_messages.dedupe_key). */
export const receiptKey = (paymentId: string) => `receipt:${paymentId}`;

/** What was bought, in words ("Full-Stack Web Development (course)", "Demo Day: VIP (with Q&A) ticket × 2") and its price. */
async function describeItem(deps: AfterPaymentDeps, payment: PaidPayment): Promise<ReceiptItem> {
  if (payment.kind === "course") {
    const [course] = await deps.db.select({ title: courses.title }).from(courses).where(eq(courses.id, payment.itemId));
    return {
      item: `${course?.title ?? "Course"} (course)`,
      priceKobo: payment.listAmountKobo ?? null,
      fullPriceKobo: payment.fullAmountKobo ?? null,
      coupon:
        payment.coupon !== undefined
          ? payment.coupon
          : payment.couponId
            ? await createCouponsService(deps.db).applied(
                payment.couponId,
                payment.listAmountKobo ?? null,
                payment.amountKobo,
              )
            : null,
    };
  }
  const [ticket] = payment.purchaseId
    ? await deps.db.select().from(eventPurchases).where(eq(eventPurchases.id, payment.purchaseId))
    : [];
  if (!ticket) return { item: "Event ticket" };
  const label = ticketTypeLabel(ticket.ticketType);
  return {
    item: `${ticket.eventName}: ${label} ticket${ticket.quantity > 1 ? ` × ${ticket.quantity}` : ""}`,
    // spec §9: amount = price × quantity × 100, so each ticket cost the amount over the quantity
    priceKobo: Math.round(payment.amountKobo / ticket.quantity),
    quantity: ticket.quantity,
  };
}

/**
 * The receipt: what was bought, its original price, the coupon and its discount, the amount paid in
 * naira, reference, date (Lagos time), how it was paid, and a button to /account. With `once`, the
 * payment's one receipt: stored under receiptKey(payment.id), and not again when it already is.
 */
export async function sendReceiptEmail(
  deps: AfterPaymentDeps,
  payment: PaidPayment,
  { once = false }: { once?: boolean } = {},
): Promise<{ id: string }> {
  const key = receiptKey(payment.id);
  const stored = once ? await deps.mailer.byKey(key) : null;
  if (stored) return stored;
  const mail = await receiptMail({
    brand: deps.brand,
    to: payment.email,
    name: payment.buyerName ?? null,
    ...(await describeItem(deps, payment)),
    amountKobo: payment.amountKobo,
    reference: payment.reference,
    paidAt: payment.paidAt,
    channel: payment.channel,
  });
  if (!once) return deps.mailer.send(mail);
  const { id } = await deps.mailer.sendOnce(mail, key);
  return { id };
}

type Step<T> = { ok: true; value: T } | { ok: false; error: string };

export interface AfterPaymentResult {
  receipt: Step<{ id: string }>;
  ticket?: Step<TicketEmailResult>;
  streamLink?: Step<ScheduleResult>;
}

export async function afterPaymentPaid(deps: AfterPaymentDeps, payment: PaidPayment): Promise<AfterPaymentResult> {
  const step = async <T>(name: string, run: () => Promise<T>): Promise<Step<T>> => {
    try {
      return { ok: true, value: await run() };
    } catch (caught) {
      const error = caught instanceof Error ? caught.message : String(caught);
      deps.logger?.error(`after payment: ${name} failed`, { paymentId: payment.id, error });
      return { ok: false, error };
    }
  };
  const result: AfterPaymentResult = {
    receipt: await step("receipt", () => sendReceiptEmail(deps, payment, { once: true })),
  };
  if (payment.kind === "ticket" && payment.purchaseId) {
    const purchaseId = payment.purchaseId;
    // The ticket e-mail first: when the link is due now it travels inside it, and the schedule sends no more.
    result.ticket = await step("ticket e-mail", () => sendTicketEmail(deps, purchaseId));
    result.streamLink = await step("stream link", () => scheduleStreamLink(deps, purchaseId));
  }
  return result;
}
