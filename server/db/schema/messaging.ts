// Contact requests, newsletter subscribers and bulk e-mails, and the mail outbox
// (public-area §3, admin-back-office §3, architecture "Mail").
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, id } from "./columns.ts";

export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    name: text("name"),
    email: text("email").notNull(),
    /** Course Inquiry | Technical Support | Other */
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** new | responded (decision 004) */
    status: text("status").notNull().default("new"),
    response: text("response"),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contacts_created_at_idx").on(t.createdAt), index("contacts_email_idx").on(sql`lower(${t.email})`)],
);

/**
 * An admin's response to a contact request (issue 19: "The request shows its past responses"), with
 * the e-mail that carried it. `contacts.response`/`responded_at` keep the latest one.
 */
export const contactResponses = pgTable(
  "contact_responses",
  {
    id: id(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    response: text("response").notNull(),
    /** who answered, as they were then (the account may be gone later) */
    adminId: text("admin_id"),
    adminName: text("admin_name").notNull().default(""),
    adminEmail: text("admin_email").notNull().default(""),
    /** the queued e-mail (mail_messages.id) */
    mailId: text("mail_id"),
    createdAt: createdAt(),
  },
  (t) => [index("contact_responses_contact_idx").on(t.contactId, t.createdAt)],
);

/** pending: asked to confirm (double opt-in) · confirmed: gets bulk e-mail · unsubscribed · bounced (a hard bounce) */
export const SUBSCRIBER_STATES = ["pending", "confirmed", "unsubscribed", "bounced"] as const;

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    /** secret for the one-click unsubscribe link */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    /** secret of the confirmation link (double opt-in, decision 037); null once confirmed */
    confirmToken: text("confirm_token"),
    /** pending | confirmed | unsubscribed | bounced (decision 037) */
    status: text("status").notNull().default("pending"),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** when it became unsubscribed or bounced */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** the SMTP reply of the hard bounce */
    bounceReason: text("bounce_reason"),
  },
  (t) => [
    uniqueIndex("newsletter_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("newsletter_unsubscribe_token_idx").on(t.unsubscribeToken),
    uniqueIndex("newsletter_confirm_token_idx").on(t.confirmToken),
    index("newsletter_status_id_idx").on(t.status, t.id),
  ],
);

/**
 * A bulk e-mail (admin §3 "Bulk newsletter") and its send: the fan-out job walks the confirmed
 * subscribers in id order after `cursor`, queueing one message each (decision 037).
 */
export const newsletterCampaigns = pgTable(
  "newsletter_campaigns",
  {
    id: id(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    backgroundColor: text("background_color"),
    imageUrl: text("image_url"),
    videoUrl: text("video_url"),
    linkUrl: text("link_url"),
    /** confirmed subscribers when the send started: the messages it will queue (at most) */
    recipients: integer("recipients").notNull().default(0),
    /** messages queued so far */
    queued: integer("queued").notNull().default(0),
    /** queuing | queued (every message is in the mail queue) */
    status: text("status").notNull().default("queuing"),
    /** the last subscriber id queued (the fan-out resumes after it) */
    cursor: text("cursor"),
    /** the rendered message, with the unsubscribe address as a placeholder */
    html: text("html"),
    text: text("text"),
    createdBy: text("created_by"),
    createdByName: text("created_by_name").notNull().default(""),
    createdAt: createdAt(),
    queuedAt: timestamp("queued_at", { withTimezone: true }),
  },
  (t) => [index("newsletter_campaigns_created_at_idx").on(t.createdAt)],
);

/** An attachment as mail_messages keeps it: the bytes in base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  /** referenced from the HTML as cid:<cid>; shown inline */
  cid?: string;
  contentBase64: string;
}

export const mailMessages = pgTable(
  "mail_messages",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /**
     * queued | sending (its end handed to the SMTP server, the answer awaited) | sent | failed |
     * unconfirmed (handed over, and the answer never came: it may have been delivered, so it is not
     * sent again; decision 067)
     */
    status: text("status").notNull().default("queued"),
    kind: text("kind").notNull().default("transactional"),
    html: text("html"),
    text: text("text"),
    /** files sent with the message (a ticket's QR code as a PNG shown inline through its Content-ID) */
    attachments: jsonb("attachments").$type<StoredAttachment[]>().notNull().default([]),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * What the message is the one of, for messages that must go out once whatever runs twice
     * (`receipt:<payment id>`, `ticket:<purchase id>`, `stream-link:<purchase id>`; decision 031): a
     * second message under the same key is never stored. Null for the others.
     */
    dedupeKey: text("dedupe_key").unique(),
    /** extra header lines (a newsletter's List-Unsubscribe and List-Unsubscribe-Post; decision 037) */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** the bulk send the message belongs to (newsletter_campaigns.id), for its progress */
    campaignId: text("campaign_id"),
    /**
     * When its last attempt failed on our side (the SMTP server refused our login, our sender, the
     * connection; decision 050), null otherwise: mail is not going out while the newest of these is
     * newer than the last message sent, and a `failed` one is queued again once mail goes out.
     */
    ourSideFailedAt: timestamp("our_side_failed_at", { withTimezone: true }),
    /**
     * When its last attempt handed the message's end to the server (recorded before the end goes:
     * decision 067): the time a `sending` or `unconfirmed` message may have been delivered.
     */
    handedAt: timestamp("handed_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_messages_created_at_idx").on(t.createdAt),
    index("mail_messages_campaign_idx").on(t.campaignId, t.status),
    // the mail system's health (decision 050): the last message sent, the last failure on our side
    index("mail_messages_sent_at_idx").on(t.sentAt),
    index("mail_messages_our_side_idx")
      .on(t.ourSideFailedAt)
      .where(sql`${t.ourSideFailedAt} is not null`),
    // messages whose attempt died between the hand-over and the answer, found by the 10-minute check
    index("mail_messages_sending_idx")
      .on(t.handedAt)
      .where(sql`${t.status} = 'sending'`),
  ],
);
