import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import type { Comment, PostDetail, PostList } from "../../../contract/blog/blog.ts";
import { categories, comments, posts, postStats, postVisits, user } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { makePost, makeUser } from "../../../tests/support/factories.ts";
import { createAccount, bearer } from "../../../tests/support/accounts.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
let unique = 0;
/** A category name of its own, so that each test filters to its own posts. */
const freshCategory = () => `Topic ${Date.now().toString(36)}${++unique}`;

async function author(overrides: Parameters<typeof makeUser>[0] = {}) {
  const [row] = await t.db.insert(user).values(makeUser(overrides)).returning();
  return row!;
}

async function insertPosts(values: Array<Parameters<typeof makePost>[1] & { userId: string }>) {
  return t.db
    .insert(posts)
    .values(values.map(({ userId, ...rest }) => makePost(userId, rest)))
    .returning();
}

async function list(query: string): Promise<PostList> {
  const res = await t.request(`/backend/posts?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PostList;
}

async function visit(slug: string, userAgent: string, headers: Record<string, string> = {}) {
  const res = await t.request(`/backend/posts/${slug}`, { headers: { "User-Agent": userAgent, ...headers } });
  expect(res.status).toBe(200);
}

describe("GET /backend/posts", () => {
  it("answers { posts, hasMore } with the spec's list fields, newest first, 10 a page by default", async () => {
    const cat = freshCategory();
    const writer = await author({ image: "/media/seed/amaka.webp" });
    const made = await insertPosts(
      Array.from({ length: 12 }, (_, i) => ({
        userId: writer.id,
        title: `Post number ${i}`,
        categories: [cat],
        createdAt: ago((12 - i) * 60_000),
        isFeatured: i === 11,
        img: i === 11 ? "/media/seed/cover.webp" : "",
      })),
    );
    const first = await list(`cat=${encodeURIComponent(cat)}`);
    expect(first.hasMore).toBe(true);
    expect(first.posts).toHaveLength(10);
    expect(first.posts.map((p) => p.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Post number ${11 - i}`));
    const top = first.posts[0]!;
    expect(Object.keys(top).sort()).toEqual(
      ["_id", "slug", "title", "desc", "img", "category", "createdAt", "isFeatured", "user"].sort(),
    );
    expect(top).toMatchObject({
      _id: made[11]!.id,
      slug: made[11]!.slug,
      img: "/media/seed/cover.webp",
      category: [cat],
      isFeatured: true,
      user: { username: writer.username, img: "/media/seed/amaka.webp" },
    });
    expect(new Date(top.createdAt).toISOString()).toBe(top.createdAt);

    const second = await list(`cat=${encodeURIComponent(cat)}&page=2`);
    expect(second).toMatchObject({ hasMore: false });
    expect(second.posts.map((p) => p.title)).toEqual(["Post number 1", "Post number 0"]);

    const beyond = await list(`cat=${encodeURIComponent(cat)}&page=3`);
    expect(beyond).toEqual({ posts: [], hasMore: false });

    // a page that ends exactly at the last post says there is no more
    const exact = await list(`cat=${encodeURIComponent(cat)}&limit=6&page=2`);
    expect(exact.posts).toHaveLength(6);
    expect(exact.hasMore).toBe(false);
    expect((await list(`cat=${encodeURIComponent(cat)}&limit=12`)).hasMore).toBe(false);
    expect((await list(`cat=${encodeURIComponent(cat)}&limit=11`)).hasMore).toBe(true);
  });

  it("sorts oldest first, and breaks ties of the same time by id", async () => {
    const cat = freshCategory();
    const writer = await author();
    const at = ago(DAY);
    await insertPosts([
      { userId: writer.id, title: "B", categories: [cat], createdAt: ago(2 * DAY) },
      { userId: writer.id, title: "C1", categories: [cat], createdAt: at },
      { userId: writer.id, title: "C2", categories: [cat], createdAt: at },
      { userId: writer.id, title: "A", categories: [cat], createdAt: ago(3 * DAY) },
    ]);
    expect((await list(`cat=${encodeURIComponent(cat)}&sort=oldest`)).posts.map((p) => p.title)).toEqual([
      "A",
      "B",
      "C1",
      "C2",
    ]);
    expect((await list(`cat=${encodeURIComponent(cat)}&sort=newest`)).posts.map((p) => p.title)).toEqual([
      "C2",
      "C1",
      "B",
      "A",
    ]);
    // the same order page after page: nothing repeated or skipped at a page boundary
    const paged = [
      ...(await list(`cat=${encodeURIComponent(cat)}&sort=oldest&limit=3`)).posts,
      ...(await list(`cat=${encodeURIComponent(cat)}&sort=oldest&limit=3&page=2`)).posts,
    ];
    expect(paged.map((p) => p.title)).toEqual(["A", "B", "C1", "C2"]);
  });

  it("popular: most visits ever; trending: most visits in the last 7 days; each then newest first", async () => {
    const cat = freshCategory();
    const writer = await author();
    const [old, recent, quiet, newest] = await insertPosts([
      { userId: writer.id, title: "Old favourite", categories: [cat], createdAt: ago(60 * DAY) },
      { userId: writer.id, title: "Hot this week", categories: [cat], createdAt: ago(20 * DAY) },
      { userId: writer.id, title: "Quiet", categories: [cat], createdAt: ago(10 * DAY) },
      { userId: writer.id, title: "Brand new", categories: [cat], createdAt: ago(DAY) },
    ]);
    // Old favourite: 5 visitors, but 30 days ago; Hot this week: 3 visitors now.
    await t.db
      .insert(postVisits)
      .values(Array.from({ length: 5 }, (_, i) => ({ postId: old!.id, visitor: `a:old${i}`, hour: ago(30 * DAY) })));
    await t.db.update(postStats).set({ visits: 5 }).where(eq(postStats.postId, old!.id));
    for (const ua of ["one", "two", "three"]) await visit(recent!.slug, ua);
    await visit(quiet!.slug, "one");

    const popular = await list(`cat=${encodeURIComponent(cat)}&sort=popular`);
    expect(popular.posts.map((p) => p.title)).toEqual(["Old favourite", "Hot this week", "Quiet", "Brand new"]);
    const trending = await list(`cat=${encodeURIComponent(cat)}&sort=trending`);
    expect(trending.posts.map((p) => p.title)).toEqual(["Hot this week", "Quiet", "Brand new", "Old favourite"]);
    expect(newest).toBeDefined();
  });

  it("filters by category (cat=general is all, any letter case), by author and by featured, combined", async () => {
    const cat = freshCategory();
    const other = freshCategory();
    const ada = await author({ username: `ada${Date.now()}` });
    const bayo = await author();
    await insertPosts([
      { userId: ada.id, title: "Ada in cat", categories: [cat], isFeatured: true },
      { userId: ada.id, title: "Ada in both", categories: [other, cat] },
      { userId: bayo.id, title: "Bayo in other", categories: [other], isFeatured: true },
    ]);
    await t.db.insert(categories).values({ name: cat });

    const inCat = await list(`cat=${encodeURIComponent(cat.toUpperCase())}`);
    expect(inCat.posts.map((p) => p.title).sort()).toEqual(["Ada in both", "Ada in cat"]);
    const byAda = await list(`author=${ada.username!.toUpperCase()}`);
    expect(byAda.posts.map((p) => p.title).sort()).toEqual(["Ada in both", "Ada in cat"]);
    const featuredOther = await list(`cat=${encodeURIComponent(other)}&featured=true`);
    expect(featuredOther.posts.map((p) => p.title)).toEqual(["Bayo in other"]);
    const notFeatured = await list(`cat=${encodeURIComponent(other)}&featured=false`);
    expect(notFeatured.posts.map((p) => p.title)).toEqual(["Ada in both"]);
    const combined = await list(`cat=${encodeURIComponent(other)}&author=${bayo.username}`);
    expect(combined.posts.map((p) => p.title)).toEqual(["Bayo in other"]);

    const all = await list(`cat=general&author=${ada.username}`);
    expect(all.posts).toHaveLength(2);
    expect((await list(`cat=GENERAL&author=${ada.username}`)).posts).toHaveLength(2);
    expect(await list(`author=nobody-${Date.now()}`)).toEqual({ posts: [], hasMore: false });
    expect(await list(`cat=${encodeURIComponent("No such category")}`)).toEqual({ posts: [], hasMore: false });
  });

  it("searches title, description and body with ranking (title first), ties by recency", async () => {
    const word = `zanzibar${Date.now().toString(36)}`;
    const writer = await author();
    await insertPosts([
      { userId: writer.id, title: "Unrelated", content: `<p>Nothing to see</p>`, createdAt: ago(DAY) },
      { userId: writer.id, title: "Body mention", content: `<p>We went to ${word} once.</p>`, createdAt: ago(DAY) },
      { userId: writer.id, title: `${word} in the title`, createdAt: ago(5 * DAY) },
      { userId: writer.id, title: "Description mention", desc: `All about ${word}`, createdAt: ago(3 * DAY) },
      {
        userId: writer.id,
        title: "Newer body mention",
        content: `<p>Another ${word} story.</p>`,
        createdAt: ago(60_000),
      },
    ]);
    const found = await list(`search=${word}`);
    expect(found.posts.map((p) => p.title)).toEqual([
      `${word} in the title`,
      "Description mention",
      "Newer body mention",
      "Body mention",
    ]);
    // an explicit sort orders the matches by it
    const oldest = await list(`search=${word}&sort=oldest`);
    expect(oldest.posts.map((p) => p.title)).toEqual([
      `${word} in the title`,
      "Description mention",
      "Body mention",
      "Newer body mention",
    ]);
    // web search syntax: a phrase, an exclusion, stemming
    expect((await list(`search=${encodeURIComponent(`"another ${word}"`)}`)).posts.map((p) => p.title)).toEqual([
      "Newer body mention",
    ]);
    expect(
      (await list(`search=${encodeURIComponent(`${word} -story -title -description`)}`)).posts.map((p) => p.title),
    ).toEqual(["Body mention"]);
    expect((await list(`search=${encodeURIComponent(`${word} mentions`)}`)).posts).toHaveLength(3);
    // HTML tags are not words: searching for "p" finds nothing of the markup
    expect((await list(`search=${word}&limit=2`)).hasMore).toBe(true);
  });

  it("takes any search text without failing: operators, quotes, stop words, unicode, very long", async () => {
    for (const text of [
      "'",
      '"',
      "a & b | !c",
      "(((",
      "foo:*",
      "the",
      "-",
      "or",
      "😀 emoji",
      "Ọ̀nà ìwé",
      "x".repeat(5000),
      "%00",
      "\\",
      "); drop table posts; --",
    ]) {
      const res = await t.request(`/backend/posts?search=${encodeURIComponent(text)}`);
      expect(res.status, text).toBe(200);
      expect(await res.json()).toHaveProperty("posts");
    }
  });

  it("refuses a bad page, limit, sort or featured with a clear 422", async () => {
    const cases: Array<[string, RegExp]> = [
      ["page=0", /page must be a whole number/],
      ["page=-1", /page must be a whole number/],
      ["page=abc", /page must be a whole number/],
      ["page=1.5", /page must be a whole number/],
      ["page=1001", /page must be a whole number from 1 to 1000/],
      ["page=1e400", /page must be a whole number/],
      ["limit=0", /limit must be a whole number from 1 to 50/],
      ["limit=51", /limit must be a whole number/],
      ["limit=ten", /limit must be a whole number/],
      ["sort=best", /sort must be one of newest, popular, trending, oldest/],
      ["sort=", /sort must be one of/],
      ["featured=yes", /featured must be true or false/],
    ];
    for (const [query, message] of cases) {
      const res = await t.request(`/backend/posts?${query}`);
      expect(res.status, query).toBe(422);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code, query).toBe("invalid");
      expect(body.error.message, query).toMatch(message);
    }
  });
});

describe("GET /backend/posts/categories", () => {
  it("answers the category names, the list courses use", async () => {
    const name = freshCategory();
    await t.db.insert(categories).values({ name });
    const res = await t.request("/backend/posts/categories");
    expect(res.status).toBe(200);
    const names = (await res.json()) as string[];
    expect(names).toContain(name);
    expect(names.every((n) => typeof n === "string")).toBe(true);
    const courseCategories = (await (await t.request("/backend/api/categories")).json()) as Array<{ name: string }>;
    expect(names).toEqual(courseCategories.map((c) => c.name));
  });
});

describe("GET /backend/posts/{slug}", () => {
  it("answers the post's detail with its body sanitized", async () => {
    const writer = await author({ image: "/media/seed/writer.webp" });
    const [post] = await insertPosts([
      {
        userId: writer.id,
        slug: `detail-${Date.now()}`,
        title: "Detail",
        content: `<p>Safe</p><script>alert(1)</script><img src="x" onerror="alert(2)">`,
        categories: [],
      },
    ]);
    const res = await t.request(`/backend/posts/${post!.slug}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PostDetail;
    expect(body).toMatchObject({
      _id: post!.id,
      title: "Detail",
      category: [],
      user: { username: writer.username, img: "/media/seed/writer.webp" },
    });
    expect(body.content).toContain("Safe");
    // no element of the body can run anything (the XSS corpus test tries many more)
    expect(body.content).not.toMatch(/<script/i);
    expect(body.content).not.toMatch(/<[^>]*\son\w+\s*=/i);
  });

  it("is a 404 'Post not found!' for an unknown slug, however it is written", async () => {
    for (const slug of ["no-such-post", "%F0%9F%98%80", "a".repeat(200), "..%2F..%2Fetc"]) {
      const res = await t.request(`/backend/posts/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "Post not found!" } });
    }
    expect((await t.request(`/backend/posts/${"a".repeat(201)}`)).status).toBe(422);
  });

  it("leaves /posts/upload-auth to the uploads route", async () => {
    const res = await t.request("/backend/posts/upload-auth");
    expect(res.status).toBe(401);
  });

  it("counts a visit once per visitor and hour; another browser or a signed-in user is another visitor", async () => {
    const cat = freshCategory();
    const writer = await author();
    const [a, b] = await insertPosts([
      { userId: writer.id, title: "Visited", categories: [cat], createdAt: ago(DAY) },
      { userId: writer.id, title: "Twice as visited", categories: [cat], createdAt: ago(2 * DAY) },
    ]);
    const reader = await createAccount(t);
    for (let i = 0; i < 5; i++) await visit(a!.slug, "same browser");
    await visit(b!.slug, "browser one");
    await visit(b!.slug, "browser two");
    await visit(b!.slug, "same browser", bearer(reader));
    await visit(b!.slug, "another browser", bearer(reader));

    const totals = await t.db
      .select()
      .from(postStats)
      .where(inArray(postStats.postId, [a!.id, b!.id]));
    const byPost = Object.fromEntries(totals.map((r) => [r.postId, r.visits]));
    expect(byPost).toEqual({ [a!.id]: 1, [b!.id]: 3 });
    // no address is stored, only keys
    const keys = await t.db.select({ visitor: postVisits.visitor }).from(postVisits);
    expect(keys.every((k) => !k.visitor.includes("127.0.0.1"))).toBe(true);
    expect(keys.some((k) => k.visitor === `u:${reader.id}`)).toBe(true);
    const popular = await list(`cat=${encodeURIComponent(cat)}&sort=popular`);
    expect(popular.posts.map((p) => p.title)).toEqual(["Twice as visited", "Visited"]);
  });

  it("writes nothing for a repeat read by the same visitor in the same hour (decision 043)", async () => {
    const writer = await author();
    const [post] = await insertPosts([{ userId: writer.id, title: "Read twice" }]);
    await visit(post!.slug, "rereader");
    // were the second read to write its visit, the row removed here would come back and count again
    await t.db.delete(postVisits).where(eq(postVisits.postId, post!.id));
    await t.db.update(postStats).set({ visits: 0, recent: 0 }).where(eq(postStats.postId, post!.id));
    await visit(post!.slug, "rereader");
    const [stats] = await t.db.select().from(postStats).where(eq(postStats.postId, post!.id));
    expect(stats).toMatchObject({ visits: 0, recent: 0 });
    // another reader still counts
    await visit(post!.slug, "someone else");
    const [after] = await t.db.select().from(postStats).where(eq(postStats.postId, post!.id));
    expect(after).toMatchObject({ visits: 1, recent: 1 });
  });

  it("counts ten simultaneous first reads by one visitor once", async () => {
    const writer = await author();
    const [post] = await insertPosts([{ userId: writer.id, title: "Raced" }]);
    await Promise.all(Array.from({ length: 10 }, () => visit(post!.slug, "racer")));
    const totals = await t.db.select().from(postStats).where(eq(postStats.postId, post!.id));
    expect(totals.map((r) => r.visits)).toEqual([1]);
  });

  it("gives every new post its stats row at once", async () => {
    const writer = await author();
    const [post] = await insertPosts([{ userId: writer.id, title: "Fresh" }]);
    const rows = await t.db.select().from(postStats).where(eq(postStats.postId, post!.id));
    expect(rows).toEqual([{ postId: post!.id, visits: 0, recent: 0, createdAt: post!.createdAt }]);
  });

  it("popular and trending: ties of the same count and time by id, and a post's changed date followed", async () => {
    const cat = freshCategory();
    const writer = await author();
    const at = ago(DAY);
    const made = await insertPosts([
      { userId: writer.id, title: "T1", categories: [cat], createdAt: at },
      { userId: writer.id, title: "T2", categories: [cat], createdAt: at },
      { userId: writer.id, title: "Older", categories: [cat], createdAt: ago(2 * DAY) },
    ]);
    // the stats row keeps the post's own time, whatever an insert into it says
    await t.db.delete(postStats).where(eq(postStats.postId, made[0]!.id));
    await t.db.insert(postStats).values({ postId: made[0]!.id, createdAt: new Date() });
    const sameTime = made
      .slice(0, 2)
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .map((p) => p.title);
    for (const sort of ["popular", "trending"]) {
      expect((await list(`cat=${encodeURIComponent(cat)}&sort=${sort}`)).posts.map((p) => p.title)).toEqual([
        ...sameTime,
        "Older",
      ]);
    }
    await t.db.update(posts).set({ createdAt: new Date() }).where(eq(posts.id, made[2]!.id));
    for (const sort of ["popular", "trending"]) {
      expect((await list(`cat=${encodeURIComponent(cat)}&sort=${sort}`)).posts.map((p) => p.title)).toEqual([
        "Older",
        ...sameTime,
      ]);
    }
  });

  it("hourly: recounts the trending window, drops older visit rows and keeps the totals", async () => {
    const writer = await author();
    const [post] = await insertPosts([{ userId: writer.id, title: "Pruned" }]);
    await t.db.insert(postVisits).values([
      { postId: post!.id, visitor: "a:ancient", hour: ago(9 * DAY) },
      { postId: post!.id, visitor: "a:fresh", hour: ago(DAY) },
    ]);
    await t.db.update(postStats).set({ visits: 40, recent: 2 }).where(eq(postStats.postId, post!.id));
    expect(await t.services.blog.refreshVisits()).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select()
      .from(postVisits)
      .where(sql`${postVisits.postId} = ${post!.id}`);
    expect(left.map((r) => r.visitor)).toEqual(["a:fresh"]);
    const [stats] = await t.db.select().from(postStats).where(eq(postStats.postId, post!.id));
    expect(stats).toMatchObject({ visits: 40, recent: 1 });
  });
});

describe("GET /backend/comments/{postId}", () => {
  it("lists a post's comments newest first with the spec's fields", async () => {
    const writer = await author();
    const commenter = await author({ image: "/media/seed/c.webp" });
    const [post] = await insertPosts([{ userId: writer.id, title: "Commented" }]);
    await t.db.insert(comments).values([
      { postId: post!.id, userId: commenter.id, desc: "First!", createdAt: ago(DAY) },
      { postId: post!.id, userId: writer.id, desc: "Thanks", createdAt: ago(60_000) },
    ]);
    const res = await t.request(`/backend/comments/${post!.id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Comment[];
    expect(body.map((c) => c.desc)).toEqual(["Thanks", "First!"]);
    expect(Object.keys(body[1]!).sort()).toEqual(["_id", "createdAt", "desc", "postId", "user"]);
    expect(body[1]).toMatchObject({
      postId: post!.id,
      user: { username: commenter.username, img: "/media/seed/c.webp" },
    });
    expect(body[0]!.user.img).toBeNull();

    const [empty] = await insertPosts([{ userId: writer.id, title: "Silent" }]);
    expect(await (await t.request(`/backend/comments/${empty!.id}`)).json()).toEqual([]);
  });

  it("is a 404 for an unknown or malformed post id", async () => {
    for (const id of ["aaaaaaaaaaaaaaaaaaaaaaaa", "nope", "1' or '1'='1"]) {
      const res = await t.request(`/backend/comments/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "Post not found!" } });
    }
  });
});
