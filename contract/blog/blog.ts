// The blog's public contract (spec public-area §3 "Post (list item)", "Post (detail)", "Post list
// response", "Comment"; §7 GET /posts, /posts/categories, /posts/{slug}, /comments/{postId}; §8, §9).
// The API and the pages both use it: the pages read their address with the same query schema.
import { z } from "zod";
import {
  AUTHORING_MESSAGES,
  POST_CATEGORIES_MAX,
  POST_CONTENT_MAX,
  POST_DESC_MAX,
  POST_TITLE_MAX,
} from "./post-authoring-texts.ts";
import {
  ALL_CATEGORIES,
  BLOG_MESSAGES,
  POST_SORTS,
  POSTS_PAGE_MAX,
  POSTS_PAGE_SIZE,
  POSTS_PAGE_SIZE_MAX,
  SEARCH_MAX,
} from "./blog-texts.ts";

export {
  AUTHORING_MESSAGES,
  POST_CATEGORIES_MAX,
  POST_CONTENT_MAX,
  POST_DESC_MAX,
  POST_TITLE_MAX,
} from "./post-authoring-texts.ts";
export {
  ALL_CATEGORIES,
  BLOG_MESSAGES,
  FEATURED_POSTS,
  POST_SORT_LABELS,
  POST_SORTS,
  POSTS_PAGE_MAX,
  POSTS_PAGE_SIZE,
  POSTS_PAGE_SIZE_MAX,
  SEARCH_MAX,
  SORT_OPTIONS,
  TRENDING_DAYS,
  type PostSort,
} from "./blog-texts.ts";

const whole = (message: string, max: number) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

/** One optional text parameter: trimmed, empty means absent, a repeated parameter takes the first. */
const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((s) => {
      const t = (s ?? "").trim().slice(0, max);
      return t === "" ? undefined : t;
    });

/**
 * The query of GET /posts. Not a whole number, out of range, an unknown sort: 422 with the message
 * above. `search` longer than SEARCH_MAX is cut. `cat=general` is the same as no `cat`.
 */
export const PostsQuerySchema = z.object({
  page: whole(BLOG_MESSAGES.page, POSTS_PAGE_MAX).optional().default(1),
  limit: whole(BLOG_MESSAGES.limit, POSTS_PAGE_SIZE_MAX).optional().default(POSTS_PAGE_SIZE),
  search: text(SEARCH_MAX),
  sort: z.enum(POST_SORTS, { error: BLOG_MESSAGES.sort }).optional(),
  cat: text(100).transform((c) => (c && c.toLowerCase() === ALL_CATEGORIES ? undefined : c)),
  author: text(100),
  featured: z
    .enum(["true", "false"], { error: BLOG_MESSAGES.featured })
    .optional()
    .transform((f) => (f === undefined ? undefined : f === "true")),
});
export type PostsQuery = z.output<typeof PostsQuerySchema>;

export const PostAuthorSchema = z.object({ username: z.string(), img: z.string().nullable() });
export type PostAuthor = z.infer<typeof PostAuthorSchema>;

/** Spec §3 "Post (list item)". `category` is the post's list of category names (as on the detail). */
export const PostListItemSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  desc: z.string(),
  img: z.string(),
  category: z.array(z.string()),
  createdAt: z.string(),
  isFeatured: z.boolean(),
  user: PostAuthorSchema,
});
export type PostListItem = z.infer<typeof PostListItemSchema>;

export const PostListSchema = z.object({ posts: z.array(PostListItemSchema), hasMore: z.boolean() });
export type PostList = z.infer<typeof PostListSchema>;

/** Spec §3 "Post (detail)": `content` is sanitized HTML. */
export const PostDetailSchema = PostListItemSchema.extend({ content: z.string() });
export type PostDetail = z.infer<typeof PostDetailSchema>;

/** Spec §3 "Comment". */
export const CommentSchema = z.object({
  _id: z.string(),
  postId: z.string(),
  desc: z.string(),
  createdAt: z.string(),
  user: PostAuthorSchema,
});
export type Comment = z.infer<typeof CommentSchema>;

/** A text field of the create payload: absent or null is "" (the required check is the service's). */
const field = (label: string, max: number, tooLong: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, tooLong)
    .nullish()
    .transform((s) => s ?? "");

/**
 * Spec admin-back-office §3 "Post (create payload)", §7 "POST /posts": img (an uploaded picture's path
 * or empty), title, category (a list; the spec's page sends one name), desc, content (HTML). Lengths
 * here; "Title and content are required!", the categories and the picture are checked by the service.
 */
export const CreatePostSchema = z.object({
  img: z
    .string({ error: AUTHORING_MESSAGES.badImage })
    .max(2000, AUTHORING_MESSAGES.badImage)
    .nullish()
    .transform((s) => (s ?? "").trim()),
  title: field("title", POST_TITLE_MAX, AUTHORING_MESSAGES.titleTooLong),
  category: z
    .union([z.string().max(100), z.array(z.string({ error: "category must be a list of names" }).max(100))], {
      error: "category must be a list of names",
    })
    .nullish()
    .transform((c) => (c == null ? [] : typeof c === "string" ? [c] : c))
    .pipe(z.array(z.string()).max(POST_CATEGORIES_MAX, AUTHORING_MESSAGES.tooManyCategories)),
  desc: field("desc", POST_DESC_MAX, AUTHORING_MESSAGES.descTooLong),
  content: field("content", POST_CONTENT_MAX, AUTHORING_MESSAGES.contentTooLong),
});
export type CreatePostInput = z.input<typeof CreatePostSchema>;
export type CreatePost = z.output<typeof CreatePostSchema>;
