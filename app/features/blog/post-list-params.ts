// The address of the post list (spec public-area §2 "Post list (/posts, query parameters search, sort,
// cat, author)"): links and forms that change one parameter keep the others, and the browser asks the
// API for the next page with the same ones. Pure and zod-free (it runs in the browser).
import type { PostSort } from "../../../contract/blog/blog.ts";

/** The list's filters as the page read them (absent: not set). */
export interface PostListParams {
  search?: string;
  sort?: PostSort;
  cat?: string;
  author?: string;
}

export type PostListParam = keyof PostListParams;

/** In the order they appear in an address. */
export const LIST_PARAMS: readonly PostListParam[] = ["search", "sort", "cat", "author"];

/** The set parameters as name/value pairs, in address order, leaving out `except`. */
export function listEntries(params: PostListParams, except: readonly PostListParam[] = []): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const name of LIST_PARAMS) {
    const value = params[name];
    if (value !== undefined && value !== "" && !except.includes(name)) entries.push([name, value]);
  }
  return entries;
}

/**
 * The hidden inputs of a GET form that sets one parameter (`own`): the others ride along, so that
 * pressing Enter in the search box keeps the sort and category (spec §2 "Search box ... keeping the
 * other parameters"). The page number is left out: a new filter starts at page 1.
 */
export function hiddenInputs(params: PostListParams, own: PostListParam): Array<{ name: string; value: string }> {
  return listEntries(params, [own]).map(([name, value]) => ({ name, value }));
}

/** /posts with the current parameters, some changed (undefined removes one), and an optional page (> 1). */
export function postsHref(
  params: PostListParams,
  changes: Partial<Record<PostListParam, string | undefined>> = {},
  page = 1,
): string {
  const merged: Record<string, string | undefined> = { ...params, ...changes };
  const query = new URLSearchParams(listEntries(merged as PostListParams));
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/posts?${text}` : "/posts";
}

/** The API call for one page of the list with these parameters (spec §7 "GET /posts ... limit=10"). */
export function postsApiUrl(params: PostListParams, page: number, limit: number): string {
  const query = new URLSearchParams(listEntries(params));
  query.set("page", String(page));
  query.set("limit", String(limit));
  return `/backend/posts?${query.toString()}`;
}
