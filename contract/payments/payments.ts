// Paying for courses and tickets (public-area §2 enrol and ticket modals, /verify-payment; §3 coupon
// validation result and purchase records; §5; §7; §8; §9; decision 016). Amounts the browser sends never
// count: the server computes them from the database.
import { z } from "zod";
import { EMAIL_MAX } from "../lib/common.ts";
import { CHECKOUT_TEXTS, FREE_PROVIDER } from "./payment-texts.ts";
import { TICKET_MAX_QUANTITY, TICKET_MESSAGES, TICKET_TYPES } from "../showcase/tickets.ts";

export const PAYMENT_MESSAGES = {
  // spec §2 "Coupon": 'Coupon applied successfully!'; §8 'Invalid or expired coupon code'
  couponApplied: CHECKOUT_TEXTS.couponApplied,
  couponInvalid: CHECKOUT_TEXTS.couponInvalid,
  couponOtherCourse: "This coupon is not valid for this course",
  // issue 17, decision 034: a coupon's expiry and usage limit
  couponExpired: "This coupon has expired",
  couponUsedUp: "This coupon has been used up",
  courseNotFound: "Course not found",
  couponNotFound: "Coupon not found",
  eventNotFound: "Event not found",
  paymentNotFound: "No payment with this reference",
  paymentOtherItem: "This payment reference is for another purchase",
  tooSmall: "The amount to pay is too small to be paid online",
  gatewayDown: "The payment provider did not answer. Please try again in a moment.",
  signature: "The webhook signature is missing or not valid",
  sandboxOnly: "The sandbox checkout exists only when PAYMENT_PROVIDER=sandbox",
  enrolFields: "Course id, name, e-mail and phone are all required",
};

export { TICKET_MAX_QUANTITY };

export { FREE_PROVIDER };

/** Payment references made by the server: "ta_" and 24 base32 characters. Paystack allows [A-Za-z0-9.=_-]. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9._=-]{1,100}$/;

/**
 * A payment's states (decision 016; refunds: decision 035): pending → paid | failed | abandoned
 * (abandoned → paid), and paid → refund_pending → refunded | refund_failed (refund_failed → refund_pending
 * again when an admin tries once more).
 */
export const PAYMENT_STATUSES = [
  "pending",
  "paid",
  "failed",
  "abandoned",
  "refund_pending",
  "refunded",
  "refund_failed",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentKind = "course" | "ticket";

const text = (max: number, field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email({ error: "Please enter a valid email address" }));
const reference = z.string().regex(REFERENCE_PATTERN, "reference is not a payment reference").optional();

// spec §3 "Coupon validation result"
export const CouponValidationSchema = z.object({
  valid: z.boolean(),
  discount: z.number(),
  couponId: z.string().nullable(),
  message: z.string(),
});
export type CouponValidation = z.infer<typeof CouponValidationSchema>;

export const StartCoursePaymentSchema = z.object({
  courseId: text(100, "courseId"),
  fullName: text(200, "Full Name"),
  email,
  phone: text(40, "Phone Number"),
  couponCode: z.string().trim().max(100).optional(),
});
export type StartCoursePayment = z.infer<typeof StartCoursePaymentSchema>;

export const StartTicketPaymentSchema = z.object({
  eventId: text(100, "eventId"),
  email,
  ticketType: z.enum(TICKET_TYPES.map((t) => t.value) as ["Standard", "VIP"], {
    error: "ticketType must be Standard or VIP",
  }),
  quantity: z
    .number({ error: TICKET_MESSAGES.quantity })
    .int(TICKET_MESSAGES.quantity)
    .min(1, TICKET_MESSAGES.quantity)
    .max(TICKET_MAX_QUANTITY, TICKET_MESSAGES.tooMany),
});
export type StartTicketPayment = z.infer<typeof StartTicketPaymentSchema>;

/** What the browser needs to open the pop-up (spec §7): Paystack's public key, or the sandbox checkout. */
export const StartedPaymentSchema = z.object({
  reference: z.string(),
  /** "free": enrolled already, nothing to pay and no pop-up (decision 060) */
  provider: z.enum(["paystack", "sandbox", FREE_PROVIDER]),
  /** the payment's status when the answer was made ("paid" for a free enrolment) */
  status: z.enum(PAYMENT_STATUSES).optional(),
  amountKobo: z.number().int(),
  /** naira, for showing */
  amount: z.number(),
  currency: z.literal("NGN"),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().optional(),
  /** paystack: the inline pop-up's key */
  publicKey: z.string().optional(),
  accessCode: z.string().optional(),
  authorizationUrl: z.string().optional(),
  /** sandbox: POST {checkoutUrl}/{success|failed|abandoned|bank_transfer} settles the transaction */
  checkoutUrl: z.string().optional(),
});
export type StartedPayment = z.infer<typeof StartedPaymentSchema>;

export const PaymentOutcomeSchema = z.object({
  status: z.enum(PAYMENT_STATUSES),
  reference: z.string(),
  kind: z.enum(["course", "ticket"]),
  itemId: z.string(),
  /** naira */
  amount: z.number(),
  currency: z.string(),
  channel: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type PaymentOutcome = z.infer<typeof PaymentOutcomeSchema>;

/** spec §3/§7 "Course purchase record sent"; `reference` (ours) ties the record to a payment. */
export const CoursePurchaseLogSchema = z.object({
  userName: text(200, "userName"),
  email,
  phone: text(40, "phone"),
  paymentStatus: z.enum(["paid", "not_paid"], { error: "paymentStatus must be paid or not_paid" }),
  reference,
});
export type CoursePurchaseLog = z.infer<typeof CoursePurchaseLogSchema>;

/** spec §3/§7 "Coupon usage record sent" */
export const CouponUsageLogSchema = CoursePurchaseLogSchema.extend({ courseId: text(100, "courseId") });
export type CouponUsageLog = z.infer<typeof CouponUsageLogSchema>;

/** spec §3/§7 "Event purchase record sent" */
export const EventPurchaseLogSchema = z.object({
  email,
  ticketType: StartTicketPaymentSchema.shape.ticketType,
  quantity: StartTicketPaymentSchema.shape.quantity,
  eventName: z.string().max(300).optional(),
  reference,
});
export type EventPurchaseLog = z.infer<typeof EventPurchaseLogSchema>;

export const PurchaseLogResultSchema = z.object({
  recorded: z.boolean(),
  /** what is stored: paid only when the server verified the payment */
  paymentStatus: z.enum(["paid", "not_paid", "pending"]),
  reference: z.string().nullable(),
});
export type PurchaseLogResult = z.infer<typeof PurchaseLogResultSchema>;
