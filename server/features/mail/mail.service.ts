// E-mail that is really sent (architecture "Mail"): send() stores the message in mail_messages and
// queues a job; the worker hands it to the transport (outbox files or SMTP) and records the outcome.
// A refused attempt is retried with backoff; a permanent refusal of the recipient (SMTP 5xx to RCPT
// TO: a bounce) or the last attempt leaves the message `failed`, with its error, for the admin Outbox
// page. A failure on our side (the server refused our login, our sender, the connection: decision 050)
// is never a bounce: it is retried, logged as "mail is not going out", shown on /admin by health(), and
// a message it left `failed` is queued again once the server takes mail from us (recover()).
// queueIn() stores a message and its job inside the caller's transaction, once per dedupe key: what must
// go out once whatever runs twice (a receipt, a ticket) is sent that way (decision 031).
// Over SMTP a message is handed over once (decision 067): `sending` is committed before its end goes to
// the server and `sent` right after the answer; one found `sending` again (its attempt died in between)
// may have been delivered, and is left `unconfirmed` for an admin rather than sent twice.
import { setTimeout as sleep } from "node:timers/promises";
import { and, count, desc, eq, gt, inArray, isNotNull, lt } from "drizzle-orm";
import type { JobResult, JobWithMetadata } from "pg-boss";
import { z } from "zod";
import { describeIssues, EMAIL_MAX } from "../../../contract/lib/common.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/content-version.ts";
import { mailMessages, type StoredAttachment } from "../../db/schema.ts";
import type { MailTransport } from "../../integrations/mail/mail-transport.ts";
import { inTransaction, workOnSchedule, type Queue } from "../../jobs/queue.ts";
import { Invalid, NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import type { Logger } from "../../lib/logger.ts";

const MAX_ATTACHMENTS = 5;
const MAX_ATTACHMENT_BYTES = 512 * 1024;

const MESSAGES = {
  badAddress: (to: unknown) => `Cannot send e-mail to ${JSON.stringify(to)}: it is not a valid e-mail address`,
  subject: "An e-mail needs a subject of one line, at most 998 characters",
  text: "An e-mail needs a plain-text body",
  html: "The HTML body of an e-mail must be text",
  kind: "The kind of an e-mail must be a short word such as auth or newsletter",
  attachments: `An e-mail takes at most ${MAX_ATTACHMENTS} attachments of at most ${MAX_ATTACHMENT_BYTES / 1024} KB each, each with a file name, a content type and an optional Content-ID of letters, digits, dots, dashes and one @`,
  headers: "Extra e-mail headers need names of letters, digits and dashes and one-line values",
  page: "limit must be a whole number from 1 to 200 and offset a whole number from 0",
  notFound: (id: string) => `No e-mail with id ${id}`,
  notReady: "The mail queue is not ready: await mailer.ready() before opening the transaction",
  unconfirmed: (handedAt: Date, why: string) =>
    `Handed to the mail server at ${handedAt.toISOString()}, and no answer came (${why}). It may have been ` +
    "delivered, so it is not sent again: check with the recipient or the mail server's log before sending it again",
  drain: (n: number, ms: number) =>
    `${n} e-mail(s) still queued after ${ms} ms: is the mail worker running, and is the transport answering?`,
};

export const MAIL_QUEUE = "mail";
/**
 * Bulk messages (a newsletter send: thousands at once) have a queue and worker of their own, fetching
 * larger batches, so a verification or reset e-mail never waits behind them (decision 037).
 */
export const MAIL_BULK_QUEUE = "mail-bulk";
/** bulk jobs a worker takes per fetch; it fetches again at once while batches come back full */
const BULK_BATCH_SIZE = 25;
/** Looks for messages left `failed` by a failure on our side, and queues them again if mail goes out. */
export const MAIL_RECOVER_QUEUE = "mail-recover";
/** every 10 minutes (decision 050) */
const MAIL_RECOVER_CRON = "*/10 * * * *";
/**
 * A message failed on our side is queued again while it has had fewer attempts than this many rounds
 * of its retries: an outage costs one round (nothing is queued again before the server takes mail
 * from us), a message the server refuses for itself (its size, its content) is not tried for ever.
 */
const RECOVERY_ROUNDS = 4;
/** messages queued again per transaction */
const RECOVERY_BATCH = 500;
/** A message `sending` this long ago had its attempt end without an answer (decision 067). */
const STALE_SENDING_MS = 10 * 60_000;
/** While mail is not going out, this process says so at error level at most this often (warn between). */
const LOUD_EVERY_MS = 60_000;

export interface RetryPolicy {
  /** attempts after the first one */
  limit: number;
  /** whole seconds (pg-boss's unit) before the first retry; doubled per retry with backoff */
  delaySeconds: number;
  backoff: boolean;
  maxDelaySeconds?: number;
}

/** Waits of 30 s, 1, 2, 4, 8, 16, 30, 30 min (pg-boss adds up to as much again): 1.5 to 2 hours in all. */
export const DEFAULT_RETRY: RetryPolicy = { limit: 8, delaySeconds: 30, backoff: true, maxDelaySeconds: 30 * 60 };

/** Longer than any SMTP exchange can last with the transport's timeouts, so only a crash expires a job. */
const JOB_EXPIRE_SECONDS = 5 * 60;
/**
 * A running worker marks its jobs alive this often (pg-boss's heartbeat); a job whose process died is
 * tried again once two beats are missed (and pg-boss's next check, at most a minute later), not after
 * the whole expiry.
 */
const JOB_HEARTBEAT_SECONDS = 30;

export interface MailerDeps {
  db: Db;
  queue: Pick<Queue, "boss">;
  transport: MailTransport;
  /** the From header, env.MAIL_FROM */
  from: string;
  logger: Logger;
  retry?: RetryPolicy;
  /** how often an idle worker looks for jobs (pg-boss's minimum is 0.5) */
  pollingIntervalSeconds?: number;
}

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** what the message is for, shown in the Outbox: transactional (default), auth, newsletter ... */
  kind?: string;
  /** small files sent with it; one with a cid is shown inline where the HTML says <img src="cid:..."> */
  attachments?: MailAttachment[];
  /** extra header lines, such as List-Unsubscribe (names of letters, digits and dashes; one-line values) */
  headers?: Record<string, string>;
  /** the bulk send it belongs to (newsletter_campaigns.id): its progress counts this message */
  campaignId?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string;
}

/** sending: its end handed to the server, the answer awaited; unconfirmed: no answer came (decision 067) */
export type MailStatus = "queued" | "sending" | "sent" | "failed" | "unconfirmed";
/** A stored message as the Outbox shows it (its dedupe key is the senders' business). */
export type MailMessage = Omit<typeof mailMessages.$inferSelect, "status" | "dedupeKey"> & { status: MailStatus };
/**
 * A message whose recipient the receiving server refused for good (a hard bounce: a 5xx to RCPT TO),
 * as the listeners get it. Never a failure on our side (decision 050).
 */
export interface RefusedMail {
  id: string;
  to: string;
  kind: string;
  campaignId: string | null;
  error: string;
}
/**
 * Whether mail is going out (decision 050), from the database, so every process answers the same:
 * failing while the newest failure on our side is newer than the last message sent.
 */
export type MailHealth =
  | { failing: false }
  | {
      failing: true;
      /** the newest attempt that failed on our side, and its error (what to check, then the server's reply) */
      lastFailureAt: Date;
      error: string;
      /** messages whose last attempt failed on our side: queued for a retry, or failed until mail goes out */
      waiting: number;
    };
export type MailSummary = Pick<
  MailMessage,
  "id" | "to" | "subject" | "createdAt" | "status" | "sentAt" | "attempts" | "kind"
>;

const badAttachment = { error: MESSAGES.attachments };

const MailInputSchema = z.object({
  to: z
    .string({ error: (issue) => MESSAGES.badAddress(issue.input) })
    .trim()
    .max(EMAIL_MAX, { error: (issue) => MESSAGES.badAddress(issue.input) })
    .pipe(z.email({ error: (issue) => MESSAGES.badAddress(issue.input) }))
    .transform((v) => v.toLowerCase()),
  // One line, at most the RFC 5322 line length: a line break in a header would start another header.
  subject: z
    .string({ error: MESSAGES.subject })
    .trim()
    .min(1, MESSAGES.subject)
    .max(998, MESSAGES.subject)
    .regex(/^[^\r\n]*$/, MESSAGES.subject),
  text: z.string({ error: MESSAGES.text }).min(1, MESSAGES.text),
  html: z.string({ error: MESSAGES.html }).nullish(),
  kind: z
    .string({ error: MESSAGES.kind })
    .regex(/^[a-z][a-z0-9-]{0,39}$/, MESSAGES.kind)
    .default("transactional"),
  attachments: z
    .array(
      z.object({
        filename: z.string(badAttachment).regex(/^[\w.-]{1,100}$/, badAttachment),
        contentType: z.string(badAttachment).regex(/^[a-z]+\/[a-z0-9.+-]{1,60}$/, badAttachment),
        content: z.instanceof(Buffer, badAttachment).refine((b) => b.length <= MAX_ATTACHMENT_BYTES, badAttachment),
        cid: z
          .string(badAttachment)
          .regex(/^[\w.-]{1,100}(@[\w.-]{1,100})?$/, badAttachment)
          .optional(),
      }),
      badAttachment,
    )
    .max(MAX_ATTACHMENTS, badAttachment)
    .default([]),
  headers: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,60}$/, MESSAGES.headers),
      z
        .string()
        .max(2000, MESSAGES.headers)
        .regex(/^[^\r\n]*$/, MESSAGES.headers),
      { error: MESSAGES.headers },
    )
    .default({}),
  campaignId: z.string().max(100).optional(),
});

const PageSchema = z.object({
  limit: z
    .number({ error: MESSAGES.page })
    .int(MESSAGES.page)
    .min(1, MESSAGES.page)
    .max(200, MESSAGES.page)
    .default(50),
  offset: z.number({ error: MESSAGES.page }).int(MESSAGES.page).min(0, MESSAGES.page).default(0),
});

interface MailJob {
  id: string;
}

export function createMailer(deps: MailerDeps) {
  const { db, transport, from, logger } = deps;
  const { boss } = deps.queue;
  const retry = deps.retry ?? DEFAULT_RETRY;
  const jobOptions = {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: retry.backoff,
    // pg-boss refuses the key itself (even undefined) without backoff.
    ...(retry.backoff && retry.maxDelaySeconds ? { retryDelayMax: retry.maxDelaySeconds } : {}),
    expireInSeconds: JOB_EXPIRE_SECONDS,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  };

  // pg-boss refuses jobs for a queue that does not exist; creating it is idempotent, once per process.
  // Once created, pg-boss knows the queue without asking the database: a job can then be queued through
  // a transaction's connection (on PGlite, the one connection, held by that transaction).
  let queueReady: Promise<void> | undefined;
  let queueCreated = false;
  const ensureQueue = () => {
    queueReady ??= Promise.all([boss.createQueue(MAIL_QUEUE), boss.createQueue(MAIL_BULK_QUEUE)]).then(
      () => {
        queueCreated = true;
      },
      (error: unknown) => {
        queueReady = undefined;
        throw error;
      },
    );
    return queueReady;
  };

  const setRow = (id: string, values: Partial<typeof mailMessages.$inferInsert>) =>
    db.update(mailMessages).set(values).where(eq(mailMessages.id, id));

  /**
   * A message handed over whose answer never came (decision 067): `unconfirmed`, with what happened,
   * never sent again by the mailer. Only while it is `sending`: an attempt that did get its answer wins.
   */
  async function unconfirmed(row: Pick<typeof mailMessages.$inferSelect, "id" | "kind" | "handedAt">, why: string) {
    const handedAt = row.handedAt ?? new Date();
    const error = MESSAGES.unconfirmed(handedAt, why);
    const [marked] = await db
      .update(mailMessages)
      .set({ status: "unconfirmed", error })
      .where(and(eq(mailMessages.id, row.id), eq(mailMessages.status, "sending")))
      .returning({ id: mailMessages.id });
    if (marked)
      logger.error("mail may have gone out: not sent again", {
        mailId: row.id,
        kind: row.kind,
        handedAt: handedAt.toISOString(),
        error,
      });
  }

  /** One attempt at one message; the result tells pg-boss whether to try again. */
  async function deliver(job: JobWithMetadata<MailJob>): Promise<JobResult> {
    const id = job.data.id;
    const last = job.retryCount >= job.retryLimit;
    try {
      const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
      // An attempt that handed the message over and died before the answer (a crash, kill -9): the
      // server may have it. Not sent again: left for an admin to decide (decision 067).
      if (row?.status === "sending") {
        await unconfirmed(row, "the attempt stopped: its server was stopped or crashed");
        return { id: job.id, status: "completed" };
      }
      // Deleted, or sent by an attempt whose completion pg-boss never heard of: nothing left to do.
      if (!row || row.status !== "queued") return { id: job.id, status: "completed" };
      const attempts = row.attempts + 1;
      // The hand-over (decision 067): recorded, and committed, before the message's end goes to the
      // server; only while the message is still queued, so of two attempts at once one goes on.
      let handedAt = null as Date | null;
      const handOver = async () => {
        const at = new Date();
        const [taken] = await db
          .update(mailMessages)
          .set({ status: "sending", handedAt: at, attempts })
          .where(and(eq(mailMessages.id, id), eq(mailMessages.status, "queued")))
          .returning({ id: mailMessages.id });
        if (taken) handedAt = at;
        return Boolean(taken);
      };
      const result = await transport.send(
        {
          id,
          queuedAt: row.createdAt,
          from,
          to: row.to,
          subject: row.subject,
          text: row.text ?? "",
          html: row.html,
          headers: row.headers,
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, "base64"),
            ...(a.cid ? { cid: a.cid } : {}),
          })),
        },
        { handOver },
      );
      if (result.ok) {
        await setRow(id, { status: "sent", sentAt: new Date(), attempts, error: null, ourSideFailedAt: null });
        logger.info("mail sent", { mailId: id, kind: row.kind, attempts });
        wentOut();
        return { id: job.id, status: "completed" };
      }
      // Another attempt handed it over first: it answers for the message.
      if (result.abandoned) return { id: job.id, status: "completed" };
      if (result.unanswered) {
        await unconfirmed({ ...row, handedAt }, result.error);
        return { id: job.id, status: "completed" };
      }
      // A failure on our side is never a bounce, whatever its reply class: retried, and never deadlettered.
      const ourSide = result.ourSide === true;
      const permanent = !ourSide && result.permanent === true;
      const final = last || permanent;
      // (refused with an answer: the server does not have it; the row as this attempt left it)
      await db
        .update(mailMessages)
        .set({
          status: final ? "failed" : "queued",
          error: result.error,
          attempts,
          ourSideFailedAt: ourSide ? new Date() : null,
        })
        .where(and(eq(mailMessages.id, id), eq(mailMessages.status, handedAt ? "sending" : "queued")));
      if (ourSide) notGoingOut({ mailId: id, kind: row.kind, attempts, willRetry: !final, error: result.error });
      else if (final) logger.error("mail failed", { mailId: id, kind: row.kind, attempts, error: result.error });
      else logger.warn("mail attempt failed, will retry", { mailId: id, attempts, error: result.error });
      if (permanent) {
        const refused: RefusedMail = {
          id,
          to: row.to,
          kind: row.kind,
          campaignId: row.campaignId,
          error: result.error,
        };
        for (const listener of refusalListeners) {
          await listener(refused).catch((error: unknown) =>
            logger.error("mail refusal listener failed", { mailId: id, error: String(error) }),
          );
        }
      }
      // deadletter ends the job now, skipping the retries a permanent refusal would only repeat.
      return { id: job.id, status: permanent ? "deadletter" : "failed", output: { error: result.error } };
    } catch (caught) {
      // The database, not the transport, failed: let pg-boss retry, and record the end on the last try.
      const error = caught instanceof Error ? caught.message : String(caught);
      logger.error("mail worker error", { mailId: id, error });
      // (a message handed over stays `sending`: the next attempt leaves it unconfirmed)
      if (last)
        await db
          .update(mailMessages)
          .set({ status: "failed", error })
          .where(and(eq(mailMessages.id, id), eq(mailMessages.status, "queued")))
          .catch(() => {});
      return { id: job.id, status: "failed", output: { error } };
    }
  }

  // This process's view of an outage, for its log only (health() reads the database): since when, how
  // many attempts failed on our side, when it last said so at error level.
  let outage: { since: Date; failures: number; loudAt: number } | null = null;
  // Whether a send that goes out should look for messages an outage left failed: at the start (another
  // process, or this one before a restart, may have left some) and after each failure on our side.
  let recoverOnNextSend = true;
  let recovering: Promise<unknown> | null = null;

  function notGoingOut(fields: { mailId: string; kind: string; attempts: number; willRetry: boolean; error: string }) {
    const now = Date.now();
    outage ??= { since: new Date(now), failures: 0, loudAt: 0 };
    outage.failures += 1;
    recoverOnNextSend = true;
    if (now - outage.loudAt >= LOUD_EVERY_MS) {
      outage.loudAt = now;
      logger.error("mail is not going out", {
        ...fields,
        since: outage.since.toISOString(),
        failedAttempts: outage.failures,
      });
    } else logger.warn("mail attempt failed on our side", fields);
  }

  /** A message went out: the outage (if any) is over, and what it left failed is queued again. */
  function wentOut() {
    if (outage) {
      logger.info("mail is going out again", { since: outage.since.toISOString(), failedAttempts: outage.failures });
      outage = null;
    }
    if (!recoverOnNextSend || recovering) return;
    recoverOnNextSend = false;
    recovering = requeueStuck()
      .catch((error: unknown) => {
        recoverOnNextSend = true;
        logger.error("mail recovery failed", { error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        recovering = null;
      });
  }

  const stuck = () =>
    and(
      eq(mailMessages.status, "failed"),
      isNotNull(mailMessages.ourSideFailedAt),
      lt(mailMessages.attempts, (retry.limit + 1) * RECOVERY_ROUNDS),
    );

  /**
   * Queues again the messages a failure on our side left `failed`, with jobs of their own (a bulk
   * message on the bulk queue), a batch per transaction. Answers how many. Two processes doing it at
   * once queue each message once: the update takes a row only while it is still `failed`.
   */
  async function requeueStuck(): Promise<number> {
    await ensureQueue();
    let total = 0;
    for (;;) {
      const rows = await db.transaction(async (tx) => {
        const batch = tx.select({ id: mailMessages.id }).from(mailMessages).where(stuck()).limit(RECOVERY_BATCH);
        const taken = await tx
          .update(mailMessages)
          .set({ status: "queued" })
          .where(and(inArray(mailMessages.id, batch), stuck()))
          .returning({ id: mailMessages.id, campaignId: mailMessages.campaignId });
        const single = taken.filter((r) => !r.campaignId);
        const bulk = taken.filter((r) => r.campaignId);
        const options = { db: inTransaction(tx) };
        if (single.length > 0)
          await boss.insert(
            MAIL_QUEUE,
            single.map((r) => ({ data: { id: r.id } satisfies MailJob, ...jobOptions })),
            options,
          );
        if (bulk.length > 0)
          await boss.insert(
            MAIL_BULK_QUEUE,
            bulk.map((r) => ({ data: { id: r.id } satisfies MailJob, ...jobOptions, heartbeatSeconds: 10 })),
            options,
          );
        return taken.length;
      });
      total += rows;
      if (rows < RECOVERY_BATCH) break;
    }
    if (total > 0) logger.info("mail queued again after failing on our side", { messages: total });
    return total;
  }

  /**
   * If a failure on our side left messages `failed`: asks the transport whether the server takes mail
   * from us now (SMTP: connects and logs in, sends nothing) and, if it does, queues them again.
   * Run at the worker's start and every 10 minutes. Answers how many were queued again. First, messages
   * left `sending` long ago are left unconfirmed (decision 067).
   */
  async function recover(): Promise<number> {
    await unconfirmStale();
    const [any] = await db.select({ id: mailMessages.id }).from(mailMessages).where(stuck()).limit(1);
    if (!any) return 0;
    const check = transport.verify ? await transport.verify() : ({ ok: true } as const);
    if (!check.ok) {
      logger.warn("mail is still not going out; failed messages wait", { error: check.error });
      return 0;
    }
    return requeueStuck();
  }

  /**
   * Messages still `sending` long after any attempt can have lasted (their job ended without coming
   * back to them: pg-boss gave up on it) are left unconfirmed, as their job would have left them.
   */
  async function unconfirmStale(): Promise<void> {
    const stale = await db
      .select({ id: mailMessages.id, kind: mailMessages.kind, handedAt: mailMessages.handedAt })
      .from(mailMessages)
      .where(
        and(eq(mailMessages.status, "sending"), lt(mailMessages.handedAt, new Date(Date.now() - STALE_SENDING_MS))),
      );
    for (const row of stale) await unconfirmed(row, "the attempt stopped: its server was stopped or crashed");
  }

  /** The row of a valid message (Invalid, naming what is wrong, otherwise). */
  function toRow(input: MailInput, dedupeKey: string | null): typeof mailMessages.$inferInsert {
    const parsed = MailInputSchema.safeParse(input);
    if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
    const { to, subject, text, html, kind, attachments, headers, campaignId } = parsed.data;
    const stored: StoredAttachment[] = attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      ...(a.cid ? { cid: a.cid } : {}),
      contentBase64: a.content.toString("base64"),
    }));
    return {
      to,
      subject,
      text,
      html: html ?? null,
      kind,
      attachments: stored,
      status: "queued",
      dedupeKey,
      headers,
      campaignId: campaignId ?? null,
    };
  }

  async function store(executor: Db | Tx, input: MailInput): Promise<{ id: string }> {
    const [row] = await executor.insert(mailMessages).values(toRow(input, null)).returning({ id: mailMessages.id });
    return { id: row!.id };
  }

  /** The message stored under `dedupeKey`, if any. */
  async function byKey(dedupeKey: string, executor: Db | Tx = db): Promise<{ id: string } | null> {
    const [row] = await executor
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(eq(mailMessages.dedupeKey, dedupeKey));
    return row ?? null;
  }

  async function queueIn(
    tx: Tx,
    input: MailInput,
    options: { dedupeKey?: string } = {},
  ): Promise<{ id: string; created: boolean }> {
    if (!queueCreated) throw new Error(MESSAGES.notReady);
    const key = options.dedupeKey ?? null;
    // On a key already used nothing is written (and, on PostgreSQL, a transaction that is writing it
    // is waited for): the message stored under it stands.
    const [row] = await tx
      .insert(mailMessages)
      .values(toRow(input, key))
      .onConflictDoNothing({ target: mailMessages.dedupeKey })
      .returning({ id: mailMessages.id });
    if (!row) {
      const existing = key ? await byKey(key, tx) : null;
      if (!existing) throw new Error(`No e-mail stored under ${key}`);
      return { id: existing.id, created: false };
    }
    await boss.send(MAIL_QUEUE, { id: row.id } satisfies MailJob, { ...jobOptions, db: inTransaction(tx) });
    return { id: row.id, created: true };
  }

  async function dispatch(id: string): Promise<void> {
    try {
      await ensureQueue();
      await boss.send(MAIL_QUEUE, { id } satisfies MailJob, jobOptions);
    } catch (error) {
      // The row would otherwise wait for a job that never comes.
      const message = error instanceof Error ? error.message : String(error);
      await setRow(id, { status: "failed", error: `Could not be queued: ${message}` }).catch(() => {});
      throw error;
    }
  }

  /**
   * Stores many messages and queues their jobs on the bulk queue inside the caller's transaction, each
   * once per dedupe key: one INSERT for the rows and one for the jobs, so a batch of hundreds costs two
   * statements. Keys already used are skipped (their message stands). Answers how many were new.
   */
  async function queueManyIn(tx: Tx, items: ReadonlyArray<{ input: MailInput; dedupeKey: string }>): Promise<number> {
    if (!queueCreated) throw new Error(MESSAGES.notReady);
    if (items.length === 0) return 0;
    const rows = await tx
      .insert(mailMessages)
      .values(items.map((item) => toRow(item.input, item.dedupeKey)))
      .onConflictDoNothing({ target: mailMessages.dedupeKey })
      .returning({ id: mailMessages.id });
    if (rows.length === 0) return 0;
    await boss.insert(
      MAIL_BULK_QUEUE,
      // a 10 s heartbeat (pg-boss's least): a killed process's bulk messages are taken again within a minute or so
      rows.map((row) => ({ data: { id: row.id } satisfies MailJob, ...jobOptions, heartbeatSeconds: 10 })),
      { db: inTransaction(tx) },
    );
    return rows.length;
  }

  const refusalListeners: Array<(mail: RefusedMail) => Promise<void>> = [];

  let working = false;

  return {
    /** Stores the message and queues it; the worker sends it. Throws Invalid for a bad address. */
    async send(input: MailInput): Promise<{ id: string }> {
      const { id } = await store(db, input);
      await dispatch(id);
      return { id };
    },

    /**
     * The first half of send(), inside the caller's transaction: the message is stored (as queued) or not
     * together with the caller's change. Call dispatch(id) once the transaction has committed: a job
     * queued before the commit could find no row and end without sending.
     */
    store,

    /** The second half of send(): queues the job of a stored message (marks it failed if that fails). */
    dispatch,

    /** Resolves once jobs can be queued inside a transaction (queueIn); call it before opening one. */
    ready: ensureQueue,

    /**
     * Stores the message and queues its job inside the caller's transaction: both commit or neither, so
     * no crash leaves a message that never goes out. With `dedupeKey`, a message already stored under
     * that key is not stored again: the answer is that one, with `created: false`. Await ready() first.
     */
    queueIn,

    queueManyIn,

    /**
     * Calls `listener` (in the worker's process) for each message whose recipient the receiving server
     * refused for good (a hard bounce), after the message is marked failed: the newsletter suppresses the
     * address. A failure on our side (a refused login ...) never calls it.
     */
    onRefused(listener: (mail: RefusedMail) => Promise<void>): void {
      refusalListeners.push(listener);
    },

    /** queueIn() in a transaction of its own: the message once per `dedupeKey`. */
    async sendOnce(input: MailInput, dedupeKey: string): Promise<{ id: string; created: boolean }> {
      await ensureQueue();
      return db.transaction((tx) => queueIn(tx, input, { dedupeKey }));
    },

    /** The message stored under `dedupeKey` (receipt:<payment id> ...), or null. */
    byKey: (dedupeKey: string) => byKey(dedupeKey),

    /** Queues again what an outage left failed, if the server takes mail from us now (the 10-minute job's work). */
    recover,

    /** Whether mail is going out (the /admin alert), from the database: the same in every process. */
    async health(): Promise<MailHealth> {
      const [last] = await db
        .select({ at: mailMessages.ourSideFailedAt, error: mailMessages.error })
        .from(mailMessages)
        .where(isNotNull(mailMessages.ourSideFailedAt))
        .orderBy(desc(mailMessages.ourSideFailedAt))
        .limit(1);
      if (!last?.at) return { failing: false };
      const [sentSince] = await db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(gt(mailMessages.sentAt, last.at))
        .limit(1);
      if (sentSince) return { failing: false };
      const [waiting] = await db
        .select({ n: count() })
        .from(mailMessages)
        .where(isNotNull(mailMessages.ourSideFailedAt));
      return { failing: true, lastFailureAt: last.at, error: last.error ?? "", waiting: waiting!.n };
    },

    /**
     * Starts this process's worker on the mail queue (once), the schedule that looks for messages an
     * outage left failed, and a first look now (in the background: a server that does not answer must
     * not hold the start).
     */
    async startWorker(): Promise<void> {
      if (working) return;
      working = true;
      await ensureQueue();
      await boss.work(
        MAIL_QUEUE,
        {
          includeMetadata: true,
          perJobResults: true,
          batchSize: 5,
          pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1,
        },
        // Per-job results: one refused address must not send the rest of the batch round again.
        (jobs: JobWithMetadata<MailJob>[]) => Promise.all(jobs.map(deliver)),
      );
      await boss.work(
        MAIL_BULK_QUEUE,
        {
          includeMetadata: true,
          perJobResults: true,
          batchSize: BULK_BATCH_SIZE,
          // two batches in hand: one is being sent while the next is fetched and its rows read
          localConcurrency: 2,
          burstWhenBatchFull: true,
          pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1,
        },
        (jobs: JobWithMetadata<MailJob>[]) => Promise.all(jobs.map(deliver)),
      );
      await workOnSchedule(boss, MAIL_RECOVER_QUEUE, MAIL_RECOVER_CRON, async () => {
        await recover();
      });
      recovering ??= recover()
        .catch((error: unknown) =>
          logger.error("mail recovery failed", { error: error instanceof Error ? error.message : String(error) }),
        )
        .finally(() => {
          recovering = null;
        });
    },

    /** The Outbox page: newest first, without the bodies. */
    async list(page: { limit?: number; offset?: number } = {}): Promise<{ items: MailSummary[]; total: number }> {
      const parsed = PageSchema.safeParse(page);
      if (!parsed.success) throw Invalid(MESSAGES.page);
      const { limit, offset } = parsed.data;
      const [items, [totals]] = await Promise.all([
        db
          .select({
            id: mailMessages.id,
            to: mailMessages.to,
            subject: mailMessages.subject,
            createdAt: mailMessages.createdAt,
            status: mailMessages.status,
            sentAt: mailMessages.sentAt,
            attempts: mailMessages.attempts,
            kind: mailMessages.kind,
          })
          .from(mailMessages)
          .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(mailMessages),
      ]);
      return { items: items as MailSummary[], total: totals!.total };
    },

    /** One message with its bodies and last error. */
    async get(id: string): Promise<MailMessage> {
      if (!isId(id)) throw NotFound(MESSAGES.notFound(id));
      const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
      if (!row) throw NotFound(MESSAGES.notFound(id));
      const { dedupeKey: _key, ...message } = row;
      return message as MailMessage;
    },

    /** For tests: resolves once no message is queued (sent or failed for good), else throws at the timeout. */
    async drain(timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await db
          .select({ queued: count() })
          .from(mailMessages)
          .where(inArray(mailMessages.status, ["queued", "sending"]));
        const queued = row!.queued;
        if (queued === 0) return;
        if (Date.now() >= deadline) throw new Error(MESSAGES.drain(queued, timeoutMs));
        await sleep(50);
      }
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
