// What the single post page's action answers (app/routes/post.tsx) and the intents of its forms: the
// comment form, a comment's Delete, and the actions panel (Save, Feature, Delete post). One ActionResult
// tagged with the form's intent (decisions 029, 069); deleting the post redirects home with its message
// instead. Plain types: the browser imports this too.
import type { ActionResult } from "../../lib/action-result.ts";

export const POST_INTENTS = ["comment", "delete-comment", "save", "feature", "delete-post"] as const;
export type PostIntent = (typeof POST_INTENTS)[number];

/**
 * Refusals the page shows in a way of their own. (A Delete posted without its confirmation, no
 * JavaScript, is the one confirmation convention's question, `delete-post.confirm`: confirmationOf.)
 */
export const POST_ACTION_CODES = {
  /** a comment from a reader who is signed out: the message comes with a sign-in link */
  signIn: "sign-in",
} as const;

/**
 * The answer: `values.desc` is the comment as typed when it was refused (the form comes back filled
 * in), `values.commentId` the comment a delete-comment answer is about.
 */
export type PostActionResult = ActionResult<"desc", { desc?: string; commentId?: string }, { commentId?: string }>;
