// The categories admin through the real app (spec admin-back-office §2 "Categories admin", §5, §7;
// decision 020): POST /backend/posts/category and DELETE /backend/posts/category/{name}.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { adminAudit, categories, courses, posts } from "../../db/schema.ts";
import { contentVersionOf } from "../../db/content-version.ts";
import { bearer, createAccount, sameOrigin, type TestAccount } from "../../../tests/support/accounts.ts";
import { makeCourse, makePost } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { XSS_CORPUS } from "../../../tests/support/xss-corpus.ts";

let t: TestApp;
let admin: TestAccount;
let plain: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  plain = await createAccount(t);
}, 60_000);
afterAll(() => t.close());

let counter = 0;
const unique = (prefix = "Cat") => `${prefix} ${Date.now().toString(36)}${++counter}`;

function add(name: unknown, who: TestAccount | null = admin) {
  return t.request("/backend/posts/category", {
    method: "POST",
    headers: who ? bearer(who) : sameOrigin(t),
    json: { name },
  });
}

function remove(name: string, who: TestAccount | null = admin) {
  return t.request(`/backend/posts/category/${encodeURIComponent(name)}`, {
    method: "DELETE",
    headers: who ? bearer(who) : sameOrigin(t),
  });
}

async function storedNames(): Promise<string[]> {
  return (await t.db.select({ name: categories.name }).from(categories)).map((r) => r.name);
}

async function publicNames(): Promise<string[]> {
  return (await (await t.request("/backend/posts/categories")).json()) as string[];
}

describe("POST /backend/posts/category", () => {
  it("adds a trimmed name; both public lists show it and the content version moves on", async () => {
    const name = unique("Data Science");
    const before = await contentVersionOf(t.db);
    const res = await add(`   ${name}  `);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { _id: string; name: string };
    expect(body).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name });
    expect(await storedNames()).toContain(name);
    expect(await publicNames()).toContain(name);
    const courseList = (await (await t.request("/backend/api/categories")).json()) as Array<{ name: string }>;
    expect(courseList.map((c) => c.name)).toContain(name);
    expect(await contentVersionOf(t.db)).toBe(before + 1);
  });

  it("refuses a blank name with the spec's message, and a missing one too", async () => {
    for (const name of ["", "   ", "\t \n"]) {
      const res = await add(name);
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(await res.json()).toEqual({ error: { code: "invalid", message: "Category name cannot be empty!" } });
    }
    const missing = await t.request("/backend/posts/category", { method: "POST", headers: bearer(admin), json: {} });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toContain(
      "Category name cannot be empty!",
    );
  });

  it("refuses a name over 50 characters and one with a line break or NUL, storing nothing", async () => {
    const before = (await storedNames()).length;
    const long = await add("x".repeat(51));
    expect(long.status).toBe(422);
    expect(((await long.json()) as { error: { message: string } }).error.message).toContain("at most 50 characters");
    expect((await add("y".repeat(50))).status).toBe(201);
    for (const [name, says] of [
      ["two\nlines", "one line of text"],
      ["nul\0byte", "NUL character"],
    ] as const) {
      const res = await add(name);
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(says);
    }
    expect((await storedNames()).length).toBe(before + 1);
  });

  it("refuses a duplicate with 409, whatever its case and spaces, naming the existing category", async () => {
    const name = unique("Cloud Computing");
    expect((await add(name)).status).toBe(201);
    for (const again of [name, name.toUpperCase(), ` ${name.toLowerCase()} `]) {
      const res = await add(again);
      expect(res.status, again).toBe(409);
      expect(await res.json()).toEqual({
        error: { code: "conflict", message: `A category named "${name}" already exists.` },
      });
    }
    expect((await storedNames()).filter((n) => n.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  it("two admins adding the same name at once: one 201, one 409", async () => {
    const name = unique("Race");
    const statuses = (await Promise.all([add(name), add(name.toLowerCase())])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
  });

  it("anonymous 401, a plain user 403, and nothing stored", async () => {
    const name = unique("Denied");
    const anon = await add(name, null);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: { code: "unauthorized", message: "Please sign in to continue." } });
    const user = await add(name, plain);
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ error: { code: "forbidden", message: "Access Denied: Admins only." } });
    expect(await storedNames()).not.toContain(name);
  });

  it("stores XSS-looking names as plain text and answers them as JSON data", async () => {
    const payloads = XSS_CORPUS.map((p) => p.html)
      .filter(
        (html) =>
          html.length <= 50 &&
          ![...html].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127) &&
          html.trim() === html,
      )
      .slice(0, 8);
    expect(payloads.length).toBeGreaterThanOrEqual(5);
    for (const html of payloads) {
      const res = await add(html);
      expect(res.status, html).toBe(201);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(((await res.json()) as { name: string }).name).toBe(html);
    }
    const listed = await t.request("/backend/posts/categories");
    expect(listed.headers.get("content-type")).toMatch(/^application\/json/);
    const names = (await listed.json()) as string[];
    for (const html of payloads) expect(names).toContain(html);
    // and removable by that name, slashes and quotes included
    for (const html of payloads) expect((await remove(html)).status, html).toBe(200);
  });
});

describe("DELETE /backend/posts/category/{name}", () => {
  it("removes an unused category, in any case; the lists no longer show it", async () => {
    const name = unique("Unused");
    await add(name);
    const before = await contentVersionOf(t.db);
    const res = await remove(name.toUpperCase());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ _id: expect.any(String), name });
    expect(await storedNames()).not.toContain(name);
    expect(await publicNames()).not.toContain(name);
    expect(await contentVersionOf(t.db)).toBe(before + 1);
  });

  it("removes a name with a slash, spaces and quotes", async () => {
    const name = `UI/UX "Design" ${++counter}`;
    expect((await add(name)).status).toBe(201);
    expect((await remove(name)).status).toBe(200);
    expect(await storedNames()).not.toContain(name);
  });

  it("refuses while courses or posts use it, saying how many; the category stays", async () => {
    const name = unique("Design");
    await add(name);
    await t.db.insert(courses).values([makeCourse({ category: name }), makeCourse({ category: name.toLowerCase() })]);
    await t.db.insert(posts).values(makePost(admin.id, { categories: [name] }));
    const before = await contentVersionOf(t.db);

    const res = await remove(name);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: {
        code: "conflict",
        message: `Cannot delete "${name}": 2 courses and 1 post use it. Move them to another category first.`,
      },
    });
    expect(await storedNames()).toContain(name);
    expect(await contentVersionOf(t.db)).toBe(before);

    // only posts: one post "uses" it
    const other = unique("Writing");
    await add(other);
    await t.db.insert(posts).values(makePost(admin.id, { categories: [other.toUpperCase()] }));
    const onlyPost = await remove(other);
    expect(onlyPost.status).toBe(409);
    expect(((await onlyPost.json()) as { error: { message: string } }).error.message).toBe(
      `Cannot delete "${other}": 1 post uses it. Move it to another category first.`,
    );

    // once none uses it, it goes
    await t.db.delete(courses).where(eq(sql`lower(${courses.category})`, name.toLowerCase()));
    await t.db.delete(posts).where(sql`${posts.categories} @> array[${name}]::text[]`);
    expect((await remove(name)).status).toBe(200);
  });

  it("answers 404 for a name no category has", async () => {
    const name = unique("Nowhere");
    const res = await remove(name);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: `No category is named "${name}".` } });
    const long = await remove("z".repeat(201));
    expect(long.status).toBe(422);
  });

  it("anonymous 401, a plain user 403, and the category stays", async () => {
    const name = unique("Kept");
    await add(name);
    expect((await remove(name, null)).status).toBe(401);
    const user = await remove(name, plain);
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ error: { code: "forbidden", message: "Access Denied: Admins only." } });
    expect(await storedNames()).toContain(name);
  });
});

/** An account as the services see it (the page's loaders and actions call them directly). */
const actorOf = (account: TestAccount, role: "admin" | "user") => ({
  id: account.id,
  username: account.username,
  email: account.email,
  image: null,
  role,
  sessionId: "s",
  verifiedAt: null,
});

describe("the admin screen's service calls (/admin/categories)", () => {
  const asAdmin = () => actorOf(admin, "admin");

  it("lists a page of categories, oldest first, with how many courses and posts use each, for admins only", async () => {
    const idle = unique("Idle");
    await add(idle);
    const name = unique("Counted");
    await add(name);
    await t.db.insert(courses).values(makeCourse({ category: name.toUpperCase() }));
    await t.db
      .insert(posts)
      .values([
        makePost(admin.id, { categories: [name] }),
        makePost(admin.id, { categories: [name.toLowerCase(), name] }),
      ]);
    const all = await t.services.categories.listPage(asAdmin(), { page: 1, pageSize: 100 });
    expect(all.total).toBe((await storedNames()).length);
    // in any case; a post naming it twice counts once
    expect(all.items.find((c) => c.name === name)).toEqual({ _id: expect.any(String), name, courses: 1, posts: 2 });
    expect(all.items.find((c) => c.name === idle)).toEqual({
      _id: expect.any(String),
      name: idle,
      courses: 0,
      posts: 0,
    });
    // the newest last, and a later page continues where the first stops
    expect(all.items.at(-1)?.name).toBe(name);
    const second = await t.services.categories.listPage(asAdmin(), { page: 2, pageSize: 2 });
    expect(second).toEqual({ items: all.items.slice(2, 4), page: 2, pageSize: 2, total: all.total });
    const beyond = await t.services.categories.listPage(asAdmin(), { page: 1000, pageSize: 25 });
    expect(beyond).toEqual({ items: [], page: 1000, pageSize: 25, total: all.total });

    await expect(t.services.categories.listPage(null, { page: 1, pageSize: 25 })).rejects.toMatchObject({
      code: "unauthorized",
    });
    await expect(
      t.services.categories.listPage(actorOf(plain, "user"), { page: 1, pageSize: 25 }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("finds one by id, and removes one by id unless courses or posts use it", async () => {
    const name = unique("By id");
    const made = (await (await add(name)).json()) as { _id: string; name: string };
    expect(await t.services.categories.get(asAdmin(), made._id)).toEqual({ ...made, courses: 0, posts: 0 });
    for (const id of ["0123456789abcdef01234567", "not-an-id"]) {
      await expect(t.services.categories.get(asAdmin(), id)).rejects.toMatchObject({ code: "not_found" });
      await expect(t.services.categories.remove(asAdmin(), id)).rejects.toMatchObject({ code: "not_found" });
    }
    await expect(t.services.categories.remove(actorOf(plain, "user"), made._id)).rejects.toMatchObject({
      code: "forbidden",
    });

    await t.db.insert(posts).values(makePost(admin.id, { categories: [name.toUpperCase()] }));
    // with how many use it, in any case (the page says the refusal without a question: issue 29)
    expect(await t.services.categories.get(asAdmin(), made._id)).toEqual({ ...made, courses: 0, posts: 1 });
    await expect(t.services.categories.remove(asAdmin(), made._id)).rejects.toMatchObject({
      code: "conflict",
      message: `Cannot delete "${name}": 1 post uses it. Move it to another category first.`,
    });
    expect(await storedNames()).toContain(name);

    await t.db.delete(posts).where(sql`${posts.categories} @> array[${name.toUpperCase()}]::text[]`);
    const before = await contentVersionOf(t.db);
    expect(await t.services.categories.remove(asAdmin(), made._id)).toEqual(made);
    expect(await storedNames()).not.toContain(name);
    expect(await contentVersionOf(t.db)).toBe(before + 1);
    // recorded in the audit log, as the API's add and remove are
    const logged = await t.db.select().from(adminAudit).where(eq(adminAudit.itemId, made._id));
    expect(logged.map((r) => r.action).sort()).toEqual(["create", "delete"]);
  });
});

// spec admin §7 "Courses and categories": "Admin (bearer): … POST /api/categories, body name; DELETE
// /api/categories/{id}" (issue 29): the course manager's calls, with the categories screen's rules.
describe("POST /backend/api/categories and DELETE /backend/api/categories/{id}", () => {
  function addByApi(name: unknown, who: TestAccount | null = admin) {
    return t.request("/backend/api/categories", {
      method: "POST",
      headers: who ? bearer(who) : sameOrigin(t),
      json: { name },
    });
  }
  function removeById(id: string, who: TestAccount | null = admin) {
    return t.request(`/backend/api/categories/${encodeURIComponent(id)}`, {
      method: "DELETE",
      headers: who ? bearer(who) : sameOrigin(t),
    });
  }
  const courseList = async () =>
    (await (await t.request("/backend/api/categories")).json()) as Array<{ _id: string; name: string }>;

  it("adds a trimmed name (201), listed by GET /api/categories, versioned and audited; removes it by id", async () => {
    const name = unique("Cloud");
    const before = await contentVersionOf(t.db);
    const res = await addByApi(`  ${name} `);
    expect(res.status).toBe(201);
    const made = (await res.json()) as { _id: string; name: string };
    expect(made).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name });
    expect(await courseList()).toContainEqual(made);
    expect(await publicNames()).toContain(name);
    expect(await contentVersionOf(t.db)).toBe(before + 1);

    const removed = await removeById(made._id);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual(made);
    expect(await storedNames()).not.toContain(name);
    expect(await contentVersionOf(t.db)).toBe(before + 2);
    const logged = await t.db.select().from(adminAudit).where(eq(adminAudit.itemId, made._id));
    expect(logged.map((r) => [r.action, r.resource, r.actorId]).sort()).toEqual([
      ["create", "categories", admin.id],
      ["delete", "categories", admin.id],
    ]);
  });

  it("the screen's rules: blank 422 with the spec's message, a duplicate in any case 409", async () => {
    for (const body of ["   ", ""]) {
      const res = await addByApi(body);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: { code: "invalid", message: "Category name cannot be empty!" } });
    }
    expect((await addByApi("x".repeat(51))).status).toBe(422);
    const name = unique("Twice");
    expect((await addByApi(name)).status).toBe(201);
    const dup = await addByApi(` ${name.toUpperCase()} `);
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({
      error: { code: "conflict", message: `A category named "${name}" already exists.` },
    });
  });

  it("refuses to remove one in use (409, saying how many), and answers 404 for an unknown id", async () => {
    const name = unique("Busy");
    const made = (await (await addByApi(name)).json()) as { _id: string };
    await t.db.insert(courses).values(makeCourse({ category: name }));
    const busy = await removeById(made._id);
    expect(busy.status).toBe(409);
    expect(await busy.json()).toEqual({
      error: {
        code: "conflict",
        message: `Cannot delete "${name}": 1 course uses it. Move it to another category first.`,
      },
    });
    expect(await storedNames()).toContain(name);
    for (const id of ["0123456789abcdef01234567", "not-an-id"]) {
      const missing = await removeById(id);
      expect(missing.status, id).toBe(404);
      expect(await missing.json()).toEqual({ error: { code: "not_found", message: "Category not found" } });
    }
  });

  it("anonymous 401, a plain user 403: nothing added or removed", async () => {
    const name = unique("Guarded");
    expect((await addByApi(name, null)).status).toBe(401);
    const user = await addByApi(name, plain);
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ error: { code: "forbidden", message: "Access Denied: Admins only." } });
    expect(await storedNames()).not.toContain(name);

    const made = (await (await addByApi(name)).json()) as { _id: string };
    expect((await removeById(made._id, null)).status).toBe(401);
    expect((await removeById(made._id, plain)).status).toBe(403);
    expect(await storedNames()).toContain(name);
  });

  it("both are in the OpenAPI document, admin-only", async () => {
    const doc = (await (await t.request("/backend/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId?: string; "x-access"?: string; responses: object }>>;
    };
    const post = doc.paths["/api/categories"]?.post;
    const del = doc.paths["/api/categories/{id}"]?.delete;
    expect([post?.operationId, post?.["x-access"]]).toEqual(["createCategory", "admin"]);
    expect([del?.operationId, del?.["x-access"]]).toEqual(["deleteCategory", "admin"]);
    expect(Object.keys(post!.responses)).toEqual(expect.arrayContaining(["201", "401", "403", "409", "422"]));
    expect(Object.keys(del!.responses)).toEqual(expect.arrayContaining(["200", "401", "403", "404", "409"]));
  });
});
