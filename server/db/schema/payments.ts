// One row per payment reference; a purchase or ticket becomes paid only when the server has verified
// the reference, exactly once (architecture "Payments", decision 016).
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id, kobo } from "./columns.ts";

export const payments = pgTable(
  "payments",
  {
    id: id(),
    reference: text("reference").notNull().unique(),
    /** course | ticket */
    kind: text("kind").notNull(),
    /** the course or event id */
    itemId: text("item_id").notNull(),
    email: text("email").notNull(),
    /**
     * The signed-in user who started it (null for a start while signed out). /account shows a user's
     * payments by this, and by the e-mail address once that address is verified (decision 018).
     */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    amount: kobo("amount_kobo").notNull(),
    currency: text("currency").notNull().default("NGN"),
    /** pending | paid | failed | abandoned | refund_pending | refunded | refund_failed (decision 035) */
    status: text("status").notNull().default("pending"),
    gateway: text("gateway").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
  },
  (t) => [
    index("payments_status_idx").on(t.status),
    index("payments_user_idx").on(t.userId),
    // /account finds payments made while signed out by the address, whatever its case
    index("payments_email_lower_idx").on(sql`lower(${t.email})`),
  ],
);

/** Every change of a payment's status: from, to, what brought it (callback, verify, webhook, retry, sandbox), when. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: id(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** start | callback | verify | webhook | retry | sandbox | refund (an admin's refund request, decision 035) */
    source: text("source").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("payment_events_payment_idx").on(t.paymentId),
    // the admin figures: what became paid, or was refunded, in a window of days (decision 038)
    index("payment_events_to_status_at_idx").on(t.toStatus, t.at),
  ],
);

/**
 * The sandbox gateway's own transactions (PAYMENT_PROVIDER=sandbox): what Paystack keeps on its side,
 * kept in the database so that every process of the site agrees on a transaction's state.
 */
export const sandboxTransactions = pgTable("sandbox_transactions", {
  reference: text("reference").primaryKey(),
  amount: kobo("amount_kobo").notNull(),
  currency: text("currency").notNull(),
  email: text("email").notNull(),
  metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
  /** pending | success | failed | abandoned | reversed (refunded) */
  status: text("status").notNull().default("pending"),
  channel: text("channel"),
  paidAt: timestamp("paid_at", { withTimezone: true }),
  createdAt: createdAt(),
});
