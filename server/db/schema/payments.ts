// One row per payment reference; a purchase or ticket becomes paid only when the server has verified
// the reference, exactly once (architecture "Payments").
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";

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
    amount: integer("amount_kobo").notNull(),
    currency: text("currency").notNull().default("NGN"),
    /** pending | paid | failed | abandoned */
    status: text("status").notNull().default("pending"),
    gateway: text("gateway").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
  },
  (t) => [index("payments_status_idx").on(t.status)],
);
