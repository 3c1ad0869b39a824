import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { PostList, PostListItem } from "../../../contract/blog/blog.ts";
import { BLOG_MESSAGES, POSTS_PAGE_SIZE } from "../../../contract/blog/blog-texts.ts";
import { postsApiUrl, postsHref, type PostListParams } from "./post-list-params.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { PostCard } from "./post-card.tsx";

/** The list says this when nothing matches (the spec gives no words for it). */
export const NO_POSTS = "No posts found.";

const pagerLink =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";

/** spec public-area §9 "Infinite scroll trigger at 80% of scroll height": the card at 80 % of the list. */
function triggerIndex(count: number): number {
  return Math.min(count - 1, Math.floor(count * 0.8));
}

/**
 * The post list (spec public-area §2 "Post list", §4 "Post list: infinite scroll; page starts at 1; the
 * next page is requested near the bottom while hasMore is true"). The server renders the page of the
 * address (?page=N); with JavaScript, once the card at 80 % of the list comes into view the browser asks
 * the API for the next page and appends it, while hasMore. Without JavaScript, 'Older posts' and 'Newer
 * posts' are plain links to the neighbouring pages (the other parameters kept). Give it a `key` per
 * address: a new search starts a new list.
 */
export function PostFeed({
  first,
  page,
  params,
  now,
  reloading,
}: {
  /** the page the server rendered */
  first: PostList;
  page: number;
  params: PostListParams;
  now: string;
  /** a new list is on its way (a client-side navigation to other parameters) */
  reloading: boolean;
}) {
  const hydrated = useHydrated();
  const [posts, setPosts] = useState<PostListItem[]>(first.posts);
  const [lastPage, setLastPage] = useState(page);
  const [hasMore, setHasMore] = useState(first.hasMore);
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");
  const listRef = useRef<HTMLUListElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus("loading");
    try {
      const res = await fetch(postsApiUrl(params, lastPage + 1, POSTS_PAGE_SIZE), {
        headers: { accept: "application/json" },
      });
      if (!res.ok) throw new Error(`GET /backend/posts answered ${res.status}`);
      const next = (await res.json()) as PostList;
      setPosts((shown) => {
        // a post published meanwhile shifts the pages by one: never show a card twice
        const seen = new Set(shown.map((p) => p._id));
        return [...shown, ...next.posts.filter((p) => !seen.has(p._id))];
      });
      setLastPage((n) => n + 1);
      setHasMore(next.hasMore);
      setStatus("idle");
    } catch {
      setStatus("error");
    } finally {
      busy.current = false;
    }
  }, [params, lastPage]);

  // Watch the card at 80 % of the list, and the list's end for a reader who jumps past that card (End
  // key, scroll bar): either in view, or the card already above the screen, asks for the next page.
  // Watching again after each page also fills a tall screen.
  useEffect(() => {
    if (!hydrated || !hasMore || status !== "idle" || reloading || posts.length === 0) return;
    const targets = [listRef.current?.children[triggerIndex(posts.length)], endRef.current].filter(
      (el): el is Element => !!el,
    );
    if (targets.length === 0 || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting || e.boundingClientRect.bottom < 0)) void loadMore();
    });
    for (const target of targets) observer.observe(target);
    return () => observer.disconnect();
  }, [hydrated, hasMore, status, reloading, posts.length, loadMore]);

  const atEnd = !hasMore && posts.length > 0;
  return (
    <div aria-busy={reloading || status === "loading"}>
      {reloading ? (
        <p role="status" className="mb-4 font-semibold text-slate-700">
          {BLOG_MESSAGES.loading}
        </p>
      ) : null}
      {page > 1 ? (
        <nav aria-label="Newer posts" className="mb-6">
          <Link to={postsHref(params, {}, page - 1)} rel="prev" className={pagerLink}>
            <span aria-hidden="true">←</span> Newer posts
          </Link>
        </nav>
      ) : null}

      {posts.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-700">
          {NO_POSTS}{" "}
          {params.search || params.cat || params.author ? (
            <Link to="/posts" className="font-semibold text-brand-700 underline">
              See all posts
            </Link>
          ) : null}
        </p>
      ) : (
        <ul ref={listRef} className={`space-y-6 ${reloading ? "opacity-60" : ""}`}>
          {posts.map((post) => (
            <li key={post._id}>
              <PostCard post={post} now={now} />
            </li>
          ))}
        </ul>
      )}

      <div ref={endRef} className="mt-8 text-center">
        <p role="status" className="font-semibold text-slate-700">
          {status === "loading" ? BLOG_MESSAGES.loadingMore : atEnd ? BLOG_MESSAGES.allLoaded : ""}
        </p>
        {status === "error" ? (
          <div role="alert" className="mt-2 flex flex-wrap items-center justify-center gap-3">
            <p className="font-semibold text-red-700">{BLOG_MESSAGES.somethingWrong}</p>
            <button type="button" className={pagerLink} onClick={() => void loadMore()}>
              Try again
            </button>
          </div>
        ) : null}
        {!hydrated && hasMore ? (
          <nav aria-label="Older posts" className="mt-2">
            <Link to={postsHref(params, {}, page + 1)} rel="next" className={pagerLink}>
              Older posts <span aria-hidden="true">→</span>
            </Link>
          </nav>
        ) : null}
      </div>
    </div>
  );
}
