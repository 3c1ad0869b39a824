import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../client.ts";
import { contentVersionOf } from "../content-version.ts";
import { account, comments, posts, postStats, postVisits, user } from "../schema.ts";
import { sanitizePostHtml } from "../../lib/sanitize.ts";
import { slugify } from "../../lib/slug.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import { assertNothingExecutable } from "../../../tests/support/xss-corpus.ts";
import { addGeneratedPosts, generatePost, randomSource } from "./blog-generated.ts";
import { BLOG_AUTHORS, BLOG_POSTS } from "./blog-posts.ts";
import { authorEmail, ensureBlogAuthors } from "./blog-seed.ts";
import { CATEGORY_NAMES, seed, seedIfEmpty } from "./seed-data.ts";

const now = new Date("2026-11-23T10:00:00Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let database: Database;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-blog-seed-"));
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function postCount(db = database.db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(posts);
  return row!.n;
}

const mediaFile = (url: string) => path.join(dataDir, "media", url.slice("/media/".length));

describe("the demo blog", () => {
  let counts: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    // seedIfEmpty is what a fresh `npm start` runs
    expect(await seedIfEmpty(database.db, { dataDir, now })).toBe(true);
    counts = await seed(database.db, { dataDir, now });
  });

  it("has about thirty posts with their comments", async () => {
    expect(BLOG_POSTS.length).toBeGreaterThanOrEqual(28);
    expect(await postCount()).toBe(BLOG_POSTS.length);
    const [c] = await database.db.select({ n: count() }).from(comments);
    expect(c!.n).toBe(BLOG_POSTS.reduce((n, p) => n + p.comments.length, 0));
    for (const p of BLOG_POSTS) expect(p.comments.length).toBeLessThanOrEqual(6);
    expect(BLOG_POSTS.some((p) => p.comments.length === 0)).toBe(true);
    expect(BLOG_POSTS.some((p) => p.comments.length >= 5)).toBe(true);
  });

  it("is written by five writers who cannot sign in", async () => {
    const authors = await database.db
      .select()
      .from(user)
      .where(
        inArray(
          user.username,
          BLOG_AUTHORS.map((a) => a.username),
        ),
      );
    expect(authors).toHaveLength(5);
    for (const a of authors) {
      expect(a.email).toBe(authorEmail(a.username!));
      expect(a.email).toMatch(/@authors\.techafrica\.invalid$/);
      expect(a.emailVerified).toBe(true);
      expect(a.role).toBe("user");
      expect(a.image).toMatch(/^\/media\/seed\/author-[a-z]+\.svg$/);
      expect(readFileSync(mediaFile(a.image!), "utf8")).toContain(`<title>Portrait of ${a.name}</title>`);
    }
    const accounts = await database.db
      .select()
      .from(account)
      .where(
        inArray(
          account.userId,
          authors.map((a) => a.id),
        ),
      );
    expect(accounts).toEqual([]);
    const rows = await database.db.select({ userId: posts.userId }).from(posts);
    for (const a of authors) expect(rows.filter((r) => r.userId === a.id).length).toBeGreaterThanOrEqual(4);
  });

  it("gives every post a unique readable slug made from its title", async () => {
    const rows = await database.db.select({ slug: posts.slug, title: posts.title }).from(posts);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.slug).toBe(slugify(r.title));
      expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(r.slug.length).toBeLessThanOrEqual(80);
    }
  });

  it("features five or six posts, including the newest", async () => {
    const rows = await database.db.select().from(posts).orderBy(desc(posts.createdAt));
    const featured = rows.filter((r) => r.isFeatured);
    expect(featured.length).toBeGreaterThanOrEqual(5);
    expect(featured.length).toBeLessThanOrEqual(6);
    expect(rows[0]!.isFeatured).toBe(true);
  });

  it("uses only the seeded categories, with a few posts in two and one or two in none", async () => {
    const rows = await database.db.select({ categories: posts.categories }).from(posts);
    for (const r of rows) for (const c of r.categories) expect(CATEGORY_NAMES).toContain(c);
    const none = rows.filter((r) => r.categories.length === 0).length;
    expect(none).toBeGreaterThanOrEqual(1);
    expect(none).toBeLessThanOrEqual(2);
    expect(rows.filter((r) => r.categories.length === 2).length).toBeGreaterThanOrEqual(3);
    for (const name of CATEGORY_NAMES) {
      expect(rows.filter((r) => r.categories.includes(name)).length).toBeGreaterThanOrEqual(5);
    }
  });

  it("dates posts from minutes to two years back, so relative times vary", async () => {
    const rows = await database.db.select({ createdAt: posts.createdAt }).from(posts);
    const ages = rows.map((r) => now.getTime() - r.createdAt.getTime());
    for (const age of ages) {
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThanOrEqual(731 * DAY);
    }
    expect(ages.some((a) => a < 60 * MINUTE)).toBe(true); // minutes
    expect(ages.some((a) => a >= 60 * MINUTE && a < DAY)).toBe(true); // hours
    expect(ages.some((a) => a >= DAY && a < 30 * DAY)).toBe(true); // days
    expect(ages.some((a) => a >= 31 * DAY && a < 365 * DAY)).toBe(true); // months
    expect(ages.some((a) => a >= 365 * DAY)).toBe(true); // years
  });

  it("dates each comment between its post and now, by one of the writers", async () => {
    const rows = await database.db
      .select({ at: comments.createdAt, postAt: posts.createdAt, username: user.username })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .innerJoin(user, eq(user.id, comments.userId));
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) {
      expect(r.at.getTime()).toBeGreaterThan(r.postAt.getTime());
      expect(r.at.getTime()).toBeLessThan(now.getTime());
      expect(BLOG_AUTHORS.map((a) => a.username)).toContain(r.username);
    }
  });

  it("draws a cover for most posts, and leaves a few without", async () => {
    const rows = await database.db.select({ img: posts.img, title: posts.title }).from(posts);
    const withCover = rows.filter((r) => r.img !== "");
    expect(rows.length - withCover.length).toBeGreaterThanOrEqual(2);
    expect(withCover.length).toBeGreaterThanOrEqual(rows.length - 6);
    for (const r of withCover) {
      expect(r.img).toMatch(/^\/media\/seed\/post-[a-z0-9-]+\.svg$/);
      const svg = readFileSync(mediaFile(r.img), "utf8");
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).toContain(`<title>${r.title}</title>`);
      expect(Buffer.byteLength(svg)).toBeLessThan(4096);
    }
  });

  it("writes bodies that the sanitizer gives back unchanged", async () => {
    const rows = await database.db.select({ content: posts.content, title: posts.title }).from(posts);
    for (const r of rows) {
      expect(sanitizePostHtml(r.content), r.title).toBe(r.content);
      assertNothingExecutable(r.content);
      expect(r.content).toMatch(/<(h2|ol|ul)>/);
      expect(r.content).not.toContain("{{");
    }
    const all = rows.map((r) => r.content).join("\n");
    expect(all.match(/<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+"/g)?.length).toBe(2);
    expect(all).toMatch(/<a href="\/courses" rel="noopener noreferrer nofollow">/);
    expect(all).toMatch(/<a href="https:\/\/[^"]+" target="_blank" rel="noopener noreferrer nofollow">/);
    const figures = [...all.matchAll(/<img src="(\/media\/seed\/figure-[a-z0-9-]+\.svg)" alt="[^"]+"/g)];
    expect(figures.length).toBeGreaterThanOrEqual(2);
    for (const [, src] of figures) expect(readFileSync(mediaFile(src!), "utf8").startsWith("<svg")).toBe(true);
  });

  it("gives each post its visit total, and the last week's readers to the recent ones", async () => {
    const totals = await database.db
      .select({ slug: posts.slug, visits: postStats.visits })
      .from(postStats)
      .innerJoin(posts, eq(posts.id, postStats.postId));
    expect(totals).toHaveLength(BLOG_POSTS.length);
    const mostRead = BLOG_POSTS.reduce((a, b) => (b.visits > a.visits ? b : a));
    const top = totals.reduce((a, b) => (b.visits > a.visits ? b : a));
    expect(top.slug).toBe(slugify(mostRead.title));
    // visit rows only in the week before now, never before the post was written
    const rows = await database.db
      .select({ hour: postVisits.hour, createdAt: posts.createdAt })
      .from(postVisits)
      .innerJoin(posts, eq(posts.id, postVisits.postId));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.hour.getTime()).toBeGreaterThan(now.getTime() - 7 * DAY - 60 * MINUTE);
      expect(r.hour.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(r.hour.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime() - 60 * MINUTE);
    }
  });

  it("reports what it added the first time and nothing the second", () => {
    expect(counts.posts).toBe(0); // the second seed (the first was seedIfEmpty)
    expect(counts.comments).toBe(0);
    expect(counts.images).toBeGreaterThan(BLOG_POSTS.length);
  });

  it("keeps the posts on a second seed: no duplicates, no changes", async () => {
    const before = await database.db.select().from(posts).orderBy(asc(posts.id));
    const [c] = await database.db.select({ n: count() }).from(comments);
    const result = await seed(database.db, { dataDir, now: new Date(now.getTime() + DAY) });
    expect(result).toMatchObject({ posts: 0, comments: 0 });
    expect(await database.db.select().from(posts).orderBy(asc(posts.id))).toEqual(before);
    const [c2] = await database.db.select({ n: count() }).from(comments);
    expect(c2!.n).toBe(c!.n);
    const authors = await database.db.select().from(user).where(eq(user.username, "amaka"));
    expect(authors).toHaveLength(1);
  });

  it("finds posts with websearch_to_tsquery on the generated search column", async () => {
    const rows = await database.db
      .select({ title: posts.title })
      .from(posts)
      .where(sql`${posts.search} @@ websearch_to_tsquery('english', ${"design tips"})`)
      .orderBy(desc(sql`ts_rank(${posts.search}, websearch_to_tsquery('english', ${"design tips"}))`));
    expect(rows[0]?.title).toBe("10 Graphic Design Tips for Small Businesses in Lagos");
    const quoted = await database.db
      .select({ title: posts.title })
      .from(posts)
      .where(sql`${posts.search} @@ websearch_to_tsquery('english', ${'"event loop" -python'})`);
    expect(quoted.map((r) => r.title)).toEqual([
      "Understanding the JavaScript Event Loop (With a Talk Worth Watching)",
    ]);
  });
});

describe("a database that already has posts", () => {
  it("gets no demo posts, only the rest of the demo content", async () => {
    const db = await createTestDatabase();
    try {
      const [someone] = await db.db
        .insert(user)
        .values({ id: "0".repeat(24), name: "writer", email: "writer@example.com", username: "writer" })
        .returning();
      await db.db
        .insert(posts)
        .values({ id: "1".repeat(24), userId: someone!.id, slug: "mine", title: "Mine", content: "<p>x</p>" });
      const result = await seed(db.db, { dataDir, now });
      expect(result.posts).toBe(0);
      expect(await postCount(db.db)).toBe(1);
      expect(await db.db.select().from(user).where(eq(user.username, "amaka"))).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it("refuses to seed the blog when a writer's username belongs to someone else", async () => {
    const db = await createTestDatabase();
    try {
      await db.db
        .insert(user)
        .values({ id: "2".repeat(24), name: "Real Kunle", email: "kunle@example.com", username: "kunle" });
      await expect(ensureBlogAuthors(db.db, now)).rejects.toThrow('the username "kunle" belongs to another account');
      await expect(seed(db.db, { dataDir, now })).rejects.toThrow("kunle");
      expect(await postCount(db.db)).toBe(0);
    } finally {
      await db.close();
    }
  });
});

describe("generated posts (npm run seed -- --posts N)", () => {
  it("adds exactly N, in batches of writeContent, with unique slugs", async () => {
    const before = await postCount();
    const version = await contentVersionOf(database.db);
    const progress: number[] = [];
    const added = await addGeneratedPosts(database.db, {
      count: 1234,
      now,
      seed: 42,
      onProgress: (n) => progress.push(n),
    });
    expect(added).toBe(1234);
    expect(await postCount()).toBe(before + 1234);
    expect(progress).toEqual([500, 1000, 1234]);
    expect(await contentVersionOf(database.db)).toBe(version + 3);
    const [row] = await database.db.select({ n: sql<number>`count(distinct ${posts.slug})::int` }).from(posts);
    expect(row!.n).toBe(before + 1234);
  });

  it("adds N more on a second run, without slug clashes", async () => {
    const before = await postCount();
    expect(await addGeneratedPosts(database.db, { count: 7, now, seed: 42 })).toBe(7);
    expect(await postCount()).toBe(before + 7);
  });

  it("gives the search something to rank", async () => {
    const [row] = await database.db
      .select({ n: count() })
      .from(posts)
      .where(sql`${posts.search} @@ websearch_to_tsquery('english', ${"colour grading"})`);
    expect(row!.n).toBeGreaterThan(10);
  });

  it("refuses a count that is not a whole number from 1 to a million", async () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 1_000_001]) {
      await expect(addGeneratedPosts(database.db, { count: bad })).rejects.toThrow(RangeError);
    }
  });

  it("writes varied, safe posts in the seeded categories", () => {
    const rnd = randomSource(7);
    const generated = Array.from({ length: 300 }, () => generatePost(rnd));
    expect(new Set(generated.map((g) => g.title)).size).toBeGreaterThan(250);
    for (const g of generated) {
      expect(sanitizePostHtml(g.content)).toBe(g.content);
      expect(g.categories.length).toBeLessThanOrEqual(2);
      for (const c of g.categories) expect(CATEGORY_NAMES).toContain(c);
      expect(slugify(g.title, 60).length).toBeGreaterThan(5);
    }
    expect(generated.some((g) => g.categories.length === 0)).toBe(true);
    expect(generated.some((g) => g.categories.length === 2)).toBe(true);
  });
});
