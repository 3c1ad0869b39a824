// Delivery over real SMTP to a local smtp-server, through the queue: retries of a 4xx refusal,
// no retry after a 5xx to RCPT TO (a bounce), and what the row records about each. A login the server
// refuses (535) is about us, not the recipient (decision 050): retried, never a refusal, the mailer's
// health failing; the message goes out once the server takes the login, or after a restart with the
// right password.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { mailMessages } from "../../db/schema.ts";
import { createSmtpTransport } from "../../integrations/mail/smtp-transport.ts";
import { startQueue, type Queue } from "../../jobs/queue.ts";
import { createLogger, silentLogger } from "../../lib/logger.ts";
import { createMailer, MAIL_QUEUE, type Mailer, type RefusedMail } from "./mail.service.ts";

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
  mailer.onRefused(async (mail) => {
    refusals.push(mail);
  });
  await mailer.startWorker();
});

const refusals: RefusedMail[] = [];

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

  it("fails a 550 refusal at once, without retrying, and tells the refusal listeners (a bounce)", async () => {
    sink.refuse({ code: 550, message: "No such user here" });
    const { id } = await mailer.send(message);
    await mailer.drain();
    await expect.poll(() => refusals.map((r) => r.id)).toContain(id);

    expect(await row(id)).toMatchObject({
      status: "failed",
      attempts: 1,
      error: expect.stringContaining("550 No such user here"),
      ourSideFailedAt: null,
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

// Decision 067: `sending` is committed before the message's end goes to the server, `sent` after its answer.
describe("a message handed to the SMTP server once", () => {
  it("is handed over by one of two attempts running at once", async () => {
    // two jobs for one message (a worker thought dead, its job taken again), fetched together
    const { id } = await mailer.store(database.db, message);
    await Promise.all([mailer.dispatch(id), mailer.dispatch(id)]);
    await mailer.drain();
    await expect
      .poll(async () => (await queue.boss.findJobs(MAIL_QUEUE, { data: { id } })).map((j) => j.state))
      .toEqual(["completed", "completed"]);
    expect(sink.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, handedAt: expect.any(Date) });
  });

  it("is not sent again when its attempt died between the hand-over and the answer: unconfirmed", async () => {
    const { id } = await mailer.send({ ...message, subject: "Handed over, then the server was killed" });
    await mailer.drain();
    // what a kill -9 after the hand-over leaves: the row `sending`, and the job taken again
    const handedAt = new Date(Date.now() - 60_000);
    await database.db.update(mailMessages).set({ status: "sending", handedAt }).where(eq(mailMessages.id, id));
    sink.received.length = 0;
    await mailer.dispatch(id);
    await mailer.drain();

    expect(sink.received).toHaveLength(0);
    const after = await row(id);
    expect(after).toMatchObject({ status: "unconfirmed", handedAt });
    expect(after.error).toContain(`Handed to the mail server at ${handedAt.toISOString()}`);
    expect(after.error).toContain("not sent again");
    await expect
      .poll(async () => (await queue.boss.findJobs(MAIL_QUEUE, { data: { id } })).map((j) => j.state))
      .toEqual(["completed", "completed"]);
  });

  it("is left unconfirmed by the 10-minute check when still sending long after any attempt could last", async () => {
    const old = await mailer.store(database.db, { ...message, subject: "Handed over 11 minutes ago" });
    const recent = await mailer.store(database.db, { ...message, subject: "Handed over a minute ago" });
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await database.db
      .update(mailMessages)
      .set({ status: "sending", handedAt: ago(11) })
      .where(eq(mailMessages.id, old.id));
    await database.db
      .update(mailMessages)
      .set({ status: "sending", handedAt: ago(1) })
      .where(eq(mailMessages.id, recent.id));
    await mailer.recover();
    expect(await row(old.id)).toMatchObject({
      status: "unconfirmed",
      error: expect.stringContaining("not sent again"),
    });
    expect(await row(recent.id)).toMatchObject({ status: "sending" });
    // (left as found for the other tests: drain() waits on messages sending)
    await database.db.update(mailMessages).set({ status: "unconfirmed" }).where(eq(mailMessages.id, recent.id));
  });

  it("is left unconfirmed, not retried, when the connection ends after the hand-over without an answer", async () => {
    sink.holdAnswers(true);
    const { id } = await mailer.send({ ...message, subject: "Answer held" });
    await mailer.drain(20_000);
    sink.holdAnswers(false);

    expect(sink.received.map((r) => r.mail.subject)).toEqual(["Answer held"]);
    expect(await row(id)).toMatchObject({
      status: "unconfirmed",
      attempts: 1,
      error: expect.stringContaining("before its answer"),
    });
    await expect.poll(() => job(id)).toMatchObject({ state: "completed", retryCount: 0 });
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

describe("a login the SMTP server refuses (535): about us, not the recipient (decision 050)", () => {
  // A database, queue and server of their own: these mailers' workers must not take the other tests' jobs.
  let own: Database;
  let ownQueue: Queue;
  let auth: SmtpSink;
  const lines: string[] = [];
  beforeAll(async () => {
    own = await createTestDatabase();
    auth = await startSmtpSink({ user: "mailer", pass: "right" });
  });
  beforeEach(async () => {
    ownQueue = await startQueue(own, { logger: silentLogger });
    await own.db.delete(mailMessages);
    auth.setPassword("right");
    auth.received.length = 0;
    lines.length = 0;
  });
  afterEach(async () => {
    await ownQueue.stop();
  });
  afterAll(async () => {
    await auth?.close();
    await own?.close();
  });

  const wrongUrl = () => auth.url.replace(":right@", ":wrong@");
  function mailerWith(url: string, queue: Queue): Mailer {
    return createMailer({
      db: own.db,
      queue,
      transport: createSmtpTransport(url, { timeoutMs: 5000 }),
      from: "TechAfrica <no-reply@academy.example>",
      logger: createLogger("debug", (line) => lines.push(line)),
      retry: { limit: 2, delaySeconds: 1, backoff: false },
      pollingIntervalSeconds: 0.5,
    });
  }
  const ownRow = async (id: string) => (await own.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]!;
  const logged = (msg: string) =>
    lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === msg);

  it("retries, reports no refusal, keeps the message failed with its error; health fails until it goes out", async () => {
    const wrong = mailerWith(wrongUrl(), ownQueue);
    const refused: RefusedMail[] = [];
    wrong.onRefused(async (mail) => {
      refused.push(mail);
    });
    await wrong.startWorker();
    expect(await wrong.health()).toEqual({ failing: false });
    const { id } = await wrong.send(message);

    // between attempts: queued, with the reason and what to check
    await expect
      .poll(() => ownRow(id), { timeout: 10_000, interval: 50 })
      .toMatchObject({ status: "queued", attempts: 1, ourSideFailedAt: expect.any(Date) });
    expect(await wrong.health()).toEqual({
      failing: true,
      lastFailureAt: expect.any(Date),
      error: expect.stringMatching(/^The SMTP server refused our login: check .*SMTP_URL .*535/),
      waiting: 1,
    });
    await wrong.drain(20_000);

    // every attempt made (3), not one and a deadletter
    expect(await ownRow(id)).toMatchObject({
      status: "failed",
      attempts: 3,
      sentAt: null,
      error: expect.stringContaining("535 Invalid username or password"),
      ourSideFailedAt: expect.any(Date),
    });
    await expect
      .poll(async () => (await ownQueue.boss.findJobs(MAIL_QUEUE, { data: { id } }))[0])
      .toMatchObject({ state: "failed", retryCount: 2 });
    expect(refused).toEqual([]);
    // said at error level, with what to check
    expect(logged("mail is not going out")[0]).toMatchObject({
      level: "error",
      mailId: id,
      error: expect.stringContaining("SMTP_URL"),
    });
    expect((await wrong.health()).failing).toBe(true);

    // the 10-minute look: the server still refuses the login, so nothing is queued again
    expect(await wrong.recover()).toBe(0);
    expect(await ownRow(id)).toMatchObject({ status: "failed", attempts: 3 });

    // the account's password changed on the server to the one the app has: the next look sends it
    auth.setPassword("wrong");
    expect(await wrong.recover()).toBe(1);
    await wrong.drain(10_000);
    expect(await ownRow(id)).toMatchObject({ status: "sent", attempts: 4, error: null, ourSideFailedAt: null });
    expect(auth.received.map((r) => r.envelope.to)).toEqual([["ada@example.com"]]);
    expect(await wrong.health()).toEqual({ failing: false });
    expect(refused).toEqual([]);
    expect(logged("mail is going out again")).toHaveLength(1);
  });

  it("a restart with the right password sends what the outage left failed, on its first look", async () => {
    const wrong = mailerWith(wrongUrl(), ownQueue);
    await wrong.startWorker();
    const ids = await Promise.all(
      ["ada@example.com", "bola@example.com"].map(async (to) => (await wrong.send({ ...message, to })).id),
    );
    await wrong.drain(20_000);
    for (const id of ids) expect(await ownRow(id)).toMatchObject({ status: "failed", attempts: 3 });

    // the process stops; SMTP_URL is corrected; it starts again
    await ownQueue.stop();
    ownQueue = await startQueue(own, { logger: silentLogger });
    const right = mailerWith(auth.url, ownQueue);
    await right.startWorker();
    for (const id of ids)
      await expect
        .poll(() => ownRow(id), { timeout: 10_000, interval: 100 })
        .toMatchObject({ status: "sent", attempts: 4, ourSideFailedAt: null });
    expect(auth.received.map((r) => r.envelope.to[0]).sort()).toEqual(["ada@example.com", "bola@example.com"]);
    expect(await right.health()).toEqual({ failing: false });
  });

  it("gives a message up after four rounds of its retries: one the server refuses for itself is not tried for ever", async () => {
    const wrong = mailerWith(wrongUrl(), ownQueue);
    await wrong.startWorker();
    const { id } = await wrong.send(message);
    await wrong.drain(20_000);
    auth.setPassword("wrong");
    // as after three earlier rounds (3 attempts each with this retry policy): 12 attempts in all
    await own.db.update(mailMessages).set({ attempts: 12 }).where(eq(mailMessages.id, id));
    expect(await wrong.recover()).toBe(0);
    expect(await ownRow(id)).toMatchObject({ status: "failed", attempts: 12 });
  });
});
