// Issue 17's measurement as a test: a server process paying in four streams is killed with SIGKILL
// while payments are being made paid, then started again; every paid payment ends with exactly one
// receipt (and a ticket payment with one ticket e-mail), each written to the outbox once. The database
// holds the window between the paid commit and the receipt open (after two receipts, another insert
// waits a minute), the server's log says when more payments are paid than can have a receipt, the kill
// comes then, and the test checks that it left paid payments without a receipt. Runs on the embedded engine
// (a PGlite directory, which the test reads while the server is stopped), and on PostgreSQL with
// TEST_DATABASE_URL.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCourse, makeEvent } from "../../../tests/support/factories.ts";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import {
  freePort,
  startServerChild,
  stopServerChild as stop,
  until,
  withServerDatabase,
} from "../../../tests/support/server-child.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import { migrateDatabase, type Database, type Db } from "../../db/client.ts";
import { courses, eventPurchases, events, mailMessages, payments } from "../../db/schema.ts";
import { readTestEnv } from "../../env.ts";

const onPostgres = Boolean(readTestEnv().TEST_DATABASE_URL);

let dataDir: string;
/** PostgreSQL: the test's database, open throughout */
let postgres: Database | undefined;
let server: ChildProcess | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-crash-"));
  if (onPostgres) postgres = await createTestDatabase();
});
afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `fn` on the database: PostgreSQL's, or the PGlite directory, opened while no server holds it. */
const withDb = <T>(fn: (db: Db, database: Database) => Promise<T>) => withServerDatabase(postgres, dataDir, fn);

/** Payments the running server has committed paid, from its log ("payment status changed" to paid). */
let paidLogged = 0;

/** The server on `port`, on the test's database and data directory; resolves once it listens. */
function startServer(port: number): Promise<ChildProcess> {
  paidLogged = 0;
  return startServerChild({
    port,
    dataDir,
    postgres,
    // a killed worker's jobs are looked for every 5 s (not every minute): the test waits less
    env: { PAYMENT_PROVIDER: "sandbox", PAYMENT_RATE_LIMIT: "100000", LOG_LEVEL: "info", JOB_SUPERVISE_SECONDS: "5" },
    onLine: (line) => {
      if (line.includes('"msg":"payment status changed"') && line.includes('"to":"paid"')) paidLogged += 1;
    },
  });
}

/** Receipts stored before storing another is held (for a minute) by the database. */
const RECEIPTS_BEFORE_HOLD = 2;

const outbox = () => readOutbox(path.join(dataDir, "outbox"));
const isReceipt = (subject: string) => /receipt \(ta_/.test(subject);

describe(`a server killed with SIGKILL while payments are made paid (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("gives every paid payment exactly one receipt and one ticket e-mail once started again", async () => {
    if (!postgres) await withDb((_db, database) => migrateDatabase(database));
    const { course, event } = await withDb(async (db) => {
      const [course] = await db
        .insert(courses)
        .values(makeCourse({ title: "Crash Course", price: 1_500_000, showDiscount: false }))
        .returning();
      const [event] = await db
        .insert(events)
        .values(makeEvent({ name: "Crash Night", startsAt: new Date(Date.now() + 72 * 60 * 60_000) }))
        .returning();
      // the window between the paid commit and the receipt, held open: once RECEIPTS_BEFORE_HOLD receipts
      // are stored, storing another waits a minute
      await db.execute(
        sql.raw(`create function slow_mail() returns trigger language plpgsql as $$ begin
          if (select count(*) from mail_messages where dedupe_key like 'receipt:%') >= ${RECEIPTS_BEFORE_HOLD}
          then perform pg_sleep(60); end if;
          return new; end $$`),
      );
      await db.execute(
        sql`create trigger slow_mail before insert on mail_messages for each row when (new.dedupe_key like 'receipt:%') execute function slow_mail()`,
      );
      return { course: course!, event: event! };
    });

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const post = (url: string, body?: unknown) =>
      fetch(`${base}${url}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    /** The server started, four buyers paying one after another, and a kill while a Pay waits for its receipt. */
    async function payAndKill(round: number) {
      server = await startServer(port);
      let killed = false;
      const buyer = async (n: number) => {
        for (let i = 0; !killed; i++) {
          try {
            const email = `crash-${round}-${n}-${i}@example.test`;
            const res =
              (n + i) % 2 === 0
                ? await post("/backend/api/payments/ticket", {
                    eventId: event.id,
                    email,
                    ticketType: "VIP",
                    quantity: 1,
                  })
                : await post("/backend/api/payments/course", {
                    courseId: course.id,
                    fullName: `Buyer ${n}`,
                    email,
                    phone: "08030000000",
                  });
            if (res.status !== 201) throw new Error(`start answered ${res.status}`);
            const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
            await post(`${checkoutUrl}/success`);
            // (out of step with each other, so that some buyer is always paying)
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
          } catch (error) {
            if (!killed) throw error;
          }
        }
      };
      const buyers = Promise.all([0, 1, 2, 3].map(buyer));
      // Killed once more payments are paid than can have their receipt: on the embedded engine (one
      // statement at a time) at most RECEIPTS_BEFORE_HOLD receipts are stored, on PostgreSQL at most three
      // more (each of the other buyers' inserts may have counted before the hold); the one past that is
      // paid, and its receipt (or an earlier one) is held in the window.
      const mostReceipts = RECEIPTS_BEFORE_HOLD + (onPostgres ? 3 : 0);
      await until("more payments paid than receipts can be stored", () => paidLogged > mostReceipts, 120_000);
      killed = true;
      await stop(server, "SIGKILL");
      await buyers;
      // What the kill left: payments committed paid whose receipt is not stored.
      return withDb(async (db) => {
        const paid = await db
          .select({ id: payments.id, kind: payments.kind })
          .from(payments)
          .where(eq(payments.status, "paid"));
        const receipts = await db
          .select({ key: mailMessages.dedupeKey })
          .from(mailMessages)
          .where(sql`${mailMessages.dedupeKey} like 'receipt:%'`);
        const stored = new Set(receipts.map((r) => r.key));
        return {
          paid: paid.length,
          tickets: paid.filter((p) => p.kind === "ticket").length,
          withoutReceipt: paid.filter((p) => !stored.has(`receipt:${p.id}`)).length,
        };
      });
    }

    const atKill = await payAndKill(0);
    expect(atKill.withoutReceipt, "paid payments without a receipt when the server was killed").toBeGreaterThan(0);
    const open = await withDb(async (db) => {
      // (PostgreSQL: the killed server's sessions still hold their inserts in the window)
      if (onPostgres)
        await db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        );
      await db.execute(sql`drop trigger slow_mail on mail_messages`);
      return db.select({ reference: payments.reference }).from(payments).where(eq(payments.status, "pending"));
    });

    // Started again; the browsers' /verify-payment of the payments left pending comes in as well.
    server = await startServer(port);
    let paidAfter = atKill.paid;
    let ticketsAfter = atKill.tickets;
    for (const { reference } of open) {
      const res = await fetch(`${base}/backend/api/verify/${reference}`);
      const outcome = (await res.json()) as { status?: string; kind?: string };
      if (outcome.status === "paid") paidAfter += 1;
      if (outcome.status === "paid" && outcome.kind === "ticket") ticketsAfter += 1;
    }
    // Payments paid before the kill get theirs from their job, PAID_JOB_DELAY_SECONDS after it (a job a
    // worker held when it was killed, once its 30 s heartbeat has lapsed and the next 5 s pass finds it).
    await until(
      "a receipt for every paid payment and a ticket for every paid ticket in the outbox",
      () => {
        const files = outbox();
        const tickets = files.filter((m) => m.subject.startsWith("Your ticket")).length;
        return files.filter((m) => isReceipt(m.subject)).length >= paidAfter && tickets >= ticketsAfter;
      },
      240_000,
    );
    await stop(server, "SIGTERM");

    await withDb(async (db) => {
      const paid = await db.select().from(payments).where(eq(payments.status, "paid"));
      expect(paid).toHaveLength(paidAfter);
      const tickets = await db
        .select({ id: eventPurchases.id })
        .from(eventPurchases)
        .where(
          inArray(
            eventPurchases.paymentReference,
            paid.filter((p) => p.kind === "ticket").map((p) => p.reference),
          ),
        );
      const rows = await db.select().from(mailMessages).where(isNotNull(mailMessages.dedupeKey));
      expect(rows.map((r) => r.dedupeKey).sort()).toEqual(
        [...paid.map((p) => `receipt:${p.id}`), ...tickets.map((t) => `ticket:${t.id}`)].sort(),
      );
      // one receipt per payment whatever its key (the subject names the reference), each sent
      const receipts = (await db.select().from(mailMessages)).filter((m) => isReceipt(m.subject));
      expect(receipts).toHaveLength(paid.length);
      expect(rows.filter((r) => r.status !== "sent")).toEqual([]);
      // and each message written to the outbox once
      const files = outbox();
      for (const row of rows) {
        expect(
          files.filter((f) => f.file!.endsWith(`-${row.id}.eml`)),
          row.dedupeKey!,
        ).toHaveLength(1);
      }
      expect(files.filter((f) => isReceipt(f.subject))).toHaveLength(paid.length);
    });
  }, 480_000);
});
