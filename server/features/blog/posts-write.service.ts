// Writing a post (admin-back-office §2 "Write post", §3 "Post (create payload)", §5 "Title and content
// are required!", §7 "POST /posts ... response has slug"; issue 10 "Writing"; decision 021).
//
// What is stored: the title and short description as typed (they are text, escaped wherever they are
// shown: issue 29 "titles are text: store them as typed, escape on output"; only the characters XML
// forbids go, and the title's runs of spaces become one), the body
// reduced to the post allow-list (sanitizePostHtml, again on every read; every uploaded picture in it
// with alt text, decision 027), the categories as the category list spells them, the cover as an
// uploaded picture's /media path or an http(s) address.
// The slug is made from the title and unique: posts.slug has a unique constraint, and an insert that
// collides (two posts of one title at the same moment) takes the next free number and tries again.
import { createHash } from "node:crypto";
import { and, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { offsetOf, PAGE_MAX, type Page } from "../../../contract/lib/paging.ts";
import { ADMIN_POSTS_PAGE_SIZE, type AdminPostRow } from "../../../contract/blog/post-authoring-texts.ts";
import {
  AUTHORING_MESSAGES as M,
  POST_TITLE_MAX,
  type CreatePost,
  type PostDetail,
} from "../../../contract/blog/blog.ts";
import { RESERVED_SLUGS } from "../../../contract/lib/reserved-paths.ts";
import type { Db } from "../../db/client.ts";
import { postScope, writeContent } from "../../db/content-version.ts";
import { categories, posts, user } from "../../db/schema.ts";
import { BLOG_MESSAGES } from "../../../contract/blog/blog-texts.ts";
import { Forbidden, Invalid, NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import { ownBodyMediaAddress, ownMediaPath, ownMediaPathsInHtml } from "../../integrations/media/own-media.ts";
import { plainText, sanitizePostHtml } from "../../lib/sanitize.ts";
import { slugify } from "../../lib/slug.ts";
import { stripXmlForbidden } from "../../lib/text.ts";
import { isAdmin, requireAdmin, type Actor } from "../auth/actor.ts";
import { recordAudit } from "../admin/audit.ts";
import { toPostDetail } from "./blog.service.ts";
import { uploadedPicturesWithoutAlt } from "./post-body.ts";

/** A picture stored on this site (as the sanitizer's allow-list says), or an outside http(s) one. */
const LOCAL_MEDIA = /^(?!.*\/\/)(?!.*\.\.)\/media\/[A-Za-z0-9._~/-]+$/;
const HTTP_IMAGE = /^https?:\/\/[^\s"'<>()\\]+$/i;

export function isCoverAddress(img: string): boolean {
  return LOCAL_MEDIA.test(img) || HTTP_IMAGE.test(img);
}

/** A post as the audit log keeps it: the body as its length and a fingerprint (it may be 200 KB). */
function audited(p: typeof posts.$inferSelect) {
  const fingerprint = createHash("sha256").update(p.content).digest("hex").slice(0, 12);
  return {
    title: p.title,
    slug: p.slug,
    desc: p.desc,
    img: p.img,
    categories: p.categories,
    content: `${p.content.length} characters (${fingerprint})`,
  };
}

/** `%text%` for LIKE … ESCAPE '\\': the text's own %, _ and \\ taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** How often an insert is tried again after losing a race for its slug. */
const SLUG_ATTEMPTS = 8;

/** A body worth keeping: some text, or a picture or a video. */
function hasSubstance(html: string): boolean {
  return plainText(html).trim() !== "" || /<(img|iframe|video)\b/i.test(html);
}

/**
 * `clean(text)` without the characters XML forbids (U+0002, U+FFFF…): one of them in a stored post made
 * the RSS feed unreadable for every reader (issue 15; server/lib/text.ts). Removed before, so that the
 * sanitizer judges the text as it is stored, and after, for those it decodes from references (`&#2;`).
 */
function xmlSafe(clean: (text: string) => string, text: string): string {
  return stripXmlForbidden(clean(stripXmlForbidden(text)));
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * `publicUrl` (PUBLIC_URL): this site's absolute /media addresses in a cover or a body are stored as
 * paths (uploads answer absolute URLs, as ImageKit does; decision 026), and an uploaded picture is told
 * from an outside one by it (decision 027).
 */
export function createPostWriteService(db: Db, { publicUrl }: { publicUrl: string }) {
  /** The names as the category list spells them; an unknown one is a 422 that names it. */
  async function canonicalCategories(names: readonly string[]): Promise<string[]> {
    const wanted = [
      ...new Map(
        names
          .map((n) => n.trim())
          .filter(Boolean)
          .map((n) => [n.toLowerCase(), n]),
      ).values(),
    ];
    if (wanted.length === 0) return [];
    const rows = await db
      .select({ name: categories.name })
      .from(categories)
      .where(
        inArray(
          sql`lower(${categories.name})`,
          wanted.map((n) => n.toLowerCase()),
        ),
      );
    const byLower = new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
    return wanted.map((n) => {
      const name = byLower.get(n.toLowerCase());
      if (!name) throw Invalid(M.unknownCategory(n));
      return name;
    });
  }

  /** The first free slug of `base`, `base-2`, `base-3`... as the table holds them now. */
  async function freeSlug(base: string): Promise<string> {
    const rows = await db
      .select({ slug: posts.slug })
      .from(posts)
      .where(or(eq(posts.slug, base), sql`${posts.slug} ~ ${`^${base}-[0-9]+$`}`));
    const taken = new Set(rows.map((r) => r.slug));
    // a page's first segment is never a post's (contract/lib/reserved-paths.ts)
    if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /** The fields of a post as stored, from a create or edit payload: the same rules either way. */
  async function prepare(input: CreatePost) {
    const title = stripXmlForbidden(input.title).replace(/\s+/g, " ").trim();
    // This site's absolute /media addresses (what uploads answer) are kept as paths (decision 026).
    // Pictures and videos of this site in any form are stored as /media paths; one that names nothing
    // the site serves is refused, never dropped unseen (issue 29, decision 057).
    const unknown: string[] = [];
    const address = (src: string) => {
      const own = ownBodyMediaAddress(src, publicUrl);
      if (own === null) unknown.push(src);
      return own ?? src;
    };
    const content = xmlSafe(
      (html) => sanitizePostHtml(html, address),
      ownMediaPathsInHtml(input.content, publicUrl),
    ).trim();
    if (unknown.length > 0) throw Invalid(M.badBodyMedia(unknown[0]!));
    const img = ownMediaPath(input.img, publicUrl);
    if (title === "" || !hasSubstance(content)) throw Invalid(M.required);
    if (title.length > POST_TITLE_MAX) throw Invalid(M.titleTooLong);
    // an uploaded picture needs alt text (decision 027): the page asks for it after each upload
    if (uploadedPicturesWithoutAlt(content, publicUrl).length > 0) throw Invalid(M.altMissing);
    const desc = stripXmlForbidden(input.desc).trim();
    if (img !== "" && !isCoverAddress(img)) throw Invalid(M.badImage);
    const names = await canonicalCategories(input.category);
    return { title, desc, img, content, categories: names };
  }

  /** The post as GET /posts/{slug} answers it, with its author's name and picture. */
  async function detailOf(row: typeof posts.$inferSelect): Promise<PostDetail> {
    const [author] = await db
      .select({ username: user.username, image: user.image })
      .from(user)
      .where(eq(user.id, row.userId));
    return toPostDetail({ ...row, username: author?.username ?? null, userImage: author?.image ?? null });
  }

  /** 404 unless the post exists; 403 unless `actor` wrote it or is an admin. */
  async function editable(actor: Actor, id: string): Promise<typeof posts.$inferSelect> {
    if (!isId(id)) throw NotFound(BLOG_MESSAGES.postNotFound);
    const [row] = await db.select().from(posts).where(eq(posts.id, id));
    if (!row) throw NotFound(BLOG_MESSAGES.postNotFound);
    if (row.userId !== actor.id && !isAdmin(actor)) throw Forbidden(M.notYourPost);
    return row;
  }

  return {
    /** POST /posts: stores the post of `actor` and answers it as GET /posts/{slug} would. */
    async createPost(actor: Actor, input: CreatePost): Promise<PostDetail> {
      const fields = await prepare(input);
      const base = slugify(fields.title);
      for (let attempt = 1; ; attempt++) {
        const slug = await freeSlug(base);
        try {
          // with the content version's bump (architecture "Caching"); a lost race rolls both back
          const row = await writeContent(db, ["posts", postScope(slug)], async (tx) => {
            const [inserted] = await tx
              .insert(posts)
              .values({ userId: actor.id, slug, ...fields })
              .returning();
            return inserted!;
          });
          return await detailOf(row);
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
        }
      }
    },

    /**
     * The admins' posts list (issue 29), newest first: `author` part of a username, `cat` a category
     * (any case), `search` words of the title (every word, in any order, any case).
     */
    async adminPosts(
      actor: Actor | null,
      query: { author?: string; cat?: string; search?: string; page?: number },
    ): Promise<Page<AdminPostRow>> {
      requireAdmin(actor);
      const page = Math.max(1, Math.min(PAGE_MAX, Math.floor(query.page ?? 1)));
      const where: SQL[] = [];
      const author = query.author?.trim().toLowerCase();
      if (author) where.push(sql`lower(${user.username}) like ${likePattern(author)} escape '\\'`);
      const cat = query.cat?.trim().toLowerCase();
      if (cat) where.push(sql`exists (select 1 from unnest(${posts.categories}) c where lower(c) = ${cat})`);
      for (const word of (query.search ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10)) {
        where.push(sql`lower(${posts.title}) like ${likePattern(word)} escape '\\'`);
      }
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: posts.id,
            slug: posts.slug,
            title: posts.title,
            username: user.username,
            categories: posts.categories,
            isFeatured: posts.isFeatured,
            createdAt: posts.createdAt,
          })
          .from(posts)
          .innerJoin(user, eq(user.id, posts.userId))
          .where(condition)
          .orderBy(desc(posts.createdAt), desc(posts.id))
          .limit(ADMIN_POSTS_PAGE_SIZE)
          .offset(offsetOf({ page, pageSize: ADMIN_POSTS_PAGE_SIZE })),
        db.select({ n: count() }).from(posts).innerJoin(user, eq(user.id, posts.userId)).where(condition),
      ]);
      return {
        items: rows.map((r) => ({
          _id: r.id,
          slug: r.slug,
          title: r.title,
          author: r.username || "anonymous",
          categories: r.categories,
          isFeatured: r.isFeatured,
          createdAt: r.createdAt.toISOString(),
        })),
        page,
        pageSize: ADMIN_POSTS_PAGE_SIZE,
        total: total?.n ?? 0,
      };
    },

    /** The post `actor` may edit (its author, or an admin), as the editor is filled with it. */
    async editablePost(actor: Actor, id: string): Promise<PostDetail> {
      return detailOf(await editable(actor, id));
    },

    /**
     * PUT /posts/{id} (issue 29): the post's author or an admin replaces its cover, title, categories,
     * description and body, under the same rules and sanitizer as a new post. The address (slug) is
     * kept, whatever the new title; the author and the featured flag stay. An admin's edit is recorded
     * in the audit log with the write (what changed, the body as its length), as an admin's delete is.
     */
    async updatePost(actor: Actor, id: string, input: CreatePost): Promise<PostDetail> {
      const current = await editable(actor, id);
      const fields = await prepare(input);
      const admin = isAdmin(actor);
      const row = await writeContent(db, ["posts", postScope(current.slug)], async (tx) => {
        const [updated] = await tx
          .update(posts)
          .set(fields)
          .where(and(eq(posts.id, id), admin ? undefined : eq(posts.userId, actor.id)))
          .returning();
        if (updated && admin) {
          await recordAudit(tx, actor, {
            action: "update",
            resource: "posts",
            itemId: updated.id,
            itemLabel: updated.title,
            before: audited(current),
            after: audited(updated),
          });
        }
        return updated;
      });
      // deleted between the check and the write
      if (!row) throw NotFound(BLOG_MESSAGES.postNotFound);
      return detailOf(row);
    },
  };
}

export type PostWriteService = ReturnType<typeof createPostWriteService>;
