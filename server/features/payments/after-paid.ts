// What a paid payment sets off (issue 9 "After paying"): the payments core calls this once per payment,
// after the paid status has committed (decision 016). It maps the payment row onto what the e-mails
// need and hands it to server/features/tickets/after-payment.service.ts (receipt; ticket e-mail and the
// streaming-link job for a ticket). The receipt's original price, coupon and buyer's name come from what
// the payment recorded when it started (details.listAmount, couponId, fullName) and its user.
import { eq } from "drizzle-orm";
import { user } from "../../db/schema.ts";
import { afterPaymentPaid, type AfterPaymentDeps, type PaidPayment } from "../tickets/after-payment.service.ts";
import type { Payment } from "./payments.service.ts";
import type { PurchasesService } from "./purchases.service.ts";

export type AfterPaidDeps = AfterPaymentDeps & { purchases: Pick<PurchasesService, "purchaseIdOf"> };

export async function toPaidPayment(deps: AfterPaidDeps, payment: Payment): Promise<PaidPayment> {
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
    couponId: typeof details.couponId === "string" ? details.couponId : null,
  };
}

export function createAfterPaid(deps: AfterPaidDeps) {
  return async (payment: Payment): Promise<void> => {
    await afterPaymentPaid(deps, await toPaidPayment(deps, payment));
  };
}
