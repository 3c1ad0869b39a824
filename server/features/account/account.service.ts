// A learner's own purchases for /account and GET /api/account/purchases (issue 9; decision 018).
// A payment is the user's when they started it signed in (payments.user_id), or when it was made with
// their e-mail address (any case) and that address is verified: so a purchase made while signed out
// joins the account the moment its owner proves the address, and nobody sees another person's tickets
// by signing up with their address. Only paid payments count; a refunded one stays listed, marked
// refunded, with its receipt, and is no longer an enrolment or a valid ticket (issue 29; decision 065).
import { eq } from "drizzle-orm";
import type {
  AccountCourse,
  AccountPage,
  AccountPurchases,
  AccountReceipt,
  AccountTicket,
} from "../../../contract/account/account.ts";
import { formatLagosDate, formatLagosLong } from "../../../contract/lib/dates.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { Unauthorized } from "../../lib/errors.ts";
import { koboToNaira } from "../../../contract/lib/money.ts";
import { FREE_PROVIDER, channelLabel } from "../../../contract/payments/payment-texts.ts";
import { ticketTypeLabel } from "../../../contract/showcase/tickets.ts";
import type { PaymentRow, PurchasesService } from "../payments/purchases.service.ts";
import { streamLinkTiming, ticketCode, ticketQrImage } from "../tickets/tickets.service.ts";

const messages = {
  signIn: "Please sign in to see your purchases.",
  removedCourse: "A course no longer offered",
};

/** When it was paid: the gateway's time when it gave one, else when we verified it (as the receipt e-mail). */
function paidAtOf(p: PaymentRow): Date {
  const given = typeof p.details.paidAt === "string" ? new Date(p.details.paidAt) : null;
  if (given && !Number.isNaN(given.getTime())) return given;
  return p.verifiedAt ?? p.createdAt;
}

/**
 * Held (paid, or paid with a refund pending or failed: the buyer keeps what they paid for) or refunded;
 * once refunded, when (the settlement's time, kept in the payment's details) and how much (refunds are
 * whole: what was paid).
 */
function refundOf(p: PaymentRow): Pick<AccountCourse, "status" | "refundedAt" | "refundedAmount"> {
  if (p.status !== "refunded") return { status: "paid", refundedAt: null, refundedAmount: null };
  const at = typeof p.details.refundedAt === "string" ? new Date(p.details.refundedAt) : null;
  return {
    status: "refunded",
    refundedAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : null,
    refundedAmount: koboToNaira(p.amount),
  };
}

/** The held ones first, then the refunded ones, keeping each group's order (newest first). */
function heldFirst<T extends { status: string }>(items: T[]): T[] {
  return [...items.filter((i) => i.status !== "refunded"), ...items.filter((i) => i.status === "refunded")];
}

/** "1 × Standard ticket for Demo Day", "2 × VIP (with Q&A) tickets for Demo Day". */
export function ticketItem(quantity: number, type: string, eventName: string): string {
  return `${quantity} × ${ticketTypeLabel(type)} ticket${quantity === 1 ? "" : "s"} for ${eventName}`;
}

export function createAccountService(deps: { db: Db; ticketKey: Buffer; purchases: Pick<PurchasesService, "paidBy"> }) {
  const { db, ticketKey, purchases } = deps;

  const service = {
    /**
     * The paid courses, tickets and receipts of a signed-in user, newest first; refunded ones marked
     * (after the held ones among courses and tickets; in date order among receipts).
     */
    async getAccountPurchases(userId: string): Promise<AccountPurchases> {
      const [me] = await db
        .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, userId));
      if (!me) throw Unauthorized(messages.signIn);

      const { payments, courseById, ticketByReference: ticketByRef } = await purchases.paidBy(me);
      const paid = payments
        .map((p) => ({ p, paidAt: paidAtOf(p) }))
        .sort((a, b) => b.paidAt.getTime() - a.paidAt.getTime());

      const coursesOut: AccountCourse[] = [];
      const tickets: AccountTicket[] = [];
      const receipts: AccountReceipt[] = [];
      for (const { p, paidAt } of paid) {
        const common = {
          amount: koboToNaira(p.amount),
          reference: p.reference,
          paidAt: paidAt.toISOString(),
          ...refundOf(p),
        };
        const channel = typeof p.details.channel === "string" ? p.details.channel : null;
        let item: string;
        if (p.kind === "course") {
          const course = courseById.get(p.itemId);
          item = course?.title ?? messages.removedCourse;
          // each course once: its newest payment held, else (all refunded) its newest refunded one (a
          // second payment for it still has its receipt)
          const entry: AccountCourse = {
            courseId: p.itemId,
            title: item,
            category: course?.category ?? null,
            instructor: course?.instructor ?? null,
            ...common,
          };
          const at = coursesOut.findIndex((c) => c.courseId === p.itemId);
          if (at < 0) coursesOut.push(entry);
          else if (coursesOut[at]!.status === "refunded" && entry.status !== "refunded") coursesOut[at] = entry;
        } else {
          const found = ticketByRef.get(p.reference);
          const quantity = found?.purchase.quantity ?? Number(p.details.quantity ?? 1);
          const type = found?.purchase.ticketType ?? String(p.details.ticketType ?? "");
          const eventName = found?.event?.name ?? found?.purchase.eventName ?? String(p.details.eventName ?? "");
          item = ticketItem(quantity, type, eventName || "an event");
          if (found) {
            tickets.push({
              ticketId: found.purchase.id,
              eventId: found.purchase.eventId,
              eventName: eventName || found.purchase.eventName,
              eventTime: found.event?.time ?? "",
              startsAt: found.event?.startsAt?.toISOString() ?? null,
              ticketType: type,
              ticketTypeLabel: ticketTypeLabel(type),
              quantity,
              ...common,
              // the same signed code as the ticket e-mail's (tickets.service.ts sendTicketEmail); none
              // for a refunded ticket, which admits no one
              code: common.status === "refunded" ? null : ticketCode(ticketKey, found.purchase.id),
            });
          }
        }
        receipts.push({
          kind: p.kind === "ticket" ? "ticket" : "course",
          item,
          currency: p.currency,
          channel,
          // decision 060: a free enrolment says which coupon made it free
          paidBy:
            channel === FREE_PROVIDER && typeof p.details.couponCode === "string"
              ? `${channelLabel(channel)} ${p.details.couponCode}`
              : channelLabel(channel),
          ...common,
        });
      }
      return {
        email: me.email,
        emailVerified: me.emailVerified,
        courses: heldFirst(coursesOut),
        tickets: heldFirst(tickets),
        receipts,
      };
    },

    /**
     * The QR code of a ticket code as an image address (an SVG in a data: URL, which an <img> shows and
     * never runs), made only for a genuine code of ours: anything else gets null.
     */
    ticketQrImage(code: string): Promise<string | null> {
      return ticketQrImage(ticketKey, code);
    },

    /**
     * What /account shows: the purchases with their dates in Lagos time ("paid on", a ticket's start as
     * the ticket e-mail writes it), each ticket's QR code, and whether its streaming link is still to come.
     */
    async accountPage(userId: string, now = new Date()): Promise<AccountPage> {
      const purchases = await service.getAccountPurchases(userId);
      const dates = (p: { paidAt: string; refundedAt: string | null }) => ({
        paidOn: formatLagosDate(p.paidAt),
        refundedOn: p.refundedAt ? formatLagosDate(p.refundedAt) : null,
      });
      return {
        email: purchases.email,
        emailVerified: purchases.emailVerified,
        courses: purchases.courses.map((c) => ({ ...c, ...dates(c) })),
        tickets: await Promise.all(
          purchases.tickets.map(async (t) => ({
            ...t,
            ...dates(t),
            starts: t.startsAt ? formatLagosLong(t.startsAt) : t.eventTime || null,
            // a refunded ticket has no code, so no QR code, and no streaming link to wait for
            qr: t.code ? await service.ticketQrImage(t.code) : null,
            linkLater:
              t.status === "paid" && streamLinkTiming(t.startsAt ? new Date(t.startsAt) : null, now).kind === "later",
          })),
        ),
        receipts: purchases.receipts.map((r) => ({ ...r, ...dates(r) })),
      };
    },
  };
  return service;
}

export type AccountService = ReturnType<typeof createAccountService>;
