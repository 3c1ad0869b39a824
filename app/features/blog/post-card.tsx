import { Link } from "react-router";
import type { PostListItem } from "../../../contract/blog/blog.ts";
import { RelativeTime } from "../../components/ui/relative-time.tsx";
import { MediaImage } from "../../components/ui/media-image.tsx";

// The card's picture: 320×180 beside the text from md, the column's full width (up to ~720px) below.
const COVER_WIDTHS = [320, 480, 640, 960];
const COVER_SIZES = "(min-width: 768px) 320px, calc(100vw - 2rem)";

/** The categories as the site writes them: a post with none is 'general' (spec §2 "Single post page"). */
export function categoryNames(post: Pick<PostListItem, "category">): string[] {
  return post.category.length > 0 ? post.category : ["general"];
}

/**
 * spec public-area §2 "Post list": cover image if present (lazy), title linking to /{slug}, 'Written by'
 * the author's username linking to /posts?author={username}, category, relative time since creation,
 * short description and a 'Read More' link. `now`: the clock the page was rendered with.
 */
export function PostCard({ post, now }: { post: PostListItem; now: string }) {
  const titleId = `post-${post._id}`;
  const href = `/${post.slug}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 md:flex-row"
    >
      {post.img ? (
        // the title's link is the one screen readers and the keyboard use; the picture is a mouse shortcut
        <Link
          to={href}
          tabIndex={-1}
          aria-hidden="true"
          // beside the text (md) the link is as tall as the picture, not the card: stretched, its pale
          // background showed as a band under the cover; the picture is a block (no line-box gap under it)
          className="block shrink-0 overflow-hidden rounded-xl bg-brand-100 md:self-start"
        >
          <MediaImage
            src={post.img}
            alt=""
            width={320}
            height={180}
            widths={COVER_WIDTHS}
            sizes={COVER_SIZES}
            className="block aspect-video w-full object-cover md:w-80"
          />
        </Link>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <h2 id={titleId} className="text-xl leading-snug font-bold text-brand-950">
          <Link to={href} className="hover:text-brand-700 hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <span>
            Written by{" "}
            <Link
              to={`/posts?author=${encodeURIComponent(post.user.username)}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {post.user.username}
            </Link>
          </span>
          {/* each bullet wraps with the item after it */}
          <span className="font-medium text-slate-700">
            <span aria-hidden="true" className="mr-2 font-normal text-slate-600">
              •
            </span>
            {categoryNames(post).join(", ")}
          </span>
          <span>
            <span aria-hidden="true" className="mr-2">
              •
            </span>
            <RelativeTime date={post.createdAt} now={now} />
          </span>
        </p>
        {post.desc ? <p className="mt-3 leading-relaxed text-slate-700">{post.desc}</p> : null}
        <p className="mt-4">
          <Link
            to={href}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Read More<span className="sr-only">: {post.title}</span>
          </Link>
        </p>
      </div>
    </article>
  );
}
