import type { Comment } from "../../../contract/blog/blog.ts";
import { BLOG_ACTION_MESSAGES } from "../../../contract/blog/blog-action-texts.ts";
import { BLOG_MESSAGES } from "../../../contract/blog/blog-texts.ts";
import { RelativeTime } from "../../components/ui/relative-time.tsx";
import { MediaImage } from "../../components/ui/media-image.tsx";

/** What the comments section says when there are none yet (the spec gives no words for it). */
export const NO_COMMENTS = "No comments yet.";

/**
 * spec public-area §2 "Comments: each shows text, relative time, author username and optional image";
 * §8 'Error loading comments!' (`comments` is null when loading them failed). Newest first, as the
 * service gives them.
 */
/** The comments section's id: a plain comment form's post lands there, on its answer (issue 29). */
export const COMMENTS_ID = "comments";

export function CommentList({
  comments,
  now,
  form,
  pending,
  actions,
}: {
  comments: Comment[] | null;
  now: string;
  /** the comment form, under the heading */
  form?: React.ReactNode;
  /** a comment being sent (spec §4 "an optimistic entry with the text plus ' (Sending...)' appears first") */
  pending?: { desc: string; username: string } | null;
  /** what a comment offers its reader (Delete, for its author and admins) */
  actions?: (comment: Comment) => React.ReactNode;
}) {
  const list = comments ?? [];
  return (
    <section
      id={COMMENTS_ID}
      aria-labelledby="comments-title"
      className="mt-12 scroll-mt-20 border-t border-slate-200 pt-8"
    >
      <h2 id="comments-title" className="text-2xl font-bold text-brand-950">
        Comments
      </h2>
      {form}
      {comments === null ? (
        <p className="mt-4 font-semibold text-red-700">{BLOG_MESSAGES.errorComments}</p>
      ) : list.length === 0 && !pending ? (
        <p className="mt-4 text-slate-600">{NO_COMMENTS}</p>
      ) : null}
      {list.length > 0 || pending ? (
        <ul className="mt-6 space-y-6" data-testid="comment-list">
          {pending ? (
            <li className="flex gap-4 opacity-70" data-testid="comment-pending">
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800 uppercase"
              >
                {pending.username.slice(0, 1)}
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-slate-900">{pending.username}</p>
                <p className="mt-1 leading-relaxed break-words whitespace-pre-line text-slate-800">
                  {pending.desc + BLOG_ACTION_MESSAGES.sending}
                </p>
              </div>
            </li>
          ) : null}
          {list.map((comment) => (
            <li key={comment._id} className="flex gap-4" data-testid="comment">
              {comment.user.img ? (
                <UserPicture src={comment.user.img} />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800 uppercase"
                >
                  {comment.user.username.slice(0, 1)}
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="text-sm">
                  <span className="font-semibold text-slate-900">{comment.user.username}</span>{" "}
                  <RelativeTime date={comment.createdAt} now={now} className="text-slate-600" />
                </p>
                <p className="mt-1 leading-relaxed break-words whitespace-pre-line text-slate-800">{comment.desc}</p>
                {actions ? actions(comment) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** A user's picture as the blog shows it (spec §9 "author image at 48 by 48"): comments and the post's author. */
export function UserPicture({ src, testId }: { src: string; testId?: string }) {
  return (
    <MediaImage
      src={src}
      alt=""
      width={48}
      height={48}
      className="size-12 shrink-0 rounded-full object-cover"
      data-testid={testId}
    />
  );
}
