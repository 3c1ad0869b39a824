// The public API calls whose anonymous answers the page cache keeps, with the content they show
// (decision 044). Anything not listed here is never cached: payment checks, coupons, the signed-in
// user's calls, and GET /posts/{slug}, which counts a visit.
import { RESOURCES } from "../../../contract/admin/resources.ts";
import type { CacheFamily } from "./page-cache.ts";

/** Each declared resource's public list (GET /api/{key}: the hero, the FAQs, the talents...) and its scope. */
const RESOURCE_LISTS = new Map<string, string>(RESOURCES.map((spec) => [`/backend/api/${spec.key}`, spec.scope]));
const COURSES = /^\/backend\/api\/courses(\/[^/]+(\/outline)?)?$/;
const COMMENTS = /^\/backend\/comments\/[^/]+$/;

export function apiFamilyOf(path: string): CacheFamily | null {
  if (path === "/backend/posts") return { scopes: ["posts", "categories"] };
  if (COURSES.test(path)) return { scopes: ["courses"] };
  const scope = RESOURCE_LISTS.get(path);
  if (scope) return { scopes: [scope] };
  // the blog's categories menu
  if (path === "/backend/posts/categories") return { scopes: ["categories"] };
  // a post's comments: comments move "posts" too (the lists' counts)
  if (COMMENTS.test(path)) return { scopes: ["posts"] };
  return null;
}
