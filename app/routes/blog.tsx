import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/blog";
import type { loader as rootLoader } from "../root.tsx";
import type { PostListItem } from "../../contract/blog/blog.ts";
import { appContext } from "../lib/context.ts";
import { featuredPostsQuery, recentPostsQuery } from "../features/blog/blog.server.ts";
import { formatLagosDate } from "../../contract/lib/dates.ts";
import { BLOG_MESSAGES } from "../../contract/blog/blog-texts.ts";
import { categoryNames } from "../features/blog/post-card.tsx";
import { BlogBreadcrumb } from "../features/blog/blog-breadcrumb.tsx";
import { DENSE_FULL_WIDTH, MediaImage } from "../components/ui/media-image.tsx";
import { firstSocialImage } from "../../contract/lib/media-urls.ts";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";
import { buttonClass } from "../components/ui/button.tsx";
import { WRITE_ITEM, writeHref } from "../components/layout/nav-links.ts";

// spec public-area §2 "Blog page (/blog)": breadcrumb, welcome text, a category bar, a featured posts
// block (up to 4, newest first) and a Recent Posts list (img, category, slug, title, createdAt). Also the
// way in to writing (admin-back-office §1 "Signed-in users may write blog posts"; decision 023): "Write a
// post" opens /write, or signed out the sign-in page and back.

/** How many of the newest posts the Recent Posts list shows (the spec does not say). */
const RECENT_POSTS = 6;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, siteName, publicUrl } = context.get(appContext);
  const [featured, recent, categories] = await Promise.all([
    services.blog.listPosts(featuredPostsQuery()),
    services.blog.listPosts(recentPostsQuery(RECENT_POSTS)),
    services.blog.listCategoryNames().catch((error: unknown) => {
      console.error("blog: loading the categories failed", error);
      return null;
    }),
  ]);
  // dates are formatted here, so that the server's and the browser's clocks and ICU data never disagree
  const withDate = (post: PostListItem) => ({ ...post, date: formatLagosDate(post.createdAt) });
  return {
    siteName,
    origin: publicUrl,
    featured: featured.posts.map(withDate),
    recent: recent.posts.map(withDate),
    categories,
  };
}

type DatedPost = PostListItem & { date: string };

const chip =
  "inline-flex items-center rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800";

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { siteName, featured, recent, categories } = loaderData;
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.viewer);
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <BlogBreadcrumb items={[{ label: "Home", to: "/" }, { label: "Blog" }]} />

      <section className="bg-gradient-to-br from-brand-800 to-brand-950 py-14 text-white sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">The {siteName} blog</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">Welcome to our blog</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-200">
            Tutorials, career advice and stories from our tutors and learners: read what is new in coding, design,
            cybersecurity and video editing.
          </p>
          <p className="mt-8">
            <Link to={writeHref(signedIn)} className={buttonClass("accent", "lg")}>
              {WRITE_ITEM.label}
            </Link>
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <nav aria-label="Blog categories">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to="/posts" className={chip}>
                All Posts
              </Link>
            </li>
            {(categories ?? []).map((cat) => (
              <li key={cat}>
                <Link to={`/posts?cat=${encodeURIComponent(cat)}`} className={chip}>
                  {cat}
                </Link>
              </li>
            ))}
          </ul>
          {categories === null ? (
            <p className="mt-3 text-sm font-semibold text-red-700">{BLOG_MESSAGES.errorCategories}</p>
          ) : null}
        </nav>

        <section aria-labelledby="featured-title" className="mt-12">
          <h2 id="featured-title" className="text-2xl font-bold text-brand-950 sm:text-3xl">
            Featured Posts
          </h2>
          {featured.length === 0 ? (
            <p className="mt-4 text-slate-600">No featured posts yet.</p>
          ) : (
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {featured.map((post) => (
                <li key={post._id}>
                  <FeaturedCard post={post} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="recent-title" className="mt-14">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="recent-title" className="text-2xl font-bold text-brand-950 sm:text-3xl">
              Recent Posts
            </h2>
            <Link to="/posts" className="font-semibold text-brand-700 hover:underline">
              View all posts <span aria-hidden="true">→</span>
            </Link>
          </div>
          {recent.length === 0 ? (
            <p className="mt-4 text-slate-600">No posts yet.</p>
          ) : (
            <ul className="mt-6 divide-y divide-slate-200">
              {recent.map((post) => (
                <li key={post._id}>
                  <RecentItem post={post} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}

function FeaturedCard({ post }: { post: DatedPost }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {post.img ? (
        <Link to={`/${post.slug}`} tabIndex={-1} aria-hidden="true" className="block bg-brand-100">
          <MediaImage
            src={post.img}
            alt=""
            width={600}
            height={338}
            widths={[400, 600, 900, 1200]}
            sizes={`(min-width: 1280px) 600px, (min-width: 768px) 50vw, ${DENSE_FULL_WIDTH}, 100vw`}
            className="aspect-video w-full object-cover"
          />
        </Link>
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{categoryNames(post).join(", ")}</p>
        <h3 className="mt-1 text-xl font-bold text-brand-950">
          <Link to={`/${post.slug}`} className="hover:text-brand-700 hover:underline">
            {post.title}
          </Link>
        </h3>
        {post.desc ? <p className="mt-2 line-clamp-3 text-slate-700">{post.desc}</p> : null}
        <p className="mt-auto pt-3 text-sm text-slate-600">
          <time dateTime={post.createdAt}>{post.date}</time>
        </p>
      </div>
    </article>
  );
}

function RecentItem({ post }: { post: DatedPost }) {
  return (
    <article className="flex items-center gap-4 py-4">
      {post.img ? (
        <Link
          to={`/${post.slug}`}
          tabIndex={-1}
          aria-hidden="true"
          className="block shrink-0 overflow-hidden rounded-lg bg-brand-100"
        >
          <MediaImage src={post.img} alt="" width={128} height={72} className="h-[72px] w-32 object-cover" />
        </Link>
      ) : null}
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{categoryNames(post).join(", ")}</p>
        <h3 className="mt-0.5 font-bold text-brand-950">
          <Link to={`/${post.slug}`} className="hover:text-brand-700 hover:underline">
            {post.title}
          </Link>
        </h3>
        <p className="mt-0.5 text-sm text-slate-600">
          <time dateTime={post.createdAt}>{post.date}</time>
        </p>
      </div>
    </article>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const siteName = loaderData?.siteName ?? "";
  const origin = loaderData?.origin ?? "";
  const posts = [...(loaderData?.featured ?? []), ...(loaderData?.recent ?? [])];
  return pageMeta({
    title: `Blog | ${siteName}`,
    description: `The ${siteName} blog: featured and recent posts on coding, graphic design, cybersecurity and video editing.`,
    siteName,
    url: canonicalUrl(origin, "/blog"),
    // the newest featured post's cover (the top of the page), else the newest recent one's
    image: firstSocialImage(
      posts.map((p) => ({ src: p.img, alt: p.title })),
      origin,
    ),
  });
}
