// The post page's action (app/routes/post.tsx) on the real services: what each form answers, with and
// without JavaScript, for anonymous readers, another user, the author and an admin. (The browser tests
// in tests/e2e/blog-actions.spec.ts cover the page; deleting one's own post there needs a post with a
// signed-in author, which only the writing endpoint will make.)
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../server/features/auth/actor.ts";
import { comments, posts } from "../../server/db/schema.ts";
import { createAccount } from "../support/accounts.ts";
import { makePost } from "../support/factories.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { appContext } from "../../app/lib/context.ts";
import type { PostActionData } from "../../app/components/blog/post-page-actions.ts";
import { action } from "../../app/routes/post.tsx";

let t: TestApp;
let author: Actor;
let other: Actor;
let admin: Actor;

async function actor(options: { admin?: boolean } = {}): Promise<Actor> {
  const account = await createAccount(t, options);
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    image: null,
    role: options.admin ? "admin" : "user",
    sessionId: "test",
    verifiedAt: null,
  };
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

/** React Router's data(value, init): an answer with a status of its own. */
const withStatus = (value: unknown): value is { data: PostActionData } =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/** The page's action as a form post to /{slug} by `who`: its answer, or the Response it throws (a redirect). */
async function submit(
  who: Actor | null,
  slug: string,
  fields: Record<string, string>,
): Promise<PostActionData | Response> {
  const context = new RouterContextProvider();
  context.set(appContext, {
    services: t.services,
    siteName: "TechAfrica",
    publicUrl: t.env.PUBLIC_URL,
    nonce: "",
    actor: who,
    clientIp: "127.0.0.1",
    cookieSecret: "test-cookie-secret",
    secureCookies: false,
    viewer: null,
  });
  const request = new Request(`http://localhost/${slug}`, { method: "POST", body: new URLSearchParams(fields) });
  try {
    const result = await action({
      request,
      params: { slug },
      context,
      url: new URL(request.url),
      pattern: "/:slug",
    } as never);
    // data(answer, { status }) (a refused comment: 429): the answer the page gets
    return withStatus(result) ? result.data : result;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const answerOf = (result: PostActionData | Response) => {
  expect(result).not.toBeInstanceOf(Response);
  return result as PostActionData;
};

describe("the post page's comment form", () => {
  it("anonymous: 'Please log in to comment!', the text kept, nothing stored", async () => {
    const post = await newPost();
    const answer = answerOf(await submit(null, post.slug, { intent: "comment", desc: "hello" }));
    expect(answer).toEqual({
      intent: "comment",
      ok: false,
      message: "Please log in to comment!",
      commentText: "hello",
    });
    expect(await t.db.select().from(comments).where(eq(comments.postId, post.id))).toEqual([]);
  });

  it("signed in: 'Comment posted successfully' and the comment stored; empty: the limit's message", async () => {
    const post = await newPost();
    expect(answerOf(await submit(other, post.slug, { intent: "comment", desc: " nice " }))).toEqual({
      intent: "comment",
      ok: true,
      message: "Comment posted successfully",
    });
    const [stored] = await t.db.select().from(comments).where(eq(comments.postId, post.id));
    expect(stored).toMatchObject({ desc: "nice", userId: other.id });
    const empty = answerOf(await submit(other, post.slug, { intent: "comment", desc: "  " }));
    expect(empty).toMatchObject({ ok: false, message: "Please write a comment first." });
    const nul = answerOf(await submit(other, post.slug, { intent: "comment", desc: "a\u0000b" }));
    expect(nul).toMatchObject({ ok: false, commentText: "ab" });
  });

  it("deleting a comment: another user is refused with the reason; its author succeeds", async () => {
    const post = await newPost();
    const created = await t.services.postActions.addComment(other, post.id, { desc: "mine" });
    const refused = answerOf(await submit(author, post.slug, { intent: "delete-comment", commentId: created._id }));
    expect(refused).toMatchObject({ ok: false, message: "Only the comment's author or an admin can delete it." });
    const done = answerOf(await submit(other, post.slug, { intent: "delete-comment", commentId: created._id }));
    expect(done).toEqual({
      intent: "delete-comment",
      ok: true,
      message: "Comment deleted successfully",
      commentId: created._id,
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
    expect(answerOf(await submit(other, post.slug, { intent: "save" }))).toMatchObject({ ok: true });
    expect(await t.services.postActions.isSaved(other, post.id)).toBe(true);
    expect(answerOf(await submit(other, post.slug, { intent: "save" }))).toMatchObject({ ok: true });
    expect(await t.services.postActions.isSaved(other, post.id)).toBe(false);
    expect(answerOf(await submit(author, post.slug, { intent: "feature" }))).toMatchObject({
      ok: false,
      message: "Access Denied: Admins only.",
    });
    expect(answerOf(await submit(admin, post.slug, { intent: "feature" }))).toMatchObject({ ok: true });
    const [row] = await t.db.select({ f: posts.isFeatured }).from(posts).where(eq(posts.id, post.id));
    expect(row!.f).toBe(true);
  });

  it("Delete by its author: asks first without JavaScript; confirmed, the post is gone and the page goes to /", async () => {
    const post = await newPost();
    expect(answerOf(await submit(author, post.slug, { intent: "delete-post" }))).toMatchObject({
      ok: false,
      needsConfirm: true,
    });
    expect(await t.db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(1);
    const res = await submit(author, post.slug, { intent: "delete-post", confirmed: "yes" });
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(302);
    expect((res as Response).headers.get("Location")).toBe("/");
    expect(await t.db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
  });

  it("Delete with JavaScript: 'Post deleted successfully!' (the page then shows the toast and goes to /)", async () => {
    const post = await newPost();
    expect(answerOf(await submit(admin, post.slug, { intent: "delete-post", confirmed: "yes", js: "1" }))).toEqual({
      intent: "delete-post",
      ok: true,
      message: "Post deleted successfully!",
    });
  });

  it("Delete by another user: refused with the reason, the post stays", async () => {
    const post = await newPost();
    const refused = answerOf(await submit(other, post.slug, { intent: "delete-post", confirmed: "yes", js: "1" }));
    expect(refused).toMatchObject({ ok: false, message: "Only the post's author or an admin can delete it." });
    expect(await t.db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(1);
  });

  it("an unknown intent: 400", async () => {
    const post = await newPost();
    await expect(submit(other, post.slug, { intent: "launch" })).rejects.toMatchObject({ init: { status: 400 } });
  });
});
