// The post's actions block (spec public-area §2 "a post actions block receiving the whole post"; the
// "Actions panel": Save for signed-in users, anonymous users go to /login; Feature (star) only for
// admins; Delete for the post's author and admins, then to /. §4: each shows '(in progress)' and, for the
// toggles, the opposite state during its request; §8: failures are error toasts with the server's text,
// 'Post deleted successfully!' on success).
//
// Each button is a plain POST form to the page's action (it works without JavaScript; the page then shows
// the answer above the buttons); with JavaScript it is a fetcher, and the answer is a toast. A deleted
// post's answer is the redirect home, whose message the root shows (a toast, or the notice without
// JavaScript).
import { useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { PostDetail } from "../../../contract/blog/blog.ts";
import { BLOG_ACTION_MESSAGES as M } from "../../../contract/blog/blog-action-texts.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Notice } from "../../components/ui/form.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { confirmationOf, messageOf } from "../../lib/action-result.ts";
import type { PostActionResult, PostIntent } from "./post-page-actions.ts";

export interface PostActionsState {
  signedIn: boolean;
  /** in the user's saved posts; null when that could not be read ('Saved post fetching failed!') */
  saved: boolean | null;
  canFeature: boolean;
  canDelete: boolean;
  /** its author or an admin (issue 29): "Edit" opens the write page filled with the post */
  canEdit: boolean;
  /** /login and back to this post */
  loginHref: string;
}

const SHAPES = {
  bookmark: "M6 3.5h12a.5.5 0 0 1 .5.5v16.5L12 16l-6.5 4.5V4a.5.5 0 0 1 .5-.5z",
  star: "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z",
  trash: "M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13M10 11v6m4-6v6",
  pencil: "M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4",
} as const;

function Shape({ name, filled }: { name: keyof typeof SHAPES; filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="size-5 shrink-0"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      strokeLinecap="round"
      data-filled={filled ? "true" : "false"}
    >
      <path d={SHAPES[name]} />
    </svg>
  );
}

/** The write page filled with a post (issue 29). */
export const editPostHref = (postId: string) => `/write?edit=${encodeURIComponent(postId)}`;

const actionButton = buttonClass("secondary", "sm", "w-full justify-start");

/** One fetcher per button: its busy state and its answer as a toast. */
function useActionFetcher(intent: PostIntent) {
  const fetcher = useFetcher<PostActionResult>({ key: `post-action-${intent}` });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
  const answer = fetcher.data?.intent === intent ? fetcher.data : undefined;
  useToast(answer, answer && !answer.ok ? messageOf(answer) : null, "error");
  return { fetcher, busy };
}

/** A toggle (Save, Feature): its state, during the request '(in progress)' and the opposite state. */
function ToggleButton({
  intent,
  on,
  shape,
  labels,
}: {
  intent: "save" | "feature";
  on: boolean;
  shape: "bookmark" | "star";
  labels: { on: string; off: string };
}) {
  const { fetcher, busy } = useActionFetcher(intent);
  const shown = busy ? !on : on;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        className={actionButton}
        aria-disabled={busy || undefined}
        onClick={(event) => {
          if (busy) event.preventDefault();
        }}
        data-testid={`post-${intent}`}
      >
        <Shape name={shape} filled={shown} />
        <span>
          {shown ? labels.on : labels.off}
          {busy ? ` ${M.inProgress}` : ""}
        </span>
      </button>
    </fetcher.Form>
  );
}

function DeletePostButton() {
  const hydrated = useHydrated();
  // busy until the page it leads to (home) has loaded
  const { fetcher, busy } = useActionFetcher("delete-post");
  const [asking, setAsking] = useState(false);
  const label = (
    <>
      <Shape name="trash" filled={false} />
      <span>Delete{busy ? ` ${M.inProgress}` : ""}</span>
    </>
  );
  const className = buttonClass(
    "ghost",
    "sm",
    "w-full justify-start border border-red-300 text-red-800 hover:bg-red-50",
  );
  if (!hydrated) {
    // Without JavaScript the page asks for the confirmation (the action answers its question, delete-post.confirm).
    return (
      <Form method="post">
        <input type="hidden" name="intent" value="delete-post" />
        <button type="submit" className={className} data-testid="post-delete">
          {label}
        </button>
      </Form>
    );
  }
  return (
    <>
      <button
        type="button"
        className={className}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) setAsking(true);
        }}
        data-testid="post-delete"
      >
        {label}
      </button>
      {asking ? (
        <ConfirmDialog
          title={M.confirmDeletePost}
          confirmLabel="Delete"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void fetcher.submit({ intent: "delete-post", confirmed: "yes" }, { method: "post" });
          }}
        />
      ) : null}
    </>
  );
}

/** Without JavaScript: the answer of a panel form, and the confirmation of a delete. */
function PlainAnswer({ answer }: { answer: PostActionResult | undefined }) {
  if (confirmationOf(answer, "delete-post")) {
    return (
      <Notice tone="info" title={M.confirmDeletePost}>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="delete-post" />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className={buttonClass("primary", "sm", "bg-red-700 hover:bg-red-800")}>
            Yes, delete it
          </button>
        </Form>
      </Notice>
    );
  }
  if (!answer || !["save", "feature", "delete-post"].includes(answer.intent ?? "")) return null;
  return <Notice tone={answer.ok ? "success" : "error"}>{messageOf(answer)}</Notice>;
}

export function PostActions({
  post,
  state,
  answer,
}: {
  post: PostDetail;
  /** absent: nothing to offer (a preview) */
  state?: PostActionsState;
  /** the page action's answer without JavaScript */
  answer?: PostActionResult;
}) {
  if (!state) return null;
  return (
    <section aria-labelledby="post-actions-title" data-testid="post-actions">
      <h2 id="post-actions-title" className="text-lg font-bold text-brand-950">
        Actions
      </h2>
      <div className="mt-3 space-y-2">
        <PlainAnswer answer={answer} />
        {!state.signedIn ? (
          <Link to={state.loginHref} className={actionButton} data-testid="post-save">
            <Shape name="bookmark" filled={false} />
            <span>Save</span>
          </Link>
        ) : state.saved === null ? (
          <p className="font-semibold text-red-700">{M.savedFetchFailed}</p>
        ) : (
          <ToggleButton intent="save" on={state.saved} shape="bookmark" labels={{ on: "Saved", off: "Save" }} />
        )}
        {state.canFeature ? (
          <ToggleButton
            intent="feature"
            on={post.isFeatured}
            shape="star"
            labels={{ on: "Featured", off: "Feature" }}
          />
        ) : null}
        {state.canEdit ? (
          <Link to={editPostHref(post._id)} className={actionButton} data-testid="post-edit">
            <Shape name="pencil" filled={false} />
            <span>Edit</span>
          </Link>
        ) : null}
        {state.canDelete ? <DeletePostButton /> : null}
      </div>
    </section>
  );
}
