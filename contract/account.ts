// A learner's own purchases (issue 9: "A signed-in learner's /account page lists their courses, tickets
// (with the QR code) and receipts"; decision 018). Only paid payments, and only the user's: started while
// signed in, or made with their e-mail address once that address is verified. Amounts in naira, times
// ISO 8601.
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
  /** the signed ticket code: what the QR code encodes, the same as in the ticket e-mail */
  code: z.string(),
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
});
export type AccountReceipt = z.infer<typeof AccountReceiptSchema>;

export const AccountPurchasesSchema = z.object({
  email: z.string(),
  /** false: purchases made with this address while signed out are not listed until it is verified */
  emailVerified: z.boolean(),
  /** newest first, each course once (its latest payment) */
  courses: z.array(AccountCourseSchema),
  /** newest first, one per paid ticket payment */
  tickets: z.array(AccountTicketSchema),
  /** every paid payment, newest first */
  receipts: z.array(AccountReceiptSchema),
});
export type AccountPurchases = z.infer<typeof AccountPurchasesSchema>;

// What /account shows (decision 018): the purchases above with their dates already in Lagos time (made
// on the server, so server and browser never disagree while hydrating) and each ticket's QR code as an
// image address. Made by the account service (accountPage), not an API response.
export type AccountPageCourse = AccountCourse & { paidOn: string };
export type AccountPageTicket = AccountTicket & {
  paidOn: string;
  /** "Saturday 14 March 2026, 4:00 pm WAT", else the event's own time text, else null */
  starts: string | null;
  /** a data: URL of the QR code's SVG (our own generator's, from a code we signed), null if none */
  qr: string | null;
  /** the streaming link is still to be e-mailed (24 hours before the start) */
  linkLater: boolean;
};
export type AccountPageReceipt = AccountReceipt & { paidOn: string };

export interface AccountPage {
  email: string;
  emailVerified: boolean;
  courses: AccountPageCourse[];
  tickets: AccountPageTicket[];
  receipts: AccountPageReceipt[];
}
