// The contract of the blog's signed-in actions (spec public-area §7): POST /comments/{postId} {desc},
// DELETE /comments/{id}, GET /users/saved (post ids), PATCH /users/save {postId}, PATCH /posts/feature
// {postId}, DELETE /posts/{id}. The post page's action reads its forms with the same schemas.
import { z } from "zod";
import { BLOG_ACTION_MESSAGES as M, COMMENT_MAX } from "./blog-action-texts.ts";

export { BLOG_ACTION_MESSAGES, COMMENT_MAX, SAVED_POSTS_MAX } from "./blog-action-texts.ts";

/** A comment's text: plain text, trimmed, 1 to COMMENT_MAX characters. */
export const CommentInputSchema = z.object({
  desc: z.string({ error: M.commentRequired }).trim().min(1, M.commentEmpty).max(COMMENT_MAX, M.commentTooLong),
});
export type CommentInput = z.output<typeof CommentInputSchema>;

/** The body of PATCH /users/save and PATCH /posts/feature. */
export const PostIdBodySchema = z.object({
  postId: z.string({ error: M.postIdRequired }).trim().min(1, M.postIdRequired).max(100, M.postIdRequired),
});
export type PostIdBody = z.output<typeof PostIdBodySchema>;

/** GET /users/saved (spec §3 "Saved posts response: array of post ids"). */
export const SavedPostIdsSchema = z.array(z.string());

export const SaveToggleResultSchema = z.object({ postId: z.string(), saved: z.boolean() });
export type SaveToggleResult = z.infer<typeof SaveToggleResultSchema>;

export const FeatureToggleResultSchema = z.object({ postId: z.string(), isFeatured: z.boolean() });
export type FeatureToggleResult = z.infer<typeof FeatureToggleResultSchema>;

/** What the deletes answer: the spec's success sentence. */
export const DeletedSchema = z.object({ message: z.string() });
export type Deleted = z.infer<typeof DeletedSchema>;
