// POST /backend/posts (admin-back-office §3 "Post (create payload)", §5, §7; issue 10 "Writing"):
// who may write, the required fields and limits, the categories, the cover, unique readable slugs
// (also when the same title is sent several times at once) and the XSS corpus through the editor's HTML.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { AUTHORING_MESSAGES as M, type PostDetail } from "../../../contract/blog/blog.ts";
import { categories, posts } from "../../db/schema.ts";
import { contentVersionOf } from "../../db/content-version.ts";
import { bearer, createAccount, sameOrigin, type TestAccount } from "../../../tests/support/accounts.ts";
import { makeCategory } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { assertNothingExecutable, XSS_CORPUS } from "../../../tests/support/xss-corpus.ts";
import { stripXmlForbidden } from "../../lib/text.ts";

let t: TestApp;
let writer: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  writer = await createAccount(t);
  await t.db
    .insert(categories)
    .values([makeCategory({ name: "Coding" }), makeCategory({ name: "Graphic Design" })])
    .onConflictDoNothing();
}, 60_000);
afterAll(() => t.close());

let n = 0;
const title = (prefix = "A post") => `${prefix} ${Date.now().toString(36)} ${++n}`;
const body = (overrides: Record<string, unknown> = {}) => ({
  img: "",
  title: title(),
  category: ["Coding"],
  desc: "A short description.",
  content: "<p>Hello <strong>readers</strong>.</p>",
  ...overrides,
});

function write(json: unknown, who: TestAccount | null = writer) {
  return t.request("/backend/posts", { method: "POST", headers: who ? bearer(who) : {}, json });
}

async function created(json: unknown, who: TestAccount = writer): Promise<PostDetail> {
  const res = await write(json, who);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as PostDetail;
}

async function refused(json: unknown, status = 422): Promise<string> {
  const res = await write(json);
  expect(res.status, await res.clone().text()).toBe(status);
  return ((await res.json()) as { error: { message: string } }).error.message;
}

describe("POST /backend/posts: who", () => {
  it("a signed-in user writes with a bearer token: 201, the post with its slug, the author is the user", async () => {
    const post = await created(body({ title: "My First Post: Hello, World!", img: "/media/uploads/abc.png" }));
    expect(post.slug).toMatch(/^my-first-post-hello-world(-\d+)?$/);
    expect(post).toMatchObject({
      title: "My First Post: Hello, World!",
      desc: "A short description.",
      img: "/media/uploads/abc.png",
      category: ["Coding"],
      content: "<p>Hello <strong>readers</strong>.</p>",
      isFeatured: false,
      user: { username: writer.username },
    });
    const [row] = await t.db.select().from(posts).where(eq(posts.slug, post.slug));
    expect(row!.userId).toBe(writer.id);
    // and it is there to read
    const read = await t.request(`/backend/posts/${post.slug}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as PostDetail).title).toBe("My First Post: Hello, World!");
  });

  it("a new post moves the content version on (cached pages show it at once); a refused one does not", async () => {
    const before = await contentVersionOf(t.db);
    await created(body());
    const after = await contentVersionOf(t.db);
    expect(after).toBeGreaterThan(before);
    await refused(body({ title: "" }));
    expect(await contentVersionOf(t.db)).toBe(after);
  });

  it("with the session cookie from our own pages too", async () => {
    const res = await t.request("/backend/posts", {
      method: "POST",
      headers: sameOrigin(t, { Cookie: writer.cookie }),
      json: body(),
    });
    expect(res.status).toBe(201);
  });

  it("anonymous: 401, nothing stored", async () => {
    const t0 = title("Anonymous");
    const res = await write(body({ title: t0 }), null);
    expect(res.status).toBe(401);
    expect(await t.db.select().from(posts).where(eq(posts.title, t0))).toHaveLength(0);
  });

  it("the cookie from another site: 403", async () => {
    const res = await t.request("/backend/posts", {
      method: "POST",
      headers: { Cookie: writer.cookie, Origin: "https://evil.example" },
      json: body(),
    });
    expect(res.status).toBe(403);
  });
});

describe("POST /backend/posts: required fields and limits", () => {
  it("'Title and content are required!' when the title or the body is missing or empty once tags and spaces go", async () => {
    for (const bad of [
      { title: undefined },
      { title: "" },
      { title: "   " },
      { content: undefined },
      { content: "" },
      { content: "<p></p>" },
      { content: "<p> &nbsp; </p><p><br></p>" },
      { content: "<script>alert(1)</script>" },
      { title: null, content: null },
    ]) {
      expect(await refused(body(bad)), JSON.stringify(bad)).toBe(M.required);
    }
  });

  it("a body of only a picture or only a video is a body", async () => {
    await created(body({ content: '<img src="/media/uploads/0123456789abcdef01234567.png" alt="A chart">' }));
    const video = await created(
      body({ content: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen="true"></iframe>' }),
    );
    expect(video.content).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
  });

  it("an uploaded picture needs alt text (422 otherwise); an outside or seeded picture is not asked", async () => {
    const own = new URL("/media/uploads/0123456789abcdef01234567.png", t.env.PUBLIC_URL).href;
    for (const content of [
      '<p>x</p><img src="/media/uploads/0123456789abcdef01234567.png">',
      '<p>x</p><img src="/media/uploads/0123456789abcdef01234567.png" alt=" ">',
      `<p>x</p><img src="${own}" alt="">`,
      '<img src="/media/uploads/a.png" alt="One"><img src="/media/uploads/b.png" alt="">',
    ]) {
      expect(await refused(body({ content })), content).toBe(M.altMissing);
    }
    const fine = await created(
      body({
        content:
          `<img src="${own}" alt="A chart of sign-ups">` +
          '<img src="https://cdn.example.com/a.png"><img src="/media/seed/figure-a.svg" alt="">',
      }),
    );
    expect(fine.content).toContain('alt="A chart of sign-ups"');
  });

  it("an uploaded video is kept as the editor wrote it, on its own too; a foreign one is dropped", async () => {
    const video =
      '<video src="/media/uploads/0123456789abcdef01234567.mp4" controls preload="metadata" playsinline></video>';
    const post = await created(body({ content: `<p>Watch:</p>${video}<p></p>` }));
    expect(post.content).toContain(video);
    const read = (await (await t.request(`/backend/posts/${post.slug}`)).json()) as PostDetail;
    expect(read.content).toContain(video);
    const alone = await created(body({ content: video.replace(".mp4", ".webm") }));
    expect(alone.content).toBe(video.replace(".mp4", ".webm"));

    const mixed = await created(
      body({
        content:
          '<p>Text</p><video src="https://evil.example/x.mp4" controls></video>' +
          '<video src="/media/uploads/0123456789abcdef01234567.mp4" autoplay onplay="alert(1)" poster="javascript:alert(1)"></video>',
      }),
    );
    expect(mixed.content).toBe(`<p>Text</p>${video}`);
    expect(mixed.content).not.toContain("evil.example");
    // a foreign video alone is no body
    expect(await refused(body({ content: '<video src="https://evil.example/x.mp4" controls></video>' }))).toBe(
      M.required,
    );
  });

  it("limits: title 200, description 500, body 200 KB, 5 categories, known categories, a picture address", async () => {
    await created(body({ title: "x".repeat(200) }));
    expect(await refused(body({ title: "x".repeat(201) }))).toBe(M.titleTooLong);
    await created(body({ desc: "d".repeat(500) }));
    expect(await refused(body({ desc: "d".repeat(501) }))).toBe(M.descTooLong);
    expect(await refused(body({ content: `<p>${"a".repeat(200_000)}</p>` }))).toBe(M.contentTooLong);
    expect(await refused(body({ category: ["Coding", "a", "b", "c", "d", "e"] }))).toBe(M.tooManyCategories);
    expect(await refused(body({ category: ["Coding", "Knitting"] }))).toBe(M.unknownCategory("Knitting"));
    expect(await refused(body({ category: [1] }))).toMatch(/category/);
    for (const img of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "/media/../secret",
      "//evil.example/a.png",
    ]) {
      expect(await refused(body({ img })), img).toBe(M.badImage);
    }
    expect(await refused(body({ title: 42 }))).toBe("title must be text");
  });

  it("categories as the list spells them, once each; a single name is a list of one; none is allowed", async () => {
    expect((await created(body({ category: ["coding", "GRAPHIC design", "Coding"] }))).category).toEqual([
      "Coding",
      "Graphic Design",
    ]);
    expect((await created(body({ category: "Coding" }))).category).toEqual(["Coding"]);
    expect((await created(body({ category: [] }))).category).toEqual([]);
  });

  it("an outside https cover is kept; no cover is an empty img", async () => {
    expect((await created(body({ img: "https://images.example.com/a.jpg" }))).img).toBe(
      "https://images.example.com/a.jpg",
    );
    expect((await created(body({ img: undefined }))).img).toBe("");
  });
});

describe("POST /backend/posts: slugs", () => {
  it("readable, from the title; the same title again gets -2, -3", async () => {
    const base = `Same Title ${Date.now().toString(36)}`;
    const expected = base.toLowerCase().replace(/ /g, "-");
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await created(body({ title: base }))).slug);
    expect(slugs).toEqual([expected, `${expected}-2`, `${expected}-3`]);
  });

  it("a title that is a page's address does not take it: /admin stays the admin area", async () => {
    const post = await created(body({ title: "Admin" }));
    expect(post.slug).toMatch(/^admin-\d+$/);
    expect((await created(body({ title: "Login" }))).slug).toMatch(/^login-\d+$/);
    // /write is the write page (decision 023)
    expect((await created(body({ title: "Write" }))).slug).toMatch(/^write-\d+$/);
    // pages inside the admin layout count too (/coupon-table, /tickets), and the server's own paths
    expect((await created(body({ title: "Coupon Table" }))).slug).toMatch(/^coupon-table-\d+$/);
    expect((await created(body({ title: "Tickets" }))).slug).toMatch(/^tickets-\d+$/);
    expect((await created(body({ title: "Media" }))).slug).toMatch(/^media-\d+$/);
  });

  it("an all-symbol title still gets a slug", async () => {
    expect((await created(body({ title: "!!! ??? !!!" }))).slug).toMatch(/^post(-\d+)?$/);
  });

  it("several posts of one title sent at the same moment: every one stored, each under its own slug", async () => {
    const same = `Race ${Date.now().toString(36)}`;
    const results = await Promise.all(Array.from({ length: 6 }, () => write(body({ title: same }))));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const slugs = await Promise.all(results.map(async (r) => ((await r.json()) as PostDetail).slug));
    expect(new Set(slugs).size).toBe(6);
    const base = same.toLowerCase().replace(/ /g, "-");
    expect(slugs.sort()).toEqual([base, ...[2, 3, 4, 5, 6].map((i) => `${base}-${i}`)].sort());
  });
});

describe("POST /backend/posts: the XSS corpus through the editor's HTML", () => {
  it("nothing executable is stored or answered in a body; titles and descriptions are stored as typed text", async () => {
    for (const payload of XSS_CORPUS) {
      const html = payload.html.replaceAll("\0", "");
      const res = await write(
        body({
          title: `Title ${html}`,
          desc: `Desc ${html}`.slice(0, 500),
          content: `<p>before</p>${html}<p>after</p>`,
        }),
      );
      expect(res.status, `${payload.name}: ${await res.clone().text()}`).toBe(201);
      const post = (await res.json()) as PostDetail;
      const [row] = await t.db.select().from(posts).where(eq(posts.slug, post.slug));
      for (const stored of [row!.content, post.content]) {
        expect(() => assertNothingExecutable(stored), payload.name).not.toThrow();
      }
      expect(row!.content, payload.name).toMatch(/^<p>before<\/p>/);
      // text, kept as typed (issue 29): the pages, the feed and the e-mails escape it
      expect(row!.title, payload.name).toBe(stripXmlForbidden(`Title ${html}`).replace(/\s+/g, " ").trim());
      expect(post.desc, payload.name).toBe(stripXmlForbidden(`Desc ${html}`.slice(0, 500)).trim());
      const read = await t.request(`/backend/posts/${post.slug}`);
      const answered = ((await read.json()) as PostDetail).content;
      expect(() => assertNothingExecutable(answered), payload.name).not.toThrow();
    }
  }, 120_000);
});

describe("POST /backend/posts: the site's own picture addresses in every form (issue 29)", () => {
  const NAME = "0123456789abcdef01234567";
  it("the upload answer's filePath, its url, resized forms: stored as the /media path, never dropped", async () => {
    const site = t.env.PUBLIC_URL.replace(/\/$/, "");
    for (const src of [
      `/uploads/${NAME}.jpg`,
      `${site}/uploads/${NAME}.jpg`,
      `${site}/media/uploads/${NAME}.jpg`,
      `${site}/media/uploads/${NAME}.jpg?tr=w-300,h-200`,
      `/media/uploads/${NAME}.jpg?tr=w-300&v=1`,
      `/media/tr:w-300,h-200/uploads/${NAME}.jpg`,
    ]) {
      const post = await created(body({ content: `<p>Look:</p><img src="${src}" alt="A chart">` }));
      expect(post.content, src).toBe(`<p>Look:</p><img src="/media/uploads/${NAME}.jpg" alt="A chart" />`);
    }
    const video = await created(body({ content: `<video src="/uploads/${NAME}.mp4" controls></video>` }));
    expect(video.content).toContain(`<video src="/media/uploads/${NAME}.mp4"`);
    // an upload by its filePath is an upload: it needs alt text too
    expect(await refused(body({ content: `<p>x</p><img src="/uploads/${NAME}.jpg">` }))).toBe(M.altMissing);
    // outside pictures are as they were
    expect((await created(body({ content: '<img src="https://cdn.example.com/a.png?w=3">' }))).content).toBe(
      '<img src="https://cdn.example.com/a.png?w=3" />',
    );
  });

  it("an address on this site that names no picture it serves: 422 naming it, nothing stored", async () => {
    const site = t.env.PUBLIC_URL.replace(/\/$/, "");
    for (const src of [
      "/images/a.png",
      "/media/../secret.png",
      `${site}/images/a.png`,
      `/media/uploads/${NAME}.jpg?x=1`,
    ]) {
      const t0 = title("Refused picture");
      expect(await refused(body({ title: t0, content: `<p>x</p><img src="${src}" alt="A">` })), src).toBe(
        M.badBodyMedia(src),
      );
      expect(await t.db.select().from(posts).where(eq(posts.title, t0))).toHaveLength(0);
    }
  });
});
