// The post page's action (app/routes/post.tsx) on the real services: what each form answers, with and
// without JavaScript, for anonymous readers, another user, the author and an admin. (The browser tests
// in tests/e2e/blog-actions.spec.ts cover the page; deleting one's own post there needs a post with a
// signed-in author, which only the writing endpoint will make.)
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../server/features/auth/actor.ts";
import { comments, posts } from "../../server/db/schema.ts";
import { FORM_MESSAGES } from "../../contract/lib/forms.ts";
import { createAccount } from "../support/accounts.ts";
import { makePost } from "../support/factories.ts";
import { actorOf, flashOf, postToAction } from "../support/page-action.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import type { PostActionResult } from "../../app/features/blog/post-page-actions.ts";
import { action } from "../../app/routes/post.tsx";

let t: TestApp;
let author: Actor;
let other: Actor;
let admin: Actor;

async function actor(options: { admin?: boolean } = {}): Promise<Actor> {
  return actorOf(await createAccount(t, options), options);
}

beforeAll(async () => {
  t = await createTestApp();
  author = await actor();
  other = await actor();
  admin = await actor({ admin: true });
}, 60_000);
afterAll(() => t.close());

async function newPost() {
  const [row] = await t.db.insert(posts).values(makePost(author.id)).returning();
  return row!;
}

/** The page's action as a form post to /{slug} by `who`: its answer, or the Response it gives (a redirect). */
async function submit(who: Actor | null, slug: string, fields: Record<string, string>) {
  const answer = await postToAction<PostActionResult>(t, action, {
    path: `/${slug}`,
    pattern: "/:slug",
    params: { slug },
    who,
    fields,
  });
  return answer.response ?? answer.data;
}

const answerOf = (result: PostActionResult | Response) => {
  expect(result).not.toBeInstanceOf(Response);
  return result as PostActionResult;
};

describe("the post page's comment form", () => {
  it("anonymous: 'Please log in to comment!', the text kept, nothing stored", async () => {
    const post = await newPost();
    const answer = answerOf(await submit(null, post.slug, { intent: "comment", desc: "hello" }));
    expect(answer).toEqual({
      intent: "comment",
      ok: false,
      formError: "Please log in to comment!",
      code: "sign-in",
      fieldErrors: {},
      values: { desc: "hello" },
    });
    expect(await t.db.select().from(comments).where(eq(comments.postId, post.id))).toEqual([]);
  });

  it("signed in: 'Comment posted successfully' and the comment stored; empty: the limit's message", async () => {
    const post = await newPost();
    expect(answerOf(await submit(other, post.slug, { intent: "comment", desc: " nice " }))).toEqual({
      intent: "comment",
      ok: true,
      message: "Comment posted successfully",
      values: {},
    });
    const [stored] = await t.db.select().from(comments).where(eq(comments.postId, post.id));
    expect(stored).toMatchObject({ desc: "nice", userId: other.id });
    const empty = answerOf(await submit(other, post.slug, { intent: "comment", desc: "  " }));
    expect(empty).toEqual({
      ok: false,
      intent: "comment",
      fieldErrors: { desc: "Please write a comment first." },
      values: { desc: "  " },
    });
    const nul = answerOf(await submit(other, post.slug, { intent: "comment", desc: "a\u0000b" }));
    expect(nul).toMatchObject({
      ok: false,
      intent: "comment",
      fieldErrors: { desc: FORM_MESSAGES.nul("Comment") },
      values: { desc: "ab" },
    });
    expect(await t.db.select().from(comments).where(eq(comments.postId, post.id))).toHaveLength(1);
  });

  it("deleting a comment: another user is refused with the reason; its author succeeds", async () => {
    const post = await newPost();
    const created = await t.services.postActions.addComment(other, post.id, { desc: "mine" });
    const refused = answerOf(await submit(author, post.slug, { intent: "delete-comment", commentId: created._id }));
    expect(refused).toEqual({
      ok: false,
      intent: "delete-comment",
      formError: "Only the comment's author or an admin can delete it.",
      fieldErrors: {},
      values: { commentId: created._id },
    });
    const done = answerOf(await submit(other, post.slug, { intent: "delete-comment", commentId: created._id }));
    expect(done).toEqual({
      intent: "delete-comment",
      ok: true,
      message: "Comment deleted successfully",
      values: { commentId: created._id },
    });
  });
});

describe("the post page's actions panel", () => {
  it("anonymous Save: to /login and back to the post", async () => {
    const post = await newPost();
    const res = await submit(null, post.slug, { intent: "save" });
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/${post.slug}`)}`);
  });

  it("Save toggles; Feature is refused to a user and toggles for an admin", async () => {
    const post = await newPost();
    expect(answerOf(await submit(other, post.slug, { intent: "save" }))).toEqual({
      ok: true,
      intent: "save",
      message: "Post saved.",
      values: {},
    });
    expect(await t.services.postActions.isSaved(other, post.id)).toBe(true);
    expect(answerOf(await submit(other, post.slug, { intent: "save" }))).toMatchObject({
      ok: true,
      message: "Post removed from your saved posts.",
    });
    expect(await t.services.postActions.isSaved(other, post.id)).toBe(false);
    expect(answerOf(await submit(author, post.slug, { intent: "feature" }))).toMatchObject({
      ok: false,
      intent: "feature",
      formError: "Access Denied: Admins only.",
    });
    expect(answerOf(await submit(admin, post.slug, { intent: "feature" }))).toMatchObject({ ok: true });
    const [row] = await t.db.select({ f: posts.isFeatured }).from(posts).where(eq(posts.id, post.id));
    expect(row!.f).toBe(true);
  });

  it("Delete by its author: asks first without JavaScript; confirmed, the post is gone and home says so", async () => {
    const post = await newPost();
    // the one confirmation convention (decision 069): the question, tagged delete-post.confirm
    expect(answerOf(await submit(author, post.slug, { intent: "delete-post" }))).toEqual({
      ok: true,
      intent: "delete-post.confirm",
      message: "Please confirm that you want to delete this post.",
      values: {},
    });
    expect(await t.db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(1);
    const res = await submit(author, post.slug, { intent: "delete-post", confirmed: "yes" });
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(302);
    expect((res as Response).headers.get("Location")).toBe("/");
    // with JavaScript the fetcher's redirect takes the post's place in the history
    expect((res as Response).headers.get("X-Remix-Replace")).toBe("true");
    expect(await flashOf(res as Response)).toEqual({ message: "Post deleted successfully!", kind: "success" });
    expect(await t.db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
  });

  it("Delete by an admin: the same redirect home with 'Post deleted successfully!'", async () => {
    const post = await newPost();
    const res = await submit(admin, post.slug, { intent: "delete-post", confirmed: "yes" });
    expect((res as Response).headers.get("Location")).toBe("/");
    expect((await flashOf(res as Response))?.message).toBe("Post deleted successfully!");
  });

  it("Delete by another user: refused with the reason, the post stays", async () => {
    const post = await newPost();
    const refused = answerOf(await submit(other, post.slug, { intent: "delete-post", confirmed: "yes" }));
    expect(refused).toMatchObject({
      ok: false,
      intent: "delete-post",
      formError: "Only the post's author or an admin can delete it.",
    });
    expect(await t.db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(1);
  });

  it("an unknown intent: 400", async () => {
    const post = await newPost();
    await expect(submit(other, post.slug, { intent: "launch" })).rejects.toMatchObject({ init: { status: 400 } });
  });
});
