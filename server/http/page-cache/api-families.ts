// The public API calls whose anonymous answers the page cache keeps, with the content they show
// (decision 044). Anything not listed here is never cached: payment checks, coupons, the signed-in
// user's calls, and GET /posts/{slug}, which counts a visit.
import type { CacheFamily } from "./page-cache.ts";

const HOME = /^\/backend\/api\/(carousel|blogTeasers|instructorCTAs|faqs)$/;
const ABOUT = /^\/backend\/api\/(hero|experts)$/;
const EVENTS = /^\/backend\/api\/(events|talents)$/;
const COURSES = /^\/backend\/api\/courses(\/[^/]+)?$/;
const CATEGORIES = /^\/backend\/(api\/categories|posts\/categories)$/;
const COMMENTS = /^\/backend\/comments\/[^/]+$/;

export function apiFamilyOf(path: string): CacheFamily | null {
  if (path === "/backend/posts") return { scopes: ["posts", "categories"] };
  if (COURSES.test(path)) return { scopes: ["courses"] };
  if (HOME.test(path)) return { scopes: ["home"] };
  if (ABOUT.test(path)) return { scopes: ["about"] };
  if (EVENTS.test(path)) return { scopes: ["events"] };
  if (CATEGORIES.test(path)) return { scopes: ["categories"] };
  // a post's comments: comments move "posts" too (the lists' counts)
  if (COMMENTS.test(path)) return { scopes: ["posts"] };
  return null;
}
