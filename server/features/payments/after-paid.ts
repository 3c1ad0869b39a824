// What a paid payment sets off (issue 9 "After paying"; decision 031): the work of the payment-paid job
// (payments.jobs.ts), which the transaction that made the payment paid wrote. It maps the payment row
// onto what the e-mails need and hands it to server/features/tickets/after-payment.service.ts (receipt;
// ticket e-mail and the streaming-link job for a ticket), each of which goes out once however often the
// job runs. The receipt's original price, coupon and buyer's name come from what the payment recorded
// when it started (details.fullAmount, listAmount, couponId, fullName; decision 059) and its user.
import { eq } from "drizzle-orm";
import { user } from "../../db/schema.ts";
import {
  afterPaymentPaid,
  type AfterPaymentDeps,
  type AfterPaymentResult,
  type PaidPayment,
} from "../tickets/after-payment.service.ts";
import type { PaidFacts, Payment } from "./payments.service.ts";
import type { PurchasesService } from "./purchases.service.ts";

export type AfterPaidDeps = AfterPaymentDeps & { purchases: Pick<PurchasesService, "purchaseIdOf"> };

export async function toPaidPayment(deps: AfterPaidDeps, payment: Payment, facts: PaidFacts): Promise<PaidPayment> {
  const kind = payment.kind === "ticket" ? "ticket" : "course";
  const details = payment.details;
  const paidAt = typeof details.paidAt === "string" ? new Date(details.paidAt) : null;
  const typedName = typeof details.fullName === "string" && details.fullName.trim() ? details.fullName : null;
  const [account] =
    !typedName && payment.userId
      ? await deps.db.select({ name: user.name }).from(user).where(eq(user.id, payment.userId))
      : [];
  return {
    id: payment.id,
    reference: payment.reference,
    kind,
    itemId: payment.itemId,
    email: payment.email,
    amountKobo: payment.amount,
    channel: typeof details.channel === "string" ? details.channel : null,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : (payment.verifiedAt ?? new Date()),
    purchaseId: await deps.purchases.purchaseIdOf(kind, payment.reference),
    buyerName: typedName ?? account?.name ?? null,
    listAmountKobo: Number.isSafeInteger(details.listAmount) ? (details.listAmount as number) : null,
    fullAmountKobo: Number.isSafeInteger(details.fullAmount) ? (details.fullAmount as number) : null,
    couponId: typeof details.couponId === "string" ? details.couponId : null,
    coupon: facts.coupon,
  };
}

/**
 * The paid job's work for one paid payment. Throws when a step failed, so that the job is tried again:
 * the steps already done are not done twice.
 */
export function createAfterPaid(deps: AfterPaidDeps) {
  return async (payment: Payment, facts: PaidFacts): Promise<AfterPaymentResult> => {
    const result = await afterPaymentPaid(deps, await toPaidPayment(deps, payment, facts));
    const failed = Object.entries(result).flatMap(([name, step]) =>
      step && !step.ok ? [`${name}: ${step.error}`] : [],
    );
    if (failed.length > 0) throw new Error(`after payment ${payment.reference}: ${failed.join("; ")}`);
    return result;
  };
}

export type AfterPaid = ReturnType<typeof createAfterPaid>;
