// /rss.xml (the newest posts as RSS 2.0) and /sitemap.xml (the public pages, the course catalogue by
// category, and every post), for feed readers and search engines (issue 8). Both are built from the
// database on each request and carry an ETag, so a reader polling the feed gets a 304 until something
// changes.
//
// Both are written here by hand rather than by a library (issue 15, decision 028): every text goes
// through xmlText, which drops the characters XML 1.0 forbids (rows saved before the posts' write path
// removed them may hold them) and escapes the rest, so no post can make the document unreadable; the
// `feed` package wrapped texts in CDATA and split only the first "]]>" of a text.
import { createHash } from "node:crypto";
import { Hono, type Context } from "hono";
import { socialImage } from "../../contract/lib/media-urls.ts";
import type { PostDetail } from "../../contract/blog/blog.ts";
import { stripXmlForbidden } from "../lib/text.ts";
import type { Deps, Services } from "../services.ts";
import type { AppEnv } from "./middleware.ts";

/** Spec: none; issue 8: "newest 20 posts". */
export const RSS_ITEMS = 20;
/** The pages of the public area that are always there (spec public-area §2 "Public routes"). */
export const SITEMAP_PAGES = ["/", "/about", "/courses", "/blog", "/posts", "/showcase", "/contact"] as const;
/**
 * Paths no crawler needs: the back office, the account's pages, the API, writing and one-time links.
 * Posts live at /{slug}, so a page is named exactly (RFC 9309's "$") and a folder by its slash: a
 * plain "/account" would also hide a post called "account-security-tips".
 */
export const ROBOTS_DISALLOW = [
  "/admin$",
  "/admin/",
  "/tickets$",
  "/pmtalsLink/",
  "/add-course$",
  "/edit-course/",
  "/coupons$",
  "/coupons/",
  "/coupon-table$",
  "/account$",
  "/saved$",
  "/write$",
  "/login$",
  "/register$",
  "/forgot-password$",
  "/reset-password$",
  "/logout$",
  "/verify-payment$",
  "/unsubscribe$",
  "/newsletter/",
  "/backend/",
] as const;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text as XML character data or an attribute value: forbidden characters dropped, markup escaped. */
export function xmlText(text: string): string {
  return stripXmlForbidden(text).replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
}

/** `<name>text</name>`, the text escaped. */
const el = (name: string, text: string) => `<${name}>${xmlText(text)}</${name}>`;

/**
 * Site-relative addresses in a post body made absolute, as feed readers need them: href, src and poster
 * attributes, and each candidate of a srcset.
 */
export function absolutize(html: string, origin: string): string {
  const abs = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? `${origin}${url}` : url);
  return html
    .replace(/\b(href|src|poster)="(\/[^"]*)"/g, (_, attr: string, url: string) => `${attr}="${abs(url)}"`)
    .replace(
      /\bsrcset="([^"]*)"/g,
      (_, list: string) =>
        `srcset="${list
          .split(",")
          .map((candidate) => candidate.replace(/^(\s*)(\S+)/, (_m, space: string, url: string) => space + abs(url)))
          .join(",")}"`,
    );
}

export interface Enclosure {
  url: string;
  type: string;
  length: number;
}

/**
 * What /media answers for a path (`/media/…?tr=…`), asked in-process: the feed declares an enclosure's
 * type and length as they are served, never guessed from the name.
 */
export type MediaProbe = (path: string) => Response | Promise<Response>;

/** The Content-Type and Content-Length `probe` gets for `path`, or null when it is not a served picture. */
async function servedAs(probe: MediaProbe, path: string): Promise<{ type: string; length: number } | null> {
  let res: Response;
  try {
    res = await probe(path);
  } catch {
    return null;
  }
  // only the headers are wanted: let go of the file now rather than when the stream is collected
  await res.body?.cancel().catch(() => undefined);
  const type = res.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
  const length = Number(res.headers.get("content-length"));
  if (res.status !== 200 || !type.startsWith("image/") || !Number.isSafeInteger(length) || length <= 0) return null;
  return { type, length };
}

/**
 * A post cover as an RSS enclosure (decision 028): the same 1200×630 JPEG as the link previews
 * (app/lib/meta.ts SOCIAL_IMAGE), with the length /media serves it at; if /media cannot make that now
 * (busy, an undecodable file), the original file with its own type and size. Outside pictures have no
 * enclosure: their length is not known without fetching them.
 */
export async function coverEnclosure(img: string, origin: string, probe: MediaProbe): Promise<Enclosure | null> {
  const image = socialImage(img, "", origin);
  if (!image?.type) return null;
  const url = new URL(image.url);
  const derivative = await servedAs(probe, `${url.pathname}${url.search}`);
  if (derivative) return { url: image.url, ...derivative };
  const original = await servedAs(probe, img);
  return original ? { url: `${origin}${img}`, ...original } : null;
}

/**
 * A feed's answer with its ETag and, when given, Last-Modified (the newest item's date). A reader that
 * already has this version gets 304 by the ETag only: a deleted post changes the feed without making
 * its newest date any newer, so "not modified since" would be wrong then.
 */
function xmlResponse(c: Context, body: string, type: string, lastModified?: Date): Response {
  const tag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const headers: Record<string, string> = {
    ETag: tag,
    "Cache-Control": "public, max-age=300",
    "Content-Type": `${type}; charset=utf-8`,
    ...(lastModified && Number.isFinite(lastModified.getTime()) ? { "Last-Modified": lastModified.toUTCString() } : {}),
  };
  if (
    c.req
      .header("if-none-match")
      ?.split(",")
      .some((t) => t.trim().replace(/^W\//, "") === tag)
  ) {
    return c.body(null, 304, headers);
  }
  return c.body(body, 200, headers);
}

/** An address for a URL path segment; a lone surrogate (never stored, but never a crash either) becomes U+FFFD. */
const segment = (s: string) => encodeURIComponent(s.toWellFormed());

function rssItem(post: PostDetail, origin: string, enclosure: Enclosure | null): string {
  const link = `${origin}/${segment(post.slug)}`;
  const parts = [
    el("title", post.title),
    el("link", link),
    `<guid isPermaLink="true">${xmlText(link)}</guid>`,
    el("pubDate", new Date(post.createdAt).toUTCString()),
    // the author's username: RSS's <author> must be an e-mail address, which is not published
    el("dc:creator", post.user.username),
    ...post.category.map((name) => el("category", name)),
    ...(post.desc ? [el("description", post.desc)] : []),
    el("content:encoded", absolutize(post.content, origin)),
    ...(enclosure
      ? [`<enclosure url="${xmlText(enclosure.url)}" length="${enclosure.length}" type="${xmlText(enclosure.type)}"/>`]
      : []),
  ];
  return `<item>\n${parts.map((p) => `  ${p}`).join("\n")}\n</item>`;
}

export function createFeedRoutes(
  services: Pick<Services, "blog" | "catalog">,
  deps: Pick<Deps, "env">,
  probe: MediaProbe,
) {
  const app = new Hono<AppEnv>();
  const origin = deps.env.PUBLIC_URL.replace(/\/$/, "");
  const siteName = deps.env.SITE_NAME;

  app.get("/rss.xml", async (c) => {
    const posts = await services.blog.latestWithContent(RSS_ITEMS);
    // One at a time: on a cold cache each makes a derivative, and /media makes few at once.
    const enclosures: Array<Enclosure | null> = [];
    for (const post of posts) enclosures.push(post.img ? await coverEnclosure(post.img, origin, probe) : null);
    const channel = [
      el("title", `${siteName} Blog`),
      el("link", `${origin}/blog`),
      el("description", `Tech skills for Africa's brightest minds: posts from the ${siteName} blog.`),
      el("language", "en"),
      el("copyright", `© ${new Date().getFullYear()} ${siteName}`),
      ...(posts[0] ? [el("lastBuildDate", new Date(posts[0].createdAt).toUTCString())] : []),
      el("generator", siteName),
      el("docs", "https://www.rssboard.org/rss-specification"),
      `<atom:link href="${xmlText(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
      ...posts.map((post, i) => rssItem(post, origin, enclosures[i]!)),
    ];
    const body =
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">\n` +
      `<channel>\n${channel.join("\n")}\n</channel>\n</rss>\n`;
    return xmlResponse(c, body, "application/rss+xml", posts[0] ? new Date(posts[0].createdAt) : undefined);
  });

  app.get("/sitemap.xml", async (c) => {
    const [posts, categories, courses] = await Promise.all([
      services.blog.sitemapEntries(),
      services.catalog.listCategories(),
      services.catalog.listCourses(),
    ]);
    const url = (loc: string, lastmod?: Date) =>
      `<url>${el("loc", loc)}${lastmod ? el("lastmod", lastmod.toISOString()) : ""}</url>`;
    const urls = [
      ...SITEMAP_PAGES.map((p) => url(`${origin}${p}`)),
      ...categories.map((cat) => url(`${origin}/courses?category=${segment(cat.name)}`)),
      // each course's own page (issue 31)
      ...courses.map((course) => url(`${origin}/courses/${segment(course._id)}`)),
      ...posts.map((p) => url(`${origin}/${segment(p.slug)}`, p.updatedAt)),
    ];
    const body =
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return xmlResponse(c, body, "application/xml");
  });

  // What crawlers may read, and where the sitemap is (issue 29: it was the HTML 404 page). The private
  // pages are noindex already; naming them here saves crawlers the requests.
  app.get("/robots.txt", (c) => {
    const body = [
      "User-agent: *",
      ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n");
    return c.body(body, 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" });
  });

  return app;
}
