// The demo blog (server/db/seed/blog-posts.ts) turned into rows: the writers' accounts, thirty posts
// with covers and comments. Posts are seeded only into an empty posts table, so re-seeding never
// touches the posts (or comments) a site already has; seed() in seed-data.ts calls seedBlogIfEmpty
// inside its writeContent transaction.
import { count, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { ContentTx, Tx } from "../content-version.ts";
import { comments, posts, postStats, postVisits, user } from "../schema.ts";
import { newId } from "../../lib/id.ts";
import { slugify } from "../../lib/slug.ts";
import { AUTHOR_EMAIL_DOMAIN, BLOG_AUTHORS, BLOG_POSTS } from "./blog-posts.ts";
import { bannerSvg, escapeXml, portraitSvg } from "./seed-images.ts";

const SEED_MEDIA = "/media/seed";
const MINUTE = 60_000;
/** The writers joined a little before the oldest post. */
const AUTHORS_JOINED_DAYS_AGO = 760;

export interface BlogSeedCounts {
  /** posts added: 0 when the posts table already had rows */
  posts: number;
  comments: number;
}

export function authorEmail(username: string): string {
  return `${username}@${AUTHOR_EMAIL_DOMAIN}`;
}

const authorImage = (username: string) => `${SEED_MEDIA}/author-${username}.svg`;
const coverImage = (slug: string) => `${SEED_MEDIA}/post-${slug}.svg`;
const figureImage = (slug: string) => `${SEED_MEDIA}/figure-${slug}.svg`;

/** The pictures the blog seed refers to (file name in DATA_DIR/media/seed → SVG): portraits, covers, figures. */
export function blogSeedImages(): Map<string, string> {
  const images = new Map<string, string>();
  for (const a of BLOG_AUTHORS) {
    images.set(`author-${a.username}.svg`, portraitSvg({ name: a.name, palette: a.palette, hair: a.hair }));
  }
  for (const post of BLOG_POSTS) {
    const slug = slugify(post.title);
    if (post.cover) {
      images.set(
        `post-${slug}.svg`,
        bannerSvg({ title: post.title, kicker: post.categories[0] ?? "Blog", ...post.cover }),
      );
    }
    if (post.figure) images.set(`figure-${slug}.svg`, bannerSvg(post.figure));
  }
  return images;
}

/**
 * The writers' user rows, created when missing; returns username → user id. They have no password
 * (no account row), so nobody can sign in as them. Throws when one of their usernames belongs to
 * another account.
 */
export async function ensureBlogAuthors(db: Db | Tx, now: Date): Promise<Map<string, string>> {
  const rows = BLOG_AUTHORS.map((a, i) => {
    const joined = new Date(now.getTime() - (AUTHORS_JOINED_DAYS_AGO - i) * 24 * 60 * MINUTE);
    return {
      id: newId(joined.getTime()),
      name: a.name,
      email: authorEmail(a.username),
      emailVerified: true,
      image: authorImage(a.username),
      username: a.username,
      displayUsername: a.username,
      role: "user",
      createdAt: joined,
      updatedAt: joined,
    };
  });
  await db.insert(user).values(rows).onConflictDoNothing();
  const found = await db
    .select({ id: user.id, username: user.username, email: user.email })
    .from(user)
    .where(
      inArray(
        user.email,
        rows.map((r) => r.email),
      ),
    );
  const ids = new Map<string, string>();
  for (const a of BLOG_AUTHORS) {
    const row = found.find((f) => f.email === authorEmail(a.username));
    if (!row || row.username !== a.username) {
      throw new Error(`cannot seed the blog: the username "${a.username}" belongs to another account`);
    }
    ids.set(a.username, row.id);
  }
  return ids;
}

/** The demo posts and their comments as rows, dated back from `now`. */
export function buildBlogRows(now: Date, authorIds: ReadonlyMap<string, string>) {
  const postRows: Array<typeof posts.$inferInsert> = [];
  const commentRows: Array<typeof comments.$inferInsert> = [];
  const statRows: Array<typeof postStats.$inferInsert> = [];
  const visitRows: Array<typeof postVisits.$inferInsert> = [];
  for (const post of BLOG_POSTS) {
    const slug = slugify(post.title);
    const createdAt = new Date(now.getTime() - post.ageMinutes * MINUTE);
    const id = newId(createdAt.getTime());
    const figure = post.figure
      ? `<img src="${figureImage(slug)}" alt="${escapeXml(post.figure.title)}" width="1200" height="675" />`
      : "";
    postRows.push({
      id,
      userId: authorIds.get(post.author)!,
      slug,
      title: post.title,
      desc: post.desc,
      img: post.cover ? coverImage(slug) : "",
      content: post.body.replace("{{figure}}", figure),
      categories: post.categories,
      isFeatured: post.featured ?? false,
      createdAt,
      updatedAt: createdAt,
    });
    const recent = recentVisits(id, post.visits, createdAt, now);
    statRows.push({ postId: id, visits: post.visits, recent: recent.length });
    visitRows.push(...recent);
    // comments spread evenly between the post and now
    post.comments.forEach(([by, text], i) => {
      const at = new Date(createdAt.getTime() + (post.ageMinutes * MINUTE * (i + 1)) / (post.comments.length + 1));
      commentRows.push({ id: newId(at.getTime()), postId: id, userId: authorIds.get(by)!, desc: text, createdAt: at });
    });
  }
  return { posts: postRows, comments: commentRows, stats: statRows, visits: visitRows };
}

/** Sets the visit counts of posts (their rows exist already: a trigger adds one per new post). */
export async function upsertStats(db: Db | Tx, rows: Array<typeof postStats.$inferInsert>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(postStats)
    .values(rows)
    .onConflictDoUpdate({
      target: postStats.postId,
      set: { visits: sql`excluded.visits`, recent: sql`excluded.recent` },
    });
}

/**
 * About one visit in twenty of a post's total, by distinct readers, in the hours of the last week
 * since it was published: what "Trending" counts (decision 015). Deterministic for a given total.
 */
export function recentVisits(
  postId: string,
  total: number,
  createdAt: Date,
  now: Date,
): Array<typeof postVisits.$inferInsert> {
  const hourMs = 60 * MINUTE;
  const from = Math.max(createdAt.getTime(), now.getTime() - 7 * 24 * hourMs);
  const hours = Math.floor((now.getTime() - from) / hourMs);
  if (hours < 1) return [];
  const n = Math.min(Math.floor(total / 20), 60);
  return Array.from({ length: n }, (_, i) => ({
    postId,
    visitor: `seed:${i}`,
    hour: new Date(Math.floor((now.getTime() - ((i * 7919) % hours) * hourMs) / hourMs) * hourMs),
  }));
}

/** Seeds the writers, posts and comments when there are no posts; otherwise changes nothing. */
export async function seedBlogIfEmpty(tx: ContentTx, now: Date): Promise<BlogSeedCounts> {
  const [row] = await tx.select({ n: count() }).from(posts);
  if ((row?.n ?? 0) > 0) return { posts: 0, comments: 0 };
  const authorIds = await ensureBlogAuthors(tx, now);
  const rows = buildBlogRows(now, authorIds);
  await tx.insert(posts).values(rows.posts);
  await tx.insert(comments).values(rows.comments);
  await upsertStats(tx, rows.stats);
  if (rows.visits.length > 0) await tx.insert(postVisits).values(rows.visits);
  return { posts: rows.posts.length, comments: rows.comments.length };
}
