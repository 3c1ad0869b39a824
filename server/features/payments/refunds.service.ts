// Refunds (issue 17 "Refunds", beyond the spec; decision 035): an admin refunds a paid purchase in full
// through the gateway, and the gateway settles it. The states, a fixed contract:
//
//   paid ──(admin, source refund)──▶ refund_pending ──(gateway: processed)──▶ refunded
//   refund_failed ──(admin again)──▶ refund_pending ──(gateway: failed)─────▶ refund_failed
//
// Every move is one conditional update (`… where reference = $1 and status in (…) returning`) in a
// transaction with its payment_events row, like the paid transition of the core: of twenty admins
// clicking at once one moves the payment to refund_pending, and only that one asks the gateway; a
// webhook replayed changes nothing. The move to refunded also turns the purchase rows (course_purchases
// with its coupon_usages, or event_purchases) to `refunded` and stores the refund e-mail in the mail
// queue under `refund:<payment id>`, in the same transaction: one e-mail, whatever runs twice. The
// sandbox refunds at once (settled inside the admin's request); Paystack queues the refund
// (POST /refund) and settles it by its refund.processed / refund.failed webhook.
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  REFERENCE_PATTERN,
  PAYMENT_MESSAGES,
  type PaymentKind,
  type PaymentStatus,
} from "../../../contract/payments.ts";
import { REFUND_MESSAGES as M, type RefundRequest, type RefundResult } from "../../../contract/refunds.ts";
import type { Db } from "../../db/client.ts";
import { paymentEvents, payments } from "../../db/schema.ts";
import {
  PaymentGatewayError,
  type PaymentGateway,
  type RefundResult as GatewayRefund,
} from "../../integrations/payments/gateway.ts";
import { Conflict, NotFound, Unavailable } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import { recordAudit } from "../admin/audit.ts";
import { requireAdmin, requireRecentVerification, type Actor } from "../auth/actor.ts";
import type { MailInput, Mailer } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { refundMail, refundMailKey } from "./refund-email.ts";
import type { PurchasesService } from "./purchases.service.ts";

type Payment = typeof payments.$inferSelect;

export interface RefundsDeps {
  db: Db;
  gateway: PaymentGateway;
  logger: Logger;
  purchases: Pick<PurchasesService, "settle">;
  /** the refund e-mail goes through the mail queue, in the transaction that makes the payment refunded */
  mailer: Pick<Mailer, "ready" | "queueIn">;
  brand: EmailBrand;
  /** how recent the admin's password proof must be (step-up; default 60 minutes) */
  stepUpMaxAgeMs?: number;
}

/** A refund webhook's data as Paystack posts it (refund.processed, refund.failed, refund.pending …). */
interface RefundWebhookData {
  status?: unknown;
  transaction_reference?: unknown;
  refund_reference?: unknown;
  amount?: unknown;
  currency?: unknown;
  processor?: unknown;
  id?: unknown;
}

type RefundState = "refund_pending" | "refunded" | "refund_failed";

interface Move {
  to: RefundState;
  from: PaymentStatus[];
  source: "refund" | "webhook";
  details: Record<string, unknown>;
  /** the admin who asked (the refund request is audited in the same transaction) */
  admin?: Actor;
}

/** Why a payment in `status` cannot be refunded now: a 409 the admin can act on. */
function refusal(status: string) {
  if (status === "refund_pending") return Conflict(M.pending);
  if (status === "refunded") return Conflict(M.refunded);
  return Conflict(M.notPaid);
}

const text = (value: unknown) => (typeof value === "string" ? value : null);
const idText = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : null);

export function createRefundsService(deps: RefundsDeps) {
  const { db, gateway, logger, purchases, mailer } = deps;

  async function find(reference: string): Promise<Payment | null> {
    if (!REFERENCE_PATTERN.test(reference)) return null;
    const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
    return row ?? null;
  }

  /**
   * One move of the state machine, exactly once: the conditional update, the purchase rows (to
   * refunded), the history row, the audit row (an admin's request) and the refund e-mail (to refunded),
   * in one transaction. Null when the payment was not in one of `from` (someone else moved it first).
   * Answers the payment as moved and the id of its history row.
   */
  async function move(reference: string, m: Move, mail?: MailInput): Promise<{ row: Payment; eventId: string } | null> {
    // (on PGlite the mail queue must be known before the transaction holds the one connection)
    if (mail) await mailer.ready();
    const done = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.reference, reference))
        .for("update");
      const [row] = await tx
        .update(payments)
        .set({ status: m.to, details: sql`${payments.details} || ${JSON.stringify(refundDetails(m))}::jsonb` })
        .where(and(eq(payments.reference, reference), inArray(payments.status, m.from)))
        .returning();
      if (!row) return null;
      if (m.to === "refunded") await purchases.settle(tx, row.kind as PaymentKind, reference, "refunded");
      const [event] = await tx
        .insert(paymentEvents)
        .values({
          paymentId: row.id,
          fromStatus: before?.status ?? null,
          toStatus: m.to,
          source: m.source,
          details: m.details,
        })
        .returning({ id: paymentEvents.id });
      if (m.admin) {
        await recordAudit(tx, m.admin, {
          action: "refund",
          resource: "payments",
          itemId: row.id,
          itemLabel: `${row.reference} (${row.email})`,
          before: { status: before?.status ?? null },
          after: { status: m.to, reason: m.details.reason ?? null },
        });
      }
      if (m.to === "refunded" && mail) await mailer.queueIn(tx, mail, { dedupeKey: refundMailKey(row.id) });
      return { row, eventId: event!.id };
    });
    if (done) logger.info("payment status changed", { reference, to: m.to, source: m.source });
    return done;
  }

  /** What a move keeps on the payment itself (the latest refund's facts; the history keeps them all). */
  function refundDetails(m: Move): Record<string, unknown> {
    const keep: Record<string, unknown> = { refundStatus: m.to };
    if (m.details.refundId !== undefined) keep.refundId = m.details.refundId;
    if (m.to === "refund_pending") {
      keep.refundReason = m.details.reason ?? null;
      keep.refundRequestedBy = m.details.adminEmail ?? null;
    }
    if (m.to === "refunded") keep.refundedAt = new Date().toISOString();
    return keep;
  }

  /** The move to refunded, with its e-mail made beforehand (it reads the course or ticket). */
  async function settleRefunded(payment: Payment, source: Move["source"], details: Record<string, unknown>) {
    const reason = text(payment.details.refundReason);
    const mail = await refundMail(db, deps.brand, payment, { at: new Date(), reason });
    return move(
      payment.reference,
      { to: "refunded", from: ["refund_pending", "refund_failed"], source, details },
      mail,
    );
  }

  const service = {
    /**
     * The status of each payment of `references` (admins): what a purchase table needs beside its rows
     * to offer Refund (paid, refund_failed) and say Refund pending. Unknown references are left out.
     */
    async paymentStates(actor: Actor | null, references: ReadonlyArray<string | null>): Promise<Map<string, string>> {
      requireAdmin(actor);
      const wanted = [...new Set(references.filter((r): r is string => !!r && REFERENCE_PATTERN.test(r)))];
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ reference: payments.reference, status: payments.status })
        .from(payments)
        .where(inArray(payments.reference, wanted));
      return new Map(rows.map((r) => [r.reference, r.status]));
    },

    /** What the refund's question names: the buyer's e-mail and the amount (naira); admins only. */
    async summary(actor: Actor | null, reference: string) {
      requireAdmin(actor);
      const payment = await find(reference);
      if (!payment) throw NotFound(PAYMENT_MESSAGES.paymentNotFound);
      return { reference, email: payment.email, amount: payment.amount / 100, status: payment.status };
    },

    /**
     * POST /api/admin/payments/{reference}/refund and the purchase tables' Refund: admins, with a recent
     * password (step-up). A full refund of a paid payment (or one whose refund failed), once: a payment
     * in any other state is a 409 that says why. The gateway is asked only by the request that moved the
     * payment to refund_pending. A gateway that refuses or does not answer leaves it refund_failed (the
     * admin may try again) and is a 409 or 503.
     */
    async refund(actor: Actor | null, reference: string, input: RefundRequest = {}): Promise<RefundResult> {
      const admin = requireAdmin(actor);
      requireRecentVerification(admin, deps.stepUpMaxAgeMs);
      const payment = await find(reference);
      if (!payment) throw NotFound(PAYMENT_MESSAGES.paymentNotFound);
      const reason = input.reason?.trim() ? input.reason.trim() : null;
      const who = { adminId: admin.id, adminEmail: admin.email, reason };
      const started = await move(reference, {
        to: "refund_pending",
        from: ["paid", "refund_failed"],
        source: "refund",
        details: who,
        admin,
      });
      // (the conditional update is the only check: of concurrent requests, the others end here)
      if (!started) throw refusal((await find(reference))?.status ?? "unknown");

      let answer: GatewayRefund;
      try {
        answer = await gateway.refund(reference, payment.amount, {
          merchantNote: `Refund by ${admin.email}${reason ? `: ${reason}` : ""}`,
          ...(reason ? { customerNote: reason } : {}),
        });
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        logger.warn("payment gateway refund failed", { reference, error: why });
        const status = error instanceof PaymentGatewayError ? error.status : undefined;
        await move(reference, {
          to: "refund_failed",
          from: ["refund_pending"],
          source: "refund",
          details: { ...who, error: why, gatewayHttpStatus: status ?? null },
        });
        if (!(error instanceof PaymentGatewayError)) throw error;
        // the gateway answered no (a 4xx): say its reason; no answer at all: try again later
        throw status !== undefined && status < 500 ? Conflict(M.gatewayRefused(why)) : Unavailable(M.gatewayDown);
      }

      const refundId = answer.refundId;
      // the request's history row gains the gateway's id of the refund
      await db
        .update(paymentEvents)
        .set({ details: sql`${paymentEvents.details} || ${JSON.stringify({ refundId })}::jsonb` })
        .where(eq(paymentEvents.id, started.eventId));
      const gatewayFacts = { ...who, refundId, gatewayStatus: answer.status };
      if (answer.status === "processed") {
        await settleRefunded(started.row, "refund", gatewayFacts);
      } else if (answer.status === "failed") {
        await move(reference, {
          to: "refund_failed",
          from: ["refund_pending"],
          source: "refund",
          details: gatewayFacts,
        });
      } else {
        await db
          .update(payments)
          .set({ details: sql`${payments.details} || ${JSON.stringify({ refundId })}::jsonb` })
          .where(and(eq(payments.reference, reference), eq(payments.status, "refund_pending")));
      }
      const now = (await find(reference))!;
      const message = now.status === "refunded" ? M.done : now.status === "refund_failed" ? M.failed : M.started;
      return { reference, status: now.status as PaymentStatus, refundId, message };
    },

    /**
     * A refund webhook, its signature already checked (payments.service.ts receiveWebhook):
     * refund.processed settles a refund_pending (or refund_failed) payment of ours as refunded, for its
     * whole amount; refund.failed settles a refund_pending one as refund_failed. Anything else, another
     * amount, an unknown reference or a payment in another state changes nothing: a replay is a no-op.
     */
    async receiveWebhook(event: string, data: unknown): Promise<void> {
      if (event !== "refund.processed" && event !== "refund.failed") return;
      const d = (data ?? {}) as RefundWebhookData;
      const reference = text(d.transaction_reference);
      if (!reference) return;
      const payment = await find(reference);
      if (!payment) return;
      const facts = {
        refundId: idText(d.id),
        refundReference: idText(d.refund_reference),
        gatewayStatus: text(d.status),
        amountKobo: typeof d.amount === "number" ? d.amount : null,
        processor: text(d.processor),
      };
      if (event === "refund.failed") {
        await move(reference, { to: "refund_failed", from: ["refund_pending"], source: "webhook", details: facts });
        return;
      }
      const amount = Number(d.amount);
      if (d.amount !== undefined && (!Number.isSafeInteger(amount) || amount !== payment.amount)) {
        logger.warn("refund webhook for another amount ignored", { reference, amount: d.amount });
        return;
      }
      if (payment.status !== "refund_pending" && payment.status !== "refund_failed") return;
      await settleRefunded(payment, "webhook", facts);
    },
  };
  return service;
}

export type RefundsService = ReturnType<typeof createRefundsService>;
