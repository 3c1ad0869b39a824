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
import { eq, inArray, or, sql } from "drizzle-orm";
import { AUTHORING_MESSAGES as M, POST_TITLE_MAX, type CreatePost, type PostDetail } from "../../../contract/blog.ts";
import { RESERVED_SLUGS } from "../../../contract/reserved-paths.ts";
import type { Db } from "../../db/client.ts";
import { postScope, writeContent } from "../../db/content-version.ts";
import { categories, posts, user } from "../../db/schema.ts";
import { Invalid } from "../../lib/errors.ts";
import { ownMediaPath, ownMediaPathsInHtml } from "../../integrations/media/own-media.ts";
import { plainText, sanitizePostHtml } from "../../lib/sanitize.ts";
import { slugify } from "../../lib/slug.ts";
import { stripXmlForbidden } from "../../lib/text.ts";
import type { Actor } from "../auth/actor.ts";
import { toPostDetail } from "./blog.service.ts";
import { uploadedPicturesWithoutAlt } from "./post-body.ts";

/** A picture stored on this site (as the sanitizer's allow-list says), or an outside http(s) one. */
const LOCAL_MEDIA = /^(?!.*\/\/)(?!.*\.\.)\/media\/[A-Za-z0-9._~/-]+$/;
const HTTP_IMAGE = /^https?:\/\/[^\s"'<>()\\]+$/i;

export function isCoverAddress(img: string): boolean {
  return LOCAL_MEDIA.test(img) || HTTP_IMAGE.test(img);
}

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
    // a page's first segment is never a post's (contract/reserved-paths.ts)
    if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  return {
    /** POST /posts: stores the post of `actor` and answers it as GET /posts/{slug} would. */
    async createPost(actor: Actor, input: CreatePost): Promise<PostDetail> {
      const title = stripXmlForbidden(input.title).replace(/\s+/g, " ").trim();
      // This site's absolute /media addresses (what uploads answer) are kept as paths (decision 026).
      const content = xmlSafe(sanitizePostHtml, ownMediaPathsInHtml(input.content, publicUrl)).trim();
      const img = ownMediaPath(input.img, publicUrl);
      if (title === "" || !hasSubstance(content)) throw Invalid(M.required);
      if (title.length > POST_TITLE_MAX) throw Invalid(M.titleTooLong);
      // an uploaded picture needs alt text (decision 027): the page asks for it after each upload
      if (uploadedPicturesWithoutAlt(content, publicUrl).length > 0) throw Invalid(M.altMissing);
      const desc = stripXmlForbidden(input.desc).trim();
      if (img !== "" && !isCoverAddress(img)) throw Invalid(M.badImage);
      const names = await canonicalCategories(input.category);

      const base = slugify(title);
      for (let attempt = 1; ; attempt++) {
        const slug = await freeSlug(base);
        try {
          // with the content version's bump (architecture "Caching"); a lost race rolls both back
          const row = await writeContent(db, ["posts", postScope(slug)], async (tx) => {
            const [inserted] = await tx
              .insert(posts)
              .values({ userId: actor.id, slug, title, desc, img, content, categories: names })
              .returning();
            return inserted!;
          });
          const [author] = await db
            .select({ username: user.username, image: user.image })
            .from(user)
            .where(eq(user.id, actor.id));
          return toPostDetail({ ...row, username: author?.username ?? null, userImage: author?.image ?? null });
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
        }
      }
    },
  };
}

export type PostWriteService = ReturnType<typeof createPostWriteService>;
