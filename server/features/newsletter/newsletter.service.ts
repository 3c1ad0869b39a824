// The newsletter (public-area §4 "Newsletter pop-up", §5, §8; admin-back-office §2 "Newsletter admin", §3,
// §4, §5; issue 19; decision 037):
// - subscribing stores the address as `pending` and e-mails a confirmation link (double opt-in); the
//   link's page confirms with a POST (never on GET: mail scanners follow links);
// - the admin list (paged, searchable, by state), the delete, the CSV export;
// - the bulk e-mail: rendered once, then fanned out by a job that walks the confirmed subscribers in id
//   order, queueing one message each (dedupe key newsletter:<campaign>:<subscriber>) in batches, each
//   batch with its cursor in one transaction: a send killed mid-way resumes where it stopped and never
//   queues a message twice. Each message carries a personal unsubscribe link and the RFC 8058 headers;
//   a hard bounce marks the address `bounced`, and later sends skip it.
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { describeIssues } from "../../../contract/lib/common.ts";
import {
  NEWSLETTER_SUCCESS,
  NewsletterInputSchema,
  type NewsletterResult,
} from "../../../contract/messaging/messaging.ts";
import {
  BulkEmailInputSchema,
  NEWSLETTER_MESSAGES,
  SUBSCRIBER_STATE_LABELS,
  SUBSCRIBER_STATES,
  SubscribersQuerySchema,
  videoPoster,
  type BulkEmail,
  type Campaign,
  type Subscriber,
  type SubscriberPage,
  type SubscribersQuery,
  type SubscriberState,
} from "../../../contract/messaging/newsletter.ts";
import { formatLagosCsv } from "../../../contract/lib/dates.ts";
import { offsetOf } from "../../../contract/lib/paging.ts";
import type { Db } from "../../db/client.ts";
import { mailMessages, newsletterCampaigns, newsletterSubscribers } from "../../db/schema.ts";
import { inTransaction } from "../../jobs/queue.ts";
import { toCsv } from "../../lib/csv.ts";
import { Conflict, Invalid, NotFound, TooManyRequests } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import type { Logger } from "../../lib/logger.ts";
import { requireAdmin, requireRecentVerification, type Actor } from "../auth/actor.ts";
import { recordAudit } from "../admin/audit.ts";
import type { MailInput, Mailer } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { composeEmail } from "../mail/templates/compose.ts";
import type { EmailBlock } from "../mail/templates/content.ts";

const messages = {
  alreadySubscribed: "This email is already subscribed to the newsletter.",
};

export const NEWSLETTER_FANOUT_QUEUE = "newsletter-fanout";
/** subscribers queued per transaction of the fan-out */
export const FANOUT_BATCH = 500;
/** Stands for the subscriber's unsubscribe token in a campaign's rendered message (letters only: no escaping changes it). */
const TOKEN_PLACEHOLDER = "UNSUBSCRIBETOKENPLACEHOLDER";

type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
type CampaignRow = typeof newsletterCampaigns.$inferSelect;

const newToken = () => randomBytes(24).toString("hex");

/** `%`, `_` and `\` typed in a search are themselves, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    _id: row.id,
    email: row.email,
    subscribedAt: row.subscribedAt.toISOString(),
    status: (SUBSCRIBER_STATES as readonly string[]).includes(row.status) ? (row.status as SubscriberState) : "pending",
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The CSV export's columns: the times in Lagos time, as the screen shows them and the other exports write them. */
export const SUBSCRIBER_CSV_HEADERS = [
  "Email",
  "Status",
  "Subscribed (Lagos time)",
  "Confirmed (Lagos time)",
  "Ended (Lagos time)",
] as const;
const lagosOrEmpty = (at: Date | null) => (at ? formatLagosCsv(at) : "");

export interface NewsletterDeps {
  mailer?: Pick<Mailer, "sendOnce" | "ready" | "queueIn" | "queueManyIn" | "onRefused">;
  brand?: EmailBrand;
  boss?: PgBoss;
  logger?: Logger;
  stepUpMaxAgeMs?: number;
}

/** The addresses of a subscriber's links: the confirmation and unsubscribe pages. */
export const confirmUrl = (brand: EmailBrand, token: string) => `${brand.url}/newsletter/confirm?token=${token}`;
export const unsubscribeUrl = (brand: EmailBrand, token: string) => `${brand.url}/unsubscribe?token=${token}`;

/** The confirmation e-mail of the double opt-in. */
function confirmationEmail(brand: EmailBrand, email: string, token: string) {
  return composeEmail(brand, {
    to: email,
    subject: `Confirm your subscription to ${brand.name}`,
    kind: "newsletter-confirm",
    preview: "One click and you are on the list.",
    heading: "Please confirm your subscription",
    blocks: [
      {
        kind: "paragraph",
        text: `Someone, probably you, asked to receive the ${brand.name} newsletter at this address.`,
      },
      { kind: "button", label: "Confirm my subscription", url: confirmUrl(brand, token), spellOut: true },
      { kind: "note", text: "If you did not ask for it, ignore this e-mail: you will get nothing more from us." },
    ],
    reason: `this address was entered in the newsletter form of ${brand.url}`,
  });
}

/** A bulk e-mail's message, rendered once: the unsubscribe address holds TOKEN_PLACEHOLDER. */
export async function renderBulkEmail(brand: EmailBrand, bulk: BulkEmail, to = "subscriber@example.com") {
  const paragraphs: EmailBlock[] = bulk.message
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => ({ kind: "paragraph", text }));
  const blocks: EmailBlock[] = [...paragraphs];
  if (bulk.imageUrl) {
    blocks.push({
      kind: "picture",
      url: bulk.imageUrl,
      alt: bulk.subject,
      ...(bulk.linkUrl ? { href: bulk.linkUrl } : {}),
    });
  }
  if (bulk.videoUrl) blocks.push({ kind: "video", url: bulk.videoUrl, poster: videoPoster(bulk.videoUrl) });
  if (bulk.linkUrl) blocks.push({ kind: "button", label: "Read more", url: bulk.linkUrl });
  return composeEmail(brand, {
    to,
    subject: bulk.subject,
    kind: "newsletter",
    preview: bulk.message.replace(/\s+/g, " ").slice(0, 120),
    heading: bulk.subject,
    blocks,
    background: bulk.backgroundColor,
    reason: `you subscribed to the ${brand.name} newsletter and confirmed your address`,
    unsubscribeUrl: unsubscribeUrl(brand, TOKEN_PLACEHOLDER),
  });
}

/** A subscriber's copy of a campaign: the personal unsubscribe link in the body and the RFC 8058 headers. */
export function personalMessage(
  brand: EmailBrand,
  campaign: CampaignRow,
  subscriber: Pick<SubscriberRow, "email" | "unsubscribeToken">,
): MailInput {
  const fill = (text: string) => text.replaceAll(TOKEN_PLACEHOLDER, subscriber.unsubscribeToken);
  return {
    to: subscriber.email,
    subject: campaign.subject,
    kind: "newsletter",
    text: fill(campaign.text ?? ""),
    html: campaign.html ? fill(campaign.html) : null,
    campaignId: campaign.id,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl(brand, subscriber.unsubscribeToken)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

export const deliveryKey = (campaignId: string, subscriberId: string) => `newsletter:${campaignId}:${subscriberId}`;

/** A subscriber's confirmation e-mail of one clock hour: one a subscriber and hour (its dedupe key). */
const confirmKey = (subscriberId: string, hour: number) => `newsletter-confirm:${subscriberId}:${hour}`;
const HOUR_MS = 3_600_000;
const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);

export function createNewsletterService(db: Db, deps: NewsletterDeps = {}) {
  const need = <K extends keyof NewsletterDeps>(key: K): NonNullable<NewsletterDeps[K]> => {
    const value = deps[key];
    if (!value) throw new Error(`newsletter: ${key} is needed for this`);
    return value as NonNullable<NewsletterDeps[K]>;
  };

  /** Queues the confirmation e-mail, at most one an hour per address (a form posted again sends no flood). */
  async function sendConfirmation(row: Pick<SubscriberRow, "id" | "email">, token: string) {
    const mailer = need("mailer");
    const mail = await confirmationEmail(need("brand"), row.email, token);
    await mailer.sendOnce(mail, confirmKey(row.id, hourOf(Date.now())));
  }

  async function campaignsWithCounts(rows: CampaignRow[]): Promise<Campaign[]> {
    if (rows.length === 0) return [];
    const tallies = await db
      .select({ campaignId: mailMessages.campaignId, status: mailMessages.status, n: count() })
      .from(mailMessages)
      .where(
        inArray(
          mailMessages.campaignId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(mailMessages.campaignId, mailMessages.status);
    return rows.map((row) => {
      const of = (status: string) => tallies.find((t) => t.campaignId === row.id && t.status === status)?.n ?? 0;
      const sent = of("sent");
      const failed = of("failed");
      const unconfirmed = of("unconfirmed");
      const status: Campaign["status"] =
        row.status === "queuing" ? "queuing" : sent + failed + unconfirmed >= row.queued ? "done" : "sending";
      return {
        _id: row.id,
        subject: row.subject,
        recipients: row.recipients,
        queued: row.queued,
        sent,
        failed,
        unconfirmed,
        status,
        createdAt: row.createdAt.toISOString(),
        createdBy: row.createdByName,
      };
    });
  }

  /**
   * One batch of a campaign's fan-out, in one transaction: the next confirmed subscribers after the
   * cursor, their messages and jobs, the cursor moved past them. Answers false once all are queued.
   */
  async function fanOutBatch(campaignId: string): Promise<boolean> {
    const mailer = need("mailer");
    const brand = need("brand");
    return db.transaction(async (tx) => {
      // the row lock makes two fan-outs of one campaign (a retried job beside a resumed one) take turns
      const [campaign] = await tx
        .select()
        .from(newsletterCampaigns)
        .where(eq(newsletterCampaigns.id, campaignId))
        .for("update");
      if (!campaign || campaign.status !== "queuing") return false;
      const where = [eq(newsletterSubscribers.status, "confirmed")];
      if (campaign.cursor) where.push(gt(newsletterSubscribers.id, campaign.cursor));
      const batch = await tx
        .select({
          id: newsletterSubscribers.id,
          email: newsletterSubscribers.email,
          unsubscribeToken: newsletterSubscribers.unsubscribeToken,
        })
        .from(newsletterSubscribers)
        .where(and(...where))
        .orderBy(asc(newsletterSubscribers.id))
        .limit(FANOUT_BATCH);
      const created = await mailer.queueManyIn(
        tx,
        batch.map((s) => ({ input: personalMessage(brand, campaign, s), dedupeKey: deliveryKey(campaign.id, s.id) })),
      );
      const done = batch.length < FANOUT_BATCH;
      await tx
        .update(newsletterCampaigns)
        .set({
          cursor: batch.at(-1)?.id ?? campaign.cursor,
          queued: sql`${newsletterCampaigns.queued} + ${created}`,
          ...(done ? { status: "queued", queuedAt: new Date() } : {}),
        })
        .where(eq(newsletterCampaigns.id, campaign.id));
      return !done;
    });
  }

  async function fanOut(campaignId: string): Promise<void> {
    await need("mailer").ready();
    while (await fanOutBatch(campaignId)) {
      // the next batch
    }
  }

  return {
    /**
     * Subscribes an address (stored lower-cased) as `pending` and e-mails it a confirmation link. A
     * pending address asking again gets the link again (at most one an hour); an unsubscribed or bounced
     * one starts over as pending; a confirmed one is a Conflict, as before double opt-in. The unique index
     * on lower(email) decides, so two racing requests cannot both insert.
     */
    async subscribe(input: unknown): Promise<NewsletterResult> {
      const parsed = NewsletterInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { email } = parsed.data;
      const token = newToken();
      const [inserted] = await db
        .insert(newsletterSubscribers)
        .values({ email, unsubscribeToken: newToken(), confirmToken: token, status: "pending" })
        // the table's unique keys are the fresh id, the fresh tokens and lower(email): a conflict is the address
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
      if (inserted) {
        if (deps.mailer) await sendConfirmation(inserted, token);
        return { message: NEWSLETTER_SUCCESS, email };
      }
      const [existing] = await db
        .select()
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = ${email}`);
      if (!existing || existing.status === "confirmed") throw Conflict(messages.alreadySubscribed);
      let confirmToken = existing.confirmToken;
      if (existing.status !== "pending" || !confirmToken) {
        confirmToken = token;
        await db
          .update(newsletterSubscribers)
          .set({
            status: "pending",
            confirmToken,
            subscribedAt: new Date(),
            endedAt: null,
            bounceReason: null,
            confirmedAt: null,
          })
          .where(eq(newsletterSubscribers.id, existing.id));
      }
      if (deps.mailer) await sendConfirmation(existing, confirmToken);
      return { message: NEWSLETTER_SUCCESS, email };
    },

    /** What a confirmation link is about (the page's GET changes nothing): the state, or null for a bad link. */
    async lookupConfirm(token: string): Promise<{ status: SubscriberState } | null> {
      if (!/^[0-9a-f]{48}$/.test(token)) return null;
      const [row] = await db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.confirmToken, token));
      return row ? { status: row.status as SubscriberState } : null;
    },

    /** The confirmation link's POST: a pending address becomes confirmed (again: no change). False for a bad link. */
    async confirm(token: string): Promise<boolean> {
      if (!/^[0-9a-f]{48}$/.test(token)) return false;
      const [row] = await db
        .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.confirmToken, token));
      if (!row) return false;
      if (row.status === "pending") {
        await db
          .update(newsletterSubscribers)
          .set({ status: "confirmed", confirmedAt: new Date() })
          .where(and(eq(newsletterSubscribers.id, row.id), eq(newsletterSubscribers.status, "pending")));
      }
      return row.status === "pending" || row.status === "confirmed";
    },

    /** What an unsubscribe link is about, for its page: whether it is one (the address is never shown). */
    async lookupUnsubscribe(token: string): Promise<{ status: SubscriberState } | null> {
      if (!/^[0-9a-f]{48}$/.test(token)) return null;
      const [row] = await db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.unsubscribeToken, token));
      return row ? { status: row.status as SubscriberState } : null;
    },

    /**
     * The unsubscribe link's POST (the page's button, or a mail app's RFC 8058 one-click): the address
     * gets no more bulk e-mail. A bounced address stays bounced. False for a link that names nobody.
     */
    async unsubscribe(token: string): Promise<boolean> {
      if (!/^[0-9a-f]{48}$/.test(token)) return false;
      const [row] = await db
        .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.unsubscribeToken, token));
      if (!row) return false;
      if (row.status === "pending" || row.status === "confirmed") {
        await db
          .update(newsletterSubscribers)
          .set({ status: "unsubscribed", endedAt: new Date(), confirmToken: null })
          .where(eq(newsletterSubscribers.id, row.id));
      }
      return true;
    },

    /** A hard bounce (SMTP 5xx to RCPT TO) of any newsletter e-mail to `email`: no more bulk e-mail to it. */
    async markBounced(email: string, reason: string): Promise<void> {
      await db
        .update(newsletterSubscribers)
        .set({ status: "bounced", endedAt: new Date(), bounceReason: reason.slice(0, 500) })
        .where(
          and(
            sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`,
            inArray(newsletterSubscribers.status, ["pending", "confirmed"]),
          ),
        );
    },

    /** GET /api/admin/newsletter: newest first, by state, found by part of the e-mail, with the counts per state. */
    async listPage(
      actor: Actor | null,
      query: { [K in keyof SubscribersQuery]?: string | number } = {},
    ): Promise<SubscriberPage> {
      requireAdmin(actor);
      const parsed = SubscribersQuerySchema.safeParse(query);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { page, pageSize, status, search } = parsed.data;
      const where: SQL[] = [];
      if (status) where.push(eq(newsletterSubscribers.status, status));
      if (search)
        where.push(sql`lower(${newsletterSubscribers.email}) like ${likePattern(search.toLowerCase())} escape '\\'`);
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [total], perState] = await Promise.all([
        db
          .select()
          .from(newsletterSubscribers)
          .where(condition)
          .orderBy(desc(newsletterSubscribers.subscribedAt), desc(newsletterSubscribers.id))
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
        db.select({ n: count() }).from(newsletterSubscribers).where(condition),
        db
          .select({ status: newsletterSubscribers.status, n: count() })
          .from(newsletterSubscribers)
          .groupBy(newsletterSubscribers.status),
      ]);
      const counts = Object.fromEntries(
        SUBSCRIBER_STATES.map((s) => [s, perState.find((p) => p.status === s)?.n ?? 0]),
      ) as Record<SubscriberState, number>;
      return { items: rows.map(toSubscriber), page, pageSize, total: total?.n ?? 0, counts };
    },

    /** The CSV export: every subscriber matching the filters (UTF-8 with a BOM, so spreadsheets read it right). */
    async exportCsv(actor: Actor | null, query: { status?: string; search?: string } = {}): Promise<string> {
      requireAdmin(actor);
      const parsed = SubscribersQuerySchema.safeParse(query);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { status, search } = parsed.data;
      const where: SQL[] = [];
      if (status) where.push(eq(newsletterSubscribers.status, status));
      if (search)
        where.push(sql`lower(${newsletterSubscribers.email}) like ${likePattern(search.toLowerCase())} escape '\\'`);
      const rows = await db
        .select()
        .from(newsletterSubscribers)
        .where(where.length > 0 ? and(...where) : undefined)
        .orderBy(asc(newsletterSubscribers.subscribedAt), asc(newsletterSubscribers.id));
      // server/lib/csv.ts: the BOM, the quoting and the formula guard of every export
      return toCsv(
        SUBSCRIBER_CSV_HEADERS,
        rows.map((r) => {
          const s = toSubscriber(r);
          return [
            s.email,
            SUBSCRIBER_STATE_LABELS[s.status],
            formatLagosCsv(r.subscribedAt),
            lagosOrEmpty(r.confirmedAt),
            lagosOrEmpty(r.endedAt),
          ];
        }),
      );
    },

    /** DELETE /api/admin/newsletter/{id}. */
    async remove(actor: Actor | null, id: string): Promise<{ message: string; _id: string }> {
      const admin = requireAdmin(actor);
      if (!isId(id)) throw NotFound(NEWSLETTER_MESSAGES.notFound);
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning();
        if (!row) throw NotFound(NEWSLETTER_MESSAGES.notFound);
        await recordAudit(tx, admin, {
          action: "delete",
          resource: "newsletter",
          itemId: row.id,
          itemLabel: row.email,
          before: { email: row.email, status: row.status },
          after: null,
        });
        return { message: NEWSLETTER_MESSAGES.deleted, _id: row.id };
      });
    },

    /**
     * The admin's "Resend confirmation" for a pending subscriber (issue 29): the confirmation e-mail with
     * its link again, at most one an hour per address, the sign-up's own e-mail included (else 429, with
     * the minutes to wait), recorded in the audit log. The row is locked while it is decided, so two admins
     * clicking at once send one e-mail; the e-mail, its job and the audit row commit together.
     */
    async resendConfirmation(actor: Actor | null, id: string): Promise<{ message: string; _id: string }> {
      const admin = requireAdmin(actor);
      if (!isId(id)) throw NotFound(NEWSLETTER_MESSAGES.notFound);
      const mailer = need("mailer");
      const brand = need("brand");
      await mailer.ready();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.id, id))
          .for("update");
        if (!row) throw NotFound(NEWSLETTER_MESSAGES.notFound);
        if (row.status !== "pending") throw Conflict(NEWSLETTER_MESSAGES.resendNotPending);
        const now = Date.now();
        // the confirmations of this hour and the last (their keys), the newest first
        const [last] = await tx
          .select({ at: mailMessages.createdAt })
          .from(mailMessages)
          .where(
            inArray(mailMessages.dedupeKey, [confirmKey(row.id, hourOf(now)), confirmKey(row.id, hourOf(now) - 1)]),
          )
          .orderBy(desc(mailMessages.createdAt))
          .limit(1);
        const since = last ? now - last.at.getTime() : Infinity;
        if (since < HOUR_MS)
          throw TooManyRequests(NEWSLETTER_MESSAGES.resendTooSoon(Math.ceil((HOUR_MS - since) / 60_000)));
        let token = row.confirmToken;
        if (!token) {
          token = newToken();
          await tx
            .update(newsletterSubscribers)
            .set({ confirmToken: token })
            .where(eq(newsletterSubscribers.id, row.id));
        }
        const mail = await confirmationEmail(brand, row.email, token);
        await mailer.queueIn(tx, mail, { dedupeKey: confirmKey(row.id, hourOf(now)) });
        await recordAudit(tx, admin, {
          action: "resend",
          resource: "newsletter",
          itemId: row.id,
          itemLabel: row.email,
          before: null,
          after: { confirmationSentTo: row.email },
        });
        return { message: NEWSLETTER_MESSAGES.resent(row.email), _id: row.id };
      });
    },

    /** The bulk e-mail's preview: the message as a subscriber will see it (their unsubscribe link aside). */
    async preview(actor: Actor | null, input: unknown): Promise<{ html: string; text: string }> {
      requireAdmin(actor);
      const parsed = BulkEmailInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const mail = await renderBulkEmail(need("brand"), parsed.data);
      const fill = (s: string) => s.replaceAll(TOKEN_PLACEHOLDER, "preview");
      return { html: fill(mail.html ?? ""), text: fill(mail.text) };
    },

    /**
     * POST /api/admin/newsletter/bulk-email (step-up): renders the message once, and in one transaction
     * stores the campaign, its audit row (who sent what to how many) and the fan-out job.
     */
    async sendBulk(actor: Actor | null, input: unknown): Promise<{ message: string; campaign: Campaign }> {
      const admin = requireAdmin(actor);
      requireRecentVerification(admin, deps.stepUpMaxAgeMs);
      const parsed = BulkEmailInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const bulk = parsed.data;
      const boss = need("boss");
      await need("mailer").ready();
      await boss.createQueue(NEWSLETTER_FANOUT_QUEUE);
      const mail = await renderBulkEmail(need("brand"), bulk);
      const campaign = await db.transaction(async (tx) => {
        const [{ n }] = (await tx
          .select({ n: count() })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.status, "confirmed"))) as [{ n: number }];
        if (n === 0) throw Invalid(NEWSLETTER_MESSAGES.noRecipients);
        const [row] = await tx
          .insert(newsletterCampaigns)
          .values({
            ...bulk,
            recipients: n,
            html: mail.html ?? null,
            text: mail.text,
            createdBy: admin.id,
            createdByName: admin.username,
          })
          .returning();
        await recordAudit(tx, admin, {
          action: "send",
          resource: "newsletter",
          itemId: row!.id,
          itemLabel: bulk.subject,
          before: null,
          after: { ...bulk, recipients: n },
        });
        await boss.send(NEWSLETTER_FANOUT_QUEUE, { campaignId: row!.id }, { ...FANOUT_JOB, db: inTransaction(tx) });
        return row!;
      });
      const [shown] = await campaignsWithCounts([campaign]);
      return { message: NEWSLETTER_MESSAGES.bulkSent, campaign: shown! };
    },

    /** The sends, newest first, with their progress. */
    /**
     * What the admin screen says before a bulk send (issue 29): the footer carries the postal address
     * only when MAIL_POSTAL_ADDRESS is set, and a newsletter must carry one.
     */
    bulkWarnings(actor: Actor | null): string[] {
      requireAdmin(actor);
      return deps.brand?.postalAddress ? [] : [NEWSLETTER_MESSAGES.noPostalAddress];
    },

    async campaigns(actor: Actor | null, limit = 20): Promise<Campaign[]> {
      requireAdmin(actor);
      const rows = await db
        .select()
        .from(newsletterCampaigns)
        .orderBy(desc(newsletterCampaigns.createdAt), desc(newsletterCampaigns.id))
        .limit(limit);
      return campaignsWithCounts(rows);
    },

    async campaign(actor: Actor | null, id: string): Promise<Campaign> {
      requireAdmin(actor);
      if (!isId(id)) throw NotFound(NEWSLETTER_MESSAGES.campaignNotFound);
      const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
      if (!row) throw NotFound(NEWSLETTER_MESSAGES.campaignNotFound);
      return (await campaignsWithCounts([row]))[0]!;
    },

    /** Runs a campaign's fan-out here and now (the job's work; tests and the bench call it too). */
    fanOut,

    /**
     * Starts this process's fan-out worker, resumes the campaigns a stopped process left queuing (their
     * batches are idempotent, so a resumed one beside a retried job is harmless), and marks hard-bounced
     * addresses.
     */
    async startWorker(): Promise<void> {
      const boss = need("boss");
      const mailer = need("mailer");
      const logger = deps.logger;
      mailer.onRefused(async (mail) => {
        if (mail.kind === "newsletter" || mail.kind === "newsletter-confirm")
          await this.markBounced(mail.to, mail.error);
      });
      await mailer.ready();
      await boss.createQueue(NEWSLETTER_FANOUT_QUEUE);
      await boss.work<{ campaignId: string }>(
        NEWSLETTER_FANOUT_QUEUE,
        { pollingIntervalSeconds: 1, batchSize: 1 },
        async ([job]) => {
          if (job) await fanOut(job.data.campaignId);
        },
      );
      const unfinished = await db
        .select({ id: newsletterCampaigns.id })
        .from(newsletterCampaigns)
        .where(eq(newsletterCampaigns.status, "queuing"));
      for (const { id } of unfinished) {
        logger?.info("resuming a newsletter send", { campaignId: id });
        await boss.send(NEWSLETTER_FANOUT_QUEUE, { campaignId: id }, FANOUT_JOB);
      }
    },
  };
}

/** A fan-out job: retried on failure; heartbeat so a killed process's job is taken again soon. */
const FANOUT_JOB = {
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  heartbeatSeconds: 30,
};

export type NewsletterService = ReturnType<typeof createNewsletterService>;
