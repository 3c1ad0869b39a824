// The write page's action (app/routes/admin/write.tsx, at /write and /admin/write) on the real services:
// Send is a form post there (one form → result → message path, decision 029). A post that is written
// redirects to its page with the flash 'Post has been created'; a refusal is a "posts.create"
// ActionFailure with the spec's texts ('Title and content are required!', 'Failed to create post:
// {message}'); the post limit is the API's (POST_RATE_LIMIT, one count). (tests/e2e/write-post.spec.ts
// drives the page.)
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ActionFailure } from "../../app/lib/action-result.ts";
import { action } from "../../app/routes/admin/write.tsx";
import { categories, posts } from "../../server/db/schema.ts";
import { bearer, createAccount, type TestAccount } from "../support/accounts.ts";
import { makeCategory } from "../support/factories.ts";
import { actorOf, flashOf, postToAction } from "../support/page-action.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let writer: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ POST_RATE_LIMIT: "4" });
  await t.db
    .insert(categories)
    .values(makeCategory({ name: "Coding" }))
    .onConflictDoNothing();
}, 60_000);
afterAll(() => t.close());
// a writer of its own for each test: refusals count in the limit too, as they do through the API
beforeEach(async () => {
  writer = await createAccount(t);
});

let n = 0;
const post = (fields: Record<string, string>, who: TestAccount | null = writer, path = "/write") =>
  postToAction<ActionFailure>(t, action, { path, who: who && actorOf(who), fields });

const form = (overrides: Record<string, string> = {}) => ({
  img: "",
  title: `Notes from the studio ${Date.now().toString(36)} ${++n}`,
  category: "Coding",
  desc: "A short description.",
  content: "<p>Hello <strong>readers</strong>.</p><script>alert(1)</script>",
  ...overrides,
});

const refusal = (formError: string) => ({
  ok: false,
  intent: "posts.create",
  formError,
  fieldErrors: {},
  values: {},
});

describe("Send on the write page", () => {
  it("writes the post and goes to its page with 'Post has been created'", async () => {
    const sent = form({ title: "Shipping a design system" });
    const answer = await post(sent, writer, "/admin/write");
    expect(answer.status).toBe(302);
    const slug = answer.headers.get("Location")!.slice(1);
    expect(slug).toMatch(/^shipping-a-design-system(-\d+)?$/);
    expect(await flashOf(answer.response!)).toEqual({ message: "Post has been created", kind: "success" });
    const [stored] = await t.db.select().from(posts).where(eq(posts.slug, slug));
    expect(stored).toMatchObject({
      userId: writer.id,
      title: "Shipping a design system",
      desc: "A short description.",
      categories: ["Coding"],
      content: "<p>Hello <strong>readers</strong>.</p>",
    });
  });

  it("'Title and content are required!' as it is, without 'Failed to create post'", async () => {
    expect((await post(form({ title: "  " }))).data).toEqual(refusal("Title and content are required!"));
    expect((await post(form({ content: "<p> &nbsp; </p>" }))).data).toEqual(refusal("Title and content are required!"));
  });

  it("other refusals: 'Failed to create post: {message}', nothing stored", async () => {
    const before = await t.db.select({ n: count() }).from(posts);
    expect((await post(form({ category: "Knitting" }))).data).toEqual(
      refusal('Failed to create post: "Knitting" is not one of the categories'),
    );
    expect((await post(form({ title: "x".repeat(201) }))).data).toEqual(
      refusal("Failed to create post: The title must be at most 200 characters"),
    );
    const nul = (await post(form({ desc: "a\u0000b" }))).data;
    expect(nul).toMatchObject({
      ok: false,
      intent: "posts.create",
      formError: expect.stringMatching(/^Failed to create post: /),
    });
    expect(await t.db.select({ n: count() }).from(posts)).toEqual(before);
  });

  it("signed out: to sign-in and back; a body that is no form: 400", async () => {
    const answer = await post(form(), null);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/write")}`);
    await expect(
      postToAction(t, action, {
        path: "/write",
        who: actorOf(writer),
        body: new Blob(["title=x"], { type: "text/plain" }),
      }),
    ).rejects.toMatchObject({ init: { status: 400 } });
  });

  it("shares POST /backend/posts's limit: over it, a 429 with Retry-After and the wait, nothing stored", async () => {
    const author = writer;
    // 4 a window: two through the API, two through the page
    for (let i = 0; i < 2; i++) {
      const res = await t.request("/backend/posts", { method: "POST", headers: bearer(author), json: form() });
      expect(res.status).toBe(201);
    }
    for (let i = 0; i < 2; i++) expect((await post(form(), author)).status).toBe(302);
    const refused = await post(form(), author);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(refused.data).toMatchObject({
      ok: false,
      intent: "posts.create",
      formError: expect.stringMatching(
        /^Failed to create post: You have published too many posts in a short time\. Please wait .+ and try again\.$/,
      ),
    });
    const [mine] = await t.db.select({ n: count() }).from(posts).where(eq(posts.userId, author.id));
    expect(mine!.n).toBe(4);
  });
});
