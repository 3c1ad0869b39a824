// Limits on writing (issue 15 "No limit on writing": one account posted 300 comments in 19 s, 100 posts
// in 8 s and took 300 upload tokens in 11 s). Per user at COMMENT_RATE_LIMIT / POST_RATE_LIMIT /
// UPLOAD_RATE_LIMIT (their defaults here), per address at ADDRESS_RATE_LIMIT_FACTOR times that; over
// either, 429 with Retry-After and a message, and nothing written. The counting itself (windows,
// Retry-After, forgetting old rows) against the database with a clock of its own.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authAttempt, comments, posts, uploadTokens } from "../db/schema.ts";
import { bearer, createAccount, type TestAccount } from "../../tests/support/accounts.ts";
import { makePost } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { action as writeAction } from "../../app/routes/admin/write.tsx";
import { AUTHORING_MESSAGES as M } from "../../contract/blog/post-authoring-texts.ts";
import { actorOf, postToAction } from "../../tests/support/page-action.ts";
import { createRateLimiter, limitOf, RATE_LIMIT_MESSAGES, waitPhrase, type LimitRule } from "./rate-limit.ts";

let t: TestApp;
let small: TestApp;
beforeAll(async () => {
  // the defaults of COMMENT_RATE_LIMIT (10 a minute), POST_RATE_LIMIT (5 in 10 minutes) and
  // UPLOAD_RATE_LIMIT (30 in 10 minutes), which the test app otherwise raises
  t = await createTestApp({
    COMMENT_RATE_LIMIT: undefined,
    POST_RATE_LIMIT: undefined,
    UPLOAD_RATE_LIMIT: undefined,
    SIGN_IN_RATE_LIMIT: "1000",
  });
  // two calls a minute per user, and twice that per address
  small = await createTestApp({ COMMENT_RATE_LIMIT: "2", ADDRESS_RATE_LIMIT_FACTOR: "2", SIGN_IN_RATE_LIMIT: "1000" });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await small?.close();
});

async function newPost(app: TestApp, author: TestAccount) {
  const [row] = await app.db.insert(posts).values(makePost(author.id)).returning();
  return row!;
}

const comment = (app: TestApp, who: TestAccount, postId: string, clientIp?: string) =>
  app.request(`/backend/comments/${postId}`, {
    method: "POST",
    headers: bearer(who),
    json: { desc: "first!" },
    clientIp,
  });

/** Hundreds of requests: on a busy machine they take longer than the default 30 s. */
const MANY_REQUESTS = { timeout: 120_000 };

const messageOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe("writing limits per user", () => {
  it(
    "300 comments from one account: the first 10 of the minute are stored, the rest get 429 with Retry-After",
    MANY_REQUESTS,
    async () => {
      const writer = await createAccount(t);
      const post = await newPost(t, writer);
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 300; i++) {
        last = await comment(t, writer, post.id);
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
      const retryAfter = Number(last!.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(last!.headers.get("cache-control")).toBe("no-store");
      expect(await last!.json()).toEqual({
        error: { code: "too_many_requests", message: RATE_LIMIT_MESSAGES.comment(waitPhrase(retryAfter)) },
      });
      const [stored] = await t.db.select({ n: count() }).from(comments).where(eq(comments.postId, post.id));
      expect(stored!.n).toBe(10);

      // another account (same address) still comments: the limit is the user's
      const other = await createAccount(t);
      expect((await comment(t, other, post.id)).status).toBe(201);
    },
  );

  it(
    "100 posts from one account: 5 are published in 10 minutes, the rest get 429 and are not stored",
    MANY_REQUESTS,
    async () => {
      const writer = await createAccount(t);
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 100; i++) {
        last = await t.request("/backend/posts", {
          method: "POST",
          headers: bearer(writer),
          json: { img: "", title: `Spam ${i}`, category: [], desc: "", content: "<p>Buy now</p>" },
        });
        statuses.push(last.status);
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      const retryAfter = Number(last!.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(60);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(await messageOf(last!)).toMatch(
        /^You have published too many posts in a short time\. Please wait \d+ minutes/,
      );
      const [stored] = await t.db.select({ n: count() }).from(posts).where(eq(posts.userId, writer.id));
      expect(stored!.n).toBe(5);
    },
  );

  it("refused posts (422) do not count: after 10 refused, the 5 of the window are still published (issue 29)", async () => {
    const writer = await createAccount(t);
    const send = (content: string) =>
      t.request("/backend/posts", {
        method: "POST",
        headers: bearer(writer),
        json: { img: "", title: "Counted?", category: [], desc: "", content },
      });
    for (let i = 0; i < 10; i++) expect((await send("<p> </p>")).status).toBe(422);
    for (let i = 0; i < 5; i++) expect((await send(`<p>Post ${i}</p>`)).status).toBe(201);
    const over = await send("<p>One too many</p>");
    expect(over.status).toBe(429);
    expect(await messageOf(over)).toMatch(/^You have published too many posts/);
    // the page's Send shares the count, and its refusals are not counted either
    const page = await createAccount(t);
    const who = actorOf(page);
    const viaPage = (content: string) =>
      postToAction<{ formError?: string }>(t, writeAction, {
        path: "/write",
        who,
        fields: { img: "", title: "From the page", category: "", desc: "", content },
      });
    for (let i = 0; i < 6; i++) expect((await viaPage("")).data?.formError).toBe(M.required);
    for (let i = 0; i < 5; i++) expect((await viaPage(`<p>Page post ${i}</p>`)).status, String(i)).toBe(302);
    expect((await viaPage("<p>One too many</p>")).status).toBe(429);
  });

  it("edits have a limit of their own, four times the posts' (20 in 10 minutes); refused ones do not count", async () => {
    const writer = await createAccount(t);
    const post = await newPost(t, writer);
    const edit = (content: string) =>
      t.request(`/backend/posts/${post.id}`, {
        method: "PUT",
        headers: bearer(writer),
        json: { img: "", title: "Edited", category: [], desc: "", content },
      });
    for (let i = 0; i < 3; i++) expect((await edit("")).status).toBe(422);
    for (let i = 0; i < 20; i++) expect((await edit(`<p>Edit ${i}</p>`)).status, String(i)).toBe(200);
    const over = await edit("<p>Edit 21</p>");
    expect(over.status).toBe(429);
    expect(await messageOf(over)).toMatch(/^You have edited posts too many times in a short time\. Please wait/);
    // writing a new post is another count
    const fresh = await t.request("/backend/posts", {
      method: "POST",
      headers: bearer(writer),
      json: { img: "", title: "New", category: [], desc: "", content: "<p>New</p>" },
    });
    expect(fresh.status).toBe(201);
  });

  it("300 upload tokens from one account: 30 in 10 minutes (HEAD counts as GET), then 429", MANY_REQUESTS, async () => {
    const writer = await createAccount(t);
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      const res = await t.request("/backend/posts/upload-auth", {
        method: i % 2 ? "HEAD" : "GET",
        headers: bearer(writer),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const [tokens] = await t.db.select({ n: count() }).from(uploadTokens).where(eq(uploadTokens.userId, writer.id));
    expect(tokens!.n).toBe(30);
  });

  it("uploads are counted per client before the form is read: 429 in ImageKit's shape too", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) {
      const form = new FormData();
      form.append("file", new Blob(["x"]), "a.png");
      form.append("fileName", "a.png");
      form.append("token", "not-a-token");
      form.append("expire", "1");
      form.append("signature", "0");
      last = await t.request("/backend/api/v1/files/upload", { method: "POST", body: form, clientIp: "192.0.2.31" });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = (await last!.json()) as { message: string; error: { code: string; message: string } };
    expect(body.error.code).toBe("too_many_requests");
    expect(body.message).toBe(body.error.message);
    expect(body.message).toMatch(/^Too many uploads in a short time\./);
  });

  it("a caller who may not write is refused as before, and counts nothing", async () => {
    const writer = await createAccount(t);
    const post = await newPost(t, writer);
    for (let i = 0; i < 12; i++) {
      const res = await t.request(`/backend/comments/${post.id}`, { method: "POST", json: { desc: "anon" } });
      expect(res.status).toBe(401);
    }
    expect(await t.db.select().from(authAttempt).where(like(authAttempt.key, "rate|comment|address:%"))).toEqual([]);
  });
});

describe("writing limits per address (ADDRESS_RATE_LIMIT_FACTOR)", () => {
  it("accounts behind one address share its cap; a refused client does not use it up; other addresses are free", async () => {
    const [a, b, c] = [await createAccount(small), await createAccount(small), await createAccount(small)];
    const post = await newPost(small, a);
    const nat = "2001:db8:77:1::10";
    // a: its two, then its own limit (three refusals that must not count against the address)
    expect((await comment(small, a, post.id, nat)).status).toBe(201);
    expect((await comment(small, a, post.id, "2001:db8:77:1::11")).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const refused = await comment(small, a, post.id, nat);
      expect(refused.status).toBe(429);
      expect(await messageOf(refused)).toMatch(/^You are commenting too fast\./);
    }
    // b, on another address of the same /64: the address's cap is 2 × 2
    expect((await comment(small, b, post.id, "2001:db8:77:1:ffff::1")).status).toBe(201);
    expect((await comment(small, b, post.id, nat)).status).toBe(201);
    // c: within its own limit, but the address has used its cap
    const capped = await comment(small, c, post.id, nat);
    expect(capped.status).toBe(429);
    expect(await messageOf(capped)).toMatch(/^Too many requests from your network\. Please wait \d+ seconds/);
    expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(0);
    // the next /64 is another address
    expect((await comment(small, c, post.id, "2001:db8:77:2::10")).status).toBe(201);
  });
});

describe("the counting", () => {
  const rule: LimitRule = { max: 2, windowMs: 60_000, message: (wait) => `wait ${wait}` };
  const rules = {
    coupon: rule,
    pay: rule,
    verify: rule,
    comment: rule,
    post: rule,
    edit: rule,
    upload: rule,
    newsletter: rule,
    contact: rule,
    credential: rule,
  };

  it("a fixed window from the first call: Retry-After counts down to its end, then all is allowed again", async () => {
    let now = 1_000_000_000;
    const limiter = createRateLimiter(t.db, { rules, addressFactor: 10, clock: () => now });
    const who = { userId: "u-window", address: "203.0.113.200" };
    expect(await limiter.hit("comment", who)).toEqual({ ok: true });
    now += 10_000;
    expect(await limiter.hit("comment", who)).toEqual({ ok: true });
    now += 5_000;
    expect(await limiter.hit("comment", who)).toEqual({ ok: false, retryAfterSeconds: 45, message: "wait 45 seconds" });
    now += 44_500;
    expect(await limiter.hit("comment", who)).toMatchObject({ ok: false, retryAfterSeconds: 1 });
    now += 500;
    expect(await limiter.hit("comment", who)).toEqual({ ok: true });
    // each limit is a bucket of its own
    expect(await limiter.hit("post", who)).toEqual({ ok: true });
  });

  it("the client is the user, else the device, else the address", async () => {
    const now = 2_000_000_000;
    const limiter = createRateLimiter(t.db, { rules, addressFactor: 100, clock: () => now });
    const address = "203.0.113.201";
    for (let i = 0; i < 2; i++) expect((await limiter.hit("coupon", { address })).ok).toBe(true);
    expect((await limiter.hit("coupon", { address })).ok).toBe(false);
    // a device at the same address is a buyer of its own; a user too, whatever device it uses
    expect((await limiter.hit("coupon", { address, deviceId: "d1" })).ok).toBe(true);
    expect((await limiter.hit("coupon", { address, userId: "u1", deviceId: "d2" })).ok).toBe(true);
    expect((await limiter.hit("coupon", { address, userId: "u1", deviceId: "d3" })).ok).toBe(true);
    expect((await limiter.hit("coupon", { address, userId: "u1", deviceId: "d4" })).ok).toBe(false);
  });

  it("forgets windows that ended over an hour ago (at most every 10 minutes), and only its own rows", async () => {
    let now = 3_000_000_000;
    const limiter = createRateLimiter(t.db, { rules, addressFactor: 10, clock: () => now });
    await t.db.insert(authAttempt).values([
      { key: "rate|coupon|device:old", count: 3, firstAt: now - 2 * 3_600_000, lastAt: now - 2 * 3_600_000 },
      { key: "rate|coupon|device:recent", count: 3, firstAt: now - 600_000, lastAt: now - 600_000 },
      { key: "signin|someone", count: 3, firstAt: now - 2 * 3_600_000, lastAt: now - 2 * 3_600_000 },
    ]);
    await limiter.hit("coupon", { address: "203.0.113.202" });
    const keys = (await t.db.select({ key: authAttempt.key }).from(authAttempt)).map((r) => r.key);
    expect(keys).not.toContain("rate|coupon|device:old");
    expect(keys).toContain("rate|coupon|device:recent");
    expect(keys).toContain("signin|someone");
    await t.db.insert(authAttempt).values({ key: "rate|coupon|device:old2", count: 1, firstAt: 0, lastAt: 0 });
    now += 60_000;
    await limiter.hit("coupon", { address: "203.0.113.202" });
    expect(await t.db.select().from(authAttempt).where(eq(authAttempt.key, "rate|coupon|device:old2"))).toHaveLength(1);
    now += 10 * 60_000;
    await limiter.hit("coupon", { address: "203.0.113.202" });
    expect(await t.db.select().from(authAttempt).where(eq(authAttempt.key, "rate|coupon|device:old2"))).toEqual([]);
  });

  it("says how long to wait in words", () => {
    expect(waitPhrase(1)).toBe("1 second");
    expect(waitPhrase(42)).toBe("42 seconds");
    expect(waitPhrase(90)).toBe("90 seconds");
    expect(waitPhrase(91)).toBe("2 minutes");
    expect(waitPhrase(600)).toBe("10 minutes");
  });

  it("knows which calls count (HEAD as GET) and leaves the rest alone", () => {
    expect(limitOf("POST", "/comments/abc")).toBe("comment");
    expect(limitOf("POST", "/posts")).toBe("post");
    expect(limitOf("PUT", "/posts/abc")).toBe("edit");
    expect(limitOf("GET", "/posts/upload-auth")).toBe("upload");
    expect(limitOf("HEAD", "/posts/upload-auth")).toBe("upload");
    expect(limitOf("POST", "/api/v1/files/upload")).toBe("upload");
    expect(limitOf("HEAD", "/api/coupons/validate/X")).toBe("coupon");
    expect(limitOf("GET", "/posts")).toBeNull();
    expect(limitOf("DELETE", "/comments/abc")).toBeNull();
    expect(limitOf("GET", "/comments/abc")).toBeNull();
    expect(limitOf("POST", "/api/certificates/verify")).toBe("credential");
    expect(limitOf("GET", "/api/certificates/0123456789abcdef0123456789abcdef")).toBeNull();
  });
});
