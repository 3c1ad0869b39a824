// The categories admin (spec admin-back-office §2 "Categories admin", §5, §7 "POST /posts/category,
// DELETE /posts/category/{name}"): one list serves courses and the blog (admin §1). Names are unique
// whatever their case (the table's unique index on lower(name)). A category that courses or posts
// still use is not removed: the refusal says how many use it (decision 020). Each add and remove is
// recorded in the audit log in its own transaction (issue 16 "Audit log"). /admin/categories is the
// admin kit's screen of the CATEGORIES declaration (decision 029): it reaches this service as
// `services.resources.categories` (a page of the list, get, create, remove by id).
import { asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { NewCategorySchema, type AdminCategory, type Category } from "../../../contract/courses/catalog.ts";
import { CATEGORY_MESSAGES, CATEGORIES } from "../../../contract/courses/category-texts.ts";
import { describeIssues } from "../../../contract/lib/common.ts";
import { offsetOf, type Page, type PageQuery } from "../../../contract/lib/paging.ts";
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
  inUse: CATEGORY_MESSAGES.inUse,
};

const ID = /^[0-9a-f]{24}$/;

/** The name as stored: the schema's rules (trimmed, not blank, at most 50 characters, one line). */
function parseName(body: unknown): string {
  const parsed = NewCategorySchema.safeParse(body ?? {});
  if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
  return parsed.data.name;
}

/** A name compared as the unique index compares it. */
const sameName = (column: typeof categories.name, name: string) => eq(sql`lower(${column})`, sql`lower(${name})`);

/** A category's name in lower case, as the database lowers it: names match in any case. */
const keyOf = sql<string>`lower(${categories.name})`;

/** How many courses and posts use each category, by its key (keyOf). */
async function usageOf(tx: ContentTx | Db, keys: string[]): Promise<Map<string, { courses: number; posts: number }>> {
  const used = new Map(keys.map((k) => [k, { courses: 0, posts: 0 }]));
  if (keys.length === 0) return used;
  const courseKey = sql<string>`lower(${courses.category})`;
  const postKey = sql<string>`lower(c.name)`;
  const [byCourse, byPost] = await Promise.all([
    tx.select({ key: courseKey, n: count() }).from(courses).where(inArray(courseKey, keys)).groupBy(courseKey),
    tx
      .select({ key: postKey, n: sql<number>`count(distinct ${posts.id})::int` })
      .from(sql`${posts} cross join unnest(${posts.categories}) as c(name)`)
      .where(inArray(postKey, keys))
      .groupBy(postKey),
  ]);
  for (const row of byCourse) used.get(row.key)!.courses = Number(row.n);
  for (const row of byPost) used.get(row.key)!.posts = Number(row.n);
  return used;
}

export function createCategoriesService(db: Db) {
  /** One category removed, found by `where`; refused while courses or posts use it. */
  async function removeWhere(admin: Actor, where: SQL, notFound: string): Promise<Category> {
    return writeContent(db, ["categories"], async (tx) => {
      const [row] = await tx
        .select({ id: categories.id, name: categories.name, key: keyOf })
        .from(categories)
        .where(where)
        .for("update");
      if (!row) throw NotFound(notFound);
      const used = (await usageOf(tx, [row.key])).get(row.key)!;
      if (used.courses + used.posts > 0) throw Conflict(messages.inUse(row.name, used));
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
  }

  return {
    /**
     * The admin screen's list, a page at a time, oldest first (the order of GET /posts/categories),
     * with how many courses and posts use each.
     */
    async listPage(actor: Actor | null, query: PageQuery): Promise<Page<AdminCategory>> {
      requireAdmin(actor);
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: categories.id, name: categories.name, key: keyOf })
          .from(categories)
          .orderBy(asc(categories.createdAt), asc(categories.id))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(categories),
      ]);
      const used = await usageOf(
        db,
        rows.map((r) => r.key),
      );
      return {
        items: rows.map((row) => ({ _id: row.id, name: row.name, ...used.get(row.key)! })),
        page: query.page,
        pageSize: query.pageSize,
        total: total?.n ?? 0,
      };
    },

    /**
     * One category by its id, with how many courses and posts use it (without JavaScript, a Remove
     * first asks its question, or says the refusal when it is in use).
     */
    async get(actor: Actor | null, id: string): Promise<AdminCategory> {
      requireAdmin(actor);
      const [row] = ID.test(id)
        ? await db
            .select({ id: categories.id, name: categories.name, key: keyOf })
            .from(categories)
            .where(eq(categories.id, id))
        : [];
      if (!row) throw NotFound(CATEGORIES.texts.notFound);
      const used = (await usageOf(db, [row.key])).get(row.key)!;
      return { _id: row.id, name: row.name, ...used };
    },

    /** POST /posts/category and the admin form: `{ name }`, new; 409 when one exists already in any case. */
    async create(actor: Actor | null, body: unknown): Promise<Category> {
      const admin = requireAdmin(actor);
      const name = parseName(body);
      try {
        return await writeContent(db, ["categories"], async (tx) => {
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

    /** The admin screen's Remove, by id: refused with 409 while courses or posts use the category. */
    async remove(actor: Actor | null, id: string): Promise<Category> {
      const admin = requireAdmin(actor);
      if (!ID.test(id)) throw NotFound(CATEGORIES.texts.notFound);
      return removeWhere(admin, eq(categories.id, id), CATEGORIES.texts.notFound);
    },

    /**
     * DELETE /posts/category/{name} (any case): refused with 409 while courses or posts use it, so that
     * none is left with a category that is not in the list.
     */
    async removeByName(actor: Actor | null, input: unknown): Promise<Category> {
      const admin = requireAdmin(actor);
      const name = typeof input === "string" ? input.trim() : "";
      if (!name) throw Invalid(CATEGORY_MESSAGES.empty);
      if (name.length > 200) throw NotFound(messages.notFound(name.slice(0, 50)));
      return removeWhere(admin, sameName(categories.name, name), messages.notFound(name));
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
