// The blog's texts and constants (spec public-area §2, §8, §9) without zod, so that the blog pages'
// browser code can read them without bringing zod (about 27 KB gzipped) along; contract/blog/blog.ts
// re-exports them next to the schemas (as contract/showcase/tickets.ts does for the ticket modal).

/** Spec §9 "Post page size: 10"; the most one answer carries whatever a client asks for. */
export const POSTS_PAGE_SIZE = 10;
export const POSTS_PAGE_SIZE_MAX = 50;
/** The last page anyone may ask for (keeps the offset small). */
export const POSTS_PAGE_MAX = 1000;
/** Spec §9 "Featured posts: 4, newest first". */
export const FEATURED_POSTS = 4;
/** How far back "Trending" counts visits (issue 8: "most visits in the last 7 days"). */
export const TRENDING_DAYS = 7;
/** The longest search text read; longer is cut (a search box, not a document). */
export const SEARCH_MAX = 200;

export const POST_SORTS = ["newest", "popular", "trending", "oldest"] as const;
export type PostSort = (typeof POST_SORTS)[number];
/** Spec §2 "Sort radio options", in the order shown. */
export const POST_SORT_LABELS: Record<PostSort, string> = {
  newest: "Newest",
  popular: "Most Popular",
  trending: "Trending",
  oldest: "Oldest",
};
export const SORT_OPTIONS: ReadonlyArray<{ value: PostSort; label: string }> = POST_SORTS.map((value) => ({
  value,
  label: POST_SORT_LABELS[value],
}));
/** `cat=general` means every category (spec §2 "an 'All' entry that sets cat to general"). */
export const ALL_CATEGORIES = "general";

export const BLOG_MESSAGES = {
  page: `page must be a whole number from 1 to ${POSTS_PAGE_MAX}`,
  limit: `limit must be a whole number from 1 to ${POSTS_PAGE_SIZE_MAX}`,
  sort: `sort must be one of ${POST_SORTS.join(", ")}`,
  featured: "featured must be true or false",
  postNotFound: "Post not found!",
  // page texts of spec §8
  loading: "Loading...",
  loadingMore: "Loading more posts...",
  allLoaded: "All posts loaded!",
  somethingWrong: "Something went wrong!",
  loadingCategories: "Loading categories...",
  errorCategories: "Error loading categories",
  noCategories: "No categories available",
  errorComments: "Error loading comments!",
} as const;
