// What a payment pays for (issue 9, decisions 016 and 018): the course and ticket records
// (course_purchases with its coupon_usages, event_purchases), written pending when a payment starts,
// paid or not_paid with the payment's transition, and not_paid when the browser only "logs" one; and
// the queries of a buyer's paid purchases that /account shows.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import {
  PAYMENT_MESSAGES as M,
  type CoursePurchaseLog,
  type EventPurchaseLog,
  type PaymentKind,
  type PurchaseLogResult,
} from "../../../contract/payments/payments.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/content-version.ts";
import { coursePurchases, courses, eventPurchases, events, payments } from "../../db/schema.ts";
import { recordCouponIntent, recordCouponUse, settleCouponUses } from "../coupons/coupons.service.ts";
import { NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";

export type Course = typeof courses.$inferSelect;
export type Event = typeof events.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/**
 * A status a purchase row takes from its payment: paid, not_paid for anything else that is final, and
 * refunded once the payment is refunded (decision 035; while a refund is pending the row stays paid).
 */
export type PurchaseStatus = "paid" | "not_paid" | "refunded";

/**
 * The payments a buyer still holds what they paid for: paid, and paid with a refund pending or failed.
 */
export const HELD_STATUSES = ["paid", "refund_pending", "refund_failed"] as const;

/**
 * What /account lists: the payments held, and the refunded ones, which stay there marked refunded with
 * their receipt (issue 29; decision 065), no longer an enrolment or a valid ticket.
 */
export const ACCOUNT_STATUSES = [...HELD_STATUSES, "refunded"] as const;

/** The buyer of a course as the enrol dialog gives them. */
export interface CourseBuyer {
  fullName: string;
  email: string;
  phone: string;
}

/** Whose paid purchases to list: a user, and their address when it is verified (decision 018). */
export interface PurchaseOwner {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** A user's paid payments, newest first by verification, with the courses and ticket rows they paid for. */
export interface PaidPurchases {
  payments: PaymentRow[];
  courseById: Map<string, Course>;
  ticketByReference: Map<string, { purchase: typeof eventPurchases.$inferSelect; event: Event | null }>;
}

const notPaid = { recorded: true, paymentStatus: "not_paid", reference: null } as const satisfies PurchaseLogResult;

export function createPurchasesService(db: Db) {
  return {
    /** A course that can be bought; NotFound for an unknown or malformed id. */
    async course(courseId: string): Promise<Course> {
      if (!isId(courseId)) throw NotFound(M.courseNotFound);
      const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
      if (!course) throw NotFound(M.courseNotFound);
      return course;
    },

    /** An event whose tickets can be bought; NotFound for an unknown or malformed id. */
    async event(eventId: string): Promise<Event> {
      if (!isId(eventId)) throw NotFound(M.eventNotFound);
      const [event] = await db.select().from(events).where(eq(events.id, eventId));
      // a hidden event's tickets are not for sale (issue 18; decision 036)
      if (!event || event.hidden) throw NotFound(M.eventNotFound);
      return event;
    },

    /** The pending enrolment of a payment that starts (and its coupon usage, with a coupon). */
    async recordCourse(
      tx: Tx,
      p: { reference: string; courseId: string; buyer: CourseBuyer; amount: number; couponId: string | null },
    ): Promise<void> {
      const common = { courseId: p.courseId, userName: p.buyer.fullName, email: p.buyer.email, phone: p.buyer.phone };
      await tx.insert(coursePurchases).values({
        ...common,
        paymentStatus: "pending",
        amount: p.amount,
        couponId: p.couponId,
        paymentReference: p.reference,
      });
      if (p.couponId) await recordCouponUse(tx, { ...common, couponId: p.couponId }, p.reference);
    },

    /** The pending ticket row of a payment that starts. */
    async recordTicket(
      tx: Tx,
      p: { reference: string; event: Event; email: string; ticketType: string; quantity: number; amount: number },
    ): Promise<void> {
      await tx.insert(eventPurchases).values({
        eventId: p.event.id,
        email: p.email,
        ticketType: p.ticketType,
        quantity: p.quantity,
        eventName: p.event.name,
        amount: p.amount,
        paymentStatus: "pending",
        paymentReference: p.reference,
      });
    },

    /** The purchase rows of a payment follow its transition, in the transaction that makes it. */
    async settle(tx: Tx, kind: PaymentKind, reference: string, status: PurchaseStatus): Promise<void> {
      if (kind === "course") {
        await tx
          .update(coursePurchases)
          .set({ paymentStatus: status })
          .where(eq(coursePurchases.paymentReference, reference));
        await settleCouponUses(tx, reference, status);
      } else {
        await tx
          .update(eventPurchases)
          .set({ paymentStatus: status })
          .where(eq(eventPurchases.paymentReference, reference));
      }
    },

    /** The course_purchases or event_purchases row a payment is for (null when there is none). */
    async purchaseIdOf(kind: PaymentKind, reference: string): Promise<string | null> {
      const table = kind === "ticket" ? eventPurchases : coursePurchases;
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.paymentReference, reference)).limit(1);
      return row?.id ?? null;
    },

    // The spec's logging calls without a reference (spec §5/§7): intent only, stored not_paid whatever
    // the body says. With a reference they verify or cancel that payment instead (payments.service.ts).

    /** A course purchase, or with `couponId` a coupon usage, as the browser logs it. */
    async recordCourseIntent(course: Course, body: CoursePurchaseLog, couponId?: string): Promise<PurchaseLogResult> {
      const row = {
        courseId: course.id,
        userName: body.userName,
        email: body.email,
        phone: body.phone,
        paymentStatus: "not_paid",
      };
      if (couponId) await recordCouponIntent(db, { ...row, couponId });
      else await db.insert(coursePurchases).values(row);
      return notPaid;
    },

    async recordTicketIntent(event: Event, body: EventPurchaseLog): Promise<PurchaseLogResult> {
      await db.insert(eventPurchases).values({
        eventId: event.id,
        email: body.email,
        ticketType: body.ticketType,
        quantity: body.quantity,
        eventName: event.name,
        paymentStatus: "not_paid",
      });
      return notPaid;
    },

    /**
     * The paid payments of `owner` (started signed in as them, or made with their address, any case,
     * once it is verified), with the courses and ticket rows they paid for: held (paid, a refund pending
     * or failed) and refunded (decision 065: still listed, marked; the caller tells them apart).
     */
    async paidBy(owner: PurchaseOwner): Promise<PaidPurchases> {
      // Either index serves its half of the OR (payments_user_idx, payments_email_lower_idx).
      const mine = owner.emailVerified
        ? or(eq(payments.userId, owner.id), sql`lower(${payments.email}) = lower(${owner.email})`)
        : eq(payments.userId, owner.id);
      const rows = await db
        .select()
        .from(payments)
        .where(and(inArray(payments.status, [...ACCOUNT_STATUSES]), mine))
        .orderBy(desc(payments.verifiedAt), desc(payments.id));
      const courseIds = [...new Set(rows.filter((p) => p.kind === "course").map((p) => p.itemId))];
      const ticketRefs = rows.filter((p) => p.kind === "ticket").map((p) => p.reference);
      const [courseRows, ticketRows] = await Promise.all([
        courseIds.length > 0 ? db.select().from(courses).where(inArray(courses.id, courseIds)) : [],
        ticketRefs.length > 0
          ? db
              .select({ purchase: eventPurchases, event: events })
              .from(eventPurchases)
              .leftJoin(events, eq(events.id, eventPurchases.eventId))
              .where(inArray(eventPurchases.paymentReference, ticketRefs))
          : [],
      ]);
      return {
        payments: rows,
        courseById: new Map(courseRows.map((c) => [c.id, c])),
        ticketByReference: new Map(ticketRows.map((t) => [t.purchase.paymentReference ?? "", t])),
      };
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
