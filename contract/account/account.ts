// A learner's own purchases (issue 9: "A signed-in learner's /account page lists their courses, tickets
// (with the QR code) and receipts"; decision 018). Only paid payments, and only the user's: started while
// signed in, or made with their e-mail address once that address is verified. A refunded one stays,
// marked refunded, with its receipt, and is no longer an enrolment or a valid ticket (issue 29; decision
// 065). Amounts in naira, times ISO 8601.
import { z } from "zod";

export const ACCOUNT_TEXTS = {
  title: "My account",
  courses: "My courses",
  tickets: "My tickets",
  receipts: "Receipts",
  noCourses: "You have not bought a course yet.",
  noTickets: "You have no event tickets yet.",
  noReceipts: "No payments yet. Your receipts will be listed here.",
  unverified:
    "Purchases made with this address while you were signed out will show here once your e-mail address is verified.",
  resend: "Send me the verification link again",
  // decision 065: a refunded purchase stays listed, marked
  refunded: "Refunded",
  courseRefunded: "This course was refunded: you are no longer enrolled.",
  ticketRefunded: "This ticket was refunded: it no longer admits anyone.",
};

/**
 * What the buyer holds: `paid` (a refund pending or failed still counts: they keep what they paid for,
 * decision 035), or `refunded`: listed, no longer an enrolment or a valid ticket (decision 065).
 */
export const ACCOUNT_PURCHASE_STATUSES = ["paid", "refunded"] as const;

/** A purchase's state and, once refunded, when and how much came back. */
const refundFields = {
  status: z.enum(ACCOUNT_PURCHASE_STATUSES),
  /** when the refund was settled (ISO 8601); null while paid, or when the time is not known */
  refundedAt: z.string().nullable(),
  /** what was given back, naira (refunds are whole: the amount paid); null while paid */
  refundedAmount: z.number().nullable(),
};

export const AccountCourseSchema = z.object({
  courseId: z.string(),
  /** the course's title, or "A course no longer offered" when it was removed */
  title: z.string(),
  category: z.string().nullable(),
  instructor: z.string().nullable(),
  /** what was paid, naira */
  amount: z.number(),
  reference: z.string(),
  paidAt: z.string(),
  ...refundFields,
});
export type AccountCourse = z.infer<typeof AccountCourseSchema>;

export const AccountTicketSchema = z.object({
  /** the event_purchases row: the ticket */
  ticketId: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  /** the event's own time text ("Saturday 14 March, 4 pm WAT"), may be empty */
  eventTime: z.string(),
  startsAt: z.string().nullable(),
  /** Standard | VIP */
  ticketType: z.string(),
  /** "Standard", "VIP (with Q&A)" */
  ticketTypeLabel: z.string(),
  quantity: z.number().int(),
  amount: z.number(),
  reference: z.string(),
  paidAt: z.string(),
  ...refundFields,
  /**
   * the signed ticket code: what the QR code encodes, the same as in the ticket e-mail; null once the
   * ticket is refunded (it admits no one)
   */
  code: z.string().nullable(),
});
export type AccountTicket = z.infer<typeof AccountTicketSchema>;

export const AccountReceiptSchema = z.object({
  reference: z.string(),
  kind: z.enum(["course", "ticket"]),
  /** what was bought: the course's title, or "2 × VIP (with Q&A) tickets for Demo Day" */
  item: z.string(),
  amount: z.number(),
  currency: z.string(),
  paidAt: z.string(),
  /** the gateway's channel (card, bank_transfer...), null when unknown */
  channel: z.string().nullable(),
  /** how it was paid, in words: "Card", "Bank transfer" */
  paidBy: z.string(),
  ...refundFields,
});
export type AccountReceipt = z.infer<typeof AccountReceiptSchema>;

export const AccountPurchasesSchema = z.object({
  email: z.string(),
  /** false: purchases made with this address while signed out are not listed until it is verified */
  emailVerified: z.boolean(),
  /**
   * each course once: the ones held first (newest first, by the latest payment held), then the refunded
   * ones (a course with no payment held any more)
   */
  courses: z.array(AccountCourseSchema),
  /** one per paid ticket payment: the valid ones first, then the refunded ones, each newest first */
  tickets: z.array(AccountTicketSchema),
  /** every paid payment, refunded ones included (marked), newest first */
  receipts: z.array(AccountReceiptSchema),
});
export type AccountPurchases = z.infer<typeof AccountPurchasesSchema>;

// What /account shows (decision 018): the purchases above with their dates already in Lagos time (made
// on the server, so server and browser never disagree while hydrating) and each ticket's QR code as an
// image address. Made by the account service (accountPage), not an API response.
/** `refundedOn`: the refund's date in Lagos time, null while paid or when not known */
export type AccountPageCourse = AccountCourse & { paidOn: string; refundedOn: string | null };
export type AccountPageTicket = AccountTicket & {
  paidOn: string;
  refundedOn: string | null;
  /** "Saturday 14 March 2026, 4:00 pm WAT", else the event's own time text, else null */
  starts: string | null;
  /** a data: URL of the QR code's SVG (our own generator's, from a code we signed), null if none */
  qr: string | null;
  /** the streaming link is still to be e-mailed (24 hours before the start) */
  linkLater: boolean;
};
export type AccountPageReceipt = AccountReceipt & { paidOn: string; refundedOn: string | null };

export interface AccountPage {
  email: string;
  emailVerified: boolean;
  courses: AccountPageCourse[];
  tickets: AccountPageTicket[];
  receipts: AccountPageReceipt[];
}
