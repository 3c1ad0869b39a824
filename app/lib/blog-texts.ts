// The blog's page texts and constants for code that runs in the browser. contract/blog.ts holds them
// with the zod schemas, and importing anything from it would bring zod (about 27 KB gzipped) into the
// blog pages' JavaScript (the tickets contract avoids zod for the same reason). So the browser side
// reads this copy, and blog-texts.test.ts fails as soon as the two differ.
import type { PostSort } from "../../contract/blog.ts";

/** spec public-area §8 "Posts" texts (BLOG_MESSAGES of contract/blog.ts). */
export const BLOG_TEXTS = {
  postNotFound: "Post not found!",
  loading: "Loading...",
  loadingMore: "Loading more posts...",
  allLoaded: "All posts loaded!",
  somethingWrong: "Something went wrong!",
  loadingCategories: "Loading categories...",
  errorCategories: "Error loading categories",
  noCategories: "No categories available",
  errorComments: "Error loading comments!",
} as const;

/** spec §2 "Sort radio options", in the order shown (POST_SORT_LABELS). */
export const SORT_OPTIONS: ReadonlyArray<{ value: PostSort; label: string }> = [
  { value: "newest", label: "Newest" },
  { value: "popular", label: "Most Popular" },
  { value: "trending", label: "Trending" },
  { value: "oldest", label: "Oldest" },
];

/** `cat=general` means every category (spec §2 "an 'All' entry that sets cat to general"). */
export const ALL_CATEGORIES = "general";

/** spec §9 "Post page size: 10". */
export const POSTS_PAGE_SIZE = 10;
