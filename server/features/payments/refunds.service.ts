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
//
// Resumable exactly once (issue 29; decision 051). The move to refund_pending also writes a
// `payment-refund` job keyed by the payment (same transaction) and takes a lease on the refund
// (`details.refundLeaseUntil`, REFUND_LEASE_SECONDS): the request that moved it does the work at once
// and completes the job; if its process dies (kill -9) before or after the gateway's answer, the job
// runs REFUND_JOB_DELAY_SECONDS later on any process. Whoever does the work holds the lease, reads the
// gateway's refunds of the transaction first (`gateway.refundsOf`) and asks for a refund only when the
// gateway holds none that is pending or processed: the gateway is asked at most once per refund. A
// refund_pending payment whose lease has run out is "stuck"; an admin sees it at /admin/refunds and
// Retry (or a new refund request) resumes it through the same path.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  REFERENCE_PATTERN,
  FREE_PROVIDER,
  PAYMENT_MESSAGES,
  type PaymentKind,
  type PaymentStatus,
} from "../../../contract/payments/payments.ts";
import { koboToNaira } from "../../../contract/lib/money.ts";
import { REFUND_MESSAGES as M, type RefundRequest, type RefundResult } from "../../../contract/payments/refunds.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/content-version.ts";
import { paymentEvents, payments } from "../../db/schema.ts";
import { PaymentGatewayError, type KnownRefund, type PaymentGateway } from "../../integrations/payments/gateway.ts";
import { Conflict, DomainError, NotFound, Unavailable } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import { recordAudit } from "../admin/audit.ts";
import { requireAdmin, requireRecentVerification, type Actor } from "../auth/actor.ts";
import type { MailInput, Mailer } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { refundMail, refundMailKey } from "./refund-email.ts";
import type { PurchasesService } from "./purchases.service.ts";

type Payment = typeof payments.$inferSelect;

/**
 * How long the one doing a refund's work (the admin's request, the job, a retry) holds it: longer than a
 * gateway call may take (Paystack's client gives up after 15 s), shorter than the job's delay, so that
 * the job of a process that died finds the lease run out.
 */
export const REFUND_LEASE_SECONDS = 25;
/** How long the payment-refund job leaves the request that queued it to do the work itself. */
export const REFUND_JOB_DELAY_SECONDS = 30;

/** The payment-refund job (payments.jobs.ts): queued in the refund_pending move's transaction. */
export interface RefundJobs {
  /** the queue known to pg-boss (awaited before the transaction that queues the job) */
  ready(): Promise<void>;
  /** the job of `paymentId`, written by `tx` (it exists if and only if the move commits) */
  refundIn(tx: Tx, paymentId: string): Promise<string | null>;
  /** the work was done here: the job is completed, so that no worker runs it */
  refundDone(jobId: string): Promise<void>;
}

/** Thrown by resume() when someone else holds the refund's lease (the job tries again later). */
export class RefundBusy extends Error {
  override name = "RefundBusy";
}

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
  /** the payment-refund job (none without a queue: a crash then leaves the refund to an admin's Retry) */
  jobs?: RefundJobs;
  /** a purchase refunded, in the transaction that records it (a course's certificate is revoked) */
  onRefunded?: (tx: Db, payment: Payment) => Promise<void>;
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
const leaseUntil = () => new Date(Date.now() + REFUND_LEASE_SECONDS * 1000).toISOString();

/** Who asked for the refund, as the history keeps it. */
interface Who {
  adminId: string | null;
  adminEmail: string | null;
  reason: string | null;
}

/** What the one holding the lease found and did. */
interface Outcome {
  status: PaymentStatus;
  refundId: string | null;
  /** asked: a new refund was asked for; found: the gateway already held one (pending or processed) */
  via: "asked" | "found";
}

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
  async function move(
    reference: string,
    m: Move,
    mail?: MailInput,
  ): Promise<{ row: Payment; eventId: string; jobId: string | null } | null> {
    // (on PGlite the mail queue and the job queue must be known before the transaction holds the one connection)
    if (mail) await mailer.ready();
    const jobs = m.to === "refund_pending" ? deps.jobs : undefined;
    if (jobs) await jobs.ready();
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
      if (m.to === "refunded") await deps.onRefunded?.(tx as never, row);
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
      const jobId = jobs ? await jobs.refundIn(tx, row.id) : null;
      return { row, eventId: event!.id, jobId };
    });
    if (done) logger.info("payment status changed", { reference, to: m.to, source: m.source });
    return done;
  }

  /** What a move keeps on the payment itself (the latest refund's facts; the history keeps them all). */
  function refundDetails(m: Move): Record<string, unknown> {
    // (the lease: taken by the move to refund_pending, given back by any other)
    const keep: Record<string, unknown> = { refundStatus: m.to, refundLeaseUntil: null };
    if (m.details.refundId !== undefined) keep.refundId = m.details.refundId;
    if (m.to === "refund_pending") {
      keep.refundReason = m.details.reason ?? null;
      keep.refundRequestedBy = m.details.adminEmail ?? null;
      keep.refundRequestedAt = new Date().toISOString();
      keep.refundLeaseUntil = leaseUntil();
      keep.refundId = null;
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

  /**
   * Takes the lease of a refund_pending payment whose lease has run out (or was given back), with the
   * admin's audit row when an admin asked. Null when the payment is not refund_pending or someone holds it.
   */
  async function claim(reference: string, admin?: Actor): Promise<Payment | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(payments)
        .set({ details: sql`${payments.details} || ${JSON.stringify({ refundLeaseUntil: leaseUntil() })}::jsonb` })
        .where(
          and(
            eq(payments.reference, reference),
            eq(payments.status, "refund_pending"),
            sql`coalesce((${payments.details}->>'refundLeaseUntil')::timestamptz, '-infinity') < now()`,
          ),
        )
        .returning();
      if (row && admin) {
        await recordAudit(tx, admin, {
          action: "refund-retry",
          resource: "payments",
          itemId: row.id,
          itemLabel: `${row.reference} (${row.email})`,
          before: { status: "refund_pending" },
          after: { status: "refund_pending", retriedBy: admin.email },
        });
      }
      return row ?? null;
    });
  }

  /** Gives the lease back while the payment stays refund_pending (the gateway holds a queued refund). */
  async function release(reference: string, refundId: string | null) {
    await db
      .update(payments)
      .set({
        details: sql`${payments.details} || ${JSON.stringify({ refundLeaseUntil: null, ...(refundId ? { refundId } : {}) })}::jsonb`,
      })
      .where(and(eq(payments.reference, reference), eq(payments.status, "refund_pending")));
  }

  /**
   * The work of a refund, by the one holding its lease: the gateway's refunds of the transaction read
   * first; a pending or processed one is taken as this refund's (never asked twice), and only when
   * there is none is the gateway asked. Processed: refunded (purchase rows, e-mail). Failed, refused or
   * no answer: refund_failed (the admin may try again), and a refusal or no answer is thrown as a 409 or
   * 503. Pending: stays refund_pending until the webhook, the lease given back.
   */
  async function carryOut(payment: Payment, who: Who, eventId: string | null): Promise<Outcome> {
    const { reference } = payment;
    let answer: { refundId: string | null; status: KnownRefund["status"] };
    let via: Outcome["via"] = "found";
    try {
      const known = (await gateway.refundsOf(reference)).filter((k) => k.status !== "failed");
      const held = known.find((k) => k.status === "processed") ?? known[0];
      if (held) {
        answer = held;
        logger.info("payment gateway refund found", { reference, refundId: held.refundId, status: held.status });
      } else {
        via = "asked";
        answer = await gateway.refund(reference, payment.amount, {
          merchantNote: `Refund by ${who.adminEmail ?? "the academy"}${who.reason ? `: ${who.reason}` : ""}`,
          ...(who.reason ? { customerNote: who.reason } : {}),
        });
        logger.info("payment gateway refund asked", { reference, refundId: answer.refundId, status: answer.status });
      }
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
    if (eventId) {
      await db
        .update(paymentEvents)
        .set({ details: sql`${paymentEvents.details} || ${JSON.stringify({ refundId })}::jsonb` })
        .where(eq(paymentEvents.id, eventId));
    }
    const gatewayFacts = {
      ...who,
      refundId,
      gatewayStatus: answer.status,
      ...(via === "found" ? { found: true } : {}),
    };
    if (answer.status === "processed") {
      const current = (await find(reference)) ?? payment;
      await settleRefunded(current, "refund", gatewayFacts);
    } else if (answer.status === "failed") {
      await move(reference, { to: "refund_failed", from: ["refund_pending"], source: "refund", details: gatewayFacts });
    } else {
      await release(reference, refundId);
    }
    const now = (await find(reference))!;
    return { status: now.status as PaymentStatus, refundId, via };
  }

  /** Who asked for the refund of `payment`, from what its move to refund_pending kept. */
  function whoOf(payment: Payment): Who {
    return {
      adminId: null,
      adminEmail: text(payment.details.refundRequestedBy),
      reason: text(payment.details.refundReason),
    };
  }

  const messageOf = (status: string) =>
    status === "refunded" ? M.done : status === "refund_failed" ? M.failed : M.started;

  /**
   * A refund_pending payment whose lease has run out, resumed by an admin (Retry, or a new refund
   * request): the same work as the job's. Someone holding it, or a refund the gateway already holds
   * queued (genuinely in progress), is the 409 'A refund of this payment is already in progress.'
   * unless `pendingIsAnswer` (Retry says the provider is still processing it).
   */
  async function resumeBy(admin: Actor, reference: string, pendingIsAnswer: boolean): Promise<RefundResult> {
    const claimed = await claim(reference, admin);
    if (!claimed) {
      const now = await find(reference);
      if (!now) throw NotFound(PAYMENT_MESSAGES.paymentNotFound);
      if (now.status === "refund_pending") throw Conflict(M.pending);
      throw refusal(now.status);
    }
    const outcome = await carryOut(claimed, whoOf(claimed), null);
    const stillQueued = outcome.status === "refund_pending" && outcome.via === "found";
    if (stillQueued && !pendingIsAnswer) throw Conflict(M.pending);
    const message = stillQueued ? M.stillProcessing : messageOf(outcome.status);
    return { reference, status: outcome.status, refundId: outcome.refundId, message };
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
      return { reference, email: payment.email, amount: koboToNaira(payment.amount), status: payment.status };
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
      // decision 060: a free enrolment took no money, so there is nothing to refund
      if (payment.gateway === FREE_PROVIDER) throw Conflict(M.free);
      const reason = input.reason?.trim() ? input.reason.trim() : null;
      const who = { adminId: admin.id, adminEmail: admin.email, reason };
      const started = await move(reference, {
        to: "refund_pending",
        from: ["paid", "refund_failed"],
        source: "refund",
        details: who,
        admin,
      });
      // (the conditional update is the only check: of concurrent requests, the others end here; a
      // refund_pending one whose work was cut off by a crash is resumed, decision 051)
      if (!started) {
        const now = await find(reference);
        if (now?.status === "refund_pending") return resumeBy(admin, reference, false);
        throw refusal(now?.status ?? "unknown");
      }
      // (done here, or refused and recorded so: the job has nothing left to do; anything else leaves
      // the job to resume it)
      const jobDone = async () => {
        if (!started.jobId || !deps.jobs) return;
        await deps.jobs.refundDone(started.jobId).catch((error: unknown) =>
          logger.warn("refund job left to run", {
            reference,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      };
      let outcome: Outcome;
      try {
        outcome = await carryOut(started.row, who, started.eventId);
      } catch (error) {
        if (error instanceof DomainError) await jobDone();
        throw error;
      }
      await jobDone();
      return { reference, status: outcome.status, refundId: outcome.refundId, message: messageOf(outcome.status) };
    },

    /**
     * POST /api/admin/payments/{reference}/refund/retry and /admin/refunds' Retry: admins. A refund
     * left refund_pending (its process died, or the gateway's webhook never came) is resumed through the
     * same exactly-once work as its job: the gateway's refunds read first, a refund asked only when it
     * holds none. A refund that failed is tried again as a new refund request (step-up). Someone doing
     * its work right now: 409 'A refund of this payment is already in progress.'
     */
    async retry(actor: Actor | null, reference: string): Promise<RefundResult> {
      const admin = requireAdmin(actor);
      const payment = await find(reference);
      if (!payment) throw NotFound(PAYMENT_MESSAGES.paymentNotFound);
      if (payment.status === "refund_failed") return service.refund(actor, reference, {});
      if (payment.status !== "refund_pending") throw refusal(payment.status);
      return resumeBy(admin, reference, true);
    },

    /**
     * The payment-refund job's work (payments.jobs.ts): a refund_pending payment of `paymentId` resumed
     * once its lease has run out. Nothing to do when it is no longer refund_pending; RefundBusy when
     * someone holds the lease (the job is tried again later). Gateway failures leave it refund_failed.
     */
    async resume(paymentId: string): Promise<PaymentStatus | null> {
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
      if (payment?.status !== "refund_pending") return (payment?.status as PaymentStatus | undefined) ?? null;
      const claimed = await claim(payment.reference);
      if (!claimed) {
        const now = await find(payment.reference);
        if (now?.status === "refund_pending") throw new RefundBusy(`the refund of ${payment.reference} is held`);
        return (now?.status as PaymentStatus | undefined) ?? null;
      }
      try {
        return (await carryOut(claimed, whoOf(claimed), null)).status;
      } catch (error) {
        // (a refusal or no answer is recorded as refund_failed, for an admin to see: the job is done)
        if (error instanceof DomainError) return "refund_failed";
        throw error;
      }
    },

    /**
     * /admin/refunds and GET /api/admin/refunds (admins): the refunds not settled, oldest first: every
     * refund_pending payment (stuck when nobody holds its lease) and every refund_failed one, with when
     * the refund was asked and the last error.
     */
    async unsettled(actor: Actor | null) {
      requireAdmin(actor);
      const rows = await db
        .select()
        .from(payments)
        .where(inArray(payments.status, ["refund_pending", "refund_failed"]))
        .orderBy(asc(payments.createdAt))
        .limit(500);
      const now = Date.now();
      const items = await Promise.all(
        rows.map(async (p) => {
          const [last] = await db
            .select({ at: paymentEvents.at, details: paymentEvents.details })
            .from(paymentEvents)
            .where(and(eq(paymentEvents.paymentId, p.id), eq(paymentEvents.toStatus, p.status)))
            .orderBy(sql`${paymentEvents.at} desc`)
            .limit(1);
          const since = last?.at ?? p.createdAt;
          const lease = text(p.details.refundLeaseUntil);
          return {
            reference: p.reference,
            kind: p.kind as PaymentKind,
            itemId: p.itemId,
            email: p.email,
            amount: koboToNaira(p.amount),
            status: p.status as "refund_pending" | "refund_failed",
            since: since.toISOString(),
            ageSeconds: Math.max(0, Math.floor((now - since.getTime()) / 1000)),
            inProgress: p.status === "refund_pending" && !!lease && Date.parse(lease) > now,
            refundId: text(p.details.refundId),
            requestedBy: text(p.details.refundRequestedBy),
            error: text(last?.details.error),
          };
        }),
      );
      return items.sort((a, b) => b.ageSeconds - a.ageSeconds);
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
