// Link previews (issue 15 "Feeds, cards"): every public page carries a canonical address, Open Graph
// and Twitter card tags with absolute addresses, in the HTML as a link-preview client fetches it (no
// JavaScript), and the picture it names is served as declared: type, width and height.
import type { APIRequestContext } from "@playwright/test";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import sharp from "sharp";
import type { PostDetail, PostList, PostListItem } from "../../contract/blog/blog.ts";
import { absoluteMediaUrl, SOCIAL_IMAGE } from "../../contract/lib/media-urls.ts";
import { expect, test } from "./support/fixtures.ts";

type Element = DefaultTreeAdapterMap["element"];

/** The <head> of a page as served: its title, and its meta and link tags as attribute maps. */
async function headOf(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), `GET ${path}`).toBe(200);
  const doc = parse(await res.text());
  const html = doc.childNodes.find((n): n is Element => n.nodeName === "html")!;
  const head = html.childNodes.find((n): n is Element => n.nodeName === "head")!;
  const tags = head.childNodes
    .filter((n): n is Element => "tagName" in n)
    .map((n) => ({ tag: n.tagName, attrs: Object.fromEntries(n.attrs.map((a) => [a.name, a.value])) }));
  /** every content of `<meta property|name=key>` */
  const meta = (key: string) =>
    tags
      .filter((t) => t.tag === "meta" && (t.attrs.property === key || t.attrs.name === key))
      .map((t) => t.attrs.content);
  const canonical = tags.filter((t) => t.tag === "link" && t.attrs.rel === "canonical").map((t) => t.attrs.href);
  return { meta, canonical };
}

async function backend<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/backend/${path}`);
  expect(res.ok(), `GET /backend/${path}`).toBe(true);
  return (await res.json()) as T;
}

async function seededPosts(request: APIRequestContext): Promise<PostListItem[]> {
  return (await backend<PostList>(request, "posts?limit=50&page=1")).posts;
}

/**
 * The page's card: one canonical address and one og:url, both `canonical`; title, description, type and
 * site name; the picture absolute, declared as a 1200×630 JPEG with an alt, and served exactly so; the
 * large Twitter card naming the same picture.
 */
async function expectLargeCard(request: APIRequestContext, path: string, canonical: string, type = "website") {
  const { meta, canonical: links } = await headOf(request, path);
  expect(links, `${path}: one canonical link`).toEqual([canonical]);
  expect(meta("og:url")).toEqual([canonical]);
  expect(meta("og:type")).toEqual([type]);
  for (const key of ["og:title", "og:description", "og:site_name", "twitter:title", "twitter:description"]) {
    expect(meta(key), `${path}: ${key}`).toHaveLength(1);
    expect(meta(key)[0], `${path}: ${key}`).not.toBe("");
  }
  const [image] = meta("og:image");
  expect(meta("og:image"), `${path}: one og:image`).toHaveLength(1);
  expect(image).toMatch(new RegExp(`^${new URL(canonical).origin}/media/\\S+\\?tr=w-1200,h-630,f-jpg`));
  expect(meta("og:image:type")).toEqual(["image/jpeg"]);
  expect(meta("og:image:width")).toEqual(["1200"]);
  expect(meta("og:image:height")).toEqual(["630"]);
  expect(meta("og:image:alt")[0], `${path}: og:image:alt`).toBeTruthy();
  expect(meta("twitter:card")).toEqual(["summary_large_image"]);
  expect(meta("twitter:image")).toEqual([image]);
  expect(meta("twitter:image:alt")).toEqual(meta("og:image:alt"));

  // what a link-preview client gets for the picture: the type and size declared
  const res = await request.get(image!);
  expect(res.status(), `GET ${image}`).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/jpeg");
  const bytes = await res.body();
  expect(res.headers()["content-length"]).toBe(String(bytes.length));
  expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
}

test.describe("link previews", { tag: "@desktop" }, () => {
  test("home, blog, posts, courses, showcase and about: canonical, Open Graph and the large card with a served JPEG", async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    await expectLargeCard(request, "/", `${origin}/`);
    await expectLargeCard(request, "/blog", `${origin}/blog`);
    await expectLargeCard(request, "/posts", `${origin}/posts`);
    await expectLargeCard(request, "/courses", `${origin}/courses`);
    await expectLargeCard(request, "/showcase", `${origin}/showcase`);
    await expectLargeCard(request, "/about", `${origin}/about`);
  });

  test("contact: canonical, Open Graph and the small card (the page has no picture)", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const { meta, canonical } = await headOf(request, "/contact?utm_source=x");
    expect(canonical).toEqual([`${origin}/contact`]);
    expect(meta("og:url")).toEqual(canonical);
    expect(meta("og:type")).toEqual(["website"]);
    expect(meta("og:title")[0]).toMatch(/^Contact us \| /);
    expect(meta("og:description")[0]).toContain("course questions");
    expect(meta("twitter:card")).toEqual(["summary"]);
  });

  test("the canonical address leaves out paging, order, searches and tracking, and keeps a category or author", async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const posts = await seededPosts(request);
    const cat = posts.flatMap((p) => p.category)[0]!;
    const author = posts[0]!.user.username;
    const courseCategory = (await backend<Array<{ name: string }>>(request, "api/categories"))[0]!.name;
    const canonicalOf = async (path: string) => (await headOf(request, path)).canonical;

    expect(await canonicalOf("/?all=1&utm_source=whatsapp")).toEqual([`${origin}/`]);
    expect(await canonicalOf("/posts?page=2&sort=oldest&search=design&fbclid=x")).toEqual([`${origin}/posts`]);
    expect(await canonicalOf("/posts?cat=general")).toEqual([`${origin}/posts`]);
    expect(await canonicalOf(`/posts?page=2&cat=${encodeURIComponent(cat)}&author=${author}`)).toEqual([
      `${origin}/posts?${new URLSearchParams({ cat, author })}`,
    ]);
    await expectLargeCard(
      request,
      `/courses?category=${encodeURIComponent(courseCategory)}&utm_campaign=x`,
      `${origin}/courses?${new URLSearchParams({ category: courseCategory })}`,
    );
    expect(await canonicalOf("/courses?category=No+such+category")).toEqual([`${origin}/courses`]);
  });

  test("a post with a cover: the article card, its cover as a 1200×630 JPEG", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const withCover = (await seededPosts(request)).find((p) => p.img.startsWith("/media/"));
    expect(withCover, "a seeded post with a cover under /media").toBeDefined();
    const post = await backend<PostDetail>(request, `posts/${withCover!.slug}`);
    await expectLargeCard(request, `/${post.slug}?utm_source=x`, `${origin}/${post.slug}`, "article");
    const { meta } = await headOf(request, `/${post.slug}`);
    expect(meta("og:title")).toEqual([post.title]);
    expect(meta("og:description")).toEqual([post.desc]);
    expect(meta("og:image")).toEqual([absoluteMediaUrl(post.img, SOCIAL_IMAGE.tr, origin)]);
    expect(meta("og:image:alt")).toEqual([`Cover image of “${post.title}”`]);
    expect(meta("article:published_time")).toEqual([post.createdAt]);
  });

  test("a post without a cover: the small card and no picture", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const withoutCover = (await seededPosts(request)).find((p) => !p.img);
    expect(withoutCover, "a seeded post without a cover").toBeDefined();
    const { meta, canonical } = await headOf(request, `/${withoutCover!.slug}`);
    expect(canonical).toEqual([`${origin}/${withoutCover!.slug}`]);
    expect(meta("og:url")).toEqual(canonical);
    expect(meta("og:type")).toEqual(["article"]);
    expect(meta("og:title")).toEqual([withoutCover!.title]);
    expect(meta("twitter:card")).toEqual(["summary"]);
    for (const key of ["og:image", "og:image:type", "og:image:width", "og:image:height", "twitter:image"]) {
      expect(meta(key), key).toEqual([]);
    }
  });
});
