import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/post";
import type { Comment } from "../../contract/blog/blog.ts";
import { BLOG_ACTION_MESSAGES as ACTION_TEXTS, CommentInputSchema } from "../../contract/blog/blog-actions.ts";
import { failure, go, readAction, runAction, stay } from "../lib/action.server.ts";
import { loginUrl } from "../lib/guards.server.ts";
import { appContext } from "../lib/context.ts";
import { formatLagosDate } from "../../contract/lib/dates.ts";
import { refusalOf, toPageError } from "../lib/page-errors.server.ts";
import { BLOG_MESSAGES } from "../../contract/blog/blog-texts.ts";
import { CategoryLinks } from "../features/blog/category-links.tsx";
import { CommentList, UserPicture } from "../features/blog/comment-list.tsx";
import { categoryNames } from "../features/blog/post-card.tsx";
import { PostActions, type PostActionsState } from "../features/blog/post-actions.tsx";
import { CommentForm, DeleteCommentButton, sendingComment, useCommentFetcher } from "../features/blog/comment-form.tsx";
import { POST_ACTION_CODES, POST_INTENTS, type PostIntent } from "../features/blog/post-page-actions.ts";
import { SearchBox } from "../features/blog/search-box.tsx";
import { SocialFollow } from "../features/blog/social-follow.tsx";
import type { ErrorTexts } from "../components/ui/error-page.tsx";
import type { CSSProperties } from "react";
import { Notice } from "../components/ui/form.tsx";
import { MediaImage } from "../components/ui/media-image.tsx";
import { isResizable, mediaUrl, PLACEHOLDER_TR, socialImage } from "../../contract/lib/media-urls.ts";
import { PostBody } from "../features/blog/post-body.tsx";
import { pageMeta, retryAfterOf } from "../lib/meta.ts";
import { overWriteLimit } from "../features/blog/write-limits.server.ts";

// spec public-area §2 "Single post page (/{slug})", §8 'Post not found!', 'Error loading comments!'.

/** The comment field's name in the messages the form kit writes itself (a NUL character). */
const COMMENT_LABELS = { desc: "Comment" };

/** Screens narrower than Tailwind's `md` (48rem), where the cover is hidden. */
const NARROW = "(max-width: 47.99rem)";
/** A transparent 1×1 GIF: what a phone loads for the hidden cover (no request). */
const NO_PICTURE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/** The cover's placeholder as a custom property (app.css uses it on wide screens), none inline. */
function coverPlaceholder(src: string): CSSProperties {
  if (!isResizable(src)) return {};
  return { backgroundImage: undefined, ["--placeholder" as string]: `url("${mediaUrl(src, PLACEHOLDER_TR)}")` };
}

/** Under the error page's title 'Post not found!'. */
const NOT_FOUND_HINT = "It may have been removed, or the address may be mistyped.";

export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: {
    titles: { 404: BLOG_MESSAGES.postNotFound, 500: BLOG_MESSAGES.somethingWrong },
    back: { to: "/posts", label: "Back to the blog" },
  },
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, siteName, publicUrl, actor, clientIp } = context.get(appContext);
  let post;
  try {
    // reading the page counts a visit (the Trending sort)
    post = await services.blog.readPost(params.slug, {
      userId: actor?.id ?? null,
      ip: clientIp,
      userAgent: request.headers.get("user-agent") ?? "",
    });
  } catch (error) {
    if (toPageError(error)?.status === 404) {
      throw data({ code: "not_found", message: NOT_FOUND_HINT }, { status: 404, statusText: "Not Found" });
    }
    throw error;
  }
  const [content, comments, categories] = await Promise.all([
    // pictures sized and lazy, players behind a play button (decision 027)
    services.postBody.render(post.content),
    // spec §8 'Error loading comments!': the post still shows when its comments cannot be read
    services.blog.listComments(post._id).catch((error: unknown): Comment[] | null => {
      console.error("post: loading the comments failed", error);
      return null;
    }),
    services.blog.listCategoryNames().catch((error: unknown) => {
      console.error("post: loading the categories failed", error);
      return null;
    }),
  ]);
  // The signed-in reader's part (never in the HTML of an anonymous reader, which may be cached).
  const actions = services.postActions;
  const loginHref = loginUrl(request);
  const [saved, canDelete, deletable] = actor
    ? await Promise.all([
        // spec §8 'Saved post fetching failed!': the rest of the page still shows
        actions.isSaved(actor, post._id).catch((error: unknown): null => {
          console.error("post: loading the saved state failed", error);
          return null;
        }),
        actions.canDeletePost(actor, post._id),
        actions.deletableComments(
          actor,
          (comments ?? []).map((c) => c._id),
        ),
      ])
    : [false, false, [] as string[]];
  const actionsState: PostActionsState = {
    signedIn: Boolean(actor),
    saved,
    canFeature: actor?.role === "admin",
    canDelete,
    // the same rule as deleting: its author or an admin
    canEdit: canDelete,
    loginHref,
  };
  const page = {
    actionsState,
    deletable,
    me: actor ? { username: actor.username } : null,
    siteName,
    canonical: `${publicUrl.replace(/\/+$/, "")}/${encodeURIComponent(post.slug)}`,
    origin: publicUrl.replace(/\/+$/, ""),
    post: { ...post, content },
    date: formatLagosDate(post.createdAt),
    comments,
    categories,
    now: new Date().toISOString(),
  };
  // A signed-in reader's page shows their saved state and buttons: never kept by a shared cache.
  return actor ? data(page, { headers: { "Cache-Control": "private, no-store" } }) : page;
}

/** The loader's Cache-Control (private for a signed-in reader), and the action's Retry-After (a comment over the limit). */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return { ...(cacheControl ? { "Cache-Control": cacheControl } : {}), ...retryAfterOf(actionHeaders) };
}

/**
 * The page's forms (spec §2 comments and actions panel): comment, delete a comment, save, feature,
 * delete the post, each on the one action kernel (app/lib/action.server.ts). The services decide who may
 * (author, admin). Each answers the one ActionResult tagged with its intent, a refusal with the reason:
 * with JavaScript the forms are fetchers and the answers toasts; without it the page renders again with
 * the answer (a success here is data, shown beside the button, as the page stays). Deleting the post asks
 * first without JavaScript (`delete-post.confirm`) and then sends home with its message as a flash
 * (app/lib/flash.server.ts), with or without JavaScript.
 */
export async function action(args: Route.ActionArgs) {
  const { params, request } = args;
  const call = await readAction(args, "anyone");
  const { ctx, actor } = call;
  const { services } = ctx;
  const intent = call.intent as PostIntent;
  if (!POST_INTENTS.includes(intent)) {
    throw data({ code: "invalid", message: ACTION_TEXTS.unknownAction }, { status: 400, statusText: "Bad Request" });
  }
  if (intent === "comment" && !actor) {
    const code = POST_ACTION_CODES.signIn;
    return failure(intent, { formError: ACTION_TEXTS.logInToComment, code }, { desc: call.text("desc") });
  }
  if (!actor) throw redirect(loginUrl(request));

  const commentId = call.text("commentId");
  // the post by its address (not a visit)
  let postId = "";
  const missing = await refusalOf(async () => {
    postId = (await services.blog.getPost(params.slug))._id;
  });
  if (missing) return failure(intent, { formError: missing.message }, intent === "delete-comment" ? { commentId } : {});
  switch (intent) {
    case "comment": {
      // the same limit as POST /backend/comments (COMMENT_RATE_LIMIT): 429, the wait, the text kept
      const typed = { desc: call.text("desc").replaceAll("\0", "") };
      const over = await overWriteLimit(ctx, "comment", actor, (message) =>
        failure(intent, { formError: message }, typed),
      );
      if (over) return over;
      return runAction(call, {
        intent,
        form: { schema: CommentInputSchema, fields: ["desc"], labels: COMMENT_LABELS, keep: ["desc"] },
        run: (data) => services.postActions.addComment(actor, postId, data),
        refused: (refused) => ({ formError: refused.message, values: {} }),
        done: () => stay(ACTION_TEXTS.commentPosted, {}),
      });
    }
    case "delete-comment":
      return runAction(call, {
        intent,
        values: { commentId },
        run: () => services.postActions.deleteComment(actor, commentId),
        done: ({ message }) => stay(message, { commentId }),
      });
    case "save":
      return runAction(call, {
        intent,
        run: () => services.postActions.toggleSave(actor, postId),
        done: ({ saved }) => stay(saved ? ACTION_TEXTS.postSaved : ACTION_TEXTS.postUnsaved, {}),
      });
    case "feature":
      return runAction(call, {
        intent,
        run: () => services.postActions.toggleFeature(actor, postId),
        done: ({ isFeatured }) => stay(isFeatured ? ACTION_TEXTS.postFeatured : ACTION_TEXTS.postUnfeatured, {}),
      });
    case "delete-post":
      return runAction(call, {
        intent,
        // a plain form asks first (ConfirmDialog does it with JavaScript)
        confirm: { question: ACTION_TEXTS.confirmNeeded },
        run: () => services.postActions.deletePost(actor, postId),
        // in place of the deleted post's page in the history: Back does not lead to its 404
        done: (deleted) => go("/", deleted.message, { replace: true }),
      });
  }
}

/**
 * After this page's own forms the post and its comments load again (spec §4: the comments, the saved
 * state, the star reload; after the post was deleted the page has left for /). Forms of other pages
 * (the newsletter, signing out) leave this post alone. (Reloading counts no second visit: a reader's
 * visits count once an hour.)
 */
export function shouldRevalidate({
  formMethod,
  formAction,
  currentUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod || formMethod.toUpperCase() === "GET") return defaultShouldRevalidate;
  if (formAction && new URL(formAction, currentUrl).pathname !== currentUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function Post({ loaderData, actionData }: Route.ComponentProps) {
  const { post, date, comments, categories, now, actionsState, deletable, me } = loaderData;
  const commentFetcher = useCommentFetcher();
  const sending = sendingComment(commentFetcher);
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      {/* Without JavaScript a deleted comment leaves no Delete button to answer beside, and the page comes
          back at its top: the spec's 'Comment deleted successfully' (§8) shows there. (With JavaScript a
          fetcher answers, as a toast.) */}
      {actionData?.intent === "delete-comment" && actionData.ok ? (
        <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
          <Notice tone="success">{actionData.message}</Notice>
        </div>
      ) : null}
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:px-8">
        <div className="min-w-0">
          <article aria-labelledby="post-title">
            <h1
              id="post-title"
              className="text-3xl leading-tight font-extrabold tracking-tight text-brand-950 sm:text-4xl"
            >
              {post.title}
            </h1>
            <p className="mt-4 text-slate-600">
              Written by <span className="font-semibold text-brand-800">{post.user.username}</span> on{" "}
              {categoryNames(post).map((cat, i) => (
                <span key={cat}>
                  {i > 0 ? ", " : ""}
                  <Link
                    to={`/posts?cat=${encodeURIComponent(cat)}`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {cat}
                  </Link>
                </span>
              ))}{" "}
              <time dateTime={post.createdAt}>{date}</time>
            </p>
            {post.desc ? <p className="mt-4 text-lg leading-relaxed font-medium text-slate-700">{post.desc}</p> : null}
            {/* Wide screens only (spec §2), and there above the fold: asked for at once, with high priority
                (decision 027). Phones, where it is hidden, take the <source>'s empty picture instead, so
                that they never fetch it (a hidden <img> that is not lazy is still fetched), and its
                placeholder is laid under it by app.css from `md` up only (.post-cover), so that it does
                not depend on the stylesheet having hidden it. */}
            {post.img ? (
              <picture className="mt-8 hidden md:block">
                <source media={NARROW} srcSet={NO_PICTURE} />
                <MediaImage
                  src={post.img}
                  alt=""
                  width={600}
                  height={338}
                  priority
                  data-testid="post-cover"
                  className="post-cover block aspect-video w-full max-w-[600px] rounded-2xl object-cover"
                  style={coverPlaceholder(post.img)}
                />
              </picture>
            ) : null}
            <PostBody html={post.content} className="mt-8" />
          </article>
          <CommentList
            comments={comments}
            now={now}
            form={<CommentForm signedIn={Boolean(me)} loginHref={actionsState.loginHref} answer={actionData} />}
            pending={sending && me ? { desc: sending, username: me.username } : null}
            actions={(comment) =>
              deletable.includes(comment._id) ? <DeleteCommentButton comment={comment} answer={actionData} /> : null
            }
          />
        </div>

        <aside aria-label="About this post" className="space-y-8 lg:sticky lg:top-24 lg:self-start">
          <section aria-labelledby="author-title">
            <h2 id="author-title" className="text-lg font-bold text-brand-950">
              Author
            </h2>
            <div className="mt-3 flex items-center gap-3">
              {post.user.img ? <UserPicture src={post.user.img} testId="author-image" /> : null}
              <Link
                to={`/posts?author=${encodeURIComponent(post.user.username)}`}
                className="font-semibold text-brand-700 hover:underline"
              >
                {post.user.username}
              </Link>
            </div>
          </section>
          <SocialFollow />
          <PostActions post={post} state={actionsState} answer={actionData} />
          <CategoryLinks
            headingId="post-categories"
            categories={categories}
            active={null}
            hrefFor={(cat) => `/posts?cat=${encodeURIComponent(cat)}`}
          />
          <SearchBox id="post-search" />
        </aside>
      </div>
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: BLOG_MESSAGES.postNotFound }];
  const { post, siteName, canonical, origin } = loaderData;
  return pageMeta({
    title: `${post.title} | ${siteName}`,
    socialTitle: post.title,
    description: post.desc,
    siteName,
    url: canonical,
    type: "article",
    // the cover as the large card; a post without one gets the small card and no picture
    image: socialImage(post.img, `Cover image of “${post.title}”`, origin),
    extra: [
      { property: "article:published_time", content: post.createdAt },
      ...post.category.map((name) => ({ property: "article:tag", content: name })),
    ],
  });
}
