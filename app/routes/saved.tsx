// /saved: the signed-in user's saved posts (bookmarks) in one place, newest saved first, as the post list
// shows posts (issue 10 "a saved-posts list for the signed-in user ... from the user menu"). Signed out:
// /login and back. spec §8 'Saved post fetching failed!' when they cannot be read.
import { Link } from "react-router";
import type { Route } from "./+types/saved";
import type { PostListItem } from "../../contract/blog/blog.ts";
import { BLOG_ACTION_MESSAGES as M } from "../../contract/blog/blog-action-texts.ts";
import { PostCard } from "../features/blog/post-card.tsx";
import { Breadcrumb } from "../components/ui/breadcrumb.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import { appContext } from "../lib/context.ts";
import { requireUserPage } from "../lib/guards.server.ts";
import { privateNoStore, siteNameOf } from "../lib/meta.ts";

export const SAVED_TITLE = "Saved posts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireUserPage(request, ctx);
  const posts = await ctx.services.postActions.savedPosts(actor).catch((error: unknown): PostListItem[] | null => {
    console.error("saved: loading the saved posts failed", error);
    return null;
  });
  return { posts, now: new Date().toISOString() };
}

export const headers = privateNoStore;

export default function Saved({ loaderData }: Route.ComponentProps) {
  const { posts, now } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: SAVED_TITLE }]} />
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">{SAVED_TITLE}</h1>
        {posts === null ? (
          <p className="mt-6 font-semibold text-red-700" role="alert">
            {M.savedFetchFailed}
          </p>
        ) : posts.length === 0 ? (
          <div className="mt-6 space-y-4" data-testid="saved-empty">
            <p className="text-slate-700">{M.noSavedPosts}</p>
            <Link to="/posts" className={buttonClass("primary", "md")}>
              Browse the blog
            </Link>
          </div>
        ) : (
          <ul className="mt-8 space-y-6" data-testid="saved-posts">
            {posts.map((post) => (
              <li key={post._id}>
                <PostCard post={post} now={now} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${SAVED_TITLE} | ${siteNameOf(matches)}` }, { name: "robots", content: "noindex" }];
}
