// The categories admin (spec admin-back-office §2 "Categories admin", §5, §7 "POST /posts/category,
// DELETE /posts/category/{name}"): one list serves courses and the blog (admin §1). Names are unique
// whatever their case (the table's unique index on lower(name)). A category that courses or posts
// still use is not removed: the refusal says how many use it (decision 020). Each add and remove is
// recorded in the audit log in its own transaction (issue 16 "Audit log").
import { asc, count, eq, sql } from "drizzle-orm";
import { CATEGORY_MESSAGES, NewCategorySchema, type AdminCategory, type Category } from "../../../contract/catalog.ts";
import { describeIssues } from "../../../contract/common.ts";
import { writeContent, type ContentTx } from "../../db/content-version.ts";
import type { Db } from "../../db/client.ts";
import { sqlState } from "../../db/errors.ts";
import { categories, courses, posts } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../lib/errors.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import { recordAudit } from "../admin/audit.ts";

const messages = {
  duplicate: (name: string) => `A category named "${name}" already exists.`,
  notFound: (name: string) => `No category is named "${name}".`,
  inUse: (name: string, courseCount: number, postCount: number) => {
    const parts = [
      courseCount > 0 ? `${courseCount} ${courseCount === 1 ? "course" : "courses"}` : null,
      postCount > 0 ? `${postCount} ${postCount === 1 ? "post" : "posts"}` : null,
    ].filter(Boolean);
    const one = courseCount + postCount === 1;
    return `Cannot delete "${name}": ${parts.join(" and ")} ${one ? "uses" : "use"} it. Move ${one ? "it" : "them"} to another category first.`;
  },
};

/** The name as stored: the schema's rules (trimmed, not blank, at most 50 characters, one line). */
function parseName(input: unknown): string {
  const parsed = NewCategorySchema.safeParse({ name: input });
  if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
  return parsed.data.name;
}

/** A name compared as the unique index compares it. */
const sameName = (column: typeof categories.name | typeof courses.category, name: string) =>
  eq(sql`lower(${column})`, sql`lower(${name})`);

/** Posts whose categories hold `name`, in any case. */
const postUses = (name: string) =>
  sql`exists (select 1 from unnest(${posts.categories}) as c(name) where lower(c.name) = lower(${name}))`;

async function usage(tx: ContentTx | Db, name: string): Promise<{ courses: number; posts: number }> {
  const [[byCourses], [byPosts]] = await Promise.all([
    tx.select({ n: count() }).from(courses).where(sameName(courses.category, name)),
    tx.select({ n: count() }).from(posts).where(postUses(name)),
  ]);
  return { courses: byCourses?.n ?? 0, posts: byPosts?.n ?? 0 };
}

export function createCategoriesService(db: Db) {
  return {
    /** The admin screen's list, oldest first (the order of GET /posts/categories), with how many use each. */
    async listForAdmin(actor: Actor | null): Promise<AdminCategory[]> {
      requireAdmin(actor);
      const [rows, courseCounts, postCounts] = await Promise.all([
        db.select().from(categories).orderBy(asc(categories.createdAt), asc(categories.id)),
        db
          .select({ key: sql<string>`lower(${courses.category})`, n: count() })
          .from(courses)
          .groupBy(sql`lower(${courses.category})`),
        db
          .select({ key: sql<string>`lower(c.name)`, n: sql<number>`count(distinct ${posts.id})::int` })
          .from(sql`${posts} cross join unnest(${posts.categories}) as c(name)`)
          .groupBy(sql`lower(c.name)`),
      ]);
      const byCourse = new Map(courseCounts.map((r) => [r.key, r.n]));
      const byPost = new Map(postCounts.map((r) => [r.key, Number(r.n)]));
      return rows.map((row) => {
        const key = row.name.toLowerCase();
        return { _id: row.id, name: row.name, courses: byCourse.get(key) ?? 0, posts: byPost.get(key) ?? 0 };
      });
    },

    /** POST /posts/category: a new name; 409 when one exists already in any case. */
    async add(actor: Actor | null, input: unknown): Promise<Category> {
      const admin = requireAdmin(actor);
      const name = parseName(input);
      try {
        return await writeContent(db, async (tx) => {
          const [existing] = await tx
            .select({ name: categories.name })
            .from(categories)
            .where(sameName(categories.name, name));
          if (existing) throw Conflict(messages.duplicate(existing.name));
          const [row] = await tx.insert(categories).values({ name }).returning();
          await recordAudit(tx, admin, {
            action: "create",
            resource: "categories",
            itemId: row!.id,
            itemLabel: row!.name,
            before: null,
            after: { name: row!.name },
          });
          return { _id: row!.id, name: row!.name };
        });
      } catch (error) {
        // Two admins adding the same name at once: the unique index refuses the second.
        if (sqlState(error) === "23505") throw Conflict(messages.duplicate(name));
        throw error;
      }
    },

    /**
     * DELETE /posts/category/{name} (any case): refused with 409 while courses or posts use it, so that
     * none is left with a category that is not in the list.
     */
    async remove(actor: Actor | null, input: unknown): Promise<Category> {
      const admin = requireAdmin(actor);
      const name = typeof input === "string" ? input.trim() : "";
      if (!name) throw Invalid(CATEGORY_MESSAGES.empty);
      if (name.length > 200) throw NotFound(messages.notFound(name.slice(0, 50)));
      return writeContent(db, async (tx) => {
        const [row] = await tx.select().from(categories).where(sameName(categories.name, name)).for("update");
        if (!row) throw NotFound(messages.notFound(name));
        const used = await usage(tx, row.name);
        if (used.courses + used.posts > 0) throw Conflict(messages.inUse(row.name, used.courses, used.posts));
        await tx.delete(categories).where(eq(categories.id, row.id));
        await recordAudit(tx, admin, {
          action: "delete",
          resource: "categories",
          itemId: row.id,
          itemLabel: row.name,
          before: { name: row.name },
          after: null,
        });
        return { _id: row.id, name: row.name };
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
