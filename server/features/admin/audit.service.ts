// Reading the audit log (issue 16 "Audit log"; beyond the spec): the back office's list, newest first,
// a page at a time, by admin, by resource and by Lagos calendar day, with the link of each entry's item
// as it is now; and the filters' choices. Admins only. The log itself is written by ./audit.ts, in each
// admin write's own transaction.
import { and, count, desc, eq, gte, inArray, isNotNull, lt, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  AuditQuerySchema,
  auditItemHref,
  auditResourceLabel,
  type AuditEntry,
  type AuditFilters,
  type AuditItemState,
  type AuditQuery,
} from "../../../contract/admin/audit.ts";
import { describeIssues } from "../../../contract/lib/common.ts";
import { lagosDayEnd, lagosDayStart } from "../../../contract/lib/dates.ts";
import { offsetOf, type Page } from "../../../contract/lib/paging.ts";
import type { Db } from "../../db/client.ts";
import { RESOURCE_TABLES } from "../../db/resource-tables.ts";
import { adminAudit, contacts, coupons, courses, events, payments, posts, user } from "../../db/schema.ts";
import { Invalid } from "../../lib/errors.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";

type AuditRow = typeof adminAudit.$inferSelect;

/** Where the declared lists keep their items, by resource key: an entry links to its item while it exists. */
const DECLARED_TABLES = new Map<string, PgTable & { id: PgColumn }>([
  ...Object.entries(RESOURCE_TABLES),
  ["courses", courses],
  ["course-content", courses],
  ["events", events],
  ["coupons", coupons],
]);

const itemKey = (resource: string, itemId: string) => `${resource}|${itemId}`;

export function createAuditService(db: Db) {
  /** Whether each entry's item still exists (and a post's address, an account's e-mail): one query a resource. */
  async function itemStates(rows: AuditRow[]): Promise<Map<string, AuditItemState>> {
    const idsByResource = new Map<string, Set<string>>();
    for (const row of rows) {
      if (!row.itemId) continue;
      const ids = idsByResource.get(row.resource) ?? new Set<string>();
      ids.add(row.itemId);
      idsByResource.set(row.resource, ids);
    }
    const states = new Map<string, AuditItemState>();
    await Promise.all(
      [...idsByResource].map(async ([resource, set]) => {
        const ids = [...set];
        if (resource === "users") {
          const found = await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, ids));
          for (const f of found) states.set(itemKey(resource, f.id), { exists: true, email: f.email });
        } else if (resource === "contacts") {
          const found = await db
            .select({ id: contacts.id, email: contacts.email })
            .from(contacts)
            .where(inArray(contacts.id, ids));
          for (const f of found) states.set(itemKey(resource, f.id), { exists: true, email: f.email });
        } else if (resource === "payments") {
          const found = await db
            .select({ id: payments.id, kind: payments.kind, itemId: payments.itemId })
            .from(payments)
            .where(inArray(payments.id, ids));
          for (const f of found) {
            const path = `/admin/${f.kind === "ticket" ? "event" : "course"}/${encodeURIComponent(f.itemId)}`;
            states.set(itemKey(resource, f.id), { exists: true, path });
          }
        } else if (resource === "posts") {
          const found = await db.select({ id: posts.id, slug: posts.slug }).from(posts).where(inArray(posts.id, ids));
          for (const f of found) states.set(itemKey(resource, f.id), { exists: true, slug: f.slug });
        } else {
          const table = DECLARED_TABLES.get(resource);
          if (!table) return;
          const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
          for (const f of found) states.set(itemKey(resource, String(f.id)), { exists: true });
        }
      }),
    );
    return states;
  }

  return {
    /**
     * GET /api/admin/audit: newest first (ties in one transaction by id, which grows with time).
     * `from`/`to` are Lagos calendar days, `to` included whole; blank filters are no filter.
     */
    async listPage(actor: Actor | null, query: AuditQuery = {}): Promise<Page<AuditEntry>> {
      requireAdmin(actor);
      const parsed = AuditQuerySchema.safeParse(query);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { page, pageSize, actorId, resource, from, to } = parsed.data;
      const conditions: Array<SQL | undefined> = [
        actorId ? eq(adminAudit.actorId, actorId) : undefined,
        resource ? eq(adminAudit.resource, resource) : undefined,
        from ? gte(adminAudit.at, lagosDayStart(from)!) : undefined,
        to ? lt(adminAudit.at, lagosDayEnd(to)!) : undefined,
      ];
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(adminAudit)
          .where(where)
          .orderBy(desc(adminAudit.at), desc(adminAudit.id))
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
        db.select({ n: count() }).from(adminAudit).where(where),
      ]);
      const states = await itemStates(rows);
      const items = rows.map((row): AuditEntry => ({
        id: row.id,
        at: row.at.toISOString(),
        actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
        action: row.action,
        resource: row.resource,
        itemId: row.itemId,
        itemLabel: row.itemLabel,
        changes: row.changes,
        href: auditItemHref(
          row.resource,
          row.itemId,
          (row.itemId && states.get(itemKey(row.resource, row.itemId))) || { exists: false },
        ),
      }));
      return { items, page, pageSize, total: total?.n ?? 0 };
    },

    /**
     * GET /api/admin/audit/filters: the admins who appear in the log (as their latest entry names them;
     * accounts deleted since cannot be picked), by name, and the resources that appear, by label.
     */
    async filters(actor: Actor | null): Promise<AuditFilters> {
      requireAdmin(actor);
      const [admins, resources] = await Promise.all([
        db
          .selectDistinctOn([adminAudit.actorId], {
            id: adminAudit.actorId,
            name: adminAudit.actorName,
            email: adminAudit.actorEmail,
          })
          .from(adminAudit)
          .where(isNotNull(adminAudit.actorId))
          .orderBy(adminAudit.actorId, desc(adminAudit.at), desc(adminAudit.id)),
        db.selectDistinct({ key: adminAudit.resource }).from(adminAudit),
      ]);
      const byText = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });
      return {
        admins: admins
          .map((a) => ({ id: a.id!, name: a.name, email: a.email }))
          .sort((a, b) => byText(a.name || a.email, b.name || b.email)),
        resources: resources
          .map((r) => ({ key: r.key, label: auditResourceLabel(r.key) }))
          .sort((a, b) => byText(a.label, b.label)),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
