// Refunds (issue 17 "Refunds", beyond the spec; decision 035): an admin refunds a paid purchase in full
// through the gateway. The request's body, the answer, the messages and the words the purchase tables
// show. Plain data and zod: the pages import this too.
import { z } from "zod";
import { PAYMENT_STATUSES } from "./payments.ts";

export const REFUND_REASON_MAX = 500;

export const REFUND_MESSAGES = {
  reason: `The reason must be at most ${REFUND_REASON_MAX} characters`,
  notPaid: "Only a paid purchase can be refunded: this payment is not paid.",
  pending: "A refund of this payment is already in progress.",
  refunded: "This payment has already been refunded.",
  gatewayDown: "The payment provider did not answer, so nothing was refunded. Please try again in a moment.",
  gatewayRefused: (why: string) => `The payment provider refused the refund: ${why}`,
  started: "Refund requested: the payment provider is processing it.",
  done: "Refund complete: the purchase is refunded.",
  failed: "The refund failed at the payment provider. You may try again.",
  noReference: "This purchase has no payment to refund.",
  // decision 060
  free: "This enrolment was free (₦0 with a coupon): there is nothing to refund.",
  confirm: (who: string, amount: string) => `Refund ${amount} to ${who}?`,
  confirmNote:
    "The whole amount goes back to the buyer through the payment provider, the purchase stays on their account marked refunded (no longer theirs to use) and they get an e-mail.",
  summary: (who: string, amount: string) => `You are refunding ${amount} to ${who}.`,
  unknownForm: "This form is not known here. Please reload the page.",
  // /admin/refunds (issue 29; decision 051)
  stillProcessing: "The payment provider is still processing this refund; its answer will settle it.",
  stuck: "Stuck: nothing is working on this refund. Retry reads the provider's state and asks only if it has none.",
  working: "Being worked on now.",
  failedNote: "The refund failed at the payment provider.",
  none: "No refund is pending or failed.",
};

/** POST /api/admin/payments/{reference}/refund: an optional reason, kept in the payment's history. */
export const RefundRequestSchema = z.object({
  reason: z.string({ error: REFUND_MESSAGES.reason }).trim().max(REFUND_REASON_MAX, REFUND_MESSAGES.reason).optional(),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** The answer: the payment's state after the request (refunded at once in the sandbox, else refund_pending). */
export const RefundResultSchema = z.object({
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** the gateway's id of the refund (null when it gave none) */
  refundId: z.string().nullable(),
  message: z.string(),
});
export type RefundResult = z.infer<typeof RefundResultSchema>;

/** The intent of /admin/refunds' Retry (a refund left pending resumed; decision 051). */
export const REFUND_RETRY_INTENT = "refund.retry";

/** GET /api/admin/refunds: the refunds not settled (refund_pending and refund_failed), the oldest first. */
export const UnsettledRefundSchema = z.object({
  reference: z.string(),
  kind: z.enum(["course", "ticket"]),
  itemId: z.string(),
  email: z.string(),
  /** naira */
  amount: z.number(),
  status: z.enum(["refund_pending", "refund_failed"]),
  /** when the payment entered its status (ISO) */
  since: z.string(),
  /** how long ago, in seconds */
  ageSeconds: z.number().int(),
  /** someone (a request, the job, a retry) holds the refund's work right now */
  inProgress: z.boolean(),
  refundId: z.string().nullable(),
  requestedBy: z.string().nullable(),
  /** the last error the gateway gave, for a failed refund */
  error: z.string().nullable(),
});
export type UnsettledRefund = z.infer<typeof UnsettledRefundSchema>;

/** "3 min", "2 h 5 min", "4 d 1 h": how long a refund has waited. */
export function refundAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  const days = Math.floor(hours / 24);
  return `${days} d${hours % 24 ? ` ${hours % 24} h` : ""}`;
}

/** The statuses from which an admin may (re)start a refund. */
export const REFUNDABLE_STATUSES = ["paid", "refund_failed"] as const;

/** What a purchase table says of a record: its row's status, or the refund under way on its payment. */
export function purchaseStatusLabel(rowStatus: string, paymentStatus?: string | null): string {
  if (rowStatus === "refunded" || paymentStatus === "refunded") return "Refunded";
  if (paymentStatus === "refund_pending") return "Refund pending";
  if (paymentStatus === "refund_failed") return "Paid (refund failed)";
  return rowStatus === "paid" ? "Paid" : "Not Paid";
}

/** Whether the row offers Refund: its payment is paid, or its last refund failed. */
export function canRefund(paymentStatus: string | null | undefined): boolean {
  return (REFUNDABLE_STATUSES as readonly string[]).includes(paymentStatus ?? "");
}
