// The payments' background work on pg-boss (it survives restarts and is shared by every process):
// - payment-verify: a webhook's reference verified with the gateway, retried while it does not answer;
// - payment-retry: every 10 minutes, the open payments of the last day verified again;
// - payment-sandbox-webhook: the sandbox's signed charge.success webhook, posted to our own webhook
//   route (a bank transfer settles a few seconds later this way).
import type { PgBoss } from "pg-boss";
import type { SandboxGateway } from "../../integrations/payments/sandbox.ts";
import type { Logger } from "../../lib/logger.ts";
import type { PaymentJobs, PaymentSource, PaymentsService } from "./payments.service.ts";

export const PAYMENT_VERIFY_QUEUE = "payment-verify";
export const SANDBOX_WEBHOOK_QUEUE = "payment-sandbox-webhook";
/** Every 10 minutes: open payments of the last day verified again (source retry). */
export const PAYMENT_RETRY_QUEUE = "payment-retry";
export const PAYMENT_RETRY_CRON = "*/10 * * * *";

interface VerifyJob {
  reference: string;
  source: PaymentSource;
}
interface SandboxWebhookJob {
  reference: string;
  /** a bank transfer: the money arrives when the job runs */
  transfer: boolean;
}

export interface PaymentQueue extends PaymentJobs {
  /** the sandbox's webhook for `reference`, posted after `delaySeconds` */
  sandboxWebhookLater(reference: string, delaySeconds: number, transfer: boolean): Promise<void>;
  ready(): Promise<void>;
}

export function createPaymentQueue(boss: PgBoss): PaymentQueue {
  let ready: Promise<void> | undefined;
  const ensure = () => {
    ready ??= Promise.all([boss.createQueue(PAYMENT_VERIFY_QUEUE), boss.createQueue(SANDBOX_WEBHOOK_QUEUE)]).then(
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
  /** the sandbox gateway, when it is the one in use */
  sandbox?: SandboxGateway;
  /** posts a webhook body with its signature to our webhook route; resolves to the HTTP status */
  deliverWebhook(body: string, signature: string): Promise<number>;
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
  await boss.createQueue(PAYMENT_RETRY_QUEUE);
  // schedule() is an upsert by name: every process calling it at start keeps one schedule
  await boss.schedule(PAYMENT_RETRY_QUEUE, PAYMENT_RETRY_CRON, null, { tz: "Africa/Lagos" });
  await boss.work(PAYMENT_RETRY_QUEUE, async () => {
    const asked = await payments.retryOpen();
    if (asked > 0) logger.info("open payments verified again", { asked });
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
