// A thin fetch client of Paystack's transaction API (no SDK on the registry works: stack notes).
// POST /transaction/initialize and GET /transaction/verify/{reference} with the secret key; answers are
// `{ status, message, data }`. A timeout, a non-2xx answer or an unreadable body is a PaymentGatewayError.
import {
  PAYMENT_CHANNELS,
  PaymentGatewayError,
  type GatewayStatus,
  type InitializeResult,
  type KnownRefund,
  type PaymentGateway,
  type RefundResult,
  type VerifyResult,
  withoutNul,
} from "./gateway.ts";
import { isValidWebhookSignature } from "./signature.ts";

export interface PaystackSettings {
  secretKey: string;
  /** https://api.paystack.co, or a fake server in tests */
  baseUrl: string;
  /**
   * Where Paystack sends the payer when its checkout ends in a redirect instead of the pop-up's
   * callback (it adds ?reference=…): our /verify-payment page.
   */
  callbackUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface PaystackAnswer {
  status: boolean;
  message: string;
  data?: unknown;
}

/** Paystack's transaction statuses, in ours: only "success" is paid; ongoing ones are still pending. */
function toStatus(status: unknown): GatewayStatus {
  switch (status) {
    case "success":
      return "success";
    case "failed":
    case "reversed":
      return "failed";
    case "abandoned":
      return "abandoned";
    default:
      return "pending";
  }
}

/** Paystack's refund statuses, in ours: processed is done, failed refused, anything else still queued. */
const toRefundStatus = (status: unknown): RefundResult["status"] =>
  status === "processed" ? "processed" : status === "failed" ? "failed" : "pending";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function createPaystackGateway(settings: PaystackSettings): PaymentGateway {
  const { secretKey, baseUrl, timeoutMs = 15_000 } = settings;
  const doFetch = settings.fetch ?? fetch;

  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<PaystackAnswer> {
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const why =
        error instanceof Error && error.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : String(error);
      throw new PaymentGatewayError(`Paystack ${method} ${path}: ${why}`);
    }
    let answer: unknown;
    try {
      answer = await res.json();
    } catch {
      throw new PaymentGatewayError(
        `Paystack ${method} ${path}: HTTP ${res.status} with a body that is not JSON`,
        res.status,
      );
    }
    const message = isRecord(answer) && typeof answer.message === "string" ? answer.message : "";
    if (!res.ok || !isRecord(answer) || answer.status !== true) {
      throw new PaymentGatewayError(`Paystack ${method} ${path}: HTTP ${res.status} ${message}`.trim(), res.status);
    }
    // (a NUL in any field of a real answer must not reach the database: it is taken out here)
    return { status: true, message, data: withoutNul(answer.data) };
  }

  return {
    name: "paystack",

    async initialize(reference, amountKobo, email, metadata): Promise<InitializeResult> {
      const { data } = await call("POST", "/transaction/initialize", {
        email,
        amount: String(amountKobo),
        currency: "NGN",
        reference,
        channels: PAYMENT_CHANNELS,
        ...(settings.callbackUrl ? { callback_url: settings.callbackUrl } : {}),
        metadata: JSON.stringify(metadata),
      });
      if (!isRecord(data)) throw new PaymentGatewayError("Paystack initialize: the answer has no data");
      return {
        reference: typeof data.reference === "string" ? data.reference : reference,
        authorizationUrl: typeof data.authorization_url === "string" ? data.authorization_url : undefined,
        accessCode: typeof data.access_code === "string" ? data.access_code : undefined,
      };
    },

    async verify(reference): Promise<VerifyResult> {
      const answer = await call("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
      const data = answer.data;
      if (!isRecord(data)) throw new PaymentGatewayError("Paystack verify: the answer has no data");
      if (data.reference !== undefined && data.reference !== reference) {
        throw new PaymentGatewayError("Paystack verify: the answer is about another reference");
      }
      const amount = Number(data.amount);
      const paidAt = typeof data.paid_at === "string" ? new Date(data.paid_at) : null;
      return {
        status: toStatus(data.status),
        amountKobo: Number.isSafeInteger(amount) ? amount : -1,
        currency: typeof data.currency === "string" ? data.currency : "",
        channel: typeof data.channel === "string" ? data.channel : null,
        paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
        raw: answer,
      };
    },

    async refundsOf(reference): Promise<KnownRefund[]> {
      // GET /refund?transaction=…: the refunds of one transaction. Only those that name our reference are
      // taken (were the filter ever ignored, another transaction's refund must not count as ours).
      const answer = await call("GET", `/refund?transaction=${encodeURIComponent(reference)}&perPage=100`);
      if (!Array.isArray(answer.data)) throw new PaymentGatewayError("Paystack refunds: the answer has no list");
      return answer.data.filter(isRecord).flatMap((item) => {
        const tx = item.transaction;
        const named =
          item.transaction_reference === reference || tx === reference || (isRecord(tx) && tx.reference === reference);
        if (!named) return [];
        const amount = Number(item.amount);
        return [
          {
            refundId: typeof item.id === "number" || typeof item.id === "string" ? String(item.id) : null,
            status: toRefundStatus(item.status),
            amountKobo: Number.isSafeInteger(amount) ? amount : -1,
          },
        ];
      });
    },

    async refund(reference, amountKobo, notes): Promise<RefundResult> {
      // POST /refund: `transaction` is the reference (or Paystack's id), `amount` in kobo (full: the whole)
      const answer = await call("POST", "/refund", {
        transaction: reference,
        amount: amountKobo,
        currency: "NGN",
        merchant_note: notes.merchantNote.slice(0, 500),
        ...(notes.customerNote ? { customer_note: notes.customerNote.slice(0, 500) } : {}),
      });
      const data = answer.data;
      if (!isRecord(data)) throw new PaymentGatewayError("Paystack refund: the answer has no data");
      const id = data.id;
      const status = data.status;
      return {
        refundId: typeof id === "number" || typeof id === "string" ? String(id) : null,
        // pending / processing: queued; processed: done; failed: refused
        status: toRefundStatus(status),
        raw: answer,
      };
    },

    verifyWebhookSignature(rawBody, header) {
      return isValidWebhookSignature(rawBody, header, secretKey);
    },
  };
}
