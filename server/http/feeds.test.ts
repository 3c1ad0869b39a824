// /rss.xml and /sitemap.xml (issue 8; issue 15 "Feeds, cards"): the newest posts with absolute links,
// their authors as dc:creator, covers as enclosures declared as /media serves them, and documents that
// stay valid XML whatever a post holds, checked by readers no one here wrote: xmllint (Debian's
// libxml2-utils), the sitemaps.org schema (shipped by the `sitemap` package) and rss-parser.
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { desc, eq } from "drizzle-orm";
import Parser from "rss-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xml2js, type Element } from "xml-js";
import { categories, courses, posts, user } from "../db/schema.ts";
import { mediaRoot } from "../integrations/media/media-root.ts";
import { hasXmlForbidden } from "../lib/text.ts";
import { makeCategory, makeCourse, makePost, makeUser } from "../../tests/support/factories.ts";
import { bearer, createAccount } from "../../tests/support/accounts.ts";
import { pngImage } from "../../tests/support/images.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { absolutize, coverEnclosure, RSS_ITEMS, SITEMAP_PAGES, xmlText } from "./feeds.ts";

let t: TestApp;
/** A PNG signature and nothing of a picture after it. */
const BROKEN_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("no pixels"),
]);
const ORIGIN = "https://academy.example.ng";
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
  // pictures under /media/seed, as the seed puts them: a PNG, an SVG and a file that only looks like one
  const seed = path.join(mediaRoot(t.env.DATA_DIR), "seed");
  mkdirSync(seed, { recursive: true });
  writeFileSync(path.join(seed, "feed-cover.png"), await pngImage(1600, 900));
  writeFileSync(
    path.join(seed, "feed-cover.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><rect width="1200" height="675" fill="#174ca8"/></svg>`,
  );
  writeFileSync(path.join(seed, "feed-broken.png"), BROKEN_PNG);
}, 60_000);
afterAll(() => t.close());

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** The child elements named `name`, anywhere below `node`. */
function all(node: Element, name: string): Element[] {
  const out: Element[] = [];
  for (const child of node.elements ?? []) {
    if (child.name === name) out.push(child);
    out.push(...all(child, name));
  }
  return out;
}
const textOf = (el: Element | undefined): string =>
  (el?.elements ?? []).map((e) => (e.type === "cdata" ? e.cdata : e.type === "text" ? e.text : textOf(e))).join("");

/** xmllint's verdict on `xml` (read from standard input), with `args` such as `--schema file`. */
function xmllint(xml: string, args: string[] = []): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile("xmllint", ["--noout", "--nonet", ...args, "-"], (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
        reject(new Error("xmllint is missing: install Debian's libxml2-utils (scripts/setup-test-env.sh does)"));
        return;
      }
      resolve({ ok: !error, output: `${stdout}${stderr}` });
    });
    child.stdin!.end(xml);
  });
}

/** The sitemaps.org schema, as the `sitemap` package ships it. */
const SITEMAP_XSD = path.join(
  path.dirname(createRequire(import.meta.url).resolve("sitemap/package.json")),
  "schema/sitemap.xsd",
);

async function rss(): Promise<string> {
  const res = await t.request("/rss.xml");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
  return res.text();
}

// A post that once broke every reader: a control character, a noncharacter, CDATA's end twice, markup,
// an emoji and right-to-left marks (an Arabic phrase, and U+202E, which turns text around).
const HOSTILE_TITLE = `Tips\u0002 & <script>alert("x")</script> ]]> 🚀 \u200Fمرحبا\u200E \u202Eevil\u202C done\uFFFF`;
const HOSTILE_DESC = `Line\u0002one ]]> 🚀 <b>bold</b> \u200Fمرحبا\uFFFE`;
const HOSTILE_CONTENT =
  `<p>Body\u0002 ]]> and again ]]> 🚀 \u200Fمرحبا\u200E &#2;x &amp; <a href="/posts?cat=Coding&amp;x=1">more</a></p>` +
  `<script>alert(1)</script><p>\uFFFF end</p>`;

describe("/rss.xml", () => {
  it("lists the newest 20 posts with absolute links, dc:creator, categories and covers, escaped", async () => {
    const [writer] = await t.db
      .insert(user)
      .values(makeUser({ username: "feedwriter" }))
      .returning();
    await t.db.insert(posts).values(
      Array.from({ length: RSS_ITEMS + 3 }, (_, i) =>
        makePost(writer!.id, {
          slug: `feed-post-${i}`,
          title: i === RSS_ITEMS + 2 ? `Tips & <script>alert("x")</script> tricks` : `Feed post ${i}`,
          createdAt: ago(100 - i),
          img: i % 2 ? "/media/seed/feed-cover.svg" : "",
          categories: ["Coding"],
          content: `<p>Body ${i} <a href="/posts?cat=Coding">more</a> <img src="/media/seed/x.svg" alt=""></p><script>alert(1)</script>`,
        }),
      ),
    );
    const xml = await rss();
    const doc = xml2js(xml) as Element;
    const items = all(doc, "item");
    expect(items).toHaveLength(RSS_ITEMS);
    const first = items[0]!;
    const field = (item: Element, name: string) => textOf(all(item, name)[0]);
    expect(field(first, "title")).toBe(`Tips & <script>alert("x")</script> tricks`);
    expect(field(first, "link")).toBe(`${ORIGIN}/feed-post-${RSS_ITEMS + 2}`);
    expect(field(first, "dc:creator")).toBe("feedwriter");
    // RSS 2.0's <author> is an e-mail address, which the site does not publish
    expect(all(doc, "author")).toHaveLength(0);
    expect(field(items[1]!, "title")).toBe(`Feed post ${RSS_ITEMS + 1}`);
    expect(all(items[1]!, "enclosure")[0]?.attributes).toMatchObject({
      url: `${ORIGIN}/media/seed/feed-cover.svg?tr=w-1200,h-630,f-jpg`,
      type: "image/jpeg",
    });
    expect(all(first, "enclosure")).toHaveLength(0); // no cover, no enclosure
    expect(field(first, "category")).toBe("Coding");
    // the body: sanitized, and its site links made absolute
    const content = field(first, "content:encoded");
    expect(content).toContain(`href="${ORIGIN}/posts?cat=Coding"`);
    expect(content).toContain(`src="${ORIGIN}/media/seed/x.svg"`);
    expect(content).not.toMatch(/<script/i);
    // the raw title never appears unescaped
    expect(xml).not.toContain("<script>");
    expect(textOf(all(doc, "channel")[0]!.elements!.find((e) => e.name === "link"))).toBe(`${ORIGIN}/blog`);
    expect(doc.elements![0]!.attributes).toMatchObject({ "xmlns:dc": "http://purl.org/dc/elements/1.1/" });
    expect((await xmllint(xml)).ok).toBe(true);
  });

  it("stays valid XML with a hostile post, as saved through the API and as an old row holds it", async () => {
    const account = await createAccount(t);
    await t.db
      .insert(categories)
      .values(makeCategory({ name: "Coding" }))
      .onConflictDoNothing();
    // (1) written now: the write path drops what XML forbids before the post is stored
    const res = await t.request("/backend/posts", {
      method: "POST",
      headers: bearer(account),
      json: {
        img: "/media/seed/feed-cover.png",
        title: HOSTILE_TITLE,
        category: ["Coding"],
        desc: HOSTILE_DESC,
        content: HOSTILE_CONTENT,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { slug } = (await res.json()) as { slug: string };
    const [stored] = await t.db.select().from(posts).where(eq(posts.slug, slug));
    for (const text of [stored!.title, stored!.desc, stored!.content]) expect(hasXmlForbidden(text)).toBe(false);
    expect(stored!.title).toContain("🚀 \u200Fمرحبا\u200E \u202Eevil\u202C done");
    expect(stored!.content).toContain("]]> and again ]]>".replace(/>/g, "&gt;"));

    // (2) a row stored before that rule, with the characters still in it, newest of all
    const [writer] = await t.db
      .insert(user)
      .values(makeUser({ username: "old.row" }))
      .returning();
    await t.db.insert(posts).values(
      makePost(writer!.id, {
        slug: "hostile-old-row",
        title: HOSTILE_TITLE,
        desc: HOSTILE_DESC,
        content: HOSTILE_CONTENT,
        img: "/media/seed/feed-cover.png",
        categories: ["Coding\u0002"],
        createdAt: new Date(Date.now() + 60_000),
      }),
    );

    const xml = await rss();
    expect(hasXmlForbidden(xml)).toBe(false);
    const lint = await xmllint(xml);
    expect(lint.output).toBe("");
    expect(lint.ok).toBe(true);

    // an independent reader sees the texts as written, less the forbidden characters
    const feed = await new Parser().parseString(xml);
    expect(feed.title).toBe("TechAfrica Blog");
    expect(feed.link).toBe(`${ORIGIN}/blog`);
    const old = feed.items[0]!;
    expect(old.title).toBe(`Tips & <script>alert("x")</script> ]]> 🚀 \u200Fمرحبا\u200E \u202Eevil\u202C done`);
    expect(old.link).toBe(`${ORIGIN}/hostile-old-row`);
    expect(old.creator).toBe("old.row");
    expect(old.categories).toEqual(["Coding"]);
    expect(old.content).toBe("Lineone ]]> 🚀 <b>bold</b> \u200Fمرحبا"); // the description
    const body = (old as { "content:encoded"?: string })["content:encoded"];
    expect(body).toContain("Body ]]&gt; and again ]]&gt; 🚀 \u200Fمرحبا\u200E");
    expect(body).toContain(`<a href="${ORIGIN}/posts?cat=Coding&amp;x=1"`);
    expect(body).not.toMatch(/<script/i);
    const saved = feed.items[1]!;
    expect(saved.link).toBe(`${ORIGIN}/${slug}`);
    expect(saved.creator).toBe(account.username);
    expect(saved.title).toBe(stored!.title);

    // the enclosure: the 1200×630 JPEG, with the type and length /media answers for its URL
    for (const item of [old, saved]) {
      const enclosure = item.enclosure!;
      expect(enclosure.url).toBe(`${ORIGIN}/media/seed/feed-cover.png?tr=w-1200,h-630,f-jpg`);
      expect(enclosure.type).toBe("image/jpeg");
      const url = new URL(enclosure.url);
      for (const method of ["HEAD", "GET"]) {
        const served = await t.request(`${url.pathname}${url.search}`, { method });
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe(enclosure.type);
        expect(served.headers.get("content-length")).toBe(String(enclosure.length));
        if (method === "GET") {
          const bytes = Buffer.from(await served.arrayBuffer());
          expect(bytes.length).toBe(Number(enclosure.length));
          expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
        }
      }
    }
  });

  it("answers 304 to a reader that already has this version", async () => {
    const first = await t.request("/rss.xml");
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await t.request("/rss.xml", { headers: { "If-None-Match": tag! } });
    expect(again.status).toBe(304);
  });

  it("says when it last changed: the newest post's date, in HTTP's format", async () => {
    const res = await t.request("/rss.xml");
    const lastModified = res.headers.get("last-modified");
    expect(lastModified).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const [newest] = await t.db
      .select({ createdAt: posts.createdAt })
      .from(posts)
      .orderBy(desc(posts.createdAt))
      .limit(1);
    expect(lastModified).toBe(newest!.createdAt.toUTCString());
    expect(await res.text()).toContain(`<lastBuildDate>${lastModified}</lastBuildDate>`);
    // "not modified since" alone is not trusted: a deleted post changes the feed, not its newest date
    const since = await t.request("/rss.xml", { headers: { "If-Modified-Since": lastModified! } });
    expect(since.status).toBe(200);
  });
});

describe("coverEnclosure", () => {
  const probe = (p: string) => t.app.request(p);

  it("falls back to the original file, with its own type and size, when no derivative can be made", async () => {
    const enclosure = await coverEnclosure("/media/seed/feed-broken.png", ORIGIN, probe);
    expect(enclosure).toEqual({
      url: `${ORIGIN}/media/seed/feed-broken.png`,
      type: "image/png",
      length: BROKEN_PNG.length,
    });
    expect((await t.request("/media/seed/feed-broken.png?tr=w-1200,h-630,f-jpg")).status).toBe(422);
    const served = await t.request("/media/seed/feed-broken.png");
    expect(served.headers.get("content-length")).toBe(String(BROKEN_PNG.length));
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("has none for a missing file or an outside picture (whose length is unknown)", async () => {
    expect(await coverEnclosure("/media/seed/missing.png", ORIGIN, probe)).toBeNull();
    expect(await coverEnclosure("https://images.example.com/a.jpg", ORIGIN, probe)).toBeNull();
  });
});

describe("/sitemap.xml", () => {
  it("lists the public pages, the course categories, each course's page and every post, valid against the sitemaps.org schema", async () => {
    const [writer] = await t.db.insert(user).values(makeUser()).returning();
    await t.db.insert(categories).values({ name: "Video & Film" });
    await t.db.insert(posts).values(makePost(writer!.id, { slug: "sitemap-post" }));
    const [course] = await t.db.insert(courses).values(makeCourse()).returning();
    const res = await t.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    const doc = xml2js(xml) as Element;
    const locs = all(doc, "loc").map((l) => textOf(l));
    for (const page of SITEMAP_PAGES) expect(locs).toContain(`${ORIGIN}${page}`);
    expect(locs).toContain(`${ORIGIN}/courses?category=Video%20%26%20Film`);
    expect(locs).toContain(`${ORIGIN}/sitemap-post`);
    expect(locs).toContain(`${ORIGIN}/courses/${course!.id}`);
    const entry = all(doc, "url").find((u) => textOf(all(u, "loc")[0]) === `${ORIGIN}/sitemap-post`)!;
    expect(new Date(textOf(all(entry, "lastmod")[0])).getTime()).not.toBeNaN();
    // with the hostile posts of the RSS tests among them
    expect(locs).toContain(`${ORIGIN}/hostile-old-row`);
    const lint = await xmllint(xml, ["--schema", SITEMAP_XSD]);
    expect(lint.output.trim()).toBe("- validates");
    expect(lint.ok).toBe(true);
  });

  it("xmllint with the schema does refuse a broken sitemap (the check can fail)", async () => {
    const broken = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>soon</lastmod></url></urlset>`;
    expect((await xmllint(broken, ["--schema", SITEMAP_XSD])).ok).toBe(false);
    expect((await xmllint(`<rss><title>a\u0002</title></rss>`)).ok).toBe(false);
  });
});

describe("absolutize", () => {
  it("makes site paths absolute (href, src, poster, srcset) and leaves other URLs alone", () => {
    expect(
      absolutize(
        `<a href="/x">a</a><img src="/m.png" srcset="/m.png?tr=w-400 400w, /m.png?tr=w-800 800w"><a href="//evil.test/">b</a><a href="https://o.test/">c</a><video poster="/p.jpg"></video>`,
        ORIGIN,
      ),
    ).toBe(
      `<a href="${ORIGIN}/x">a</a><img src="${ORIGIN}/m.png" srcset="${ORIGIN}/m.png?tr=w-400 400w, ${ORIGIN}/m.png?tr=w-800 800w"><a href="//evil.test/">b</a><a href="https://o.test/">c</a><video poster="${ORIGIN}/p.jpg"></video>`,
    );
  });
});

describe("xmlText", () => {
  it("drops what XML forbids and escapes markup, keeping emoji and direction marks", () => {
    expect(xmlText(`a\u0002<b>&"'\uFFFF 🚀\u200F`)).toBe(`a&lt;b&gt;&amp;&quot;&apos; 🚀\u200F`);
  });
});

describe("/robots.txt", () => {
  it("is plain text naming the sitemap, and keeps crawlers out of private pages but not out of posts", async () => {
    const res = await t.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines).toContain("Disallow: /admin/");
    expect(lines).toContain("Disallow: /account$");
    // RFC 9309 matching: "$" ends the path, anything else is a prefix
    const rules = lines.filter((l) => l.startsWith("Disallow: ")).map((l) => l.slice("Disallow: ".length));
    const blocked = (p: string) =>
      rules.some((rule) => (rule.endsWith("$") ? p === rule.slice(0, -1) : p.startsWith(rule)));
    for (const p of [
      "/admin",
      "/admin/users",
      "/account",
      "/saved",
      "/write",
      "/coupons/view/x",
      "/backend/api/courses",
    ])
      expect(blocked(p), p).toBe(true);
    for (const p of [
      ...SITEMAP_PAGES,
      "/account-security-tips",
      "/admin-tools-for-designers",
      "/media/seed/slide-1.svg",
    ])
      expect(blocked(p), p).toBe(false);
  });
});
