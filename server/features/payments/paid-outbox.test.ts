// What a paid payment sets off is a job written by the paid transaction (the outbox, decision 031):
// there when the payment is paid, absent when that transaction rolls back; the paying process does its
// work at once, and when that does not happen a worker does it later; however often it runs, one
// receipt and one ticket e-mail (and one streaming link) per payment. Runs on PGlite, and on PostgreSQL
// with TEST_DATABASE_URL; a real kill -9 of a server is paid-crash.test.ts.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeCourse, makeEvent } from "../../../tests/support/factories.ts";
import { paymentOf } from "../../../tests/support/payments.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { courses, eventPurchases, events, mailMessages } from "../../db/schema.ts";
import { PAYMENT_PAID_QUEUE } from "./payments.jobs.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(async () => {
  await t.db.execute(sql`drop trigger if exists refuse_mail on mail_messages`);
  await t.db.execute(sql`drop trigger if exists refuse_commit on payment_events`);
});

const HOUR = 60 * 60_000;

async function startCourse(email: string) {
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ title: "Outbox Basics", price: 2_000_000, showDiscount: false }))
    .returning();
  const res = await t.request("/backend/api/payments/course", {
    method: "POST",
    json: { courseId: course!.id, fullName: "Kemi Ade", email, phone: "08030000000" },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { reference: string; checkoutUrl: string };
}

async function startTicket(email: string) {
  const [event] = await t.db
    .insert(events)
    .values(
      makeEvent({
        name: "Outbox Night",
        startsAt: new Date(Date.now() + 2 * HOUR),
        streamUrl: "https://zoom.us/j/81234500777?pwd=outbox",
      }),
    )
    .returning();
  const res = await t.request("/backend/api/payments/ticket", {
    method: "POST",
    json: { eventId: event!.id, email, ticketType: "VIP", quantity: 1 },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { reference: string; checkoutUrl: string };
}

const pay = async (checkoutUrl: string) =>
  expect((await t.request(`${checkoutUrl}/success`, { method: "POST" })).status).toBe(200);

type JobRow = { id: string; state: string; data: { paymentId: string }; start_after: Date | string };
async function paidJobs(paymentId: string): Promise<JobRow[]> {
  const result = await t.db.execute(
    sql`select id, state, data, start_after from pgboss.job where name = ${PAYMENT_PAID_QUEUE} and data->>'paymentId' = ${paymentId}`,
  );
  return (result as unknown as { rows: JobRow[] }).rows;
}

const mailsTo = (to: string) => t.db.select().from(mailMessages).where(eq(mailMessages.to, to));
const kinds = async (to: string) => (await mailsTo(to)).map((m) => m.dedupeKey?.split(":")[0] ?? m.kind).sort();

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The mail_messages insert refused for `to` (as a database that fails, or a process that stops, would). */
async function refuseMailTo(to: string) {
  await t.db.execute(
    sql`create or replace function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'mail refused by the test'; end $$`,
  );
  await t.db.execute(
    sql.raw(
      `create trigger refuse_mail before insert on mail_messages for each row when (new."to" = '${to}') execute function refuse_mail()`,
    ),
  );
}

describe("the payment-paid job", () => {
  it("is written with the paid status, and the paying process does its work at once and completes it", async () => {
    const email = "outbox-course@example.test";
    const { reference, checkoutUrl } = await startCourse(email);
    await pay(checkoutUrl);
    const payment = await paymentOf(t.db, reference);
    expect(payment.status).toBe("paid");
    const jobs = await paidJobs(payment.id);
    expect(jobs).toMatchObject([{ state: "completed", data: { paymentId: payment.id } }]);
    // stored before the paying call answered
    const [receipt, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ dedupeKey: `receipt:${payment.id}` });
    expect(receipt!.subject).toContain(reference);
  });

  it("is not written when the paid transition's transaction rolls back", async () => {
    const email = "outbox-rollback@example.test";
    const { reference, checkoutUrl } = await startCourse(email);
    const payment = await paymentOf(t.db, reference);
    // The commit itself fails (a deferred check), after the job was written in the transaction.
    await t.db.execute(
      sql`create or replace function refuse_commit() returns trigger language plpgsql as $$ begin raise exception 'commit refused by the test'; end $$`,
    );
    await t.db.execute(
      sql.raw(
        `create constraint trigger refuse_commit after insert on payment_events deferrable initially deferred for each row when (new.payment_id = '${payment.id}' and new.to_status = 'paid') execute function refuse_commit()`,
      ),
    );
    const settled = await t.request(`${checkoutUrl}/success`, { method: "POST" });
    expect(settled.status).toBe(500);
    expect((await paymentOf(t.db, reference)).status).toBe("pending");
    expect(await paidJobs(payment.id)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);

    // once it can commit, the next verification pays it, with its job and its one receipt
    await t.db.execute(sql`drop trigger refuse_commit on payment_events`);
    expect((await t.request(`/backend/api/verify/${reference}`)).status).toBe(200);
    expect(await paidJobs(payment.id)).toMatchObject([{ state: "completed" }]);
    expect(await kinds(email)).toEqual(["receipt"]);
  });

  it("when the paying process does not do the work, a worker does it later: one receipt, one ticket e-mail with the link", async () => {
    const email = "outbox-crash@example.test";
    const { reference, checkoutUrl } = await startTicket(email);
    // The paying process gets no e-mail stored: as if it stopped right after the commit.
    await refuseMailTo(email);
    await pay(checkoutUrl);
    const payment = await paymentOf(t.db, reference);
    expect(payment.status).toBe("paid");
    expect(await mailsTo(email)).toEqual([]);
    const [job] = await paidJobs(payment.id);
    expect(job).toMatchObject({ state: "created" });
    // it waits for the paying process first (PAID_JOB_DELAY_SECONDS)
    expect(new Date(job!.start_after).getTime()).toBeGreaterThan(Date.now() + 10_000);

    // A worker starting later: the database accepts e-mail again, and the job is due.
    await t.db.execute(sql`drop trigger refuse_mail on mail_messages`);
    await t.db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
    await waitFor("the job", async () => (await paidJobs(payment.id))[0]!.state === "completed");
    expect(await kinds(email)).toEqual(["receipt", "ticket"]);
    const [purchase] = await t.db.select().from(eventPurchases).where(eq(eventPurchases.paymentReference, reference));
    expect(purchase!.streamLinkSentAt).not.toBeNull();
    const ticket = (await mailsTo(email)).find((m) => m.dedupeKey === `ticket:${purchase!.id}`)!;
    expect(ticket.text).toContain("https://zoom.us/j/81234500777?pwd=outbox");
  });

  it("run twice, or many times at once, sends one receipt and one ticket e-mail", async () => {
    const email = "outbox-twice@example.test";
    const { reference, checkoutUrl } = await startTicket(email);
    await pay(checkoutUrl);
    const payment = await paymentOf(t.db, reference);
    expect(await kinds(email)).toEqual(["receipt", "ticket"]);

    // the job's work again, at once (an expired job retried while the first run still goes)
    const afterPaid = t.services.paymentParts.afterPaid!;
    const runs = await Promise.all(Array.from({ length: 5 }, () => afterPaid(payment, { coupon: null })));
    for (const run of runs) {
      expect(run.receipt).toMatchObject({ ok: true });
      expect(run.ticket).toEqual({ ok: true, value: { sent: false, reason: "already sent" } });
    }
    // and through the queue: the job sent again, run by the worker
    await t.queue.boss.send(PAYMENT_PAID_QUEUE, { paymentId: payment.id, coupon: null });
    await waitFor("the second job", async () => (await paidJobs(payment.id)).every((j) => j.state === "completed"));
    expect(await paidJobs(payment.id)).toHaveLength(2);
    expect(await kinds(email)).toEqual(["receipt", "ticket"]);
    await t.mailer.drain();
  });
});
