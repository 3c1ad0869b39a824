// Issue 29 "restore subscribers wrongly bounced earlier" (decision 067): before decision 050 a failure on
// our side (a refused login 535, 530 at MAIL FROM, relay denied, no connection) marked the subscriber
// bounced for good. Migration 0021 puts them back (confirmed, or pending if they never confirmed), each
// with an audit row by "System", and leaves a real bounce (a 5xx to RCPT TO about the address) as it is.
// A database at migration 0020 with such rows is upgraded, on PGlite and on PostgreSQL.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyPostgres } from "../../../tests/support/test-db.ts";
import { MIGRATIONS_DIR, openDatabase, type Database } from "../../db/client.ts";
import { adminAudit, newsletterSubscribers } from "../../db/schema.ts";
import { readTestEnv } from "../../env.ts";

const onPostgres = Boolean(readTestEnv().TEST_DATABASE_URL);

let database: Database;
let dropPostgres: (() => Promise<void>) | undefined;
/** the migrations up to 0020: the database as it was before this upgrade */
let before: string;

beforeAll(async () => {
  before = mkdtempSync(path.join(os.tmpdir(), "academy-migrations-"));
  cpSync(MIGRATIONS_DIR, before, { recursive: true });
  const journalFile = path.join(before, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ idx: number; tag: string }> };
  for (const entry of journal.entries.filter((e) => e.idx > 20)) rmSync(path.join(before, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx <= 20);
  writeFileSync(journalFile, JSON.stringify(journal));
  if (onPostgres) {
    const empty = await createEmptyPostgres();
    dropPostgres = empty.drop;
    database = await openDatabase({ url: empty.url, poolSize: 2 });
  } else database = await openDatabase({ memory: true });
});
afterAll(async () => {
  await database?.close();
  await dropPostgres?.();
  rmSync(before, { recursive: true, force: true });
});

const migrateWith = (migrationsFolder: string) =>
  database.engine === "pglite"
    ? migratePglite(database.db as never, { migrationsFolder })
    : migratePg(database.db as never, { migrationsFolder });

const CONFIRMED_AT = new Date("2026-03-01T10:00:00Z");
const BOUNCED_AT = new Date("2026-04-01T10:00:00Z");

/** [address, confirmed before?, bounce reason as nodemailer wrote it then, the state 0021 leaves] */
const CASES: Array<[string, boolean, string, "confirmed" | "pending" | "bounced"]> = [
  ["login@example.com", true, "Invalid login: 535 Authentication failed", "confirmed"],
  ["auth-required@example.com", true, "Mail command failed: 530 5.7.0 Authentication required", "confirmed"],
  ["never-confirmed@example.com", false, "Invalid login: 535 5.7.8 Username and Password not accepted", "pending"],
  [
    "relay@example.com",
    true,
    "Can't send mail - all recipients were rejected: 554 5.7.1 <relay@example.com>: Relay access denied",
    "confirmed",
  ],
  ["refused@example.com", true, "connect ECONNREFUSED 127.0.0.1:587", "confirmed"],
  ["greeting@example.com", true, "Greeting never received", "confirmed"],
  ["content@example.com", true, "Message failed: 554 5.7.1 Message rejected as spam", "confirmed"],
  // real bounces: the receiving server refused the address itself
  [
    "gone@example.com",
    true,
    "Can't send mail - all recipients were rejected: 550 5.1.1 <gone@example.com>: Recipient address rejected: User unknown",
    "bounced",
  ],
  [
    "user535@example.com",
    true,
    "Can't send mail - all recipients were rejected: 550 5.1.1 <user535@example.com>: User unknown",
    "bounced",
  ],
  [
    "someone@relay.example.com",
    true,
    "Can't send mail - all recipients were rejected: 553 5.1.3 <someone@relay.example.com>: Mailbox name not allowed",
    "bounced",
  ],
];

describe(`migration 0021 on ${onPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("restores the subscribers a failure on our side bounced, audited, and keeps the real bounces", async () => {
    await migrateWith(before);
    await database.db.insert(newsletterSubscribers).values(
      CASES.map(([email, confirmed, reason], i) => ({
        email,
        unsubscribeToken: `${String(i).padStart(8, "0")}${"e".repeat(40)}`,
        status: "bounced",
        confirmedAt: confirmed ? CONFIRMED_AT : null,
        endedAt: BOUNCED_AT,
        bounceReason: reason,
      })),
    );
    // one that unsubscribed is not touched, whatever it says
    await database.db.insert(newsletterSubscribers).values({
      email: "left@example.com",
      unsubscribeToken: "f".repeat(48),
      status: "unsubscribed",
      confirmedAt: CONFIRMED_AT,
      endedAt: BOUNCED_AT,
    });

    await migrateWith(MIGRATIONS_DIR);

    const rows = await database.db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.email));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    for (const [email, , reason, expected] of CASES) {
      const row = byEmail.get(email)!;
      if (expected === "bounced")
        expect(row, email).toMatchObject({ status: "bounced", bounceReason: reason, endedAt: BOUNCED_AT });
      else expect(row, email).toMatchObject({ status: expected, bounceReason: null, endedAt: null });
    }
    expect(byEmail.get("left@example.com")).toMatchObject({ status: "unsubscribed", endedAt: BOUNCED_AT });

    const audit = await database.db.select().from(adminAudit).orderBy(asc(adminAudit.itemLabel));
    const restored = CASES.filter(([, , , expected]) => expected !== "bounced");
    expect(audit).toHaveLength(restored.length);
    for (const [email, , reason, expected] of restored) {
      const entry = audit.find((a) => a.itemLabel === email)!;
      expect(entry, email).toMatchObject({
        actorId: null,
        actorName: "System",
        action: "restore",
        resource: "newsletter",
        itemId: byEmail.get(email)!.id,
        changes: { status: { before: "bounced", after: expected }, bounceReason: { before: reason, after: null } },
      });
      expect(entry.id).toMatch(/^[0-9a-f]{24}$/);
    }
    expect(new Set(audit.map((a) => a.id)).size).toBe(audit.length);
    // the upgrade ran once: nothing more on a start that migrates again
    await migrateWith(MIGRATIONS_DIR);
    expect(await database.db.select().from(adminAudit).where(eq(adminAudit.actorName, "System"))).toHaveLength(
      restored.length,
    );
  });
});
