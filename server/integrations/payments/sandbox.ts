// The offline payment gateway (PAYMENT_PROVIDER=sandbox, the default): Paystack's flow and shapes with
// no network. Its transactions are rows of sandbox_transactions, so every process agrees on them; the
// checkout route settles one (Pay / Fail / Cancel / bank transfer), and a settled transaction is
// announced by a webhook signed like Paystack's, with a secret derived from the auth secret.
import { createHmac } from "node:crypto";
import { eq, and } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxTransactions } from "../../db/schema.ts";
import { PaymentGatewayError, type PaymentGateway, type VerifyResult } from "./gateway.ts";
import { isValidWebhookSignature, signWebhook } from "./signature.ts";

export const SANDBOX_OUTCOMES = ["success", "failed", "abandoned", "bank_transfer"] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** The sandbox's webhook secret: derived from AUTH_SECRET, so every process of one site shares it. */
export function sandboxWebhookSecret(authSecret: string): string {
  return createHmac("sha256", authSecret).update("payments:sandbox-webhook").digest("hex");
}

export interface SandboxGateway extends PaymentGateway {
  readonly name: "sandbox";
  /**
   * What the payer chose in the checkout dialog. success / failed / abandoned settle the transaction
   * now; bank_transfer leaves it pending (the caller settles it later with `completeTransfer`).
   * A transaction settles once: a second call changes nothing. Null for an unknown reference.
   */
  settle(reference: string, outcome: SandboxOutcome): Promise<typeof sandboxTransactions.$inferSelect | null>;
  /** The bank transfer arrives: a pending transaction becomes success by bank_transfer. */
  completeTransfer(reference: string): Promise<void>;
  /** A charge.success webhook body and its signature, as Paystack would post them. */
  webhook(reference: string): Promise<{ body: string; signature: string } | null>;
}

export function createSandboxGateway(deps: { db: Db; webhookSecret: string }): SandboxGateway {
  const { db, webhookSecret } = deps;

  async function find(reference: string) {
    const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, reference));
    return row ?? null;
  }

  async function markSettled(reference: string, status: "success" | "failed" | "abandoned", channel: string | null) {
    await db
      .update(sandboxTransactions)
      .set({ status, channel, paidAt: status === "success" ? new Date() : null })
      .where(and(eq(sandboxTransactions.reference, reference), eq(sandboxTransactions.status, "pending")));
  }

  return {
    name: "sandbox",

    async initialize(reference, amountKobo, email, metadata) {
      await db.insert(sandboxTransactions).values({ reference, amount: amountKobo, currency: "NGN", email, metadata });
      return { reference, accessCode: `sandbox_${reference}` };
    },

    async verify(reference): Promise<VerifyResult> {
      const row = await find(reference);
      if (!row) throw new PaymentGatewayError("Transaction reference not found", 400);
      // The same body Paystack answers with (metadata as Paystack gives it: "" when there is none).
      const data = {
        reference: row.reference,
        amount: row.amount,
        currency: row.currency,
        status: row.status === "pending" ? "ongoing" : row.status,
        channel: row.channel,
        paid_at: row.paidAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
        gateway_response: row.status === "success" ? "Successful" : row.status === "failed" ? "Declined" : "",
        metadata: Object.keys(row.metadata).length > 0 ? row.metadata : "",
        customer: { email: row.email },
      };
      return {
        // (a refunded transaction is "reversed", which Paystack's verify also reports; ours call it failed)
        status:
          row.status === "pending"
            ? "pending"
            : row.status === "reversed"
              ? "failed"
              : (row.status as VerifyResult["status"]),
        amountKobo: row.amount,
        currency: row.currency,
        channel: row.channel,
        paidAt: row.paidAt,
        raw: { status: true, message: "Verification successful", data },
      };
    },

    async refund(reference, amountKobo) {
      // Refunded at once: a successful transaction becomes reversed, once (Paystack refuses a second one).
      const row = await find(reference);
      if (!row) throw new PaymentGatewayError("Transaction reference not found", 400);
      if (row.amount !== amountKobo) throw new PaymentGatewayError("Refund amount is not the transaction amount", 400);
      const [reversed] = await db
        .update(sandboxTransactions)
        .set({ status: "reversed" })
        .where(and(eq(sandboxTransactions.reference, reference), eq(sandboxTransactions.status, "success")))
        .returning();
      if (!reversed) {
        const why = row.status === "reversed" ? "Transaction has been fully reversed" : "Transaction has not been paid";
        throw new PaymentGatewayError(why, 400);
      }
      const refundId = `sandbox_rf_${reference}`;
      return {
        refundId,
        status: "processed",
        raw: {
          status: true,
          message: "Refund processed",
          data: { id: refundId, status: "processed", amount: amountKobo },
        },
      };
    },

    async refundsOf(reference) {
      // its refund is the reversal of the transaction, made at once
      const row = await find(reference);
      if (!row) throw new PaymentGatewayError("Transaction reference not found", 400);
      return row.status === "reversed"
        ? [{ refundId: `sandbox_rf_${reference}`, status: "processed" as const, amountKobo: row.amount }]
        : [];
    },

    verifyWebhookSignature(rawBody, header) {
      return isValidWebhookSignature(rawBody, header, webhookSecret);
    },

    async settle(reference, outcome) {
      if (!(await find(reference))) return null;
      if (outcome === "success") await markSettled(reference, "success", "card");
      else if (outcome === "failed") await markSettled(reference, "failed", "card");
      else if (outcome === "abandoned") await markSettled(reference, "abandoned", null);
      return find(reference);
    },

    async completeTransfer(reference) {
      await markSettled(reference, "success", "bank_transfer");
    },

    async webhook(reference) {
      const row = await find(reference);
      if (!row || row.status !== "success") return null;
      const body = JSON.stringify({
        event: "charge.success",
        data: {
          reference: row.reference,
          amount: row.amount,
          currency: row.currency,
          status: "success",
          channel: row.channel,
          paid_at: row.paidAt?.toISOString() ?? null,
          metadata: Object.keys(row.metadata).length > 0 ? row.metadata : "",
          customer: { email: row.email },
        },
      });
      return { body, signature: signWebhook(body, webhookSecret) };
    },
  };
}
