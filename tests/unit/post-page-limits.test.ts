// The post page's comment form meets the same limit as POST /backend/comments (issue 15, COMMENT_RATE_LIMIT):
// over it, the action answers 429 with Retry-After and the message the page shows (a toast with
// JavaScript, the notice under the form without), and the typed comment comes back; nothing is stored.
// The count is shared with the API: comments sent either way add up.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../server/features/auth/actor.ts";
import { comments, posts } from "../../server/db/schema.ts";
import { bearer, createAccount } from "../support/accounts.ts";
import { makePost } from "../support/factories.ts";
import { actorOf, postToAction } from "../support/page-action.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import type { PostActionResult } from "../../app/features/blog/post-page-actions.ts";
import { action } from "../../app/routes/post.tsx";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ COMMENT_RATE_LIMIT: "3", SIGN_IN_RATE_LIMIT: "1000" });
}, 60_000);
afterAll(() => t.close());

/** The comment form posted to /{slug} by `who` from `clientIp`: the answer and its status and headers. */
function sendComment(who: Actor, slug: string, desc: string, clientIp = "127.0.0.1") {
  return postToAction<PostActionResult>(t, action, {
    path: `/${slug}`,
    pattern: "/:slug",
    params: { slug },
    who,
    clientIp,
    fields: { intent: "comment", desc },
  });
}

describe("the comment form's limit", () => {
  it("answers 429 with Retry-After and 'You are commenting too fast…', keeping the text, once the user is over it", async () => {
    const account = await createAccount(t);
    const who = actorOf(account);
    const [post] = await t.db.insert(posts).values(makePost(account.id)).returning();
    // two through the API, one through the page: the limit of 3 is used up together
    for (let i = 0; i < 2; i++) {
      const res = await t.request(`/backend/comments/${post!.id}`, {
        method: "POST",
        headers: bearer(account),
        json: { desc: `api ${i}` },
      });
      expect(res.status).toBe(201);
    }
    expect((await sendComment(who, post!.slug, "page 1")).data).toMatchObject({ ok: true });

    const refused = await sendComment(who, post!.slug, "one more thought");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.data).toEqual({
      intent: "comment",
      ok: false,
      formError: `You are commenting too fast. Please wait ${retryAfter} second${retryAfter === 1 ? "" : "s"} and try again.`,
      fieldErrors: {},
      values: { desc: "one more thought" },
    });
    const [stored] = await t.db.select({ n: count() }).from(comments).where(eq(comments.postId, post!.id));
    expect(stored!.n).toBe(3);
    // and the API says the same
    const api = await t.request(`/backend/comments/${post!.id}`, {
      method: "POST",
      headers: bearer(account),
      json: { desc: "api again" },
    });
    expect(api.status).toBe(429);
  });

  it("another user is not held back by someone else's comments", async () => {
    const [a, b] = [await createAccount(t), await createAccount(t)];
    const [post] = await t.db.insert(posts).values(makePost(a.id)).returning();
    for (let i = 0; i < 4; i++) await sendComment(actorOf(a), post!.slug, `a ${i}`, "198.51.100.60");
    expect((await sendComment(actorOf(b), post!.slug, "b", "198.51.100.60")).data).toMatchObject({ ok: true });
  });
});
