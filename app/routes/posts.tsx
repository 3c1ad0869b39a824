import { useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/posts";
import { appContext } from "../lib/context.ts";
import { listParamsOf, readPostsQuery } from "../features/blog/blog.server.ts";
import { postsHref } from "../features/blog/post-list-params.ts";
import { ALL_CATEGORIES } from "../../contract/blog/blog-texts.ts";
import { CategoryLinks } from "../features/blog/category-links.tsx";
import { FilterPanel } from "../features/blog/filter-panel.tsx";
import { PostFeed } from "../features/blog/post-feed.tsx";
import { SearchBox } from "../features/blog/search-box.tsx";
import { SortForm } from "../features/blog/sort-form.tsx";
import { BlogBreadcrumb } from "../features/blog/blog-breadcrumb.tsx";
import { firstSocialImage } from "../../contract/lib/media-urls.ts";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";

// spec public-area §2 "Post list (/posts, query parameters search, sort, cat, author)", §4 "Post list".

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, siteName, publicUrl } = context.get(appContext);
  const query = readPostsQuery(new URL(request.url).searchParams);
  const [list, categories] = await Promise.all([
    services.blog.listPosts(query),
    // the side panel says 'Error loading categories' rather than losing the whole page
    services.blog.listCategoryNames().catch((error: unknown) => {
      console.error("posts: loading the categories failed", error);
      return null;
    }),
  ]);
  return {
    siteName,
    origin: publicUrl,
    list,
    page: query.page,
    params: listParamsOf(query),
    categories,
    now: new Date().toISOString(),
  };
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { list, page, params, categories, now } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  // another list of posts on its way (a new search, sort or category): 'Loading...' over the old one
  const reloading =
    navigation.state === "loading" &&
    navigation.location.pathname === "/posts" &&
    navigation.location.search !== location.search;

  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <BlogBreadcrumb items={[{ label: "Home", to: "/" }, { label: "Blog", to: "/blog" }, { label: "Posts" }]} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Development Blog</h1>
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-12">
          {/* first in reading order (filters, then results); on wide screens it stands on the right */}
          <aside
            aria-label="Search and filters"
            className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:self-start"
          >
            <FilterPanel>
              <div className="space-y-8 rounded-2xl border border-slate-200 bg-slate-50 p-5">
                <SearchBox id="posts-search" params={params} />
                <SortForm params={params} />
                <CategoryLinks
                  headingId="posts-categories"
                  categories={categories}
                  active={params.cat ?? ALL_CATEGORIES}
                  hrefFor={(cat) => postsHref(params, { cat })}
                />
              </div>
            </FilterPanel>
          </aside>
          <section aria-label="Posts" className="min-w-0 lg:col-start-1 lg:row-start-1">
            <PostFeed
              key={`${location.search}`}
              first={list}
              page={page}
              params={params}
              now={now}
              reloading={reloading}
            />
          </section>
        </div>
      </div>
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const siteName = loaderData?.siteName ?? "";
  const origin = loaderData?.origin ?? "";
  const params = loaderData?.params ?? {};
  return pageMeta({
    title: `Development Blog | ${siteName}`,
    description:
      "Articles on coding, graphic design, cybersecurity and video editing: search, sort and browse by category.",
    siteName,
    // A category or an author is a list of its own; the page, the order and a search are not (the
    // values as the loader read them: one it refused is not in the address either).
    url: canonicalUrl(origin, "/posts", {
      cat: params.cat === ALL_CATEGORIES ? undefined : params.cat,
      author: params.author,
    }),
    image: firstSocialImage(
      (loaderData?.list.posts ?? []).map((p) => ({ src: p.img, alt: p.title })),
      origin,
    ),
  });
}
