// The payment verification page's texts (spec public-area §2 "Payment verification (/verify-payment)",
// §4 "verifying, then verified or failed, then redirect to / after 3 seconds", §8, §9), without zod so
// that the page's browser code stays small.

export const VERIFY_MESSAGES = {
  verifying: "Verifying your payment...",
  // spec §8, word for word
  verified: "Payment received and verified! Check your email for the Zoom link.",
  failed: "Payment failed. Please try again.",
  error: "Verification failed. Please contact support.",
  // not in the spec: a bank transfer or USSD payment the provider has not settled yet (decision 017)
  pending: "Your payment is not confirmed yet. We will e-mail you as soon as it is.",
  // not in the spec: a payment an admin has refunded, or is refunding (decision 035)
  refunded: "This payment has been refunded. The refund e-mail tells you more.",
} as const;

export type VerifyState = "verified" | "failed" | "pending" | "refunded" | "error";

/** spec §9 "verification redirect 3 seconds" */
export const VERIFY_REDIRECT_SECONDS = 3;

/**
 * decision 060: a course a coupon brings to ₦0 is enrolled at once, without the gateway: its payment is
 * recorded paid for ₦0 with this as its gateway and channel.
 */
export const FREE_PROVIDER = "free";

/**
 * decision 059: the one name of each amount of a course purchase, on the course card, the enrol dialog,
 * the receipt e-mail, /account and the admin figures. "Price" alone is the price of a course without a
 * shown discount (full price and price after discount are then the same amount).
 */
export const AMOUNT_NAMES = {
  fullPrice: "Full price",
  courseDiscount: "Course discount",
  priceAfterDiscount: "Price after discount",
  price: "Price",
  couponDiscount: "Coupon discount",
  amountPaid: "Amount paid",
  /** the amount paid in the enrol dialog, before it is paid */
  amountToPay: "Amount to pay",
} as const;

// The enrol and ticket modals' payment texts (spec §2 "Coupon", §4, §5, §8), also zod-free.
export const CHECKOUT_TEXTS = {
  // spec §4/§8, word for word
  couponApplied: "Coupon applied successfully!",
  couponInvalid: "Invalid or expired coupon code",
  couponError: "Error validating coupon",
  cancelled: "Payment cancelled",
  /** spec §8 "Payment success: alert 'Payment successful! Reference: {reference}'" */
  success: (reference: string) => `Payment successful! Reference: ${reference}`,
  // not in the spec (decision 019)
  couponEmpty: "Enter a coupon code first",
  // decision 060: a coupon that makes the course free enrols without the payment pop-up
  enrolFree: "Enrol for free",
  freeTotal: "Free",
  freeSuccess: (reference: string) => `Enrolment successful! Reference: ${reference}`,
  pending: (reference: string) => `${VERIFY_MESSAGES.pending} Reference: ${reference}`,
  failed: VERIFY_MESSAGES.failed,
  unconfirmed: (reference: string) => `${VERIFY_MESSAGES.error} Reference: ${reference}`,
  startFailed: "We could not start the payment. Check your connection and try again.",
  providerFailed: "The payment window could not open. Please try again.",
} as const;

/** Paystack's channel names as a payer knows them (the receipt e-mail, /account's receipts). */
export function channelLabel(channel: string | null | undefined): string {
  switch (channel) {
    case "card":
      return "Card";
    case "bank_transfer":
      return "Bank transfer";
    case "ussd":
      return "USSD";
    case "bank":
      return "Bank account";
    case "mobile_money":
      return "Mobile money";
    case "qr":
      return "QR code";
    case "free":
      return "Free with coupon";
    case null:
    case undefined:
    case "":
      return "Online payment";
    default:
      return channel.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
  }
}
