// /rss.xml (the newest posts, with the `feed` package) and /sitemap.xml (the public pages, the course
// catalogue by category, and every post), for feed readers and search engines (issue 8). Both are
// built from the database on each request and carry an ETag, so a reader polling the feed gets a 304
// until something changes.
import { createHash } from "node:crypto";
import { Hono, type Context } from "hono";
import { Feed } from "feed";
import type { Deps, Services } from "../services.ts";
import type { AppEnv } from "./middleware.ts";

/** Spec: none; issue 8: "newest 20 posts". */
export const RSS_ITEMS = 20;
/** The pages of the public area that are always there (spec public-area §2 "Public routes"). */
export const SITEMAP_PAGES = ["/", "/about", "/courses", "/blog", "/posts", "/showcase", "/contact"] as const;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (s: string) => s.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);

/** Site-relative links and images of a post body made absolute, as feed readers need them. */
export function absolutize(html: string, origin: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${origin}/`);
}

/** An absolute URL of a site path ("/media/x.png") or the URL itself when it already is one. */
function absolute(url: string, origin: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** The cover as an RSS enclosure: our own images as a 1200-wide WebP (the /media transform), others as they are. */
function coverEnclosure(img: string, origin: string) {
  if (img.startsWith("/media/") && !img.includes("?")) {
    return { url: `${origin}${img}?tr=w-1200`, type: "image/webp", length: 0 };
  }
  return { url: absolute(img, origin), length: 0 };
}

function xmlResponse(c: Context, body: string, type: string): Response {
  const tag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const headers = { ETag: tag, "Cache-Control": "public, max-age=300", "Content-Type": `${type}; charset=utf-8` };
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

export function createFeedRoutes(services: Pick<Services, "blog" | "catalog">, deps: Pick<Deps, "env">) {
  const app = new Hono<AppEnv>();
  const origin = deps.env.PUBLIC_URL.replace(/\/$/, "");
  const siteName = deps.env.SITE_NAME;

  app.get("/rss.xml", async (c) => {
    const posts = await services.blog.latestWithContent(RSS_ITEMS);
    const feed = new Feed({
      title: `${siteName} Blog`,
      description: `Tech skills for Africa's brightest minds: posts from the ${siteName} blog.`,
      id: `${origin}/blog`,
      link: `${origin}/blog`,
      language: "en",
      copyright: `© ${new Date().getFullYear()} ${siteName}`,
      updated: posts[0] ? new Date(posts[0].createdAt) : undefined,
      generator: siteName,
      feedLinks: { rss: `${origin}/rss.xml` },
    });
    for (const post of posts) {
      const link = `${origin}/${encodeURIComponent(post.slug)}`;
      feed.addItem({
        title: post.title,
        id: link,
        link,
        date: new Date(post.createdAt),
        description: post.desc,
        content: absolutize(post.content, origin),
        author: [{ name: post.user.username }],
        category: post.category.map((name) => ({ name })),
        ...(post.img ? { image: coverEnclosure(post.img, origin) } : {}),
      });
    }
    return xmlResponse(c, feed.rss2(), "application/rss+xml");
  });

  app.get("/sitemap.xml", async (c) => {
    const [posts, categories] = await Promise.all([services.blog.sitemapEntries(), services.catalog.listCategories()]);
    const url = (loc: string, lastmod?: Date) =>
      `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
    const urls = [
      ...SITEMAP_PAGES.map((p) => url(`${origin}${p}`)),
      ...categories.map((cat) => url(`${origin}/courses?category=${encodeURIComponent(cat.name)}`)),
      ...posts.map((p) => url(`${origin}/${encodeURIComponent(p.slug)}`, p.updatedAt)),
    ];
    const body =
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return xmlResponse(c, body, "application/xml");
  });

  return app;
}
