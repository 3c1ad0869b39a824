// The payment gateway port (architecture "Payments", decision 016): Paystack or the offline sandbox,
// the same calls and shapes. Amounts are kobo; the currency is NGN.

export type GatewayStatus = "success" | "failed" | "abandoned" | "pending";

export interface InitializeResult {
  /** Paystack's hosted checkout page (the inline pop-up needs only the access code or the reference) */
  authorizationUrl?: string;
  accessCode?: string;
  reference: string;
}

export interface VerifyResult {
  status: GatewayStatus;
  amountKobo: number;
  currency: string;
  /** card, bank_transfer, ussd … (null when nothing was paid) */
  channel: string | null;
  paidAt: Date | null;
  /** the gateway's own answer, kept with the payment's history */
  raw: unknown;
}

/** A refund as the gateway answers it: queued (pending), done (processed) or refused (failed). */
export interface RefundResult {
  /** the gateway's id of the refund (Paystack's numeric id, as text); null when it gave none */
  refundId: string | null;
  status: "pending" | "processed" | "failed";
  /** the gateway's own answer, kept with the payment's history */
  raw: unknown;
}

/** A refund the gateway already holds for a transaction (what `refundsOf` lists). */
export interface KnownRefund {
  refundId: string | null;
  status: RefundResult["status"];
  /** kobo */
  amountKobo: number;
}

export interface PaymentGateway {
  readonly name: "paystack" | "sandbox";
  initialize(
    reference: string,
    amountKobo: number,
    email: string,
    metadata: Record<string, unknown>,
  ): Promise<InitializeResult>;
  verify(reference: string): Promise<VerifyResult>;
  /**
   * A full refund of a successful transaction (`amountKobo`: its whole amount). Notes are shown to the
   * merchant (who asked, why) and the customer. A refusal or no answer is a PaymentGatewayError.
   */
  refund(
    reference: string,
    amountKobo: number,
    notes: { merchantNote: string; customerNote?: string },
  ): Promise<RefundResult>;
  /**
   * The refunds the gateway holds for the transaction `reference` (any state), read before a refund is
   * asked again after a crash (decision 051): a refund it already accepted is never asked twice. A
   * failure to answer is a PaymentGatewayError.
   */
  refundsOf(reference: string): Promise<KnownRefund[]>;
  /** true only when `signatureHeader` is the hex HMAC-SHA512 of exactly `rawBody` with the gateway's secret */
  verifyWebhookSignature(rawBody: string, signatureHeader: string | null | undefined): boolean;
}

/** The gateway did not answer, answered with an error, or answered something we cannot read. */
export class PaymentGatewayError extends Error {
  override name = "PaymentGatewayError";
  /** the gateway's HTTP status, when it answered */
  readonly status?: number;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** The payment channels offered to payers in Nigeria: card, bank transfer and USSD. */
export const PAYMENT_CHANNELS = ["card", "bank_transfer", "ussd"] as const;

/**
 * A gateway's JSON with every NUL character taken out of its strings and keys. PostgreSQL stores no NUL
 * in text or jsonb, and a field of a genuine Paystack answer or webhook (a customer's name, metadata) may
 * hold one: it must not keep the payment from being recorded (issue 15). Only what was already trusted
 * (a checked signature, our own call to the gateway) is cleaned this way.
 */
export function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("\0", "");
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replaceAll("\0", ""), withoutNul(item)]));
  }
  return value;
}
