// Accounts as the back office sees them: the user list, role changes (with step-up), the step-up
// itself, and the dashboard's figures. Every method takes the acting user and checks it here.
import { and, count, desc, eq, gte, ilike, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { verifyPassword } from "better-auth/crypto";
import { z } from "zod";
import type { AdminUser, Dashboard, Role } from "../../../contract/account/auth.ts";
import { offsetOf, pageQuerySchema, type Page } from "../../../contract/lib/paging.ts";
import { describeIssues } from "../../../contract/lib/common.ts";
import { startOfLagosDay } from "../../../contract/lib/dates.ts";
import type { Db } from "../../db/client.ts";
import { account, contacts, courses, newsletterSubscribers, session, user } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound, TooManyRequests } from "../../lib/errors.ts";
import { requireAdmin, requireRecentVerification, requireUser, type Actor } from "../auth/actor.ts";
import { createAttempts } from "../auth/attempts.ts";
import { recordAudit } from "../admin/audit.ts";

export const USERS_PAGE_SIZE = 50;

/** GET /api/admin/users?search=&page=&pageSize= (the paging contract; 50 accounts a page by default). */
export const UsersQuerySchema = pageQuerySchema({ pageSize: USERS_PAGE_SIZE }).extend({
  search: z.string().max(100, "search must be at most 100 characters").optional(),
});

const MESSAGES = {
  wrongPassword: "That password is not right. Please try again.",
  noPassword: "This account has no password to confirm.",
  noUser: "No such user.",
  lastAdmin: "There must be at least one admin: grant the role to someone else first.",
  tooMany: "Too many attempts. Please wait a minute and try again.",
};

export function createUsersService(
  db: Db,
  options: { stepUpMaxAgeMs?: number; /** password confirmations per minute per user */ stepUpAttempts?: number } = {},
) {
  const attempts = createAttempts(db);

  /**
   * Gives the account that `which` finds the role; null when there is none. Taking a role away locks
   * every admin row first, in one order: two admins removing each other at the same time then queue
   * here, and the second one counts the admins the first one left (a plain count would see two admins
   * in both transactions and leave none). An admin's change is recorded in the audit log in the same
   * transaction (issue 16 "Audit log"): the role before and after, nothing else of the account; a
   * role given again that the account has already changes nothing and records nothing. The command
   * line (`admin`, no actor) is not an admin of the site and is not recorded.
   */
  async function applyRole(which: SQL, role: Role, actor?: Actor): Promise<AdminUser | null> {
    return db.transaction(async (tx) => {
      const admins =
        role === "admin"
          ? []
          : await tx.select({ id: user.id }).from(user).where(eq(user.role, "admin")).orderBy(user.id).for("update");
      const [target] = await tx.select().from(user).where(which).for("update");
      if (!target) return null;
      if (target.role === "admin" && role !== "admin" && admins.length <= 1) throw Conflict(MESSAGES.lastAdmin);
      const [updated] = await tx.update(user).set({ role }).where(eq(user.id, target.id)).returning();
      if (actor && target.role !== updated!.role) {
        await recordAudit(tx, actor, {
          action: "role",
          resource: "users",
          itemId: target.id,
          itemLabel: target.username ? `${target.username} (${target.email})` : target.email,
          before: { role: target.role },
          after: { role: updated!.role },
        });
      }
      return toAdminUser(updated!);
    });
  }

  /** Rows of a table, or those whose time column is at or after `since`. */
  async function countSince(
    table: typeof user | typeof contacts | typeof newsletterSubscribers | typeof courses,
    column: PgColumn,
    since?: Date,
  ): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .where(since ? gte(column, since) : undefined);
    return row?.n ?? 0;
  }

  return {
    /** GET /api/admin/users: newest first, optionally filtered by e-mail or username. */
    async list(
      actor: Actor | null,
      query: { search?: string; page?: number; pageSize?: number } = {},
    ): Promise<Page<AdminUser>> {
      requireAdmin(actor);
      const parsed = UsersQuerySchema.safeParse(query);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { page, pageSize } = parsed.data;
      const term = parsed.data.search?.trim();
      const where = term
        ? or(ilike(user.email, `%${escapeLike(term)}%`), ilike(user.username, `%${escapeLike(term)}%`))
        : undefined;
      const rows = await db
        .select()
        .from(user)
        .where(where)
        .orderBy(desc(user.createdAt), desc(user.id))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      const [total] = await db.select({ n: count() }).from(user).where(where);
      return { items: rows.map(toAdminUser), page, pageSize, total: total?.n ?? 0 };
    },

    /** PUT /api/admin/users/{id}/role: a dangerous action, so the password must be recent. */
    async setRole(actor: Actor | null, userId: string, role: Role): Promise<AdminUser> {
      const admin = requireAdmin(actor);
      requireRecentVerification(admin, options.stepUpMaxAgeMs);
      const updated = await applyRole(eq(user.id, userId), role, admin);
      if (!updated) throw NotFound(MESSAGES.noUser);
      return updated;
    },

    /** POST /api/session/verify: the step-up. A right password marks this session as just verified. */
    async verifyPassword(actor: Actor | null, password: string): Promise<{ verifiedAt: string }> {
      const me = requireUser(actor);
      if (!password) throw Invalid("Password is required");
      // A stolen session must not be able to guess the password at leisure.
      if (!(await attempts.consume(`step-up|${me.id}`, options.stepUpAttempts ?? 10, 60_000))) {
        throw TooManyRequests(MESSAGES.tooMany);
      }
      const [credential] = await db
        .select({ hash: account.password })
        .from(account)
        .where(and(eq(account.userId, me.id), eq(account.providerId, "credential")));
      if (!credential?.hash) throw Invalid(MESSAGES.noPassword);
      if (!(await verifyPassword({ hash: credential.hash, password }))) throw Invalid(MESSAGES.wrongPassword);
      const now = new Date();
      await db.update(session).set({ verifiedAt: now }).where(eq(session.id, me.sessionId));
      return { verifiedAt: now.toISOString() };
    },

    /** DELETE /api/session/verify: this session's password proof is forgotten (the step-up asks again). */
    async forgetPasswordProof(actor: Actor | null): Promise<{ verifiedAt: null }> {
      const me = requireUser(actor);
      await db.update(session).set({ verifiedAt: null }).where(eq(session.id, me.sessionId));
      return { verifiedAt: null };
    },

    /** GET /api/admin/dashboard: the day's figures (Lagos time) and the totals. */
    async dashboard(actor: Actor | null, now: Date = new Date()): Promise<Dashboard> {
      requireAdmin(actor);
      const today = startOfLagosDay(now);
      const [subscribersToday, contactsToday, usersToday, subscribers, contactsTotal, users, coursesTotal] =
        await Promise.all([
          countSince(newsletterSubscribers, newsletterSubscribers.subscribedAt, today),
          countSince(contacts, contacts.createdAt, today),
          countSince(user, user.createdAt, today),
          countSince(newsletterSubscribers, newsletterSubscribers.subscribedAt),
          countSince(contacts, contacts.createdAt),
          countSince(user, user.createdAt),
          countSince(courses, courses.createdAt),
        ]);
      return {
        today: { subscribers: subscribersToday, contacts: contactsToday, users: usersToday },
        totals: { subscribers, contacts: contactsTotal, users, courses: coursesTotal },
      };
    },

    /** For the command line (npm run admin): no actor, the operator is trusted. Null: no such account. */
    async setRoleByEmail(email: string, role: Role): Promise<AdminUser | null> {
      return applyRole(eq(sql`lower(${user.email})`, email.trim().toLowerCase()), role);
    },

    /** Every admin, for `npm run admin -- list`. */
    async listAdmins(): Promise<AdminUser[]> {
      const rows = await db.select().from(user).where(eq(user.role, "admin")).orderBy(user.email);
      return rows.map(toAdminUser);
    },

    /** At start: every account whose address is in ADMIN_EMAILS is an admin. */
    async promoteAdminEmails(emails: readonly string[]): Promise<number> {
      let promoted = 0;
      for (const email of emails) {
        const [row] = await db
          .update(user)
          .set({ role: "admin" })
          .where(and(eq(sql`lower(${user.email})`, email.toLowerCase()), eq(user.role, "user")))
          .returning({ id: user.id });
        if (row) promoted++;
      }
      return promoted;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function toAdminUser(row: typeof user.$inferSelect): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role === "admin" ? "admin" : "user",
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  };
}
