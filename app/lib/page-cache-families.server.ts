// Which pages the rendered-page cache keeps for anonymous visitors, and which content each shows
// (decision 044): the page is made again after a write to any of its scopes (server/db/content-version.ts
// ContentScope), and never served older than PAGE_CACHE_MAX_AGE_SECONDS. A page not listed is made for
// every request: the payment check, the newsletter and password links (their answer depends on a token's
// state, which is no content), and every page of a signed-in user.
import { postScope } from "../../server/db/content-version.ts";
import type { CacheFamily } from "../../server/http/page-cache/page-cache.ts";
import { PAGES } from "../pages.ts";

/** The pages and the scopes they show (their layout shows none: the header and footer are fixed). */
const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  // the slides, the courses, the blog teasers, the instructors' calls and the FAQs
  "/": ["home", "courses"],
  "/about": ["about"],
  "/courses": ["courses", "categories"],
  "/showcase": ["events"],
  "/blog": ["posts", "categories"],
  "/posts": ["posts", "categories"],
  "/contact": [],
  "/login": [],
  "/register": [],
  "/forgot-password": [],
};

/** The one-segment addresses of pages: any other one-segment address is a post's. */
const STATIC_SEGMENTS = new Set(
  PAGES.flatMap((p) => [p.path, ...(p.children ?? []).map((c) => c.path)]).filter(Boolean),
);

/** The family of a page's address, or of its data (React Router's `/courses.data`, `/_root.data` for /). */
export function pageFamilyOf(path: string): CacheFamily | null {
  const page = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  const scopes = FAMILIES[page];
  if (scopes) return { scopes, page: true };
  // a course's page: the course and its outline (chapters and lessons are written in the "courses" scope)
  if (/^\/courses\/[0-9a-f]{24}$/.test(page)) return { scopes: ["courses"], page: true };
  const post = /^\/([^/.]+)$/.exec(page)?.[1];
  if (!post || STATIC_SEGMENTS.has(post)) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(post);
  } catch {
    return null;
  }
  // the post, its comments, and the categories in the blog's menu
  return { scopes: [postScope(slug), "categories"], visitsPost: slug, page: true };
}
