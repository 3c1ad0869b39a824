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

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    /** secret for the one-click unsubscribe link */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const newsletterCampaigns = pgTable("newsletter_campaigns", {
  id: id(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  backgroundColor: text("background_color"),
  imageUrl: text("image_url"),
  videoUrl: text("video_url"),
  linkUrl: text("link_url"),
  recipients: integer("recipients").notNull().default(0),
  createdBy: text("created_by"),
  createdAt: createdAt(),
});

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
    /** queued | sent | failed */
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
  },
  (t) => [index("mail_messages_created_at_idx").on(t.createdAt)],
);
