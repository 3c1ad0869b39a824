// What a paid ticket brings (issue 9 "Event tickets"): the ticket e-mail at once, with the QR code of
// its signed code, and the streaming link 24 hours before the start: a pg-boss job (kept in the
// database, so it survives restarts) or, for a ticket bought later than that, at once.
//
// The link goes out once per ticket whatever runs twice: whoever sends it first sets
// event_purchases.stream_link_sent_at by a conditional update (`where stream_link_sent_at is null`)
// in the same transaction that stores the e-mail and queues its job, and only the one whose update
// changed a row sends. The ticket e-mail goes out once per ticket too: it is stored under the key
// ticket:<purchase id>, and a second one under it is never stored (decision 031).
import { and, eq, isNull } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Db } from "../../db/client.ts";
import { eventPurchases, events, payments, user } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { streamLinkMail, ticketMail } from "./emails.ts";
import { ticketCode, ticketQrPng, ticketQrSvg, verifyTicketCode } from "./ticket-code.ts";

// The signed code of a ticket, as the ticket e-mail and /account show it (the account service makes it).
export { ticketCode };
// Whether a code is one of ours, and whose ticket (the door's check-in: server/features/events/check-in.service.ts).
export { verifyTicketCode };

export const STREAM_LINK_QUEUE = "ticket-stream-link";
/** The link goes out this long before the start. */
export const STREAM_LINK_LEAD_MS = 24 * 60 * 60_000;
/** Events have no end time: this long after the start they count as over, and the link is not sent. */
export const EVENT_LENGTH_MS = 3 * 60 * 60_000;
/** A stream-link job this much before its time still sends (clocks differ); earlier, it is a moved event's. */
export const EARLY_TOLERANCE_MS = 15 * 60_000;

export interface StreamLinkDeps {
  db: Db;
  mailer: Pick<Mailer, "ready" | "queueIn" | "byKey">;
  /** the academy's name, address and web address for the e-mails (emailBrand(env)) */
  brand: EmailBrand;
  /** the clock (tests move it) */
  now?: () => Date;
  logger?: Logger;
}

export interface TicketDeps extends StreamLinkDeps {
  /** pg-boss: the stream-link job is queued on it */
  boss: PgBoss;
  /** ticketKey(auth secret): signs ticket codes */
  ticketKey: Buffer;
}

export type StreamLinkTiming =
  /** no start time, or the event is over: no link */
  | { kind: "none" }
  /** within 24 hours of the start, or under way: the link now */
  | { kind: "now" }
  | { kind: "later"; at: Date };

export function streamLinkTiming(startsAt: Date | null, now: Date): StreamLinkTiming {
  if (!startsAt) return { kind: "none" };
  const start = startsAt.getTime();
  if (now.getTime() >= start + EVENT_LENGTH_MS) return { kind: "none" };
  if (now.getTime() >= start - STREAM_LINK_LEAD_MS) return { kind: "now" };
  return { kind: "later", at: new Date(start - STREAM_LINK_LEAD_MS) };
}

/**
 * The QR code of a ticket code as an image address (an SVG in a data: URL, which an <img> shows and
 * never runs), made only for a genuine code of ours (`key` signed it): anything else gets null.
 */
export async function ticketQrImage(key: Buffer, code: string): Promise<string | null> {
  if (!verifyTicketCode(key, code)) return null;
  const svg = await ticketQrSvg(code);
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

async function loadTicket(db: Db, purchaseId: string) {
  const [row] = await db
    .select({ purchase: eventPurchases, event: events, buyerName: user.name })
    .from(eventPurchases)
    .leftJoin(events, eq(events.id, eventPurchases.eventId))
    // the buyer's name for the greeting, when they bought it signed in (a ticket form asks for none)
    .leftJoin(payments, eq(payments.reference, eventPurchases.paymentReference))
    .leftJoin(user, eq(user.id, payments.userId))
    .where(eq(eventPurchases.id, purchaseId));
  return row;
}

/** Marks the link sent, if nobody has: true when this call is the one that sends it. */
async function claimStreamLink(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], purchaseId: string, at: Date) {
  const claimed = await tx
    .update(eventPurchases)
    .set({ streamLinkSentAt: at })
    .where(and(eq(eventPurchases.id, purchaseId), isNull(eventPurchases.streamLinkSentAt)))
    .returning({ id: eventPurchases.id });
  return claimed.length > 0;
}

/** The keys a ticket's one ticket e-mail and one streaming-link e-mail are stored under (mail_messages.dedupe_key). */
export const ticketMailKey = (purchaseId: string) => `ticket:${purchaseId}`;
export const streamLinkKey = (purchaseId: string) => `stream-link:${purchaseId}`;

/** Thrown inside a transaction to undo it: the e-mail it would store is stored already. */
class AlreadyStored extends Error {}

export type TicketEmailResult =
  { sent: false; reason: "unknown purchase" | "already sent" } | { sent: true; withStreamLink: boolean };

/**
 * The ticket e-mail, to the buyer: event, type, quantity, reference, start (Lagos time), the QR code
 * (an inline PNG) and the code as text; with the streaming link when the start is less than 24 hours
 * away (and the event not over), which then counts as the link sent.
 */
export async function sendTicketEmail(deps: TicketDeps, purchaseId: string): Promise<TicketEmailResult> {
  const now = deps.now?.() ?? new Date();
  const row = await loadTicket(deps.db, purchaseId);
  if (!row) return { sent: false, reason: "unknown purchase" };
  const key = ticketMailKey(purchaseId);
  if (await deps.mailer.byKey(key)) return { sent: false, reason: "already sent" };
  const { purchase, event } = row;
  const code = ticketCode(deps.ticketKey, purchase.id);
  const qrPng = await ticketQrPng(code);
  const startsAt = event?.startsAt ?? null;
  const timing = streamLinkTiming(startsAt, now);
  const linkNow = timing.kind === "now" && !!event?.streamUrl;

  // Made before the transaction (rendering takes a few milliseconds): with the link when it may go now,
  // and without, for when another sender has claimed it meanwhile.
  const compose = (streamUrl: string | null) =>
    ticketMail({
      brand: deps.brand,
      to: purchase.email,
      name: row.buyerName,
      eventName: event?.name ?? purchase.eventName,
      ticketType: purchase.ticketType,
      quantity: purchase.quantity,
      reference: purchase.paymentReference ?? purchase.id,
      startsAt,
      code,
      qrPng,
      streamUrl,
      linkLater: timing.kind === "later" && !purchase.streamLinkSentAt,
    });
  const [withoutLinkMail, withLinkMail] = await Promise.all([
    compose(null),
    linkNow ? compose(event!.streamUrl) : null,
  ]);

  await deps.mailer.ready();
  try {
    const withLink = await deps.db.transaction(async (tx) => {
      const withLink = linkNow && (await claimStreamLink(tx, purchase.id, now));
      const mail = withLink ? withLinkMail! : withoutLinkMail;
      // Another run stored it meanwhile: undo this one's claim of the link too.
      if (!(await deps.mailer.queueIn(tx, mail, { dedupeKey: key })).created) throw new AlreadyStored();
      return withLink;
    });
    return { sent: true, withStreamLink: withLink };
  } catch (error) {
    if (error instanceof AlreadyStored) return { sent: false, reason: "already sent" };
    throw error;
  }
}

export type StreamLinkResult =
  | { sent: true }
  | {
      sent: false;
      reason: "unknown purchase" | "not paid" | "no start or link" | "event over" | "not yet" | "already sent";
    };

/**
 * The streaming-link e-mail (the job's work, also called at once for a late ticket): sent once per
 * ticket, however often it runs. An event without a start time or link, or already over, sends nothing.
 */
export async function sendStreamLink(deps: StreamLinkDeps, purchaseId: string): Promise<StreamLinkResult> {
  const now = deps.now?.() ?? new Date();
  const row = await loadTicket(deps.db, purchaseId);
  if (!row) return { sent: false, reason: "unknown purchase" };
  const { purchase, event } = row;
  if (purchase.paymentStatus !== "paid") return { sent: false, reason: "not paid" };
  if (!event?.startsAt || !event.streamUrl) return { sent: false, reason: "no start or link" };
  const timing = streamLinkTiming(event.startsAt, now);
  if (timing.kind === "none") return { sent: false, reason: "event over" };
  // the event was moved later since this job was queued: the job of the new start sends it (issue 18).
  // A job a few minutes early (the database's clock ahead of ours) still sends.
  if (timing.kind === "later" && timing.at.getTime() - now.getTime() > EARLY_TOLERANCE_MS)
    return { sent: false, reason: "not yet" };
  const mail = await streamLinkMail({
    brand: deps.brand,
    to: purchase.email,
    name: row.buyerName,
    eventName: event.name,
    startsAt: event.startsAt,
    streamUrl: event.streamUrl,
    reference: purchase.paymentReference ?? purchase.id,
  });

  await deps.mailer.ready();
  const claimed = await deps.db.transaction(async (tx) => {
    if (!(await claimStreamLink(tx, purchase.id, now))) return false;
    await deps.mailer.queueIn(tx, mail, { dedupeKey: streamLinkKey(purchase.id) });
    return true;
  });
  if (!claimed) return { sent: false, reason: "already sent" };
  deps.logger?.info("stream link sent", { purchaseId });
  return { sent: true };
}

// One job per ticket waiting or running at a time (the key is the purchase id); retried with backoff.
const QUEUE_OPTIONS = { policy: "exclusive", retryLimit: 6, retryDelay: 60, retryBackoff: true } as const;
const queuesReady = new WeakMap<PgBoss, Promise<void>>();

function ensureQueue(boss: PgBoss): Promise<void> {
  let ready = queuesReady.get(boss);
  if (!ready) {
    ready = boss.createQueue(STREAM_LINK_QUEUE, QUEUE_OPTIONS).catch((error: unknown) => {
      queuesReady.delete(boss);
      throw error;
    });
    queuesReady.set(boss, ready);
  }
  return ready;
}

export type ScheduleResult =
  | { kind: "scheduled"; at: Date; jobId: string | null }
  | { kind: "sent-now"; result: StreamLinkResult }
  | { kind: "none" };

/**
 * After a ticket is paid: a job for start − 24 h, or the link at once when that time has passed (the
 * ticket e-mail may already have carried it: then nothing more is sent). No start time or an event
 * that is over: nothing. A second call for the same ticket queues no second job.
 */
export async function scheduleStreamLink(deps: TicketDeps, purchaseId: string): Promise<ScheduleResult> {
  const now = deps.now?.() ?? new Date();
  const row = await loadTicket(deps.db, purchaseId);
  if (!row || row.purchase.streamLinkSentAt) return { kind: "none" };
  const timing = streamLinkTiming(row.event?.startsAt ?? null, now);
  if (timing.kind === "none") return { kind: "none" };
  if (timing.kind === "now") return { kind: "sent-now", result: await sendStreamLink(deps, purchaseId) };
  await ensureQueue(deps.boss);
  const jobId = await deps.boss.send(STREAM_LINK_QUEUE, { purchaseId } satisfies StreamLinkJob, {
    startAfter: timing.at,
    singletonKey: streamLinkJobKey(purchaseId, row.event!.startsAt!),
  });
  return { kind: "scheduled", at: timing.at, jobId };
}

/**
 * A ticket's stream-link job for one start time: a moved event gets a job of its own (one per ticket
 * and start waiting at a time); the job of a start that no longer holds sends nothing when it runs
 * ("not yet", or "already sent"), and the claim on stream_link_sent_at keeps it to one e-mail.
 */
export const streamLinkJobKey = (purchaseId: string, startsAt: Date) => `${purchaseId}@${startsAt.toISOString()}`;

/**
 * An event's start changed (issue 18): every paid ticket still waiting for its link gets the job of
 * the new start (24 hours before it), or the link at once when that point has passed. Tickets that had
 * it already get nothing more.
 */
export async function rescheduleStreamLinks(deps: TicketDeps, eventId: string): Promise<ScheduleResult[]> {
  const waiting = await deps.db
    .select({ id: eventPurchases.id })
    .from(eventPurchases)
    .where(
      and(
        eq(eventPurchases.eventId, eventId),
        eq(eventPurchases.paymentStatus, "paid"),
        isNull(eventPurchases.streamLinkSentAt),
      ),
    );
  const results: ScheduleResult[] = [];
  for (const { id } of waiting) results.push(await scheduleStreamLink(deps, id));
  return results;
}

interface StreamLinkJob {
  purchaseId: string;
}

/** This process's worker on the stream-link queue (server/jobs/start-jobs.ts). */
export async function startStreamLinkWorker(boss: PgBoss, deps: StreamLinkDeps): Promise<void> {
  await ensureQueue(boss);
  await boss.work<StreamLinkJob>(STREAM_LINK_QUEUE, async ([job]) => {
    if (!job) return;
    const result = await sendStreamLink(deps, job.data.purchaseId);
    if (!result.sent)
      deps.logger?.info("stream link not sent", { purchaseId: job.data.purchaseId, reason: result.reason });
  });
}
