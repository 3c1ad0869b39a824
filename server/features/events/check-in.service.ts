// Check-in at the door (issue 18 "Check-in at the door", beyond the spec: what pretix and Hi.Events give
// their door staff; decision 036). One scan is one small request: the ticket's signed code (its QR code,
// or typed) and the scan's own id, made by the phone. The answer: admitted (the type, and how many of
// the quantity are now in), already used (when and by whom), not for this event, refunded, not paid,
// or forged (the code does not verify).
//
// Exactly once, even from two phones at the same instant: an admission is the conditional update
// `checked_in = checked_in + 1 where checked_in < quantity` (the row's lock orders two scans; the
// second sees the first's count) and a check_ins row (purchase, seq) in the same transaction. The same
// scan sent again (an answer lost on a weak connection) finds its check_ins row by its scan id and gets
// the same answer without a second admission. Copies of one scan sent at once (issue 29) are taken one
// after the other: the admitting transaction first takes a transaction lock on the scan id
// (pg_advisory_xact_lock), and looks for the scan's admission again under it. A copy that came while the
// first was admitting waits for that commit and answers the stored admission, never "already used" by
// its own first copy (which it did on PostgreSQL when it waited on the ticket's row lock instead).
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { describeIssues } from "../../../contract/lib/common.ts";
import { CheckInRequestSchema, EVENT_MESSAGES, type CheckInResult } from "../../../contract/showcase/events.ts";
import type { Db } from "../../db/client.ts";
import { checkIns, eventPurchases, events, payments } from "../../db/schema.ts";
import { Invalid, NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import { verifyTicketCode } from "../tickets/tickets.service.ts";

type Purchase = typeof eventPurchases.$inferSelect;
type CheckInRow = typeof checkIns.$inferSelect;

export interface CheckInDeps {
  db: Db;
  /** ticketKey(auth secret): the key ticket codes are signed with */
  ticketKey: Buffer;
  now?: () => Date;
}

/** Thrown inside the admission's transaction to undo it: this scan id was admitted by a concurrent request. */
class SameScan extends Error {}

/** The first key of the scan-id advisory locks (the second is the scan id's hash): no other lock uses it. */
const SCAN_LOCK_SPACE = 36_036;

export function createCheckInService(deps: CheckInDeps) {
  const { db } = deps;

  const admitted = (purchase: Purchase, row: CheckInRow): CheckInResult => ({
    result: "admitted",
    ticketType: purchase.ticketType,
    email: purchase.email,
    admitted: row.seq,
    quantity: purchase.quantity,
    at: row.at.toISOString(),
  });

  /** The answer a scan id already got: its admission (read by `q`, the database or a transaction). */
  async function earlierScan(scanId: string, q: Pick<Db, "select"> = db): Promise<CheckInResult | null> {
    const [found] = await q
      .select({ checkIn: checkIns, purchase: eventPurchases })
      .from(checkIns)
      .innerJoin(eventPurchases, eq(eventPurchases.id, checkIns.purchaseId))
      .where(eq(checkIns.scanId, scanId));
    return found ? admitted(found.purchase, found.checkIn) : null;
  }

  return {
    /** POST /api/admin/events/{id}/check-in */
    async checkIn(actor: Actor | null, eventId: string, body: unknown): Promise<CheckInResult> {
      const admin = requireAdmin(actor);
      const parsed = CheckInRequestSchema.safeParse(body ?? {});
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { code, scanId } = parsed.data;
      if (!isId(eventId)) throw NotFound(EVENT_MESSAGES.notFound);
      const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
      if (!event) throw NotFound(EVENT_MESSAGES.notFound);

      // the same scan again: the answer it got
      const again = await earlierScan(scanId);
      if (again) return again;

      const purchaseId = verifyTicketCode(deps.ticketKey, code);
      if (!purchaseId) return { result: "forged" };
      const [found] = await db
        .select({ purchase: eventPurchases, paymentStatus: payments.status, eventName: events.name })
        .from(eventPurchases)
        .leftJoin(payments, eq(payments.reference, eventPurchases.paymentReference))
        .leftJoin(events, eq(events.id, eventPurchases.eventId))
        .where(eq(eventPurchases.id, purchaseId));
      // signed by us, yet no such ticket: nothing to admit
      if (!found) return { result: "forged" };
      const { purchase, paymentStatus } = found;
      if (purchase.eventId !== eventId)
        return { result: "wrong_event", eventName: found.eventName ?? purchase.eventName };
      if (purchase.paymentStatus === "refunded" || paymentStatus === "refunded")
        return { result: "refunded", status: "refunded" };
      if (paymentStatus === "refund_pending") return { result: "refunded", status: "refund_pending" };
      if (purchase.paymentStatus !== "paid") return { result: "unpaid" };

      const at = deps.now?.() ?? new Date();
      const byName = admin.username || admin.email;
      try {
        const outcome = await db.transaction(async (tx) => {
          // one copy of a scan at a time: a copy sent while another admits waits here for its commit
          await tx.execute(sql`select pg_advisory_xact_lock(${SCAN_LOCK_SPACE}, hashtext(${scanId}))`);
          const stored = await earlierScan(scanId, tx);
          if (stored) return stored;
          const [counted] = await tx
            .update(eventPurchases)
            .set({ checkedIn: sql`${eventPurchases.checkedIn} + 1` })
            .where(and(eq(eventPurchases.id, purchase.id), lt(eventPurchases.checkedIn, eventPurchases.quantity)))
            .returning({ checkedIn: eventPurchases.checkedIn });
          if (!counted) return null;
          const [inserted] = await tx
            .insert(checkIns)
            .values({
              purchaseId: purchase.id,
              eventId,
              seq: counted.checkedIn,
              scanId,
              byUserId: admin.id,
              byName,
              at,
            })
            .onConflictDoNothing({ target: checkIns.scanId })
            .returning();
          if (!inserted) throw new SameScan();
          return admitted(purchase, inserted);
        });
        if (outcome) return outcome;
      } catch (error) {
        if (!(error instanceof SameScan)) throw error;
        const same = await earlierScan(scanId);
        if (same) return same;
        throw error;
      }

      // every one of the quantity is in: when the last came in, and who let them in
      const [last] = await db
        .select()
        .from(checkIns)
        .where(eq(checkIns.purchaseId, purchase.id))
        .orderBy(desc(checkIns.seq))
        .limit(1);
      return {
        result: "already_used",
        ticketType: purchase.ticketType,
        email: purchase.email,
        quantity: purchase.quantity,
        at: (last?.at ?? at).toISOString(),
        by: last?.byName ?? "",
      };
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
