// Titles and descriptions are text (issue 29: "On a coding blog titles are text: store them as typed,
// escape on output"): a post titled `Why <div> soup hurts: use <button>` is stored, answered and fed as
// typed, `&amp;` stays `&amp;`, and an XSS payload as a title is data, never markup. The same for the
// plain-text titles staff type elsewhere (courses, events). Bodies stay sanitized (posts-write.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import Parser from "rss-parser";
import type { PostDetail, PostList } from "../../../contract/blog/blog.ts";
import { categories, courses, events, posts } from "../../db/schema.ts";
import { bearer, createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok } from "../../../tests/support/api-calls.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let writer: TestAccount;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  writer = await createAccount(t);
  admin = await createAccount(t, { admin: true });
  await t.db
    .insert(categories)
    .values([{ name: "Coding" }])
    .onConflictDoNothing();
}, 60_000);
afterAll(() => t.close());

/** The title, an entity typed as such, and a payload: each is text, kept as typed. */
const TITLES = [
  "Why <div> soup hurts: use <button>",
  "Tom &amp; Jerry: what &lt;b&gt; means",
  "<img src=x onerror=alert(1)>",
] as const;

async function write(title: string, desc: string): Promise<PostDetail> {
  const res = await t.request("/backend/posts", {
    method: "POST",
    headers: bearer(writer),
    json: { title, desc, category: ["Coding"], content: "<p>Body <b>bold</b></p><script>alert(1)</script>" },
  });
  return ok<PostDetail>(res, 201);
}

describe("post titles and descriptions are stored as typed and escaped on output", () => {
  it("stored, answered, listed and fed as typed; the body is still sanitized", async () => {
    for (const title of TITLES) {
      const desc = `About ${title} & more`;
      const post = await write(title, desc);
      expect(post.title).toBe(title);
      expect(post.desc).toBe(desc);
      expect(post.content).toBe("<p>Body <b>bold</b></p>");
      const [row] = await t.db.select().from(posts).where(eq(posts.id, post._id));
      expect(row).toMatchObject({ title, desc });
      const read = await ok<PostDetail>(await t.request(`/backend/posts/${post.slug}`));
      expect(read).toMatchObject({ title, desc });
      const list = await ok<PostList>(await t.request(`/backend/posts?author=${writer.username}&limit=50`));
      expect(list.posts.find((p) => p._id === post._id)).toMatchObject({ title, desc });
    }
    // the title makes a readable address
    const [first] = await t.db.select().from(posts).where(eq(posts.title, TITLES[0]));
    expect(first!.slug).toMatch(/^why-div-soup-hurts-use-button(-\d+)?$/);
  });

  it("the RSS feed escapes them: a feed reader reads the text as typed, and no tag appears in the XML", async () => {
    const res = await t.request("/rss.xml");
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain("<title>Why &lt;div&gt; soup hurts: use &lt;button&gt;</title>");
    expect(xml).toContain("<title>Tom &amp;amp; Jerry: what &amp;lt;b&amp;gt; means</title>");
    expect(xml).toContain("<title>&lt;img src=x onerror=alert(1)&gt;</title>");
    expect(xml).not.toContain("<img src=x");
    const feed = await new Parser().parseString(xml);
    const titles = feed.items.map((i) => i.title);
    for (const title of TITLES) expect(titles).toContain(title);
  });
});

describe("staff's plain-text titles elsewhere are stored as typed too", () => {
  const call = apiCaller(
    () => t,
    () => admin,
  );
  it("a course title and an event's name and description", async () => {
    for (const title of TITLES) {
      const course = await ok<{ _id: string; title: string }>(
        await call("POST", "/api/courses", {
          title,
          instructor: "Ada <Obi>",
          category: "Coding",
          price: 1000,
          img: "/media/uploads/js.webp",
        }),
        201,
      );
      expect(course.title).toBe(title);
      const [row] = await t.db.select().from(courses).where(eq(courses.id, course._id));
      expect(row!.title).toBe(title);

      const event = await ok<{ _id: string; name: string; description: string }>(
        await call("POST", "/api/events", {
          name: title,
          description: `${title} & friends`,
          time: "Saturday, 4 pm",
          startsAt: "2030-03-14T16:00",
          streamUrl: "https://zoom.us/j/1",
          coverPhoto: "/media/cover.svg",
          photos: [],
        }),
        201,
      );
      expect(event).toMatchObject({ name: title, description: `${title} & friends` });
      const [stored] = await t.db.select().from(events).where(eq(events.id, event._id));
      expect(stored).toMatchObject({ name: title, description: `${title} & friends` });
    }
  });
});
