// The blog as readers see it (spec public-area §2 "Blog page", "Post list", "Single post page"; §7 GET
// /posts, /posts/categories, /posts/{slug}, /comments/{postId}): the post list with its ranked search
// and four orders, one post (counting a visit), its comments, and the category names.
import { createHmac } from "node:crypto";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import {
  BLOG_MESSAGES,
  TRENDING_DAYS,
  type Comment,
  type PostDetail,
  type PostList,
  type PostListItem,
  type PostsQuery,
} from "../../../contract/blog/blog.ts";
import type { Db } from "../../db/client.ts";
import { categories, comments, posts, postStats, postVisits, user } from "../../db/schema.ts";
import { inlineInteger, plainTextOrParam, sqlText } from "../../db/literals.ts";
import { NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import { sanitizePostHtml } from "../../lib/sanitize.ts";

export const messages = {
  postNotFound: BLOG_MESSAGES.postNotFound,
};

/** Who is reading: the signed-in user, or the address and browser of an anonymous reader. */
export interface Visitor {
  userId: string | null;
  ip: string;
  userAgent: string;
}

type PostRow = Pick<
  typeof posts.$inferSelect,
  "id" | "slug" | "title" | "desc" | "img" | "categories" | "createdAt" | "isFeatured"
> & { username: string | null; userImage: string | null };

/** The columns of a post card (a post joined with its author): toPostListItem maps a row of them. */
export const listColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  desc: posts.desc,
  img: posts.img,
  categories: posts.categories,
  createdAt: posts.createdAt,
  isFeatured: posts.isFeatured,
  username: user.username,
  userImage: user.image,
};

/** The name shown for an author whose account has no username (accounts made before usernames were required). */
const NO_USERNAME = "anonymous";

export function toPostListItem(row: PostRow): PostListItem {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    desc: row.desc,
    img: row.img,
    category: row.categories,
    createdAt: row.createdAt.toISOString(),
    isFeatured: row.isFeatured,
    user: { username: row.username ?? NO_USERNAME, img: row.userImage || null },
  };
}

/** The body is sanitized again on the way out, whatever was stored (architecture "Web"). */
export function toPostDetail(row: PostRow & { content: string }): PostDetail {
  return { ...toPostListItem(row), content: sanitizePostHtml(row.content) };
}

/**
 * The key a visit is counted under: the user's id when signed in, else a keyed hash of the address and
 * the browser (the address itself is never stored).
 */
export function visitorKey(visitor: Visitor, secret: string): string {
  if (visitor.userId) return `u:${visitor.userId}`;
  const digest = createHmac("sha256", secret).update(`${visitor.ip}\n${visitor.userAgent}`).digest("base64url");
  return `a:${digest.slice(0, 22)}`;
}

/**
 * The hourly upkeep of the visit counts: each post's `recent` recounted from the visits of the trending
 * window (so that visits older than it drop out), then visit rows older than the window and a day
 * deleted, and the planner's statistics of posts and post_stats gathered. Returns how many rows were deleted.
 */
export async function refreshVisits(db: Db): Promise<number> {
  const window = sql`now() - make_interval(days => ${TRENDING_DAYS})`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${postStats} set recent = coalesce(counted.n, 0)
      from ${postStats} as s
      left join (
        select post_id, count(*)::int as n from ${postVisits} where hour >= ${window} group by post_id
      ) as counted on counted.post_id = s.post_id
      where ${postStats}.post_id = s.post_id and ${postStats}.recent <> coalesce(counted.n, 0)`);
    const gone = await tx
      .delete(postVisits)
      .where(sql`${postVisits.hour} < now() - make_interval(days => ${TRENDING_DAYS + 1})`)
      .returning({ postId: postVisits.postId });
    // fresh planner statistics for the list's tables: PGlite has no autovacuum to gather them, and
    // without them a category filter is planned as if it matched 50 posts (decision 043)
    await tx.execute(sql`analyze ${posts}, ${postStats}`);
    return gone.length;
  });
}

export function createBlogService(db: Db, options: { visitorSecret: string }) {
  /**
   * The category name as the category list spells it (a link typed in another case still filters). A
   * statement of its own: as a sub-select of the list's statement the planner no longer knows the name
   * and plans the filter for 50 posts (category + trending fell from 594 to 102 requests/s; decision 043).
   */
  async function canonicalCategory(name: string): Promise<string | null> {
    const [row] = await db
      .select({ name: categories.name })
      .from(categories)
      .where(sql`lower(${categories.name}) = ${plainTextOrParam(name.toLowerCase())}`)
      .limit(1);
    return row?.name ?? null;
  }

  /**
   * Visits this process has written this hour (post, visitor): the database counts a reader once an hour
   * per post, so writing such a visit again changes nothing. Skipping it spares a write per repeat read
   * (decision 043). Forgotten when the hour turns, and bounded.
   */
  const written = { hour: -1, keys: new Set<string>() };
  const WRITTEN_MAX = 50_000;
  function alreadyWritten(postId: string, key: string): boolean {
    const hour = Math.floor(Date.now() / 3_600_000);
    if (hour !== written.hour || written.keys.size >= WRITTEN_MAX) {
      written.hour = hour;
      written.keys.clear();
    }
    return written.keys.has(`${postId} ${key}`);
  }

  async function findPost(where: SQL): Promise<(PostRow & { content: string }) | undefined> {
    const [row] = await db
      .select({ ...listColumns, content: posts.content })
      .from(posts)
      .innerJoin(user, eq(user.id, posts.userId))
      .where(where)
      .limit(1);
    return row;
  }

  /**
   * Counts the visits `seen` selects (`post_id`, `visitor`), each at most once per visitor and hour: the
   * visit row's primary key refuses a repeat, and only new rows add to the totals, in the same statement
   * (no read-then-write).
   */
  async function countVisits(seen: SQL): Promise<void> {
    await db.execute(sql`
      with seen as (${seen}),
      visit as (
        insert into ${postVisits} (post_id, visitor, hour)
        select distinct post_id, visitor, date_trunc('hour', now()) from seen
        on conflict do nothing
        returning post_id
      )
      insert into ${postStats} (post_id, visits, recent)
      select post_id, count(*), count(*) from visit group by post_id
      on conflict (post_id) do update
      set visits = ${postStats}.visits + excluded.visits, recent = ${postStats}.recent + excluded.recent`);
  }

  async function recordVisit(postId: string, visitor: Visitor): Promise<void> {
    const key = visitorKey(visitor, options.visitorSecret);
    if (alreadyWritten(postId, key)) return;
    // the hour as the database counts it may differ by a moment from this process's: the memo is only
    // written after the statement, and a visit in a new hour is always written
    await countVisits(sql`select ${postId}::text as post_id, ${key}::text as visitor`);
    written.keys.add(`${postId} ${key}`);
  }

  return {
    /**
     * GET /posts. Filters combine (AND). Order: `sort` when given; with a search and no sort, by rank
     * (title over description over body), ties by recency; otherwise newest first. Popular: most
     * visits ever; trending: most visits in the last TRENDING_DAYS days; each then newest first.
     */
    async listPosts(query: PostsQuery): Promise<PostList> {
      const where: SQL[] = [];
      const tsQuery = query.search ? sql`websearch_to_tsquery('english', ${plainTextOrParam(query.search)})` : null;
      if (tsQuery) where.push(sql`${posts.search} @@ ${tsQuery}`);
      if (query.cat) {
        // a category of the list is written into the statement (its plan is kept: decision 046); a
        // name the list lacks (a post may keep a removed category) goes as a parameter
        const known = await canonicalCategory(query.cat);
        const name = known === null ? sql`${query.cat}` : sqlText(known);
        where.push(sql`${posts.categories} @> array[${name}]::text[]`);
      }
      if (query.author) where.push(eq(sql`lower(${user.username})`, query.author.toLowerCase()));
      if (query.featured !== undefined)
        where.push(query.featured ? sql`${posts.isFeatured}` : sql`not ${posts.isFeatured}`);

      const newest = [desc(posts.createdAt), desc(posts.id)];
      // the same tie-break from post_stats' copy of the post's created_at and id: one index holds the
      // whole order (decision 043)
      const byStatsNewest = [desc(postStats.createdAt), desc(postStats.postId)];
      const order: SQL[] =
        query.sort === "oldest"
          ? [asc(posts.createdAt), asc(posts.id)]
          : query.sort === "popular"
            ? [desc(postStats.visits), ...byStatsNewest]
            : query.sort === "trending"
              ? [desc(postStats.recent), ...byStatsNewest]
              : tsQuery && !query.sort
                ? [sql`ts_rank_cd(${posts.search}, ${tsQuery}) desc`, ...newest]
                : newest;

      let select = db.select(listColumns).from(posts).innerJoin(user, eq(user.id, posts.userId)).$dynamic();
      // every post has its stats row (a trigger adds it), indexed on both counts
      if (query.sort === "popular" || query.sort === "trending") {
        select = select.innerJoin(postStats, eq(postStats.postId, posts.id));
      }
      const rows = await select
        .where(and(...where))
        .orderBy(...order)
        // validated numbers, written into the statement (decision 046)
        .limit(inlineInteger(query.limit + 1))
        .offset(inlineInteger((query.page - 1) * query.limit));
      return { posts: rows.slice(0, query.limit).map(toPostListItem), hasMore: rows.length > query.limit };
    },

    /** GET /posts/categories: the category names, the list shared with courses, oldest first. */
    async listCategoryNames(): Promise<string[]> {
      const rows = await db
        .select({ name: categories.name })
        .from(categories)
        .orderBy(asc(categories.createdAt), asc(categories.id));
      return rows.map((r) => r.name);
    },

    /** One post by its slug, without counting a visit (feeds, previews). */
    async getPost(slug: string): Promise<PostDetail> {
      const row = await findPost(eq(posts.slug, slug));
      if (!row) throw NotFound(messages.postNotFound);
      return toPostDetail(row);
    },

    /** One post by its slug, counting the visit (GET /posts/{slug} and the post page). */
    async readPost(slug: string, visitor: Visitor): Promise<PostDetail> {
      const row = await findPost(eq(posts.slug, slug));
      if (!row) throw NotFound(messages.postNotFound);
      await recordVisit(row.id, visitor);
      return toPostDetail(row);
    },

    recordVisit,

    /**
     * Visits of the posts at these addresses, in one statement (post pages answered from the page cache,
     * whose loader did not run, gathered for a moment: decision 044). An address no post has counts
     * nothing; a reader counts once an hour per post, as `recordVisit` counts them.
     */
    async recordVisitsBySlug(visits: ReadonlyArray<{ slug: string; visitor: Visitor }>): Promise<void> {
      if (visits.length === 0) return;
      const slugs = visits.map((v) => v.slug);
      const keys = visits.map((v) => visitorKey(v.visitor, options.visitorSecret));
      await countVisits(sql`
        select p.id as post_id, s.visitor
        from unnest(${sql.param(slugs)}::text[], ${sql.param(keys)}::text[]) as s(slug, visitor)
        join ${posts} p on p.slug = s.slug`);
    },

    /** Recounts the trending window and drops old visit rows (the hourly job does it). */
    refreshVisits: () => refreshVisits(db),

    /** GET /comments/{postId}: newest first; 404 when there is no such post. */
    async listComments(postId: string): Promise<Comment[]> {
      if (!isId(postId)) throw NotFound(messages.postNotFound);
      // the post and its comments in one statement: no row means no post, one row without a comment
      // id a post without comments (one round trip, not two: decision 043)
      const rows = await db
        .select({
          id: comments.id,
          postId: comments.postId,
          desc: comments.desc,
          createdAt: comments.createdAt,
          username: user.username,
          userImage: user.image,
        })
        .from(posts)
        .leftJoin(comments, eq(comments.postId, posts.id))
        .leftJoin(user, eq(user.id, comments.userId))
        .where(eq(posts.id, postId))
        .orderBy(desc(comments.createdAt), desc(comments.id));
      if (rows.length === 0) throw NotFound(messages.postNotFound);
      return rows.flatMap((r) =>
        r.id === null || r.postId === null || r.desc === null || r.createdAt === null
          ? []
          : [
              {
                _id: r.id,
                postId: r.postId,
                desc: r.desc,
                createdAt: r.createdAt.toISOString(),
                user: { username: r.username ?? NO_USERNAME, img: r.userImage || null },
              },
            ],
      );
    },

    /** The newest posts with their bodies, for the RSS feed. */
    async latestWithContent(limit: number): Promise<PostDetail[]> {
      const rows = await db
        .select({ ...listColumns, content: posts.content })
        .from(posts)
        .innerJoin(user, eq(user.id, posts.userId))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit);
      return rows.map(toPostDetail);
    },

    /** Every post's slug and last change, for the sitemap. */
    async sitemapEntries(): Promise<Array<{ slug: string; updatedAt: Date }>> {
      return db
        .select({ slug: posts.slug, updatedAt: posts.updatedAt })
        .from(posts)
        .orderBy(desc(posts.createdAt), desc(posts.id));
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
