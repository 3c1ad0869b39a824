// The admin dashboard's figures of the last 30 days, Lagos days (issue 17 "Figures and exports";
// decision 038): revenue by day net of refunds, enrolments by course, tickets by event, coupon use. One
// query per figure, summed and grouped by the database; only the 30 days are filled in here.
//
// When a payment counts: it became paid at its `payment_events` row to 'paid'. A refund counts on the
// day of its `payment_events` row to 'refunded' (full refunds: the payment's whole amount), whenever the
// payment was made.
import { sql, type SQL } from "drizzle-orm";
import {
  DELETED_COURSE,
  DELETED_EVENT,
  FIGURE_DAYS,
  type CouponUse,
  type CourseEnrolments,
  type EventTickets,
  type Figures,
  type RevenueDay,
} from "../../../contract/admin/figures.ts";
import { lagosDayOf, startOfLagosDay } from "../../../contract/lib/dates.ts";
import type { Db } from "../../db/client.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The statuses of a payment that was paid: still paid, or on the refund path (issue 17 "Refunds"). */
export const PAID_STATUSES = ["paid", "refund_pending", "refunded", "refund_failed"] as const;

/** The window: from the start of the Lagos day 29 days before `now` to the start of the next Lagos day. */
export function figureWindow(now: Date): { from: Date; to: Date; days: string[] } {
  const today = startOfLagosDay(now);
  const from = new Date(today.getTime() - (FIGURE_DAYS - 1) * DAY_MS);
  const to = new Date(today.getTime() + DAY_MS);
  const days = Array.from({ length: FIGURE_DAYS }, (_, i) => lagosDayOf(new Date(from.getTime() + i * DAY_MS)));
  return { from, to, days };
}

const paidStatuses = sql.join(
  PAID_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The Lagos day (YYYY-MM-DD) of a timestamptz expression, whatever the session's time zone. */
const lagosDay = (at: SQL) => sql`to_char((${at} at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD')`;

/**
 * The payments that became paid in [from, to): id and when, through the (to_status, at) index of the
 * history. Not verified_at: every transition rewrites it (a failed one, and a refund made through the
 * same state machine), while the 'paid' row stays; payment_events came with the payments feature
 * (migration 0007), so every paid payment has one.
 */
function paidIn(from: string, to: string): SQL {
  return sql`(
    select e.payment_id, min(e.at) as paid_at
      from payment_events e
     where e.to_status = 'paid' and e.at >= ${from}::timestamptz and e.at < ${to}::timestamptz
     group by e.payment_id
  )`;
}

/** Whether payment `p` has been refunded (at any time). */
const refunded = sql`exists (select 1 from payment_events r where r.payment_id = p.id and r.to_status = 'refunded')`;

type Rows<T> = { rows: T[] };

export function createFiguresService(db: Db) {
  async function rows<T>(query: SQL): Promise<T[]> {
    return ((await db.execute(query)) as unknown as Rows<T>).rows;
  }

  const queries = {
    /** Gross, refunds and net of each Lagos day of the window (days without any: zeros). */
    async revenue(from: string, to: string, days: string[]): Promise<RevenueDay[]> {
      const found = await rows<{
        day: string;
        paid_count: number;
        gross: number;
        refund_count: number;
        refunds: number;
      }>(sql`
        select m.day,
               count(*) filter (where m.refund = 0)::int as paid_count,
               coalesce(sum(m.amount) filter (where m.refund = 0), 0)::float8 as gross,
               count(*) filter (where m.refund = 1)::int as refund_count,
               coalesce(sum(m.amount) filter (where m.refund = 1), 0)::float8 as refunds
          from (
            select ${lagosDay(sql`paid.paid_at`)} as day, p.amount_kobo as amount, 0 as refund
              from ${paidIn(from, to)} paid
              join payments p on p.id = paid.payment_id
            union all
            select ${lagosDay(sql`r.at`)} as day, p.amount_kobo as amount, 1 as refund
              from (
                select e.payment_id, min(e.at) as at
                  from payment_events e
                 where e.to_status = 'refunded' and e.at >= ${from}::timestamptz and e.at < ${to}::timestamptz
                 group by e.payment_id
              ) r
              join payments p on p.id = r.payment_id
          ) m
         group by m.day`);
      const byDay = new Map(found.map((r) => [r.day, r]));
      return days.map((day) => {
        const r = byDay.get(day);
        const grossKobo = Number(r?.gross ?? 0);
        const refundsKobo = Number(r?.refunds ?? 0);
        return {
          day,
          paidCount: Number(r?.paid_count ?? 0),
          grossKobo,
          refundCount: Number(r?.refund_count ?? 0),
          refundsKobo,
          netKobo: grossKobo - refundsKobo,
        };
      });
    },

    /** The course payments paid in the window by course, most enrolments first. */
    async enrolments(from: string, to: string): Promise<CourseEnrolments[]> {
      const found = await rows<{
        course_id: string;
        title: string | null;
        enrolments: number;
        refunded: number;
        gross: number;
        refunded_amount: number;
      }>(sql`
        select p.item_id as course_id,
               c.title,
               count(*)::int as enrolments,
               count(*) filter (where ${refunded})::int as refunded,
               sum(p.amount_kobo)::float8 as gross,
               coalesce(sum(p.amount_kobo) filter (where ${refunded}), 0)::float8 as refunded_amount
          from ${paidIn(from, to)} paid
          join payments p on p.id = paid.payment_id
          left join courses c on c.id = p.item_id
         where p.kind = 'course'
         group by p.item_id, c.title
         order by enrolments desc, c.title nulls last, p.item_id`);
      return found.map((r) => ({
        courseId: r.course_id,
        title: r.title ?? DELETED_COURSE,
        enrolments: Number(r.enrolments),
        refunded: Number(r.refunded),
        grossKobo: Number(r.gross),
        refundedKobo: Number(r.refunded_amount),
      }));
    },

    /** The ticket payments paid in the window by event (quantities from their ticket rows), most tickets first. */
    async tickets(from: string, to: string): Promise<EventTickets[]> {
      const found = await rows<{
        event_id: string;
        name: string | null;
        orders: number;
        tickets: number;
        refunded_tickets: number;
        gross: number;
        refunded_amount: number;
      }>(sql`
        select p.item_id as event_id,
               coalesce(ev.name, max(ep.event_name)) as name,
               count(*)::int as orders,
               coalesce(sum(ep.quantity), 0)::int as tickets,
               coalesce(sum(ep.quantity) filter (where ${refunded}), 0)::int as refunded_tickets,
               sum(p.amount_kobo)::float8 as gross,
               coalesce(sum(p.amount_kobo) filter (where ${refunded}), 0)::float8 as refunded_amount
          from ${paidIn(from, to)} paid
          join payments p on p.id = paid.payment_id
          left join event_purchases ep on ep.payment_reference = p.reference
          left join events ev on ev.id = p.item_id
         where p.kind = 'ticket'
         group by p.item_id, ev.name
         order by tickets desc, name, p.item_id`);
      return found.map((r) => ({
        eventId: r.event_id,
        name: r.name ?? DELETED_EVENT,
        orders: Number(r.orders),
        tickets: Number(r.tickets),
        refundedTickets: Number(r.refunded_tickets),
        grossKobo: Number(r.gross),
        refundedKobo: Number(r.refunded_amount),
      }));
    },

    /**
     * Each coupon's uses recorded in the window, most used first: paid are those whose payment was paid
     * (whatever happened after), refunded those of them refunded since; the discount is what the paid,
     * kept ones took off their list price (kept with the payment when it started).
     */
    async coupons(from: string, to: string): Promise<CouponUse[]> {
      const found = await rows<{
        coupon_id: string;
        code: string;
        uses: number;
        paid: number;
        refunded: number;
        discount: number;
      }>(sql`
        select u.coupon_id, c.code,
               count(*)::int as uses,
               count(p.id)::int as paid,
               count(p.id) filter (where ${refunded})::int as refunded,
               coalesce(sum(
                 case when jsonb_typeof(p.details -> 'listAmount') = 'number'
                      then greatest((p.details ->> 'listAmount')::numeric - p.amount_kobo, 0) end
               ) filter (where not ${refunded}), 0)::float8 as discount
          from coupon_usages u
          join coupons c on c.id = u.coupon_id
          left join payments p on p.reference = u.payment_reference and p.status in (${paidStatuses})
         where u.used_at >= ${from}::timestamptz and u.used_at < ${to}::timestamptz
         group by u.coupon_id, c.code
         order by uses desc, c.code`);
      return found.map((r) => ({
        couponId: r.coupon_id,
        code: r.code,
        uses: Number(r.uses),
        paid: Number(r.paid),
        refunded: Number(r.refunded),
        discountKobo: Number(r.discount),
      }));
    },
  };

  return {
    /** GET /admin (and its CSV exports): the last 30 Lagos days up to `now`, every figure. */
    async last30Days(actor: Actor | null, now: Date = new Date()): Promise<Figures> {
      requireAdmin(actor);
      const window = figureWindow(now);
      const [from, to] = [window.from.toISOString(), window.to.toISOString()];
      const [revenue, enrolments, tickets, coupons] = await Promise.all([
        queries.revenue(from, to, window.days),
        queries.enrolments(from, to),
        queries.tickets(from, to),
        queries.coupons(from, to),
      ]);
      const totals = revenue.reduce(
        (t, d) => ({
          paidCount: t.paidCount + d.paidCount,
          grossKobo: t.grossKobo + d.grossKobo,
          refundCount: t.refundCount + d.refundCount,
          refundsKobo: t.refundsKobo + d.refundsKobo,
          netKobo: t.netKobo + d.netKobo,
        }),
        { paidCount: 0, grossKobo: 0, refundCount: 0, refundsKobo: 0, netKobo: 0 },
      );
      return {
        from: window.days[0]!,
        to: window.days[window.days.length - 1]!,
        revenue,
        totals,
        enrolments,
        tickets,
        coupons,
      };
    },
  };
}

export type FiguresService = ReturnType<typeof createFiguresService>;
