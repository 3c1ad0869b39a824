// Issue 29 ("Crash, memory and abuse"; decision 051) as a test: a server process killed with SIGKILL in
// the middle of a refund, at the two points that matter, then started again; each refund is finished
// once. Refund A is killed before the gateway was asked (the database holds the sandbox's reversal of A
// open, so the kill lands after the refund_pending commit and before the gateway's answer); refund B is
// killed after the gateway accepted it and before our row says so (the move of B to refunded is held
// open). Started again, the payment-refund jobs resume both: A's gateway is asked once, B's is read and
// not asked again; both payments end refunded, their purchase rows refunded, one refund e-mail each,
// written to the outbox once. Runs on the embedded engine (a PGlite directory, read while the server is
// stopped), and on PostgreSQL with TEST_DATABASE_URL. Jobs of a killed worker are looked for every 5 s.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCourse } from "../../../tests/support/factories.ts";
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
import {
  coursePurchases,
  courses,
  mailMessages,
  paymentEvents,
  payments,
  sandboxTransactions,
  session,
  user,
} from "../../db/schema.ts";
import { readTestEnv } from "../../env.ts";
import { refundMailKey } from "./refund-email.ts";

const onPostgres = Boolean(readTestEnv().TEST_DATABASE_URL);
const TOKEN = "refundcrashadmintoken0123456789";

let dataDir: string;
let postgres: Database | undefined;
let server: ChildProcess | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-refund-crash-"));
  if (onPostgres) postgres = await createTestDatabase();
});
afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const withDb = <T>(fn: (db: Db, database: Database) => Promise<T>) => withServerDatabase(postgres, dataDir, fn);

/** The server's log lines of this run and all runs (JSON, LOG_LEVEL info). */
const log: string[] = [];
const logged = (msg: string, reference: string, extra = "") =>
  log.filter((l) => l.includes(`"msg":"${msg}"`) && l.includes(`"reference":"${reference}"`) && l.includes(extra))
    .length;

function startServer(port: number): Promise<ChildProcess> {
  return startServerChild({
    port,
    dataDir,
    postgres,
    env: { PAYMENT_PROVIDER: "sandbox", LOG_LEVEL: "info", JOB_SUPERVISE_SECONDS: "5" },
    onLine: (line) => log.push(line),
  });
}

/** PostgreSQL: the killed server's sessions still sleep in their held transactions; ended here. */
async function endKilledSessions(db: Db) {
  if (!onPostgres) return;
  await db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
}

/** A trigger's function that holds its statement's transaction open for a minute (the kill comes meanwhile). */
const HOLD = sql.raw(`create function hold() returns trigger language plpgsql as $$ begin
  perform pg_sleep(60); return new; end $$`);

const isRefundMail = (subject: string) => /refund \(ta_/.test(subject);

describe(`a server killed with SIGKILL during refunds (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("finishes each refund exactly once when started again: the gateway asked once, refunded, one e-mail", async () => {
    if (!postgres) await withDb((_db, database) => migrateDatabase(database));
    const course = await withDb(async (db) => {
      const [course] = await db
        .insert(courses)
        .values(makeCourse({ title: "Refund Crash Course", price: 900_000, showDiscount: false }))
        .returning();
      // an admin with a bearer token and a fresh password proof (Better Auth keeps the raw token)
      const [admin] = await db
        .insert(user)
        .values({ name: "Crash Admin", email: "crash-admin@example.test", emailVerified: true, role: "admin" })
        .returning();
      await db.insert(session).values({
        token: TOKEN,
        userId: admin!.id,
        expiresAt: new Date(Date.now() + 86_400_000),
        verifiedAt: new Date(Date.now() + 3_600_000),
      });
      return course!;
    });

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const post = (url: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const askRefund = (reference: string) =>
      post(
        `/backend/api/admin/payments/${reference}/refund`,
        { reason: "Crash test" },
        {
          Authorization: `Bearer ${TOKEN}`,
        },
      ).catch(() => null);

    // Two paid courses.
    server = await startServer(port);
    const paid: string[] = [];
    for (const n of [1, 2]) {
      const res = await post("/backend/api/payments/course", {
        courseId: course.id,
        fullName: `Buyer ${n}`,
        email: `refund-crash-${n}@example.test`,
        phone: "08030000000",
      });
      expect(res.status).toBe(201);
      const { reference, checkoutUrl } = (await res.json()) as { reference: string; checkoutUrl: string };
      expect((await post(`${checkoutUrl}/success`)).status).toBe(200);
      paid.push(reference);
    }
    const [a, b] = paid as [string, string];
    await stop(server, "SIGTERM");

    // A: killed after refund_pending committed, before the gateway answered (its reversal held open).
    await withDb(async (db) => {
      await db.execute(HOLD);
      await db.execute(
        sql.raw(`create trigger hold_reversal before update on sandbox_transactions for each row
          when (new.status = 'reversed' and new.reference = '${a}') execute function hold()`),
      );
    });
    server = await startServer(port);
    void askRefund(a);
    await until("A refund_pending", () => logged("payment status changed", a, '"to":"refund_pending"') === 1, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stop(server, "SIGKILL");
    const afterA = await withDb(async (db) => {
      await endKilledSessions(db);
      await db.execute(sql`drop trigger hold_reversal on sandbox_transactions`);
      const [payment] = await db.select().from(payments).where(eq(payments.reference, a));
      const [tx] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, a));
      return { status: payment!.status, gateway: tx!.status };
    });
    expect(afterA).toEqual({ status: "refund_pending", gateway: "success" });

    // B: killed after the gateway refunded it, before our row says so (the move to refunded held open).
    await withDb((db) =>
      db.execute(
        sql.raw(`create trigger hold_refunded before update on payments for each row
          when (new.status = 'refunded' and new.reference = '${b}') execute function hold()`),
      ),
    );
    server = await startServer(port);
    void askRefund(b);
    await until("B asked of the gateway", () => logged("payment gateway refund asked", b) === 1, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stop(server, "SIGKILL");
    const afterB = await withDb(async (db) => {
      await endKilledSessions(db);
      await db.execute(sql`drop trigger hold_refunded on payments`);
      const [payment] = await db.select().from(payments).where(eq(payments.reference, b));
      const [tx] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, b));
      return { status: payment!.status, gateway: tx!.status };
    });
    // (A may have been finished by its job meanwhile, if this run lasted past its delay)
    expect(afterB).toEqual({ status: "refund_pending", gateway: "reversed" });

    // Started again: the jobs finish both, REFUND_JOB_DELAY_SECONDS after their refund_pending commit.
    server = await startServer(port);
    const outbox = () => readOutbox(path.join(dataDir, "outbox")).filter((m) => isRefundMail(m.subject));
    await until(
      "both refunded and their refund e-mails in the outbox",
      () =>
        logged("payment status changed", a, '"to":"refunded"') +
          logged("payment status changed", b, '"to":"refunded"') ===
          2 && outbox().length === 2,
      180_000,
    );
    await stop(server, "SIGTERM");

    // The gateway was asked once for each: A after the restart, B before its kill (read, not asked, after).
    expect(logged("payment gateway refund asked", a)).toBe(1);
    expect(logged("payment gateway refund asked", b)).toBe(1);
    expect(logged("payment gateway refund found", b)).toBeGreaterThanOrEqual(1);
    expect(logged("payment gateway refund failed", a) + logged("payment gateway refund failed", b)).toBe(0);

    await withDb(async (db) => {
      const rows = await db
        .select()
        .from(payments)
        .where(inArray(payments.reference, [a, b]));
      expect(rows.map((p) => p.status)).toEqual(["refunded", "refunded"]);
      const purchases = await db
        .select()
        .from(coursePurchases)
        .where(inArray(coursePurchases.paymentReference, [a, b]));
      expect(purchases.map((p) => p.paymentStatus)).toEqual(["refunded", "refunded"]);
      for (const p of rows) {
        const moves = await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, p.id));
        expect(
          moves.filter((m) => m.toStatus === "refunded"),
          p.reference,
        ).toHaveLength(1);
        expect(
          moves.filter((m) => m.toStatus === "refund_pending"),
          p.reference,
        ).toHaveLength(1);
        const mails = await db
          .select()
          .from(mailMessages)
          .where(eq(mailMessages.dedupeKey, refundMailKey(p.id)));
        expect(mails, p.reference).toHaveLength(1);
        expect(mails[0]!.status).toBe("sent");
        expect(outbox().filter((f) => f.file!.endsWith(`-${mails[0]!.id}.eml`))).toHaveLength(1);
      }
      const txs = await db
        .select()
        .from(sandboxTransactions)
        .where(inArray(sandboxTransactions.reference, [a, b]));
      expect(txs.map((x) => x.status)).toEqual(["reversed", "reversed"]);
    });
  }, 480_000);
});
