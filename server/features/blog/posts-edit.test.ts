// PUT /backend/posts/{id} (issue 29: "Its author and admins edit a post in the same editor (same rules,
// same sanitizer, the address kept), through PUT /posts/{id} beside the spec's DELETE /posts/{id},
// audited"): who may, the rules of a new post, the slug kept, the cached pages told, the audit row.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { AUTHORING_MESSAGES as M, type PostDetail } from "../../../contract/blog/blog.ts";
import { BLOG_MESSAGES } from "../../../contract/blog/blog-texts.ts";
import { adminAudit, categories, posts } from "../../db/schema.ts";
import { postScope, scopeVersionsOf } from "../../db/content-version.ts";
import { bearer, createAccount, sameOrigin, type TestAccount } from "../../../tests/support/accounts.ts";
import type { Actor } from "../auth/actor.ts";
import { ok, refused } from "../../../tests/support/api-calls.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let author: TestAccount;
let other: TestAccount;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  [author, other, admin] = await Promise.all([createAccount(t), createAccount(t), createAccount(t, { admin: true })]);
  await t.db
    .insert(categories)
    .values([{ name: "Coding" }, { name: "Graphic Design" }])
    .onConflictDoNothing();
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(adminAudit);
});

let n = 0;
const payload = (over: Record<string, unknown> = {}) => ({
  img: "",
  title: `A post ${Date.now().toString(36)} ${++n}`,
  category: ["Coding"],
  desc: "First words.",
  content: "<p>Frist draft.</p>",
  ...over,
});

function put(id: string, json: unknown, who: TestAccount | null) {
  return t.request(`/backend/posts/${id}`, { method: "PUT", headers: who ? bearer(who) : sameOrigin(t), json });
}

async function newPost(over: Record<string, unknown> = {}): Promise<PostDetail> {
  return ok<PostDetail>(
    await t.request("/backend/posts", { method: "POST", headers: bearer(author), json: payload(over) }),
    201,
  );
}

describe("PUT /backend/posts/{id}: who", () => {
  it("anonymous 401, another user 403, nothing changed; the author 200; an admin 200", async () => {
    const post = await newPost();
    const edit = payload({ title: "Fixed title", content: "<p>First draft.</p>" });
    expect((await put(post._id, edit, null)).status).toBe(401);
    expect(await refused(await put(post._id, edit, other), 403)).toBe(M.notYourPost);
    const [unchanged] = await t.db.select().from(posts).where(eq(posts.id, post._id));
    expect(unchanged).toMatchObject({ title: post.title, content: "<p>Frist draft.</p>" });

    const byAuthor = await ok<PostDetail>(await put(post._id, edit, author));
    expect(byAuthor).toMatchObject({
      _id: post._id,
      slug: post.slug,
      title: "Fixed title",
      content: "<p>First draft.</p>",
      user: { username: author.username },
    });
    const byAdmin = await ok<PostDetail>(await put(post._id, { ...edit, desc: "Edited by an admin." }, admin));
    expect(byAdmin).toMatchObject({
      slug: post.slug,
      desc: "Edited by an admin.",
      user: { username: author.username },
    });
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post._id));
    expect(row).toMatchObject({ userId: author.id, slug: post.slug, desc: "Edited by an admin." });
  });

  it("the session cookie from another site: 403", async () => {
    const post = await newPost();
    const res = await t.request(`/backend/posts/${post._id}`, {
      method: "PUT",
      headers: { Cookie: author.cookie, Origin: "https://evil.example" },
      json: payload(),
    });
    expect(res.status).toBe(403);
  });

  it("no such post: 404 (also for an id that is no id)", async () => {
    expect(await refused(await put("0123456789abcdef01234567", payload(), author), 404)).toBe(
      BLOG_MESSAGES.postNotFound,
    );
    expect((await put("not-an-id", payload(), admin)).status).toBe(404);
  });
});

describe("PUT /backend/posts/{id}: the rules of a new post", () => {
  it("the same refusals: required, too long, unknown category, a bad cover, a picture without alt", async () => {
    const post = await newPost();
    for (const [over, message] of [
      [{ title: "  " }, M.required],
      [{ content: "<p> </p>" }, M.required],
      [{ title: "x".repeat(201) }, M.titleTooLong],
      [{ category: ["Knitting"] }, M.unknownCategory("Knitting")],
      [{ img: "javascript:alert(1)" }, M.badImage],
      [{ content: '<p>x</p><img src="/media/uploads/0123456789abcdef01234567.png">' }, M.altMissing],
    ] as const) {
      expect(await refused(await put(post._id, payload(over), author), 422), JSON.stringify(over)).toBe(message);
    }
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post._id));
    expect(row).toMatchObject({ title: post.title, content: post.content });
  });

  it("the same sanitizer for the body; the title stays as typed; the address stays whatever the title", async () => {
    const post = await newPost();
    const edited = await ok<PostDetail>(
      await put(
        post._id,
        payload({
          title: "Why <div> soup hurts: use <button>",
          category: ["graphic design", "Coding"],
          content: '<p onclick="alert(1)">Safe <b>bold</b></p><script>alert(1)</script><img src=x onerror=alert(1)>',
          img: `${t.env.PUBLIC_URL}/media/uploads/0123456789abcdef01234567.png`,
        }),
        author,
      ),
    );
    expect(edited).toMatchObject({
      slug: post.slug,
      title: "Why <div> soup hurts: use <button>",
      category: ["Graphic Design", "Coding"],
      content: "<p>Safe <b>bold</b></p>",
      img: "/media/uploads/0123456789abcdef01234567.png",
    });
    const read = await ok<PostDetail>(await t.request(`/backend/posts/${post.slug}`));
    expect(read).toMatchObject({ title: "Why <div> soup hurts: use <button>", content: "<p>Safe <b>bold</b></p>" });
  });

  it("the post's page and the lists are told (the cache scopes move on)", async () => {
    const post = await newPost();
    const scopes = ["posts", postScope(post.slug)];
    const before = await scopeVersionsOf(t.db, scopes);
    await ok(await put(post._id, payload({ title: "New title" }), author));
    const after = await scopeVersionsOf(t.db, scopes);
    for (const scope of scopes) expect(after[scope] ?? 0, scope).toBeGreaterThan(before[scope] ?? 0);
  });
});

describe("PUT /backend/posts/{id}: the audit log", () => {
  it("an admin's edit is recorded with what changed; an author's own edit and a refused one are not", async () => {
    const post = await newPost({ title: "Before the edit" });
    await ok(await put(post._id, payload({ title: "By the author" }), author));
    await refused(await put(post._id, payload({ title: "" }), admin), 422);
    expect(await t.db.select().from(adminAudit)).toEqual([]);

    await ok(
      await put(post._id, payload({ title: "By an admin", desc: "First words.", content: "<p>New</p>" }), admin),
    );
    const rows = await t.db.select().from(adminAudit);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: "update",
      resource: "posts",
      itemId: post._id,
      itemLabel: "By an admin",
      changes: {
        title: { before: "By the author", after: "By an admin" },
        content: {
          before: expect.stringMatching(/^19 characters \(/),
          after: expect.stringMatching(/^10 characters \(/),
        },
      },
    });
    expect(rows[0]!.changes).not.toHaveProperty("slug");
  });
});

describe("the admins' posts list (/admin/posts)", () => {
  it("newest first, filtered by author, category and words of the title; admins only", async () => {
    const tag = Date.now().toString(36);
    const a = await newPost({ title: `Alpha ${tag} grid layout`, category: ["Coding"] });
    const b = await newPost({ title: `Beta ${tag} colour`, category: ["Graphic Design"] });
    const mine = await ok<PostDetail>(
      await t.request("/backend/posts", {
        method: "POST",
        headers: bearer(other),
        json: payload({ title: `Gamma ${tag} grid 100%`, category: ["Coding", "Graphic Design"] }),
      }),
      201,
    );
    const list = t.services.postWrite.adminPosts;
    const actor = (who: TestAccount, role: "admin" | "user"): Actor => ({
      id: who.id,
      username: who.username,
      email: who.email,
      image: null,
      role,
      sessionId: "test",
      verifiedAt: null,
    });
    const adminActor = actor(admin, "admin");
    const ids = async (q: Parameters<typeof list>[1]) => (await list(adminActor, q)).items.map((p) => p._id);
    expect(await ids({ search: tag })).toEqual([mine._id, b._id, a._id]);
    expect(await ids({ search: `GRID ${tag}` })).toEqual([mine._id, a._id]);
    expect(await ids({ search: `${tag} 100%` })).toEqual([mine._id]);
    expect(await ids({ search: tag, cat: "graphic design" })).toEqual([mine._id, b._id]);
    expect(await ids({ search: tag, author: other.username.slice(2).toUpperCase() })).toEqual([mine._id]);
    const page = await list(adminActor, { search: tag, author: author.username });
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 2 });
    expect(page.items[0]).toMatchObject({
      slug: b.slug,
      title: b.title,
      author: author.username,
      categories: ["Graphic Design"],
    });
    await expect(list(actor(other, "user"), {})).rejects.toThrow(/admin/i);
    await expect(list(null, {})).rejects.toThrow();
  });
});
