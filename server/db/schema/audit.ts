// What admins did (issue 16 "Audit log", beyond the spec; as Ghost's and Strapi's admins keep): one row
// per admin write, written in the same transaction as the write (server/features/admin/audit.ts), so a
// failed write records nothing and a kept write is never without its row.
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id } from "./columns.ts";
import { user } from "./auth.ts";

/** Field name → value before and after (null where the item did not exist or no longer does). */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export const adminAudit = pgTable(
  "admin_audit",
  {
    id: id(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** who: the account (kept as text when the account is deleted) and its name and e-mail then */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email").notNull(),
    /** create, update, delete, move, role, feature... */
    action: text("action").notNull(),
    /** the resource's key (faqs, carousel, categories, users, posts...) */
    resource: text("resource").notNull(),
    itemId: text("item_id"),
    /** how the item is called (its title, name, question...) at the time */
    itemLabel: text("item_label").notNull().default(""),
    changes: jsonb("changes").$type<AuditChanges>().notNull().default({}),
  },
  (t) => [
    index("admin_audit_at_idx").on(t.at, t.id),
    index("admin_audit_actor_idx").on(t.actorId, t.at),
    index("admin_audit_resource_idx").on(t.resource, t.at),
  ],
);
