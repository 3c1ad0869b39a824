// The texts of spec public-area §8 that the browser tests cannot provoke on a healthy server: a failed
// load of the categories or of the comments, and the empty lists.
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Comment } from "../../../contract/blog/blog.ts";
import { CategoryLinks } from "./category-links.tsx";
import { CommentList } from "./comment-list.tsx";
import { PostActions, type PostActionsState } from "./post-actions.tsx";

/** Renders inside a router (the components hold links). */
function html(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const NOW = "2025-06-15T12:00:00.000Z";
const comment = (over: Partial<Comment>): Comment => ({
  _id: "c1",
  postId: "p1",
  desc: "Nice one",
  createdAt: "2025-06-15T11:00:00.000Z",
  user: { username: "ada", img: null },
  ...over,
});

describe("CategoryLinks", () => {
  const hrefFor = (cat: string) => `/posts?cat=${encodeURIComponent(cat)}`;

  it("says 'Error loading categories' in red when they could not be loaded", () => {
    const out = html(<CategoryLinks headingId="c" categories={null} hrefFor={hrefFor} active={null} />);
    expect(out).toContain('class="mt-3 text-sm font-semibold text-red-700">Error loading categories</p>');
    expect(out).not.toContain(">All<");
  });

  it("says 'No categories available' when there are none, and still offers All", () => {
    const out = html(<CategoryLinks headingId="c" categories={[]} hrefFor={hrefFor} active="general" />);
    expect(out).toContain("No categories available");
    expect(out).toContain('aria-current="page" href="/posts?cat=general"');
  });

  it("links All and each category, marking the current one", () => {
    const out = html(
      <CategoryLinks headingId="c" categories={["Coding", "UI & UX"]} hrefFor={hrefFor} active="coding" />,
    );
    expect(out).toContain('aria-current="page" href="/posts?cat=Coding"');
    expect(out).toContain('href="/posts?cat=UI%20%26%20UX"');
    expect(out).not.toContain("No categories available");
    expect(out).not.toContain('aria-current="page" href="/posts?cat=general"');
  });
});

describe("CommentList", () => {
  it("says 'Error loading comments!' when they could not be loaded", () => {
    const out = html(<CommentList comments={null} now={NOW} />);
    expect(out).toContain("Error loading comments!");
    expect(out).not.toContain("No comments yet.");
  });

  it("says 'No comments yet.' when there are none", () => {
    expect(html(<CommentList comments={[]} now={NOW} />)).toContain("No comments yet.");
  });

  it("shows each comment's text, author, age and, when there is one, the 48px picture", () => {
    const out = html(
      <CommentList
        comments={[
          comment({ _id: "c2", desc: "Second", user: { username: "bo", img: "/media/uploads/bo.webp" } }),
          comment({}),
        ]}
        now={NOW}
      />,
    );
    expect(out.indexOf("Second")).toBeLessThan(out.indexOf("Nice one"));
    expect(out).toContain(">bo</span>");
    expect(out).toContain("1 hour ago");
    expect(out).toContain('src="/media/uploads/bo.webp?tr=w-48,h-48&amp;v=1"');
    expect(out.match(/<img/g)).toHaveLength(1);
  });

  it("a comment being sent comes first with ' (Sending...)'; comments are text, never HTML", () => {
    const out = html(
      <CommentList
        comments={[comment({ desc: "<img src=x onerror=alert(1)>" })]}
        now={NOW}
        pending={{ desc: "<script>alert(1)</script>", username: "ada" }}
        actions={(c) => <button type="button">Delete {c._id}</button>}
      />,
    );
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt; (Sending...)");
    expect(out).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(out).not.toContain("<script>");
    expect(out).not.toContain("<img src=x");
    expect(out.indexOf("(Sending...)")).toBeLessThan(out.indexOf("Delete c1"));
    expect(out).not.toContain("No comments yet.");
  });

  it("a first comment being sent replaces 'No comments yet.'", () => {
    const out = html(<CommentList comments={[]} now={NOW} pending={{ desc: "First!", username: "ada" }} />);
    expect(out).toContain("First! (Sending...)");
    expect(out).not.toContain("No comments yet.");
  });
});

describe("PostActions", () => {
  const post = {
    _id: "p1",
    slug: "a-post",
    title: "A post",
    desc: "",
    img: "",
    category: [],
    createdAt: NOW,
    isFeatured: true,
    user: { username: "ada", img: null },
    content: "<p>x</p>",
  };
  const state = (over: Partial<PostActionsState>): PostActionsState => ({
    signedIn: true,
    saved: false,
    canFeature: false,
    canDelete: false,
    canEdit: false,
    loginHref: "/login?redirectTo=%2Fa-post",
    ...over,
  });

  it("says 'Saved post fetching failed!' when the saved state could not be read", () => {
    const out = html(<PostActions post={post} state={state({ saved: null })} />);
    expect(out).toContain("Saved post fetching failed!");
    expect(out).not.toContain('data-testid="post-save"');
  });

  it("anonymous: Save is a link to /login and back; no Feature, no Delete", () => {
    const out = html(<PostActions post={post} state={state({ signedIn: false })} />);
    const save = /<a [^>]*data-testid="post-save"[^>]*>/.exec(out)?.[0];
    expect(save).toContain('href="/login?redirectTo=%2Fa-post"');
    expect(out).not.toContain("post-feature");
    expect(out).not.toContain("post-delete");
    expect(out).not.toContain("post-edit");
  });

  it("an admin: the star filled for a featured post, and Delete", () => {
    const out = html(
      <PostActions post={post} state={state({ saved: true, canFeature: true, canDelete: true, canEdit: true })} />,
    );
    expect(out).toMatch(/data-testid="post-feature"[\s\S]*?data-filled="true"[\s\S]*?Featured/);
    expect(out).toMatch(/data-testid="post-save"[\s\S]*?data-filled="true"[\s\S]*?Saved/);
    expect(out).toContain('data-testid="post-delete"');
    // Edit opens the write page filled with the post (issue 29)
    expect(/<a [^>]*data-testid="post-edit"[^>]*>/.exec(out)?.[0]).toContain(`href="/write?edit=${post._id}"`);
  });
});
