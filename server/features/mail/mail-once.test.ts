// Messages that must go out once (decision 031): queueIn() stores a message and its job in the caller's
// transaction, once per dedupe key; a delivery attempt made again after a crash writes the same outbox
// file. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { mailMessages } from "../../db/schema.ts";
import { silentLogger } from "../../lib/logger.ts";
import { createMailTransport } from "../../integrations/mail/mail-transport.ts";
import { createMailer, MAIL_QUEUE } from "./mail.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.mailer.drain();
  await t.db.delete(mailMessages);
});

const message = (n: number) => ({
  to: "ada@example.com",
  subject: `Your TechAfrica receipt (ta_${n})`,
  text: `Receipt ${n}`,
  kind: "receipt",
});
const jobsOf = (id: string) => t.queue.boss.findJobs(MAIL_QUEUE, { data: { id } });
const keyed = (key: string) => t.db.select().from(mailMessages).where(eq(mailMessages.dedupeKey, key));

describe("mailer.queueIn", () => {
  it("stores the message and its job with the transaction: rolled back, neither exists", async () => {
    let rolledBack = "";
    await expect(
      t.db.transaction(async (tx) => {
        rolledBack = (await t.mailer.queueIn(tx, message(1), { dedupeKey: "receipt:rolled-back" })).id;
        throw new Error("the paid transition failed");
      }),
    ).rejects.toThrow("the paid transition failed");
    expect(await keyed("receipt:rolled-back")).toEqual([]);
    expect(await jobsOf(rolledBack)).toEqual([]);

    const { id, created } = await t.db.transaction((tx) =>
      t.mailer.queueIn(tx, message(1), { dedupeKey: "receipt:rolled-back" }),
    );
    expect(created).toBe(true);
    expect(await jobsOf(id)).toHaveLength(1);
    await t.mailer.drain();
    expect(readOutbox(t.outboxDir).filter((m) => m.file!.endsWith(`-${id}.eml`))).toHaveLength(1);
  });

  it("stores one message per key, however often and however concurrently it is asked", async () => {
    const first = await t.mailer.sendOnce(message(2), "receipt:p2");
    const again = await Promise.all(Array.from({ length: 8 }, () => t.mailer.sendOnce(message(2), "receipt:p2")));
    expect(first.created).toBe(true);
    expect(again).toEqual(Array.from({ length: 8 }, () => ({ id: first.id, created: false })));
    expect(await keyed("receipt:p2")).toHaveLength(1);
    expect(await jobsOf(first.id)).toHaveLength(1);
    expect(await t.mailer.byKey("receipt:p2")).toEqual({ id: first.id });
    expect(await t.mailer.byKey("receipt:none")).toBeNull();

    // all at once, none stored before
    const racing = await Promise.all(Array.from({ length: 8 }, () => t.mailer.sendOnce(message(3), "receipt:p3")));
    expect(racing.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(racing.map((r) => r.id)).size).toBe(1);
    await t.mailer.drain();
    const outbox = readOutbox(t.outboxDir);
    expect(outbox.filter((m) => m.subject === message(2).subject)).toHaveLength(1);
    expect(outbox.filter((m) => m.subject === message(3).subject)).toHaveLength(1);
    // the Outbox page shows the message, not the key
    expect(await t.mailer.get(first.id)).not.toHaveProperty("dedupeKey");
  });

  it("is refused, not left waiting, before the queue is ready (pg-boss would ask through the held connection)", async () => {
    const cold = createMailer({
      db: t.db,
      queue: t.queue,
      transport: createMailTransport(t.env),
      from: t.env.MAIL_FROM,
      logger: silentLogger,
    });
    await expect(t.db.transaction((tx) => cold.queueIn(tx, message(4)))).rejects.toThrow("await mailer.ready()");
    await cold.ready();
    const { created } = await t.db.transaction((tx) => cold.queueIn(tx, message(4)));
    expect(created).toBe(true);
  });
});

describe("delivery run again after a crash", () => {
  it("writes the same outbox file, with the same Message-ID, not a second copy", async () => {
    const { id } = await t.mailer.sendOnce(message(5), "receipt:p5");
    await t.mailer.drain();
    const [sent] = readOutbox(t.outboxDir).filter((m) => m.file!.endsWith(`-${id}.eml`));
    expect(sent!.messageId).toBe(`<${id}@localhost>`);
    // As after a kill between the transport's send and the row's `sent`: the row still queued, and the
    // job (expired, or retried) runs again.
    await t.db.update(mailMessages).set({ status: "queued", sentAt: null }).where(eq(mailMessages.id, id));
    await t.queue.boss.send(MAIL_QUEUE, { id });
    await t.mailer.drain();
    const copies = readOutbox(t.outboxDir).filter((m) => m.file!.endsWith(`-${id}.eml`));
    expect(copies).toHaveLength(1);
    expect(copies[0]!.file).toBe(sent!.file);
    expect(copies[0]!.messageId).toBe(sent!.messageId);
  });
});
