// The mailer as the app wires it (tests/support/test-app.ts): the outbox transport in the test's
// data directory, the queue and worker running on the test database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { mailMessages } from "../../db/schema.ts";
import { createMailTransport } from "../../integrations/mail/mail-transport.ts";
import { silentLogger } from "../../lib/logger.ts";
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

const rows = () => t.db.select().from(mailMessages);
const message = {
  to: "ada@example.com",
  subject: "Verify your e-mail address for TechAfrica",
  text: "Verify my e-mail address: http://localhost:3000/verify?token=t1",
  html: '<p><a href="http://localhost:3000/verify?token=t1">Verify my e-mail address</a></p>',
  kind: "auth",
};

describe("mailer.send", () => {
  it("stores the message as queued, and the worker writes it to the outbox and marks it sent", async () => {
    const before = new Date();
    const { id } = await t.mailer.send(message);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const [queued] = await rows();
    expect(queued).toMatchObject({ id, ...message, attempts: 0, error: null, sentAt: null });
    expect(["queued", "sent"]).toContain(queued!.status); // the worker may already have taken it

    await t.mailer.drain();

    const [sent] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(sent).toMatchObject({ status: "sent", attempts: 1, error: null });
    expect(sent!.sentAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const outbox = readOutbox(t.outboxDir);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.file).toMatch(new RegExp(`-${id}\\.eml$`));
    expect(outbox[0]).toMatchObject({
      to: "ada@example.com",
      from: "TechAfrica <no-reply@localhost>",
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  });

  it("sends a text-only message of the default kind, to the address trimmed and in lower case", async () => {
    const { id } = await t.mailer.send({
      to: "  Learner@Example.COM ",
      subject: "Your receipt",
      text: "₦15,000 paid.",
    });
    await t.mailer.drain();
    expect(await t.mailer.get(id)).toMatchObject({
      to: "learner@example.com",
      kind: "transactional",
      html: null,
      status: "sent",
    });
    expect(readOutbox(t.outboxDir).at(-1)).toMatchObject({
      to: "learner@example.com",
      text: "₦15,000 paid.",
      html: null,
    });
  });

  it("sends many messages, each once", async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.mailer.send({ ...message, to: `learner${i}@example.com` })),
    );
    await t.mailer.drain();
    const stored = await rows();
    expect(stored.filter((r) => r.status === "sent")).toHaveLength(12);
    expect(stored.every((r) => r.attempts === 1)).toBe(true);
    const files = readOutbox(t.outboxDir).filter((m) => ids.some(({ id }) => m.file!.endsWith(`-${id}.eml`)));
    expect(files.map((m) => m.to).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `learner${i}@example.com`).sort(),
    );
  });

  it.each([
    [
      "a bad address",
      { to: "ada at example" },
      'Cannot send e-mail to "ada at example": it is not a valid e-mail address',
    ],
    ["an empty address", { to: "" }, 'Cannot send e-mail to "": it is not a valid e-mail address'],
    ["no address", { to: undefined }, "Cannot send e-mail to undefined: it is not a valid e-mail address"],
    [
      "an address over 254 characters",
      { to: `${"a".repeat(250)}@example.com` },
      `Cannot send e-mail to "${"a".repeat(250)}@example.com": it is not a valid e-mail address`,
    ],
    ["an empty subject", { subject: "  " }, "An e-mail needs a subject of one line, at most 998 characters"],
    [
      "a subject with a line break",
      { subject: "Hi\r\nBcc: everyone@example.com" },
      "An e-mail needs a subject of one line, at most 998 characters",
    ],
    ["an empty text body", { text: "" }, "An e-mail needs a plain-text body"],
    ["a bad kind", { kind: "Auth Mail" }, "The kind of an e-mail must be a short word such as auth or newsletter"],
  ])("refuses %s with an Invalid error and stores nothing", async (_label, change, error) => {
    await expect(t.mailer.send({ ...message, ...change } as never)).rejects.toMatchObject({
      name: "DomainError",
      code: "invalid",
      message: error,
    });
    expect(await rows()).toHaveLength(0);
  });
});

describe("mailer.list and mailer.get (the admin Outbox)", () => {
  it("lists newest first without the bodies, with the total, a page at a time", async () => {
    const sent: string[] = [];
    for (const n of [1, 2, 3]) sent.push((await t.mailer.send({ ...message, subject: `Message ${n}` })).id);
    await t.mailer.drain();

    const all = await t.mailer.list();
    expect(all.total).toBe(3);
    expect(all.items.map((m) => m.subject)).toEqual(["Message 3", "Message 2", "Message 1"]);
    expect(all.items[0]).toEqual({
      id: sent[2],
      to: "ada@example.com",
      subject: "Message 3",
      createdAt: expect.any(Date),
      status: "sent",
      sentAt: expect.any(Date),
      attempts: 1,
      kind: "auth",
    });

    const page = await t.mailer.list({ limit: 1, offset: 1 });
    expect(page).toEqual({ total: 3, items: [expect.objectContaining({ id: sent[1] })] });
    expect(await t.mailer.list({ offset: 3 })).toEqual({ total: 3, items: [] });
  });

  it.each([{ limit: 0 }, { limit: 201 }, { limit: 1.5 }, { offset: -1 }])("refuses the page %o", async (page) => {
    await expect(t.mailer.list(page)).rejects.toMatchObject({
      code: "invalid",
      message: "limit must be a whole number from 1 to 200 and offset a whole number from 0",
    });
  });

  it("gets one message whole, and NotFound for an unknown or malformed id", async () => {
    const { id } = await t.mailer.send(message);
    await t.mailer.drain();
    expect(await t.mailer.get(id)).toEqual({
      id,
      ...message,
      attachments: [],
      // extra header lines (newsletters' List-Unsubscribe) and the bulk send: none for this one
      headers: {},
      campaignId: null,
      status: "sent",
      error: null,
      ourSideFailedAt: null,
      handedAt: null,
      attempts: 1,
      createdAt: expect.any(Date),
      sentAt: expect.any(Date),
    });
    await expect(t.mailer.get("65f0c0ffee00000000000000")).rejects.toMatchObject({
      code: "not_found",
      message: "No e-mail with id 65f0c0ffee00000000000000",
    });
    await expect(t.mailer.get("../etc/passwd")).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("attachments and store + dispatch", () => {
  // A 1×1 PNG.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  );

  it("keeps an inline attachment in the row and sends it with its Content-ID", async () => {
    const { id } = await t.mailer.send({
      ...message,
      html: '<p><img src="cid:qr@ticket" alt="QR"></p>',
      attachments: [{ filename: "ticket.png", contentType: "image/png", content: png, cid: "qr@ticket" }],
    });
    await t.mailer.drain();
    const mail = readOutbox(t.outboxDir).find((m) => m.file!.endsWith(`-${id}.eml`))!;
    expect(mail.html).toContain('src="cid:qr@ticket"');
    expect(mail.attachments).toEqual([
      { contentType: "image/png", filename: "ticket.png", cid: "qr@ticket", disposition: "inline", content: png },
    ]);
    expect((await t.mailer.get(id)).attachments).toEqual([
      { filename: "ticket.png", contentType: "image/png", cid: "qr@ticket", contentBase64: png.toString("base64") },
    ]);
  });

  it("refuses a bad attachment with a clear message, storing nothing", async () => {
    for (const attachment of [
      { filename: "../x.png", contentType: "image/png", content: png },
      { filename: "x.png", contentType: "image/png", content: "not bytes" as unknown as Buffer },
      { filename: "x.png", contentType: "image/png", content: Buffer.alloc(600 * 1024) },
      { filename: "x.png", contentType: "image/png", content: png, cid: "<bad cid>" },
    ]) {
      await expect(t.mailer.send({ ...message, attachments: [attachment] })).rejects.toMatchObject({
        code: "invalid",
        message: expect.stringContaining("An e-mail takes at most 5 attachments"),
      });
    }
    expect(await rows()).toEqual([]);
  });

  it("store() inside a transaction keeps the message only if the transaction commits; dispatch() sends it", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await t.mailer.store(tx, { ...message, subject: "Rolled back" });
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(await rows()).toEqual([]);
    const id = await t.db.transaction(async (tx) => (await t.mailer.store(tx, message)).id);
    expect(await rows()).toMatchObject([{ id, status: "queued" }]);
    await t.mailer.dispatch(id);
    await t.mailer.drain();
    expect(await rows()).toMatchObject([{ id, status: "sent" }]);
  });
});

describe("mailer.drain", () => {
  it("fails clearly when messages stay queued past its timeout", async () => {
    // A row without a job: nothing will ever send it.
    await t.db.insert(mailMessages).values({ to: "ada@example.com", subject: "Stuck", text: "x" });
    await expect(t.mailer.drain(300)).rejects.toThrow(
      "1 e-mail(s) still queued after 300 ms: is the mail worker running, and is the transport answering?",
    );
    await t.db.delete(mailMessages);
  });
});

// Messages that must go out once (decision 031): queueIn() stores a message and its job in the caller's
// transaction, once per dedupe key; a delivery attempt made again after a crash writes the same outbox file.
const receipt = (n: number) => ({
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
        rolledBack = (await t.mailer.queueIn(tx, receipt(1), { dedupeKey: "receipt:rolled-back" })).id;
        throw new Error("the paid transition failed");
      }),
    ).rejects.toThrow("the paid transition failed");
    expect(await keyed("receipt:rolled-back")).toEqual([]);
    expect(await jobsOf(rolledBack)).toEqual([]);

    const { id, created } = await t.db.transaction((tx) =>
      t.mailer.queueIn(tx, receipt(1), { dedupeKey: "receipt:rolled-back" }),
    );
    expect(created).toBe(true);
    expect(await jobsOf(id)).toHaveLength(1);
    await t.mailer.drain();
    expect(readOutbox(t.outboxDir).filter((m) => m.file!.endsWith(`-${id}.eml`))).toHaveLength(1);
  });

  it("stores one message per key, however often and however concurrently it is asked", async () => {
    const first = await t.mailer.sendOnce(receipt(2), "receipt:p2");
    const again = await Promise.all(Array.from({ length: 8 }, () => t.mailer.sendOnce(receipt(2), "receipt:p2")));
    expect(first.created).toBe(true);
    expect(again).toEqual(Array.from({ length: 8 }, () => ({ id: first.id, created: false })));
    expect(await keyed("receipt:p2")).toHaveLength(1);
    expect(await jobsOf(first.id)).toHaveLength(1);
    expect(await t.mailer.byKey("receipt:p2")).toEqual({ id: first.id });
    expect(await t.mailer.byKey("receipt:none")).toBeNull();

    // all at once, none stored before
    const racing = await Promise.all(Array.from({ length: 8 }, () => t.mailer.sendOnce(receipt(3), "receipt:p3")));
    expect(racing.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(racing.map((r) => r.id)).size).toBe(1);
    await t.mailer.drain();
    const outbox = readOutbox(t.outboxDir);
    expect(outbox.filter((m) => m.subject === receipt(2).subject)).toHaveLength(1);
    expect(outbox.filter((m) => m.subject === receipt(3).subject)).toHaveLength(1);
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
    await expect(t.db.transaction((tx) => cold.queueIn(tx, receipt(4)))).rejects.toThrow("await mailer.ready()");
    await cold.ready();
    const { created } = await t.db.transaction((tx) => cold.queueIn(tx, receipt(4)));
    expect(created).toBe(true);
  });
});

describe("delivery run again after a crash", () => {
  it("writes the same outbox file, with the same Message-ID, not a second copy", async () => {
    const { id } = await t.mailer.sendOnce(receipt(5), "receipt:p5");
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
