// The blog's signed-in actions through the real app (spec public-area §4, §6, §7, §8): comments (limits,
// plain text, the XSS corpus), deleting comments and posts by their author or an admin, the save and
// feature toggles, and toggles sent at the same time.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment, PostList } from "../../../contract/blog/blog.ts";
import { BLOG_ACTION_MESSAGES as M, COMMENT_MAX } from "../../../contract/blog/blog-actions.ts";
import { comments, posts, savedPosts } from "../../db/schema.ts";
import { bearer, createAccount, sameOrigin, type TestAccount } from "../../../tests/support/accounts.ts";
import { makePost } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { XSS_CORPUS } from "../../../tests/support/xss-corpus.ts";

let t: TestApp;
let author: TestAccount;
let other: TestAccount;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  author = await createAccount(t);
  other = await createAccount(t);
  admin = await createAccount(t, { admin: true });
}, 60_000);
afterAll(() => t.close());

const UNKNOWN_ID = "0123456789abcdef01234567";

async function newPost(userId = author.id, overrides: Parameters<typeof makePost>[1] = {}) {
  const [row] = await t.db.insert(posts).values(makePost(userId, overrides)).returning();
  return row!;
}

function as(who: TestAccount | null, method: string, path: string, json?: unknown) {
  const headers = who ? { ...bearer(who), ...sameOrigin(t) } : sameOrigin(t);
  return t.request(`/backend${path}`, { method, headers, json });
}

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

async function commentsOf(postId: string): Promise<Comment[]> {
  const res = await t.request(`/backend/comments/${postId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Comment[];
}

async function savedIds(who: TestAccount): Promise<string[]> {
  const res = await as(who, "GET", "/users/saved");
  expect(res.status).toBe(200);
  return (await res.json()) as string[];
}

describe("POST /comments/{postId}", () => {
  it("anonymous: 401, nothing stored", async () => {
    const post = await newPost();
    const res = await as(null, "POST", `/comments/${post.id}`, { desc: "Hello" });
    expect(res.status).toBe(401);
    expect(await commentsOf(post.id)).toEqual([]);
  });

  it("a signed-in user: 201 with the comment (trimmed, their name), first in the list", async () => {
    const post = await newPost();
    const res = await as(other, "POST", `/comments/${post.id}`, { desc: "  Great read, thanks!  \n" });
    expect(res.status).toBe(201);
    const comment = (await res.json()) as Comment;
    expect(comment).toMatchObject({ postId: post.id, desc: "Great read, thanks!", user: { username: other.username } });
    const list = await commentsOf(post.id);
    expect(list.map((c) => c._id)).toEqual([comment._id]);
    expect(list[0]).toEqual(comment);
  });

  it("empty, blank, missing, not text or too long: 422 with a clear message; exactly the limit is kept", async () => {
    const post = await newPost();
    const cases: Array<[unknown, string]> = [
      [{ desc: "" }, M.commentEmpty],
      [{ desc: " \n\t " }, M.commentEmpty],
      [{}, M.commentRequired],
      [{ desc: 42 }, M.commentRequired],
      [{ desc: "x".repeat(COMMENT_MAX + 1) }, M.commentTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await as(other, "POST", `/comments/${post.id}`, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect((await errorOf(res)).message).toContain(message);
    }
    expect(await commentsOf(post.id)).toEqual([]);
    const longest = await as(other, "POST", `/comments/${post.id}`, { desc: ` ${"y".repeat(COMMENT_MAX)} ` });
    expect(longest.status).toBe(201);
    expect(((await longest.json()) as Comment).desc).toHaveLength(COMMENT_MAX);
  });

  it("an unknown post or a malformed id: 404 'Post not found!'", async () => {
    for (const id of [UNKNOWN_ID, "not-an-id"]) {
      const res = await as(other, "POST", `/comments/${id}`, { desc: "Hello" });
      expect(res.status, id).toBe(404);
      expect((await errorOf(res)).message).toBe("Post not found!");
    }
  });

  it("the XSS corpus: stored and answered as the same plain text, never changed into HTML", async () => {
    const post = await newPost();
    const sent: string[] = [];
    for (const payload of XSS_CORPUS) {
      const text = payload.html.replaceAll("\0", "").slice(0, COMMENT_MAX);
      if (!text.trim()) continue;
      const res = await as(other, "POST", `/comments/${post.id}`, { desc: text });
      expect(res.status, payload.name).toBe(201);
      expect(((await res.json()) as Comment).desc, payload.name).toBe(text.trim());
      sent.push(text.trim());
    }
    const list = await commentsOf(post.id);
    expect(list.map((c) => c.desc).sort()).toEqual([...sent].sort());
  });

  it("a NUL character: 422, not a 500", async () => {
    const post = await newPost();
    const res = await as(other, "POST", `/comments/${post.id}`, { desc: "a\u0000b" });
    expect(res.status).toBe(422);
  });
});

describe("DELETE /comments/{id}: the comment's author or an admin", () => {
  async function commentBy(who: TestAccount) {
    const post = await newPost();
    const res = await as(who, "POST", `/comments/${post.id}`, { desc: `by ${who.username}` });
    expect(res.status).toBe(201);
    return { post, comment: (await res.json()) as Comment };
  }

  it("anonymous 401 and another user 403: the comment stays", async () => {
    const { post, comment } = await commentBy(other);
    expect((await as(null, "DELETE", `/comments/${comment._id}`)).status).toBe(401);
    const res = await as(author, "DELETE", `/comments/${comment._id}`);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: "forbidden", message: M.notCommentAuthor });
    expect((await commentsOf(post.id)).map((c) => c._id)).toEqual([comment._id]);
  });

  it("its author: 200 'Comment deleted successfully'; again: 404", async () => {
    const { post, comment } = await commentBy(other);
    const res = await as(other, "DELETE", `/comments/${comment._id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Comment deleted successfully" });
    expect(await commentsOf(post.id)).toEqual([]);
    const again = await as(other, "DELETE", `/comments/${comment._id}`);
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe(M.commentNotFound);
  });

  it("an admin deletes anyone's comment", async () => {
    const { post, comment } = await commentBy(other);
    expect((await as(admin, "DELETE", `/comments/${comment._id}`)).status).toBe(200);
    expect(await commentsOf(post.id)).toEqual([]);
  });

  it("an unknown or malformed id: 404", async () => {
    for (const id of [UNKNOWN_ID, "zz"]) expect((await as(admin, "DELETE", `/comments/${id}`)).status, id).toBe(404);
  });
});

describe("DELETE /posts/{id}: the post's author or an admin", () => {
  it("anonymous 401 and another user 403: the post stays", async () => {
    const post = await newPost();
    expect((await as(null, "DELETE", `/posts/${post.id}`)).status).toBe(401);
    const res = await as(other, "DELETE", `/posts/${post.id}`);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: "forbidden", message: M.notPostAuthor });
    expect((await t.request(`/backend/posts/${post.slug}`)).status).toBe(200);
  });

  it("its author: 200 'Post deleted successfully!', with its comments and saves; again 404", async () => {
    const post = await newPost();
    expect((await as(other, "POST", `/comments/${post.id}`, { desc: "first" })).status).toBe(201);
    expect((await as(other, "PATCH", "/users/save", { postId: post.id })).status).toBe(200);
    const res = await as(author, "DELETE", `/posts/${post.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Post deleted successfully!" });
    expect((await t.request(`/backend/posts/${post.slug}`)).status).toBe(404);
    expect(await t.db.select().from(comments).where(eq(comments.postId, post.id))).toEqual([]);
    expect(await t.db.select().from(savedPosts).where(eq(savedPosts.postId, post.id))).toEqual([]);
    expect(await savedIds(other)).not.toContain(post.id);
    expect((await as(author, "DELETE", `/posts/${post.id}`)).status).toBe(404);
  });

  it("an admin deletes anyone's post", async () => {
    const post = await newPost();
    expect((await as(admin, "DELETE", `/posts/${post.id}`)).status).toBe(200);
    expect((await t.request(`/backend/posts/${post.slug}`)).status).toBe(404);
  });

  it("an unknown or malformed id: 404", async () => {
    for (const id of [UNKNOWN_ID, "nope"]) expect((await as(admin, "DELETE", `/posts/${id}`)).status, id).toBe(404);
  });
});

describe("PATCH /posts/feature: admins only", () => {
  async function featured(postId: string): Promise<boolean> {
    const [row] = await t.db.select({ f: posts.isFeatured }).from(posts).where(eq(posts.id, postId));
    return row!.f;
  }

  it("anonymous 401; a user, even the post's author, 403; nothing changes", async () => {
    const post = await newPost();
    expect((await as(null, "PATCH", "/posts/feature", { postId: post.id })).status).toBe(401);
    const res = await as(author, "PATCH", "/posts/feature", { postId: post.id });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe("Access Denied: Admins only.");
    expect(await featured(post.id)).toBe(false);
  });

  it("an admin toggles: featured, then not; the featured list follows", async () => {
    const post = await newPost(author.id, { categories: ["Feature toggle"] });
    const on = await as(admin, "PATCH", "/posts/feature", { postId: post.id });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ postId: post.id, isFeatured: true });
    const list = (await (await t.request("/backend/posts?featured=true&cat=Feature%20toggle")).json()) as PostList;
    expect(list.posts.map((p) => p._id)).toEqual([post.id]);
    const off = await as(admin, "PATCH", "/posts/feature", { postId: post.id });
    expect(await off.json()).toEqual({ postId: post.id, isFeatured: false });
    expect(await featured(post.id)).toBe(false);
  });

  it("an unknown post 404; no postId 422", async () => {
    expect((await as(admin, "PATCH", "/posts/feature", { postId: UNKNOWN_ID })).status).toBe(404);
    expect((await as(admin, "PATCH", "/posts/feature", { postId: "bad" })).status).toBe(404);
    const missing = await as(admin, "PATCH", "/posts/feature", {});
    expect(missing.status).toBe(422);
    expect((await errorOf(missing)).message).toContain(M.postIdRequired);
  });

  it("toggles sent at once all count: an even number ends where it started", async () => {
    const post = await newPost();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => as(admin, "PATCH", "/posts/feature", { postId: post.id })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const states = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { isFeatured: boolean }).isFeatured),
    );
    expect(states.filter(Boolean)).toHaveLength(3);
    expect(await featured(post.id)).toBe(false);
  });
});

describe("PATCH /users/save and GET /users/saved: signed-in users", () => {
  it("anonymous: 401 for both", async () => {
    const post = await newPost();
    expect((await as(null, "PATCH", "/users/save", { postId: post.id })).status).toBe(401);
    expect((await as(null, "GET", "/users/saved")).status).toBe(401);
  });

  it("toggles: saved, listed (newest saved first, per user), then unsaved", async () => {
    const first = await newPost();
    const second = await newPost();
    const save = await as(other, "PATCH", "/users/save", { postId: first.id });
    expect(save.status).toBe(200);
    expect(await save.json()).toEqual({ postId: first.id, saved: true });
    expect((await as(other, "PATCH", "/users/save", { postId: second.id })).status).toBe(200);
    const ids = await savedIds(other);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).toContain(first.id);
    expect(await savedIds(admin)).not.toContain(first.id);
    const unsave = await as(other, "PATCH", "/users/save", { postId: first.id });
    expect(await unsave.json()).toEqual({ postId: first.id, saved: false });
    expect(await savedIds(other)).not.toContain(first.id);
    expect(await savedIds(other)).toContain(second.id);
  });

  it("an unknown or malformed post: 404, nothing saved; no postId 422", async () => {
    const before = await savedIds(author);
    expect((await as(author, "PATCH", "/users/save", { postId: UNKNOWN_ID })).status).toBe(404);
    expect((await as(author, "PATCH", "/users/save", { postId: "x" })).status).toBe(404);
    expect((await as(author, "PATCH", "/users/save", { postId: 12 })).status).toBe(422);
    expect(await savedIds(author)).toEqual(before);
  });

  it("toggles sent at once: each counts once, no duplicate, the state agrees with the answers", async () => {
    const post = await newPost();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => as(author, "PATCH", "/users/save", { postId: post.id })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const states = await Promise.all(answers.map(async (r) => ((await r.json()) as { saved: boolean }).saved));
    expect(states.filter(Boolean)).toHaveLength(3);
    const rows = await t.db.select().from(savedPosts).where(eq(savedPosts.postId, post.id));
    expect(rows).toHaveLength(1);
    expect(await savedIds(author)).toContain(post.id);
  });

  it("two users saving the same post at once each get their own save", async () => {
    const post = await newPost();
    const [a, b] = await Promise.all([
      as(author, "PATCH", "/users/save", { postId: post.id }),
      as(other, "PATCH", "/users/save", { postId: post.id }),
    ]);
    expect([(await a!.json()) as unknown, (await b!.json()) as unknown]).toEqual([
      { postId: post.id, saved: true },
      { postId: post.id, saved: true },
    ]);
    expect(await t.db.select().from(savedPosts).where(eq(savedPosts.postId, post.id))).toHaveLength(2);
  });
});
