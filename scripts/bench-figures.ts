// The admin figures under `npm run bench` (decision 038): generated payments of the last 60 days on the
// seeded courses and events (paid, failed, pending, refunded; tickets with their rows, coupon uses), then
// the dashboard's figures query (services.figures.last30Days) timed in process on that database.
import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client.ts";
import { createFiguresService } from "../server/features/figures/figures.service.ts";
import type { Actor } from "../server/features/auth/actor.ts";

const BENCH_ADMIN: Actor = {
  id: "bench",
  username: "bench",
  email: "bench@example.test",
  image: null,
  role: "admin",
  sessionId: "bench",
  verifiedAt: null,
};

/**
 * `count` payments spread over the 60 days before `now`, each with its history rows: one in 10 failed,
 * one in 23 still pending, one in 17 refunded a few days after it was paid, the rest paid; one in 3 a
 * ticket (with its ticket row), and one in 4 course payments made with one of 20 bench coupons.
 */
export async function seedBenchPayments(db: Db, count: number, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into coupons (id, code, discount)
      select substr(md5('bench-coupon-' || c), 1, 24), 'BENCH' || lpad(c::text, 2, '0'), 10 + c
        from generate_series(1, 20) c
      on conflict do nothing`);
    await tx.execute(sql`
      create temporary table bench_payments on commit drop as
      select i,
             substr(md5('bench-payment-' || i), 1, 24) as id,
             case when i % 3 = 0 then 'ticket' else 'course' end as kind,
             case when i % 10 = 0 then 'failed' when i % 23 = 0 then 'pending' when i % 17 = 0 then 'refunded' else 'paid' end as status,
             ${at}::timestamptz - (i % 60) * interval '1 day' - (i % 1440) * interval '1 minute' as paid_at,
             100000 + (i % 50) * 10000 as amount
        from generate_series(1, ${count}) i`);
    await tx.execute(sql`
      insert into payments (id, reference, kind, item_id, email, amount_kobo, status, gateway, verified_at, details, created_at)
      select b.id, 'bench_' || b.i, b.kind,
             coalesce(case when b.kind = 'course'
                  then (select id from courses order by id offset (b.i % greatest((select count(*) from courses), 1)) limit 1)
                  else (select id from events order by id offset (b.i % greatest((select count(*) from events), 1)) limit 1) end,
               substr(md5('bench-item-' || b.kind), 1, 24)),
             'bench-' || b.i || '@example.test', b.amount, b.status, 'sandbox', b.paid_at,
             case when b.kind = 'course' and b.i % 4 = 1
                  then jsonb_build_object('couponId', substr(md5('bench-coupon-' || (1 + (b.i / 4) % 20)), 1, 24), 'listAmount', b.amount * 2)
                  else '{}'::jsonb end,
             b.paid_at - interval '2 minutes'
        from bench_payments b`);
    await tx.execute(sql`
      insert into payment_events (id, payment_id, from_status, to_status, source, at)
      select substr(md5('bench-start-' || b.i), 1, 24), b.id, null, 'pending', 'start', b.paid_at - interval '2 minutes'
        from bench_payments b
      union all
      select substr(md5('bench-end-' || b.i), 1, 24), b.id, 'pending',
             case when b.status = 'refunded' then 'paid' else b.status end, 'verify', b.paid_at
        from bench_payments b where b.status <> 'pending'
      union all
      select substr(md5('bench-refund-' || b.i), 1, 24), b.id, 'refund_pending', 'refunded', 'webhook',
             least(b.paid_at + (b.i % 5) * interval '1 day', ${at}::timestamptz)
        from bench_payments b where b.status = 'refunded'`);
    await tx.execute(sql`
      insert into event_purchases (id, event_id, email, ticket_type, quantity, event_name, amount_kobo, payment_status, payment_reference, purchased_at)
      select substr(md5('bench-ticket-' || b.i), 1, 24), p.item_id, p.email, 'VIP', 1 + (b.i / 3) % 3,
             coalesce((select name from events e where e.id = p.item_id), 'Bench event'), p.amount_kobo,
             case when b.status in ('paid', 'refunded') then 'paid' when b.status = 'pending' then 'pending' else 'not_paid' end,
             p.reference, b.paid_at
        from bench_payments b join payments p on p.id = b.id
       where b.kind = 'ticket'`);
    await tx.execute(sql`
      insert into coupon_usages (id, coupon_id, course_id, user_name, email, phone, payment_status, payment_reference, used_at)
      select substr(md5('bench-use-' || b.i), 1, 24), p.details ->> 'couponId', p.item_id, 'Bench Buyer', p.email, '08030000000',
             case when b.status in ('paid', 'refunded') then 'paid' when b.status = 'pending' then 'pending' else 'not_paid' end,
             p.reference, b.paid_at - interval '2 minutes'
        from bench_payments b join payments p on p.id = b.id
       where p.details ? 'couponId'`);
  });
  await db.execute(sql`analyze`);
}

export interface FiguresTiming {
  runs: number;
  medianMs: number;
  p95Ms: number;
  /** payments paid in the window, as the figures counted them */
  paidInWindow: number;
}

/** Times services.figures.last30Days `runs` times (after one discarded warm-up run). */
export async function timeFigures(db: Db, runs: number, now = new Date()): Promise<FiguresTiming> {
  const figures = createFiguresService(db);
  const first = await figures.last30Days(BENCH_ADMIN, now);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await figures.last30Days(BENCH_ADMIN, now);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { runs, medianMs: at(0.5), p95Ms: at(0.95), paidInWindow: first.totals.paidCount };
}
