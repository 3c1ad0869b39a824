// What a paid payment sets off (issue 9 "After paying"): the payments core calls this once per payment,
// after the paid status has committed (decision 016). It maps the payment row onto what the e-mails
// need and hands it to server/features/tickets/after-payment.service.ts (receipt; ticket e-mail and the
// streaming-link job for a ticket). The receipt's original price, coupon and buyer's name come from what
// the payment recorded when it started (details.listAmount, couponId, fullName) and its user.
import { eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Db } from "../../db/client.ts";
import { coursePurchases, eventPurchases, user } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { afterPaymentPaid, type PaidPayment } from "../tickets/after-payment.service.ts";
import type { Payment } from "./payments.service.ts";

export async function toPaidPayment(db: Db, payment: Payment): Promise<PaidPayment> {
  const kind = payment.kind === "ticket" ? "ticket" : "course";
  const table = kind === "ticket" ? eventPurchases : coursePurchases;
  const [purchase] = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.paymentReference, payment.reference))
    .limit(1);
  const details = payment.details;
  const paidAt = typeof details.paidAt === "string" ? new Date(details.paidAt) : null;
  const typedName = typeof details.fullName === "string" && details.fullName.trim() ? details.fullName : null;
  const [account] =
    !typedName && payment.userId
      ? await db.select({ name: user.name }).from(user).where(eq(user.id, payment.userId))
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
    purchaseId: purchase?.id ?? null,
    buyerName: typedName ?? account?.name ?? null,
    listAmountKobo: Number.isSafeInteger(details.listAmount) ? (details.listAmount as number) : null,
    couponId: typeof details.couponId === "string" ? details.couponId : null,
  };
}

export function createAfterPaid(deps: {
  db: Db;
  mailer: Mailer;
  boss: PgBoss;
  ticketKey: Buffer;
  brand: EmailBrand;
  logger: Logger;
}) {
  return async (payment: Payment): Promise<void> => {
    await afterPaymentPaid(deps, await toPaidPayment(deps.db, payment));
  };
}
