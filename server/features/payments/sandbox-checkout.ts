// The sandbox's checkout dialog, server side (PAYMENT_PROVIDER=sandbox): Pay / Fail / Cancel settle the
// transaction at once and go through the same verification as Paystack's callback; a bank transfer
// stays pending and settles a few seconds later through a signed webhook to our own route (a pg-boss
// job, so it survives a restart). A paid sandbox transaction also gets its webhook, as with Paystack.
import { PAYMENT_MESSAGES as M, type PaymentOutcome } from "../../../contract/payments/payments.ts";
import type { SandboxGateway, SandboxOutcome } from "../../integrations/payments/sandbox.ts";
import { NotFound } from "../../lib/errors.ts";
import type { PaymentQueue } from "./payments.jobs.ts";
import type { PaymentsService } from "./payments.service.ts";

/** How long a sandbox bank transfer takes to arrive. */
export const SANDBOX_TRANSFER_DELAY_SECONDS = 3;

export function createSandboxCheckout(deps: {
  sandbox: SandboxGateway;
  payments: PaymentsService;
  queue?: Pick<PaymentQueue, "sandboxWebhookLater">;
}) {
  const { sandbox, payments, queue } = deps;
  return {
    async settle(reference: string, outcome: SandboxOutcome): Promise<PaymentOutcome> {
      const current = await payments.outcome(reference);
      if (current.status !== "pending" && current.status !== "abandoned") return current;
      const tx = await sandbox.settle(reference, outcome);
      if (!tx) throw NotFound(M.paymentNotFound);
      if (outcome === "abandoned") return payments.cancel(reference);
      if (outcome === "bank_transfer") {
        if (queue) await queue.sandboxWebhookLater(reference, SANDBOX_TRANSFER_DELAY_SECONDS, true);
        return payments.outcome(reference);
      }
      const result = await payments.verify(reference, "sandbox");
      if (outcome === "success" && queue) await queue.sandboxWebhookLater(reference, 0, false);
      return result;
    },
  };
}

export type SandboxCheckout = ReturnType<typeof createSandboxCheckout>;
