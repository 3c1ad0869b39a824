// Helpers of the payment tests: waiting for the payments' jobs, reading a payment and its history.
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { paymentEvents, payments } from "../../server/db/schema.ts";
import { PAYMENT_VERIFY_QUEUE, SANDBOX_WEBHOOK_QUEUE } from "../../server/features/payments/payments.jobs.ts";

/** Resolves once no payment job is waiting or running (delayed ones included), or throws at the timeout. */
export async function drainPaymentJobs(db: Db, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await db.execute(
      sql`select count(*)::int as n from pgboss.job where name in (${PAYMENT_VERIFY_QUEUE}, ${SANDBOX_WEBHOOK_QUEUE}) and state in ('created', 'retry', 'active')`,
    );
    const n = (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    if (n === 0) return;
    if (Date.now() > deadline) throw new Error(`${n} payment job(s) still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function paymentOf(db: Db, reference: string) {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
  if (!row) throw new Error(`no payment ${reference}`);
  return row;
}

/** "from→to by source" for each status change of a payment, oldest first. */
export async function historyOf(db: Db, reference: string): Promise<string[]> {
  const payment = await paymentOf(db, reference);
  const rows = await db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, payment.id))
    .orderBy(asc(paymentEvents.at), asc(paymentEvents.id));
  return rows.map((r) => `${r.fromStatus ?? "-"}→${r.toStatus} by ${r.source}`);
}
