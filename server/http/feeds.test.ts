import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xml2js, type Element } from "xml-js";
import { categories, posts, user } from "../db/schema.ts";
import { makePost, makeUser } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { absolutize, RSS_ITEMS, SITEMAP_PAGES } from "./feeds.ts";

let t: TestApp;
const ORIGIN = "https://academy.example.ng";
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
});
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

describe("/rss.xml", () => {
  it("lists the newest 20 posts with absolute links, authors, categories and covers, escaped", async () => {
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
          img: i % 2 ? "/media/seed/cover.svg" : "",
          categories: ["Coding"],
          content: `<p>Body ${i} <a href="/posts?cat=Coding">more</a> <img src="/media/seed/x.svg" alt=""></p><script>alert(1)</script>`,
        }),
      ),
    );
    const res = await t.request("/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    const doc = xml2js(xml) as Element;
    const items = all(doc, "item");
    expect(items).toHaveLength(RSS_ITEMS);
    const first = items[0]!;
    const field = (item: Element, name: string) => textOf(all(item, name)[0]);
    expect(field(first, "title")).toBe(`Tips & <script>alert("x")</script> tricks`);
    expect(field(first, "link")).toBe(`${ORIGIN}/feed-post-${RSS_ITEMS + 2}`);
    expect(field(items[1]!, "title")).toBe(`Feed post ${RSS_ITEMS + 1}`);
    expect(all(items[1]!, "enclosure")[0]?.attributes?.url).toBe(`${ORIGIN}/media/seed/cover.svg?tr=w-1200`);
    expect(field(first, "category")).toBe("Coding");
    // the body: sanitized, and its site links made absolute
    const content = field(first, "content:encoded");
    expect(content).toContain(`href="${ORIGIN}/posts?cat=Coding"`);
    expect(content).toContain(`src="${ORIGIN}/media/seed/x.svg"`);
    expect(content).not.toMatch(/<script/i);
    // the raw title never appears unescaped outside CDATA
    expect(xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "")).not.toContain("<script>");
    expect(textOf(all(doc, "channel")[0]!.elements!.find((e) => e.name === "link"))).toBe(`${ORIGIN}/blog`);
  });

  it("answers 304 to a reader that already has this version", async () => {
    const first = await t.request("/rss.xml");
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await t.request("/rss.xml", { headers: { "If-None-Match": tag! } });
    expect(again.status).toBe(304);
  });
});

describe("/sitemap.xml", () => {
  it("lists the public pages, the course categories and every post with its last change", async () => {
    const [writer] = await t.db.insert(user).values(makeUser()).returning();
    await t.db.insert(categories).values({ name: "Video & Film" });
    await t.db.insert(posts).values(makePost(writer!.id, { slug: "sitemap-post" }));
    const res = await t.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const doc = xml2js(await res.text()) as Element;
    const locs = all(doc, "loc").map((l) => textOf(l));
    for (const page of SITEMAP_PAGES) expect(locs).toContain(`${ORIGIN}${page}`);
    expect(locs).toContain(`${ORIGIN}/courses?category=Video%20%26%20Film`);
    expect(locs).toContain(`${ORIGIN}/sitemap-post`);
    const entry = all(doc, "url").find((u) => textOf(all(u, "loc")[0]) === `${ORIGIN}/sitemap-post`)!;
    expect(new Date(textOf(all(entry, "lastmod")[0])).getTime()).not.toBeNaN();
  });
});

describe("absolutize", () => {
  it("makes site paths absolute and leaves other URLs alone", () => {
    expect(
      absolutize(
        `<a href="/x">a</a><img src="/m.png"><a href="//evil.test/">b</a><a href="https://o.test/">c</a>`,
        ORIGIN,
      ),
    ).toBe(
      `<a href="${ORIGIN}/x">a</a><img src="${ORIGIN}/m.png"><a href="//evil.test/">b</a><a href="https://o.test/">c</a>`,
    );
  });
});
