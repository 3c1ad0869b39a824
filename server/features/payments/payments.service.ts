// The payment core (issue 9, architecture "Payments", decisions 016 and 031): starting a payment,
// verifying it with the gateway, the webhook and the retry sweep, and the state machine. The server
// computes every amount from the database, records the payment as pending before the pop-up opens, and
// marks it paid only when the gateway confirms status, amount and currency for that reference — exactly
// once, through a conditional update, whichever of the callback, /verify-payment, the webhook or a
// retry comes first. What a paid payment sets off (receipt, ticket) is a job written by the transaction
// that makes it paid (the outbox): the process that made it paid does the job's work at once, and the
// job does it later if that process dies first, so no crash after the commit loses it.
// Coupons are coupons.service.ts's; the course and ticket records are purchases.service.ts's.
import { randomBytes } from "node:crypto";
import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import { coursePrice, koboToNaira, nairaToKobo } from "../../../contract/lib/money.ts";
import {
  FREE_PROVIDER,
  PAYMENT_MESSAGES as M,
  REFERENCE_PATTERN,
  type CouponUsageLog,
  type CoursePurchaseLog,
  type EventPurchaseLog,
  type PaymentKind,
  type PaymentOutcome,
  type PaymentStatus,
  type PurchaseLogResult,
  type StartCoursePayment,
  type StartedPayment,
  type StartTicketPayment,
} from "../../../contract/payments/payments.ts";
import { EVENT_DATE_MESSAGES, eventHasDate } from "../../../contract/showcase/event-dates.ts";
import { TICKET_TYPES } from "../../../contract/showcase/tickets.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/content-version.ts";
import { coupons as couponsTable, paymentEvents, payments } from "../../db/schema.ts";
import {
  PaymentGatewayError,
  withoutNul,
  type InitializeResult,
  type PaymentGateway,
  type VerifyResult,
} from "../../integrations/payments/gateway.ts";
import { Conflict, Invalid, NotFound, Unauthorized, Unavailable } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import type { AppliedCoupon, CouponsService } from "../coupons/coupons.service.ts";
import { HELD_STATUSES, type PurchasesService } from "./purchases.service.ts";
import type { RefundsService } from "./refunds.service.ts";

export type Payment = typeof payments.$inferSelect;
/** What brought a status change. */
export type PaymentSource = "start" | "callback" | "verify" | "webhook" | "retry" | "sandbox" | "refund" | "free";

/** Background work the service hands to the job queue (payments.jobs.ts). */
export interface PaymentJobs {
  /** verify `reference` soon, retried while the gateway does not answer (webhooks) */
  verifyLater(reference: string, source: PaymentSource): Promise<void>;
  /** resolves once jobs can be written inside a transaction (paidIn); awaited before one is opened */
  ready(): Promise<void>;
  /**
   * Inside the transaction that makes `payment` paid: the job that sends what a paid payment sets off
   * (receipt, ticket e-mail, streaming link). It commits with the paid status or not at all. Its id.
   */
  paidIn(tx: Tx, payment: Payment, facts: PaidFacts): Promise<string | null>;
  /**
   * Once that has committed, in this process: the job's work, done now, and the job completed. Never
   * throws: what fails (or a crash before it ends) is left to the job, which a worker runs later.
   */
  paidNow(payment: Payment, facts: PaidFacts, jobId: string | null): Promise<void>;
}

/** What the paid job needs as it was at the paid transition, whenever the job runs. */
export interface PaidFacts {
  /** the coupon the payment applied, as it stood when the payment was paid (null: none, or nothing to say) */
  coupon: AppliedCoupon | null;
}

export interface PaymentsDeps {
  db: Db;
  gateway: PaymentGateway;
  logger: Logger;
  coupons: Pick<CouponsService, "apply" | "get" | "applied" | "reserve">;
  purchases: PurchasesService;
  /** PAYSTACK_PUBLIC_KEY: the inline pop-up needs it (paystack only) */
  publicKey?: string;
  jobs?: PaymentJobs;
  /** refund webhooks (refund.processed, refund.failed) go to the refunds (refunds.service.ts) */
  refunds?: Pick<RefundsService, "receiveWebhook">;
  /**
   * Called once per payment, after the transaction that made it paid has committed and its job's work
   * is done, by the call that made it paid (never by the others), in this process. For observers
   * (tests): a crash before it runs loses the call, so what must happen is the job's (`jobs.paidIn`).
   * An error is logged.
   */
  onPaymentPaid?: (payment: Payment) => Promise<void> | void;
}

/** The smallest charge Paystack takes in NGN is ₦50. */
const MIN_AMOUNT_KOBO = 5_000;

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** "ta_" and 24 base32 characters: 120 random bits, unguessable and unique in practice (and by constraint). */
export function newReference(): string {
  const bytes = randomBytes(24);
  let out = "ta_";
  for (const b of bytes) out += BASE32[b & 31];
  return out;
}

/** spec §5: the first word of the full name is the first name, the rest the last name. */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const [first = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}

function toOutcome(p: Payment): PaymentOutcome {
  const d = p.details;
  return {
    status: p.status as PaymentStatus,
    reference: p.reference,
    kind: p.kind as PaymentKind,
    itemId: p.itemId,
    amount: koboToNaira(p.amount),
    currency: p.currency,
    channel: typeof d.channel === "string" ? d.channel : null,
    paidAt: typeof d.paidAt === "string" ? d.paidAt : null,
  };
}

type Transition = {
  to: "paid" | "failed" | "abandoned";
  from: PaymentStatus[];
  source: PaymentSource;
  details: Record<string, unknown>;
};

/**
 * The state machine: moves a payment from one of `from` to `to`, with its purchase rows, a history row
 * and, to paid, the job of what that sets off, in one transaction. The conditional update decides: of
 * any number of concurrent callers, one gets the row (and the others change nothing).
 */
async function transition(deps: PaymentsDeps, reference: string, t: Transition): Promise<Payment | null> {
  const { db, jobs, logger } = deps;
  if (t.to === "paid") await jobs?.ready();
  const done = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.reference, reference))
      .for("update");
    const [row] = await tx
      .update(payments)
      .set({
        status: t.to,
        verifiedAt: new Date(),
        details: sql`${payments.details} || ${JSON.stringify(t.details)}::jsonb`,
      })
      .where(and(eq(payments.reference, reference), inArray(payments.status, t.from)))
      .returning();
    if (!row) return null;
    await deps.purchases.settle(tx, row.kind as PaymentKind, reference, t.to === "paid" ? "paid" : "not_paid");
    await tx.insert(paymentEvents).values({
      paymentId: row.id,
      fromStatus: before?.status ?? null,
      toStatus: t.to,
      source: t.source,
      details: t.details,
    });
    if (row.status !== "paid" || !jobs) return { row, paid: null };
    const facts = await paidFacts(deps, tx, row);
    return { row, paid: { facts, jobId: await jobs.paidIn(tx, row, facts) } };
  });
  const changed = done?.row ?? null;
  if (changed) logger.info("payment status changed", { reference, to: t.to, source: t.source });
  if (done?.paid) await jobs?.paidNow(done.row, done.paid.facts, done.paid.jobId);
  if (changed?.status === "paid" && deps.onPaymentPaid) {
    try {
      await deps.onPaymentPaid(changed);
    } catch (error) {
      logger.error("onPaymentPaid failed", {
        reference,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return changed;
}

/** The coupon of a payment that is made paid, read in that transaction. */
async function paidFacts(deps: PaymentsDeps, tx: Tx, payment: Payment): Promise<PaidFacts> {
  const { couponId, listAmount } = payment.details;
  if (typeof couponId !== "string") return { coupon: null };
  const list = Number.isSafeInteger(listAmount) ? (listAmount as number) : null;
  return { coupon: await deps.coupons.applied(couponId, list, payment.amount, tx) };
}

/** The gateway's word on a reference; a gateway that does not answer is Unavailable (503). */
async function askGateway(deps: PaymentsDeps, reference: string): Promise<VerifyResult> {
  try {
    return await deps.gateway.verify(reference);
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    deps.logger.warn("payment gateway verify failed", { reference, error: error.message });
    throw Unavailable(M.gatewayDown);
  }
}

/** What a gateway's answer moves a pending or abandoned payment to (nothing while it is still pending). */
function afterGateway(payment: Payment, result: VerifyResult, source: PaymentSource): Transition | null {
  const seen = { gatewayStatus: result.status, channel: result.channel, paidAt: result.paidAt?.toISOString() ?? null };
  const from: PaymentStatus[] = ["pending", "abandoned"];
  if (result.status === "success") {
    const matches = result.amountKobo === payment.amount && result.currency === "NGN" && payment.currency === "NGN";
    if (matches) return { to: "paid", from, source, details: seen };
    const mismatch = {
      reason: "amount mismatch",
      gatewayAmountKobo: result.amountKobo,
      gatewayCurrency: result.currency,
    };
    return { to: "failed", from, source, details: { ...seen, ...mismatch } };
  }
  if (result.status === "failed") return { to: "failed", from, source, details: seen };
  if (result.status === "abandoned") return { to: "abandoned", from: ["pending"], source, details: seen };
  return null;
}

/** What a payment starts with: its item, buyer, amount, and its purchase rows (written with it). */
interface NewPayment {
  kind: PaymentKind;
  itemId: string;
  email: string;
  /** the signed-in user who starts it, else null (decision 018) */
  userId: string | null;
  amount: number;
  details: Record<string, unknown>;
  metadata: Record<string, unknown>;
  rows: (tx: Tx, reference: string) => Promise<void>;
}

/** The payment, its history's first row and its purchase rows, pending, in the transaction `tx`. */
async function record(tx: Tx, input: NewPayment, reference: string, gatewayName: string): Promise<void> {
  const [row] = await tx
    .insert(payments)
    .values({
      reference,
      kind: input.kind,
      itemId: input.itemId,
      email: input.email,
      userId: input.userId,
      amount: input.amount,
      currency: "NGN",
      status: "pending",
      gateway: gatewayName,
      details: input.details,
    })
    .returning({ id: payments.id });
  await tx.insert(paymentEvents).values({ paymentId: row!.id, fromStatus: null, toStatus: "pending", source: "start" });
  await input.rows(tx, reference);
}

/** A free enrolment's move to paid: no gateway to ask, so nothing else decides it (decision 060). */
const freePaid = (): Transition => ({
  to: "paid",
  from: ["pending", "abandoned"],
  source: "free",
  details: { channel: FREE_PROVIDER, paidAt: new Date().toISOString() },
});

/**
 * decision 060: a course a coupon brings to ₦0, enrolled without the gateway. Under the coupon's row
 * lock (the one `reserve` takes), a free enrolment of this course already made for this e-mail is the
 * answer (the same learner clicking twice gets one); else the payment is recorded with its coupon use
 * reserved, as any other, and moved to paid at once through the state machine (its paid job sends the
 * receipt). A crash between the two leaves it pending, and `verify` (the retry sweep) completes it.
 */
async function startFree(deps: PaymentsDeps, input: NewPayment, couponId: string): Promise<string> {
  const reference = await deps.db.transaction(async (tx) => {
    await tx.select({ id: couponsTable.id }).from(couponsTable).where(eq(couponsTable.id, couponId)).for("update");
    const [mine] = await tx
      .select({ reference: payments.reference })
      .from(payments)
      .where(
        and(
          eq(payments.kind, input.kind),
          eq(payments.itemId, input.itemId),
          eq(payments.gateway, FREE_PROVIDER),
          sql`lower(${payments.email}) = lower(${input.email})`,
          inArray(payments.status, ["pending", "abandoned", ...HELD_STATUSES]),
        ),
      )
      .limit(1);
    if (mine) return mine.reference;
    const made = newReference();
    await record(tx, input, made, FREE_PROVIDER);
    return made;
  });
  await transition(deps, reference, freePaid());
  return reference;
}

/** Records the payment and its purchase rows as pending, then opens the transaction at the gateway. */
async function start(deps: PaymentsDeps, input: NewPayment): Promise<{ reference: string; init: InitializeResult }> {
  const { db, gateway, logger } = deps;
  if (input.amount < MIN_AMOUNT_KOBO) throw Invalid(M.tooSmall);
  const reference = newReference();
  await db.transaction((tx) => record(tx, input, reference, gateway.name));
  try {
    const init = await gateway.initialize(reference, input.amount, input.email, { ...input.metadata, reference });
    return { reference, init };
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    logger.warn("payment gateway initialize failed", { reference, error: error.message });
    const details = { reason: "initialize failed", error: error.message };
    await transition(deps, reference, { to: "failed", from: ["pending"], source: "start", details });
    throw Unavailable(M.gatewayDown);
  }
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, gateway, logger, coupons, purchases } = deps;

  async function findPayment(reference: string): Promise<Payment> {
    if (!REFERENCE_PATTERN.test(reference)) throw NotFound(M.paymentNotFound);
    const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
    if (!row) throw NotFound(M.paymentNotFound);
    return row;
  }

  /** What the browser needs to open the pop-up: Paystack's public key, or the sandbox checkout. */
  function started(
    reference: string,
    init: InitializeResult | null,
    amount: number,
    buyer: { email: string; firstName: string; lastName: string; phone?: string },
  ): StartedPayment {
    const { phone, ...named } = buyer;
    return {
      reference,
      provider: gateway.name,
      amountKobo: amount,
      amount: koboToNaira(amount),
      currency: "NGN",
      ...named,
      ...(phone ? { phone } : {}),
      ...(!init
        ? { provider: FREE_PROVIDER }
        : gateway.name === "paystack"
          ? { publicKey: deps.publicKey, accessCode: init.accessCode, authorizationUrl: init.authorizationUrl }
          : { accessCode: init.accessCode, checkoutUrl: `/backend/api/payments/sandbox/${reference}` }),
    };
  }

  /** A purchase record sent by the browser with one of our references (spec §7): a paid claim is only verified. */
  async function claim(reference: string, kind: PaymentKind, itemId: string, status: "paid" | "not_paid") {
    const payment = await findPayment(reference);
    if (payment.kind !== kind || payment.itemId !== itemId) throw NotFound(M.paymentOtherItem);
    const outcome = status === "paid" ? await service.verify(reference, "callback") : await service.cancel(reference);
    const stored = outcome.status === "paid" ? "paid" : outcome.status === "pending" ? "pending" : "not_paid";
    return { recorded: true, paymentStatus: stored, reference } satisfies PurchaseLogResult;
  }

  const service = {
    gatewayName: gateway.name,

    /** `userId`: the signed-in user starting it (the payment is then theirs on /account), else null. */
    async startCoursePayment(input: StartCoursePayment, userId: string | null = null): Promise<StartedPayment> {
      const course = await purchases.course(input.courseId);
      // decision 059: listAmount is the price after discount (the coupon's base), fullAmount the full price
      const { price: base, original } = coursePrice(course);
      const { amount, couponId } = input.couponCode
        ? await coupons.apply(base, input.couponCode, course.id)
        : { amount: base, couponId: null };
      const buyer = { fullName: input.fullName, email: input.email, phone: input.phone };
      const payer = { email: input.email, ...splitName(input.fullName), phone: input.phone };
      const couponCode = couponId ? input.couponCode!.trim().toUpperCase() : null;
      const details = { fullName: input.fullName, phone: input.phone, couponId, couponCode, listAmount: base };
      const payment: NewPayment = {
        kind: "course",
        itemId: course.id,
        email: input.email,
        userId,
        amount,
        details: { ...details, fullAmount: original ?? base },
        metadata: { kind: "course", courseId: course.id, couponId, fullName: input.fullName, phone: input.phone },
        rows: async (tx, ref) => {
          // decision 034: the coupon's use is reserved here, race-free, or the start is refused
          if (couponId) await coupons.reserve(tx, couponId);
          await purchases.recordCourse(tx, { reference: ref, courseId: course.id, buyer, amount, couponId });
        },
      };
      if (amount === 0 && couponId) {
        const reference = await startFree(deps, payment, couponId);
        const { status } = await findPayment(reference);
        return { ...started(reference, null, 0, payer), status: status as PaymentStatus };
      }
      const { reference, init } = await start(deps, payment);
      return started(reference, init, amount, payer);
    },

    async startTicketPayment(input: StartTicketPayment, userId: string | null = null): Promise<StartedPayment> {
      const event = await purchases.event(input.eventId);
      // decision 061: an event without a date is not sold
      if (!eventHasDate(event)) throw Conflict(EVENT_DATE_MESSAGES.noDate);
      const type = TICKET_TYPES.find((t) => t.value === input.ticketType);
      if (!type) throw Invalid("ticketType must be Standard or VIP");
      // spec §9: amount = price × quantity × 100
      const amount = nairaToKobo(type.price) * input.quantity;
      const { quantity, email } = input;
      const { reference, init } = await start(deps, {
        kind: "ticket",
        itemId: event.id,
        email,
        userId,
        amount,
        details: { ticketType: type.value, quantity, eventName: event.name },
        metadata: { kind: "ticket", eventId: event.id, ticketType: type.value, quantity },
        rows: (tx, ref) =>
          purchases.recordTicket(tx, { reference: ref, event, email, ticketType: type.value, quantity, amount }),
      });
      return started(reference, init, amount, { email, firstName: "", lastName: "" });
    },

    /**
     * Asks the gateway about `reference` and records what it says. Paid only when it says success for
     * exactly our amount in NGN; a success for another amount or currency is recorded as failed.
     * A paid or failed payment is final (and so are the refund states, decision 035): asking again
     * changes nothing and calls nobody.
     */
    async verify(reference: string, source: PaymentSource): Promise<PaymentOutcome> {
      const payment = await findPayment(reference);
      if (payment.status !== "pending" && payment.status !== "abandoned") return toOutcome(payment);
      // decision 060: a free enrolment cut off before its paid move has no gateway to ask
      if (payment.gateway === FREE_PROVIDER) {
        await transition(deps, reference, freePaid());
        return toOutcome(await findPayment(reference));
      }
      const next = afterGateway(payment, await askGateway(deps, reference), source);
      if (next) await transition(deps, reference, next);
      return toOutcome(await findPayment(reference));
    },

    /** The pop-up was closed without paying (spec §4: logs not_paid): a pending payment becomes abandoned. */
    async cancel(reference: string): Promise<PaymentOutcome> {
      await findPayment(reference);
      const details = { reason: "pop-up closed" };
      await transition(deps, reference, { to: "abandoned", from: ["pending"], source: "callback", details });
      return toOutcome(await findPayment(reference));
    },

    async outcome(reference: string): Promise<PaymentOutcome> {
      return toOutcome(await findPayment(reference));
    },

    /** A payment by its id, as stored (null when there is none): the paid job's starting point. */
    async byId(paymentId: string): Promise<Payment | null> {
      const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
      return row ?? null;
    },

    /**
     * A gateway webhook: the signature of the raw body must be right (else Unauthorized and nothing
     * changes). charge.success of one of our references is verified with the gateway, in a job; the
     * refund events settle a refund (refunds.service.ts: a replay changes nothing).
     */
    async receiveWebhook(rawBody: string, signature: string | null | undefined): Promise<void> {
      // The signature first, on the raw body exactly as sent: nothing about the body is judged before.
      if (!gateway.verifyWebhookSignature(rawBody, signature)) throw Unauthorized(M.signature);
      let event: unknown;
      try {
        // a genuine webhook is acknowledged whatever its fields hold: NULs (escaped, or raw, which JSON
        // does not even allow) are taken out, never refused
        event = withoutNul(JSON.parse(rawBody.replaceAll("\0", "")));
      } catch {
        return;
      }
      const e = event as { event?: unknown; data?: { reference?: unknown } } | null;
      if (typeof e?.event === "string" && e.event.startsWith("refund.")) {
        await deps.refunds?.receiveWebhook(e.event, e.data);
        return;
      }
      if (e?.event !== "charge.success" || typeof e.data?.reference !== "string") return;
      const reference = e.data.reference;
      if (!REFERENCE_PATTERN.test(reference)) return;
      const [known] = await db.select({ id: payments.id }).from(payments).where(eq(payments.reference, reference));
      if (!known) return;
      if (deps.jobs) await deps.jobs.verifyLater(reference, "webhook");
      else
        void service
          .verify(reference, "webhook")
          .catch((error: unknown) => logger.error("webhook verify failed", { reference, error: String(error) }));
    },

    /**
     * The retry sweep: asks the gateway again about payments still pending or abandoned that were started
     * between `minAgeMs` and `maxAgeMs` ago (a webhook that never came, a payer who closed the tab).
     * Returns how many were asked; a gateway that does not answer is left for the next sweep.
     */
    async retryOpen(now = new Date(), minAgeMs = 2 * 60_000, maxAgeMs = 24 * 60 * 60_000): Promise<number> {
      const open = await db
        .select({ reference: payments.reference })
        .from(payments)
        .where(
          and(
            inArray(payments.status, ["pending", "abandoned"]),
            between(payments.createdAt, new Date(now.getTime() - maxAgeMs), new Date(now.getTime() - minAgeMs)),
          ),
        )
        .limit(500);
      for (const { reference } of open) {
        await service.verify(reference, "retry").catch((error: unknown) =>
          logger.warn("payment retry failed", {
            reference,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      }
      return open.length;
    },

    /** The history of one payment, oldest first. */
    async history(reference: string) {
      const payment = await findPayment(reference);
      return db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, payment.id))
        .orderBy(asc(paymentEvents.at), asc(paymentEvents.id));
    },

    // The spec's logging calls (spec §5/§7) record intent; with one of our references they verify (paid)
    // or cancel (not_paid) it: the body's paymentStatus never makes anything paid.

    /** POST /api/courses/{courseId}/purchases */
    async logCoursePurchase(courseId: string, body: CoursePurchaseLog): Promise<PurchaseLogResult> {
      const course = await purchases.course(courseId);
      if (body.reference) return claim(body.reference, "course", course.id, body.paymentStatus);
      return purchases.recordCourseIntent(course, body);
    },

    /** POST /api/coupons/log-usage/{couponId} */
    async logCouponUsage(couponId: string, body: CouponUsageLog): Promise<PurchaseLogResult> {
      const coupon = await coupons.get(couponId);
      const course = await purchases.course(body.courseId);
      if (body.reference) return claim(body.reference, "course", course.id, body.paymentStatus);
      return purchases.recordCourseIntent(course, body, coupon.id);
    },

    /** POST /api/events/{id}/purchases */
    async logEventPurchase(eventId: string, body: EventPurchaseLog): Promise<PurchaseLogResult> {
      const event = await purchases.event(eventId);
      if (body.reference) return claim(body.reference, "ticket", event.id, "paid");
      return purchases.recordTicketIntent(event, body);
    },
  };
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
