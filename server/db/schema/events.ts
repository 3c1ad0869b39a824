// Showcase events, tickets and talents (public-area §3, admin-back-office §3).
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";

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
    amount: integer("amount_kobo"),
    /** paid | not_paid | pending */
    paymentStatus: text("payment_status").notNull().default("paid"),
    paymentReference: text("payment_reference").unique(),
    streamLinkSentAt: timestamp("stream_link_sent_at", { withTimezone: true }),
    purchasedAt: timestamp("purchased_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("event_purchases_event_idx").on(t.eventId)],
);

export const talents = pgTable("talents", {
  id: id(),
  name: text("name").notNull(),
  role: text("role").notNull().default(""),
  photo: text("photo").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
