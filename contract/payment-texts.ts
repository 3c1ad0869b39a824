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
} as const;

export type VerifyState = "verified" | "failed" | "pending" | "error";

/** spec §9 "verification redirect 3 seconds" */
export const VERIFY_REDIRECT_SECONDS = 3;
