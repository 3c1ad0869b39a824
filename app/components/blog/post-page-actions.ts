// What the single post page's action answers (app/routes/post.tsx) and the intents of its forms: the
// comment form, a comment's Delete, and the actions panel (Save, Feature, Delete post). Plain types:
// the browser imports this too.

export const POST_INTENTS = ["comment", "delete-comment", "save", "feature", "delete-post"] as const;
export type PostIntent = (typeof POST_INTENTS)[number];

export interface PostActionData {
  intent: PostIntent;
  ok: boolean;
  /** the spec's success or failure text, or the server's message */
  message: string;
  /** delete-post without JavaScript and without confirming yet: the page asks */
  needsConfirm?: boolean;
  /** the comment as typed, when it was refused (the form comes back filled in) */
  commentText?: string;
  /** the comment this answer is about (delete-comment) */
  commentId?: string;
}

/** The hidden field a form sends once JavaScript runs: the action then answers data instead of redirecting. */
export const JS_FIELD = "js";
