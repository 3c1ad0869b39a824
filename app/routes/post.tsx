import { data, Link } from "react-router";
import type { Route } from "./+types/post";
import type { Comment } from "../../contract/blog.ts";
import { appContext } from "../lib/context.ts";
import { formatLagosDate } from "../lib/lagos-time.ts";
import { toPageError } from "../lib/page-errors.server.ts";
import { BLOG_MESSAGES } from "../../contract/blog-texts.ts";
import { CategoryLinks } from "../components/blog/category-links.tsx";
import { CommentList, UserPicture } from "../components/blog/comment-list.tsx";
import { categoryNames } from "../components/blog/post-card.tsx";
import { PostActions } from "../components/blog/post-actions.tsx";
import { SearchBox } from "../components/blog/search-box.tsx";
import { SocialFollow } from "../components/blog/social-follow.tsx";
import type { ErrorTexts } from "../components/ui/error-page.tsx";
import { absoluteMediaUrl, MediaImage } from "../components/ui/media-image.tsx";

// spec public-area §2 "Single post page (/{slug})", §8 'Post not found!', 'Error loading comments!'.

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
  const [comments, categories] = await Promise.all([
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
  return {
    siteName,
    canonical: `${publicUrl.replace(/\/+$/, "")}/${encodeURIComponent(post.slug)}`,
    origin: publicUrl.replace(/\/+$/, ""),
    post,
    date: formatLagosDate(post.createdAt),
    comments,
    categories,
    now: new Date().toISOString(),
  };
}

export default function Post({ loaderData }: Route.ComponentProps) {
  const { post, date, comments, categories, now } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
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
            {/* wide screens only (spec §2); lazy, so that phones, where it is hidden, never fetch it */}
            {post.img ? (
              <MediaImage
                src={post.img}
                alt=""
                width={600}
                height={338}
                data-testid="post-cover"
                className="mt-8 hidden aspect-video w-full max-w-[600px] rounded-2xl object-cover md:block"
              />
            ) : null}
            {/* The service returns the body already sanitized (spec §5 "Post body HTML is sanitized before
                display"; server/lib/sanitize.ts): only the allowed tags and attributes reach this point. */}
            <div className="post-body mt-8" dangerouslySetInnerHTML={{ __html: post.content }} />
          </article>
          <CommentList comments={comments} now={now} />
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
          <PostActions post={post} />
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
  const title = `${post.title} | ${siteName}`;
  // social sites fetch the picture from outside: an absolute URL, at a size they show well
  const image = post.img ? absoluteMediaUrl(post.img, "w-1200", origin) : null;
  return [
    { title },
    { name: "description", content: post.desc },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: post.title },
    { property: "og:description", content: post.desc },
    { property: "og:url", content: canonical },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "article:published_time", content: post.createdAt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: post.desc },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
}
