// The payments' background work on pg-boss (it survives restarts and is shared by every process):
// - payment-verify: a webhook's reference verified with the gateway, retried while it does not answer;
// - payment-retry: every 10 minutes, the open payments of the last day verified again;
// - payment-sandbox-webhook: the sandbox's signed charge.success webhook, posted to our own webhook
//   route (a bank transfer settles a few seconds later this way);
// - payment-paid: what a paid payment sets off (receipt, ticket e-mail, streaming link), written by the
//   transaction that makes the payment paid (the outbox, decision 031). The process that made it paid
//   does the work at once and completes the job; the job waits PAID_JOB_DELAY_SECONDS for that, so a
//   worker runs it only when that process died or failed first.
// - payment-refund: a refund's work (refunds.service.ts; decision 051), written by the transaction that
//   moves the payment to refund_pending and keyed by the payment. The request that moved it does the
//   work and completes the job; the job runs REFUND_JOB_DELAY_SECONDS later only when that process died
//   (kill -9) or failed before finishing, and reads the gateway's refunds before asking for one.
import type { PgBoss } from "pg-boss";
import type { Tx } from "../../db/content-version.ts";
import type { SandboxGateway } from "../../integrations/payments/sandbox.ts";
import { inTransaction, workOnSchedule } from "../../jobs/queue.ts";
import type { Logger } from "../../lib/logger.ts";
import type { AfterPaid } from "./after-paid.ts";
import { REFUND_JOB_DELAY_SECONDS, RefundBusy, type RefundJobs, type RefundsService } from "./refunds.service.ts";
import type { PaidFacts, PaymentJobs, PaymentSource, PaymentsService } from "./payments.service.ts";

export const PAYMENT_VERIFY_QUEUE = "payment-verify";
export const PAYMENT_PAID_QUEUE = "payment-paid";
export const PAYMENT_REFUND_QUEUE = "payment-refund";
export const SANDBOX_WEBHOOK_QUEUE = "payment-sandbox-webhook";
/** Every 10 minutes: open payments of the last day verified again (source retry). */
export const PAYMENT_RETRY_QUEUE = "payment-retry";
export const PAYMENT_RETRY_CRON = "*/10 * * * *";

interface VerifyJob {
  reference: string;
  source: PaymentSource;
}
interface PaidJob extends PaidFacts {
  paymentId: string;
}
/** How long a payment-paid job leaves the process that made the payment paid to do its work. */
export const PAID_JOB_DELAY_SECONDS = 30;
/**
 * Tried again with backoff for about 2 hours while an e-mail cannot be stored; a worker that dies
 * holding it stops its heartbeat, and the job runs again within about a minute and a half.
 */
const PAID_JOB_OPTIONS = {
  startAfter: PAID_JOB_DELAY_SECONDS,
  retryLimit: 10,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 30 * 60,
  expireInSeconds: 5 * 60,
  heartbeatSeconds: 30,
} as const;

interface RefundJob {
  paymentId: string;
}
/** The refund job: after the lease of the request that queued it; tried again while someone holds it. */
const REFUND_JOB_OPTIONS = {
  startAfter: REFUND_JOB_DELAY_SECONDS,
  retryLimit: 20,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 30 * 60,
  expireInSeconds: 5 * 60,
  heartbeatSeconds: 30,
} as const;

interface SandboxWebhookJob {
  reference: string;
  /** a bank transfer: the money arrives when the job runs */
  transfer: boolean;
}

export interface PaymentQueue extends PaymentJobs, RefundJobs {
  /** the sandbox's webhook for `reference`, posted after `delaySeconds` */
  sandboxWebhookLater(reference: string, delaySeconds: number, transfer: boolean): Promise<void>;
}

export interface PaymentQueueOptions {
  /** the payment-paid job's work (none: the job is left to a worker that has it) */
  afterPaid?: AfterPaid;
  logger?: Logger;
}

export function createPaymentQueue(boss: PgBoss, options: PaymentQueueOptions = {}): PaymentQueue {
  let ready: Promise<void> | undefined;
  const ensure = () => {
    ready ??= Promise.all(
      [PAYMENT_VERIFY_QUEUE, SANDBOX_WEBHOOK_QUEUE, PAYMENT_PAID_QUEUE, PAYMENT_REFUND_QUEUE].map((name) =>
        boss.createQueue(name),
      ),
    ).then(
      () => undefined,
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return ready;
  };
  return {
    ready: ensure,
    async verifyLater(reference, source) {
      await ensure();
      await boss.send(PAYMENT_VERIFY_QUEUE, { reference, source } satisfies VerifyJob, {
        retryLimit: 8,
        retryDelay: 5,
        retryBackoff: true,
        retryDelayMax: 10 * 60,
      });
    },
    async paidIn(tx, payment, facts) {
      // (the queue is known to pg-boss: the core awaited ready() before opening the transaction)
      return boss.send(PAYMENT_PAID_QUEUE, { paymentId: payment.id, ...facts } satisfies PaidJob, {
        ...PAID_JOB_OPTIONS,
        db: inTransaction(tx),
      });
    },
    async paidNow(payment, facts, jobId) {
      if (!options.afterPaid) return;
      try {
        await options.afterPaid(payment, facts);
        // (a worker may hold it already, if this took longer than the delay: completed all the same)
        if (jobId) await boss.complete(PAYMENT_PAID_QUEUE, jobId, null, { includeQueued: true });
      } catch (error) {
        options.logger?.warn("after payment: left to its job", {
          reference: payment.reference,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
    async refundIn(tx: Tx, paymentId: string) {
      // (the queue is known to pg-boss: the refund's move awaited ready() before opening the transaction)
      return boss.send(PAYMENT_REFUND_QUEUE, { paymentId } satisfies RefundJob, {
        ...REFUND_JOB_OPTIONS,
        singletonKey: paymentId,
        db: inTransaction(tx),
      });
    },
    async refundDone(jobId: string) {
      await boss.complete(PAYMENT_REFUND_QUEUE, jobId, null, { includeQueued: true });
    },
    async sandboxWebhookLater(reference, delaySeconds, transfer) {
      await ensure();
      await boss.send(SANDBOX_WEBHOOK_QUEUE, { reference, transfer } satisfies SandboxWebhookJob, {
        startAfter: delaySeconds,
        retryLimit: 5,
        retryDelay: 2,
      });
    },
  };
}

export interface PaymentWorkersDeps {
  boss: PgBoss;
  queue: PaymentQueue;
  payments: PaymentsService;
  /** a refund's work, resumed by its job */
  refunds: RefundsService;
  /** the sandbox gateway, when it is the one in use */
  sandbox?: SandboxGateway;
  /** posts a webhook body with its signature to our webhook route; resolves to the HTTP status */
  deliverWebhook(body: string, signature: string): Promise<number>;
  /** what a paid payment sets off: the payment-paid job's work */
  afterPaid: AfterPaid;
  logger: Logger;
  pollingIntervalSeconds?: number;
}

export async function startPaymentWorkers(deps: PaymentWorkersDeps): Promise<void> {
  const { boss, payments, sandbox, logger } = deps;
  await deps.queue.ready();
  const options = { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1 };
  await boss.work<VerifyJob>(PAYMENT_VERIFY_QUEUE, options, async ([job]) => {
    if (!job) return;
    await payments.verify(job.data.reference, job.data.source);
  });
  await workOnSchedule(boss, PAYMENT_RETRY_QUEUE, PAYMENT_RETRY_CRON, async () => {
    const asked = await payments.retryOpen();
    if (asked > 0) logger.info("open payments verified again", { asked });
  });
  await boss.work<PaidJob>(PAYMENT_PAID_QUEUE, options, async ([job]) => {
    if (!job) return;
    const payment = await payments.byId(job.data.paymentId);
    if (payment?.status !== "paid") return;
    await deps.afterPaid(payment, { coupon: job.data.coupon ?? null });
  });
  await boss.work<RefundJob>(PAYMENT_REFUND_QUEUE, options, async ([job]) => {
    if (!job) return;
    try {
      const status = await deps.refunds.resume(job.data.paymentId);
      logger.info("refund job done", { paymentId: job.data.paymentId, status });
    } catch (error) {
      // (someone holds the refund's lease: tried again after the retry delay)
      if (error instanceof RefundBusy) logger.info("refund job: the refund is held, tried again later");
      throw error;
    }
  });
  await boss.work<SandboxWebhookJob>(SANDBOX_WEBHOOK_QUEUE, options, async ([job]) => {
    if (!job || !sandbox) return;
    const { reference, transfer } = job.data;
    if (transfer) await sandbox.completeTransfer(reference);
    const hook = await sandbox.webhook(reference);
    if (!hook) return;
    const status = await deps.deliverWebhook(hook.body, hook.signature);
    if (status !== 200) {
      logger.warn("sandbox webhook refused", { reference, status });
      throw new Error(`the webhook route answered ${status}`);
    }
  });
}
