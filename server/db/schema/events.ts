// Showcase events, tickets and talents (public-area §3, admin-back-office §3).
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, kobo, updatedAt } from "./columns.ts";

export const events = pgTable(
  "events",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** free text, as the spec shows it ("Saturday 14 March, 4 pm WAT") */
    time: text("time").notNull().default(""),
    /** when the showcase starts, for the stream-link e-mail 24 hours before; optional */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    /** the live stream (Zoom, YouTube ...): https only; sent to ticket holders, never on the public API */
    streamUrl: text("stream_url"),
    coverPhoto: text("cover_photo").notNull().default(""),
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    /** hidden from /showcase and not for sale (an event with paid tickets is hidden, never deleted; issue 18) */
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "events_stream_url_https",
      sql`${t.streamUrl} is null or ${t.streamUrl} ~ '^https://[^/?#[:space:]]+[^[:space:]]*$'`,
    ),
  ],
);

export const eventPurchases = pgTable(
  "event_purchases",
  {
    id: id(),
    eventId: text("event_id").notNull(),
    email: text("email").notNull(),
    /** Standard | VIP */
    ticketType: text("ticket_type").notNull(),
    quantity: integer("quantity").notNull(),
    eventName: text("event_name").notNull(),
    amount: kobo("amount_kobo"),
    /** paid | not_paid | pending */
    paymentStatus: text("payment_status").notNull().default("paid"),
    paymentReference: text("payment_reference").unique(),
    streamLinkSentAt: timestamp("stream_link_sent_at", { withTimezone: true }),
    /** how many of `quantity` have been admitted at the door (check_ins holds each admission; issue 18) */
    checkedIn: integer("checked_in").notNull().default(0),
    purchasedAt: timestamp("purchased_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("event_purchases_event_idx").on(t.eventId),
    check("event_purchases_checked_in_range", sql`${t.checkedIn} >= 0 and ${t.checkedIn} <= ${t.quantity}`),
  ],
);

/**
 * One admission at the door (issue 18 "Check-in at the door"; decision 036): the seq-th person of a
 * ticket of quantity N (1..N), admitted once (unique purchase and seq), by one scan (unique scan id: a
 * retried scan finds its admission instead of admitting again).
 */
export const checkIns = pgTable(
  "check_ins",
  {
    id: id(),
    purchaseId: text("purchase_id").notNull(),
    eventId: text("event_id").notNull(),
    seq: integer("seq").notNull(),
    /** the client's idempotency key of the scan */
    scanId: text("scan_id").notNull(),
    /** who admitted (the admin's user id and name at the time) */
    byUserId: text("by_user_id"),
    byName: text("by_name").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("check_ins_purchase_seq_key").on(t.purchaseId, t.seq),
    uniqueIndex("check_ins_scan_key").on(t.scanId),
    index("check_ins_event_idx").on(t.eventId),
  ],
);

export const talents = pgTable("talents", {
  id: id(),
  name: text("name").notNull(),
  role: text("role").notNull().default(""),
  photo: text("photo").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The tables of the showcase's declared resources that use the kit's service (events have their own). */
export const SHOWCASE_RESOURCE_TABLES = { talents };
