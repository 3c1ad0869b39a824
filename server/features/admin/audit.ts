// The audit record of admin writes (issue 16 "Audit log"). `recordAudit` is called with the write's own
// transaction, so the row commits or rolls back with the write. Declared resources
// (./resource.ts) call it themselves; the other admin writes (categories, roles, posts deleted or
// featured by an admin) call it beside their write. Secrets are never recorded.
import type { AuditChanges } from "../../db/schema/audit.ts";
import { adminAudit } from "../../db/schema.ts";
import type { Tx } from "../../db/content-version.ts";
import type { Actor } from "../auth/actor.ts";

/** Fields whose values never enter the log (their change is not recorded at all). */
const SECRET = /pass(word)?|secret|token|hash|api[-_]?key|private/i;

export type AuditValues = Record<string, unknown> | null;

export interface AuditEntry {
  action: string;
  resource: string;
  itemId: string | null;
  itemLabel?: string;
  /** the item before the write (null: it did not exist) */
  before: AuditValues;
  /** the item after the write (null: it no longer exists) */
  after: AuditValues;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between before and after, secrets left out; timestamps are not fields. */
export function changesOf(before: AuditValues, after: AuditValues): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (SECRET.test(key) || key === "createdAt" || key === "updatedAt") continue;
    const b = before ? (before[key] ?? null) : null;
    const a = after ? (after[key] ?? null) : null;
    if (!same(b, a)) changes[key] = { before: b, after: a };
  }
  return changes;
}

/** Writes one audit row in `tx` (the write's own transaction). */
export async function recordAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(adminAudit).values({
    actorId: actor.id,
    actorName: actor.username,
    actorEmail: actor.email,
    action: entry.action,
    resource: entry.resource,
    itemId: entry.itemId,
    itemLabel: (entry.itemLabel ?? "").slice(0, 200),
    changes: changesOf(entry.before, entry.after),
  });
}
