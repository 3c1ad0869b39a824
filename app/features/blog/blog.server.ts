// The blog pages' reading of their address (spec public-area §2 "Post list (/posts, query parameters
// search, sort, cat, author)"). The API answers a bad parameter with 422; a page address typed by hand
// should still show the list, so a bad field falls back to its default and the rest is kept.
import { FEATURED_POSTS, POSTS_PAGE_SIZE, PostsQuerySchema, type PostsQuery } from "../../../contract/blog/blog.ts";
import type { PostListParams } from "./post-list-params.ts";

/** What the list page reads from its address (its page size is fixed, and it shows every post). */
const PAGE_FIELDS = ["page", "search", "sort", "cat", "author"] as const;

/** The list query of a page address: bad `page` or `sort` (say) fall back to 1 and newest-first. */
export function readPostsQuery(searchParams: URLSearchParams): PostsQuery {
  const raw: Record<string, string> = {};
  for (const field of PAGE_FIELDS) {
    const value = searchParams.get(field); // a repeated parameter: the first, as the API reads it
    if (value !== null) raw[field] = value;
  }
  let parsed = PostsQuerySchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    parsed = PostsQuerySchema.safeParse(raw);
  }
  // every field of the schema has a default or may be absent, so an empty input always parses
  const query = parsed.success ? parsed.data : PostsQuerySchema.parse({});
  return { ...query, limit: POSTS_PAGE_SIZE, featured: undefined };
}

/** spec §2 "a featured posts block (up to 4, newest first)" (§9 "Featured posts: 4, newest first"). */
export function featuredPostsQuery(): PostsQuery {
  return PostsQuerySchema.parse({ featured: "true", limit: FEATURED_POSTS, sort: "newest" });
}

/** The newest `limit` posts (the blog page's Recent Posts). */
export function recentPostsQuery(limit: number): PostsQuery {
  return PostsQuerySchema.parse({ limit, sort: "newest" });
}

/** The filters a page keeps in its links and forms. */
export function listParamsOf(query: PostsQuery): PostListParams {
  const params: PostListParams = {};
  if (query.search) params.search = query.search;
  if (query.sort) params.sort = query.sort;
  if (query.cat) params.cat = query.cat;
  if (query.author) params.author = query.author;
  return params;
}
