// Delivery over real SMTP to a local smtp-server, through the queue: retries of a 4xx refusal,
// no retry after a 5xx, and what the row records about each.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { mailMessages } from "../../db/schema.ts";
import { createSmtpTransport } from "../../integrations/mail/smtp-transport.ts";
import { startQueue, type Queue } from "../../jobs/queue.ts";
import { silentLogger } from "../../lib/logger.ts";
import { createMailer, MAIL_QUEUE, type Mailer } from "./mail.service.ts";

let database: Database;
let queue: Queue;
let sink: SmtpSink;
let mailer: Mailer;

beforeAll(async () => {
  database = await createTestDatabase();
  queue = await startQueue(database, { logger: silentLogger });
  sink = await startSmtpSink();
  mailer = createMailer({
    db: database.db,
    queue,
    transport: createSmtpTransport(sink.url, { timeoutMs: 5000 }),
    from: "TechAfrica <no-reply@academy.example>",
    logger: silentLogger,
    // 3 attempts, 1 s apart: the shortest pg-boss allows, so the retry tests take seconds.
    retry: { limit: 2, delaySeconds: 1, backoff: false },
    pollingIntervalSeconds: 0.5,
  });
  await mailer.startWorker();
});

afterAll(async () => {
  await queue?.stop();
  await sink?.close();
  await database?.close();
});

beforeEach(() => {
  sink.refuse(null);
  sink.received.length = 0;
  sink.recipientsTried.length = 0;
});

const message = {
  to: "ada@example.com",
  subject: "Reset your TechAfrica password",
  text: "Choose a new password: http://localhost:3000/reset-password?token=xyz",
  html: '<p><a href="http://localhost:3000/reset-password?token=xyz">Choose a new password</a></p>',
  kind: "auth",
};

const row = async (id: string) => (await database.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]!;
const job = async (id: string) => (await queue.boss.findJobs(MAIL_QUEUE, { data: { id } }))[0]!;

describe("mail delivery over SMTP", () => {
  it("delivers the message: envelope and content as sent, row marked sent", async () => {
    const { id } = await mailer.send(message);
    await mailer.drain();

    expect(sink.received).toHaveLength(1);
    const [got] = sink.received;
    expect(got!.envelope).toEqual({ from: "no-reply@academy.example", to: ["ada@example.com"] });
    expect(got!.mail).toMatchObject({
      from: "TechAfrica <no-reply@academy.example>",
      to: "ada@example.com",
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, error: null, sentAt: expect.any(Date) });
    await expect.poll(() => job(id)).toMatchObject({ state: "completed" });
  });

  it("retries a 451 refusal, then fails with the error and the number of attempts", async () => {
    sink.refuse({ code: 451, message: "Greylisted, try again later" });
    const { id } = await mailer.send(message);
    await mailer.drain(20_000);

    expect(sink.recipientsTried).toEqual(["ada@example.com", "ada@example.com", "ada@example.com"]);
    expect(sink.received).toHaveLength(0);
    expect(await row(id)).toMatchObject({
      status: "failed",
      attempts: 3,
      sentAt: null,
      error: expect.stringContaining("451 Greylisted, try again later"),
    });
    await expect.poll(() => job(id)).toMatchObject({ state: "failed", retryCount: 2 });
  });

  it("fails a 550 refusal at once, without retrying", async () => {
    sink.refuse({ code: 550, message: "No such user here" });
    const { id } = await mailer.send(message);
    await mailer.drain();

    expect(await row(id)).toMatchObject({
      status: "failed",
      attempts: 1,
      error: expect.stringContaining("550 No such user here"),
    });
    // The job is over too: pg-boss will not bring it back. (It settles the job just after the row is
    // written, hence the poll.)
    await expect.poll(() => job(id)).toMatchObject({ state: "failed", retryCount: 0 });
    expect(sink.recipientsTried).toEqual(["ada@example.com"]);
  });

  it("keeps the message queued with its error between attempts, and sends it once the server accepts", async () => {
    sink.refuse({ code: 421, message: "Too busy, come back later" });
    const { id } = await mailer.send(message);

    await expect
      .poll(() => row(id), { timeout: 10_000, interval: 50 })
      .toMatchObject({ status: "queued", attempts: 1, error: expect.stringContaining("421 Too busy") });
    sink.refuse(null);
    await mailer.drain();

    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, error: null });
    expect(sink.received.map((r) => r.mail.subject)).toEqual([message.subject]);
  });
});

describe("mailer.send when the queue refuses the job", () => {
  it("marks the stored message failed and throws, instead of leaving it queued forever", async () => {
    const refusing = { createQueue: async () => {}, send: () => Promise.reject(new Error("queue is down")) };
    const broken = createMailer({
      db: database.db,
      queue: { boss: refusing as unknown as Queue["boss"] },
      transport: createSmtpTransport(sink.url),
      from: "no-reply@academy.example",
      logger: silentLogger,
    });
    await expect(broken.send({ ...message, subject: "Never queued" })).rejects.toThrow("queue is down");

    const [newest] = (await broken.list({ limit: 1 })).items;
    expect(await broken.get(newest!.id)).toMatchObject({
      subject: "Never queued",
      status: "failed",
      attempts: 0,
      error: "Could not be queued: queue is down",
    });
    expect(sink.recipientsTried).toEqual([]);
  });
});
