// The comment form and a comment's Delete (spec public-area §2 "Comments section", §4 "Comment sending":
// an optimistic entry with the text plus ' (Sending...)', then the list reloads; §5 "Commenting requires
// being signed in; otherwise the error 'Please log in to comment!' is shown and no request is sent";
// §8 'Comment posted successfully', 'Error posting comment!' or the server's message, 'Comment deleted
// successfully'). A plain POST form to the page's action without JavaScript (the page then shows the
// answer beside the form); a fetcher with it, answering with toasts. The answer is the page's one
// ActionResult, tagged "comment" or "delete-comment".
//
// Signed out (decision 065): with JavaScript, Send shows 'Please log in to comment!' (in the form, with a
// Sign in link, and as a toast) and sends nothing at all. Before the page is hydrated, or without
// JavaScript, the form posts like any other: the server stores nothing and answers the page with the
// same message and the text as typed, opened at the form (the action's #comment-form).
import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, useLocation, type FetcherWithComponents } from "react-router";
import type { Comment } from "../../../contract/blog/blog.ts";
import { BLOG_ACTION_MESSAGES as M, COMMENT_MAX } from "../../../contract/blog/blog-action-texts.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/form.tsx";
import { toast, useToast } from "../../components/ui/toast.tsx";
import { messageOf } from "../../lib/action-result.ts";
import { COMMENTS_ID } from "./comment-list.tsx";
import { POST_ACTION_CODES, type PostActionResult } from "./post-page-actions.ts";

export const COMMENT_FETCHER = "post-comment";
/** The form's id: a plain post's answer opens there (the page is long; the form is at its end). */
export const COMMENT_FORM_ID = "comment-form";

/** The fetcher that sends comments: the page reads it to show the comment being sent. */
export function useCommentFetcher(): FetcherWithComponents<PostActionResult> {
  return useFetcher<PostActionResult>({ key: COMMENT_FETCHER });
}

/** The text being sent right now, or null. */
export function sendingComment(fetcher: FetcherWithComponents<PostActionResult>): string | null {
  if (fetcher.state === "idle" || fetcher.formData?.get("intent") !== "comment") return null;
  const desc = fetcher.formData.get("desc");
  return typeof desc === "string" && desc.trim() ? desc.trim() : null;
}

export function CommentForm({
  signedIn,
  loginHref,
  answer,
}: {
  signedIn: boolean;
  loginHref: string;
  /** the page action's answer without JavaScript */
  answer?: PostActionResult;
}) {
  const id = useId();
  const { pathname, search } = useLocation();
  const fetcher = useCommentFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const [anonymousTried, setAnonymousTried] = useState(false);
  const busy = sendingComment(fetcher) !== null;
  const fetched = fetcher.data?.intent === "comment" ? fetcher.data : undefined;
  useToast(fetched, fetched?.ok ? fetched.message : null, "success");
  useToast(fetched, fetched && !fetched.ok ? messageOf(fetched) || M.commentError : null, "error");
  useEffect(() => {
    if (fetched?.ok) formRef.current?.reset();
  }, [fetched]);

  const plain = answer?.intent === "comment" ? answer : undefined;
  const shown = fetched ?? plain;
  const error = anonymousTried ? M.logInToComment : shown && !shown.ok ? messageOf(shown) : null;
  const loginNeeded = anonymousTried || (shown && !shown.ok && shown.code === POST_ACTION_CODES.signIn);

  return (
    <fetcher.Form
      ref={formRef}
      id={COMMENT_FORM_ID}
      method="post"
      // Without JavaScript (or before the scripts run) the page that answers opens at the comments, the
      // form and its answer right under their heading, not at the top of the post (issue 29). (A fetcher
      // sends no fragment.)
      action={`${pathname}${search}#${COMMENTS_ID}`}
      className="mt-6 space-y-3"
      aria-describedby={error ? `${id}-error` : undefined}
      onSubmit={(event) => {
        if (!signedIn) {
          // no request is sent (spec §5): not the comment, nor anything the message's link would fetch
          event.preventDefault();
          setAnonymousTried(true);
          void toast(M.logInToComment, "error");
        }
      }}
    >
      <input type="hidden" name="intent" value="comment" />
      <label htmlFor={`${id}-desc`} className="block font-semibold text-slate-900">
        Write a comment
      </label>
      <textarea
        id={`${id}-desc`}
        name="desc"
        rows={4}
        maxLength={COMMENT_MAX}
        defaultValue={plain && !plain.ok ? plain.values.desc : undefined}
        aria-invalid={error && !loginNeeded ? true : undefined}
        className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-700"
      />
      {error ? (
        // a plain post's refusal is focused once the page is hydrated (read out, and in view)
        <Notice tone="error" id={`${id}-error`} focus={!anonymousTried && !fetched && Boolean(plain && !plain.ok)}>
          {error}
          {loginNeeded ? (
            <>
              {" "}
              {/* discover="none": showing the link fetches nothing (React Router would fetch the route
                  manifest for a link as it appears); it is looked up when followed */}
              <Link to={loginHref} discover="none" className="font-semibold underline underline-offset-2">
                Sign in
              </Link>
            </>
          ) : null}
        </Notice>
      ) : plain?.ok ? (
        <Notice tone="success">{plain.message}</Notice>
      ) : null}
      <button type="submit" className={buttonClass("primary", "md")} aria-disabled={busy || undefined}>
        Send
      </button>
    </fetcher.Form>
  );
}

/** A comment's Delete, for its author and admins. */
export function DeleteCommentButton({ comment, answer }: { comment: Comment; answer?: PostActionResult }) {
  const fetcher = useFetcher<PostActionResult>({ key: `delete-comment-${comment._id}` });
  const busy = fetcher.state !== "idle";
  const fetched = fetcher.data;
  useToast(fetched, fetched ? messageOf(fetched) : null, fetched?.ok ? "success" : "error");
  const plain = answer?.intent === "delete-comment" && answer.values.commentId === comment._id ? answer : undefined;
  return (
    <div className="mt-2">
      {plain && !plain.ok ? (
        <Notice tone="error" className="mb-2 rounded-lg border px-3 py-2 text-sm">
          {messageOf(plain)}
        </Notice>
      ) : null}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="delete-comment" />
        <input type="hidden" name="commentId" value={comment._id} />
        <button
          type="submit"
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
          className="text-sm font-semibold text-red-800 underline-offset-2 hover:underline"
        >
          Delete{busy ? ` ${M.inProgress}` : ""}
          <span className="sr-only"> the comment by {comment.user.username}</span>
        </button>
      </fetcher.Form>
    </div>
  );
}
