// The audit log through the real app (issue 16 "Audit log"): one row per admin write outside the
// declared resources (categories added and removed, roles changed, posts deleted and featured by an
// admin) with the right before/after, none for a refused write; GET /api/admin/audit's filters (admin,
// resource, Lagos calendar days), paging, links and access; secrets never recorded. The declared
// resources' own rows are checked in server/features/content/content-admin.test.ts.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuditEntry, AuditFilters } from "../../../contract/admin/audit.ts";
import { adminAudit, categories, posts, session } from "../../db/schema.ts";
import { bearer, createAccount, sameOrigin, type TestAccount } from "../../../tests/support/accounts.ts";
import { makePost } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { changesOf } from "./audit.ts";

let t: TestApp;
let admin: TestAccount;
let other: TestAccount;
let plain: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  other = await createAccount(t, { admin: true });
  plain = await createAccount(t);
}, 60_000);
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(adminAudit);
});

type AuditPage = { items: AuditEntry[]; page: number; pageSize: number; total: number };

function call(who: TestAccount | null, method: string, path: string, json?: unknown) {
  return t.request(`/backend${path}`, {
    method,
    headers: who ? sameOrigin(t, bearer(who)) : sameOrigin(t),
    ...(json === undefined ? {} : { json }),
  });
}

async function ok<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function refusal(res: Response, status: number): Promise<{ code: string; message: string }> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (JSON.parse(text) as { error: { code: string; message: string } }).error;
}

const auditRows = () => t.db.select().from(adminAudit).orderBy(desc(adminAudit.at), desc(adminAudit.id));

const listAudit = async (query = "", who: TestAccount = admin) =>
  ok<AuditPage>(await call(who, "GET", `/api/admin/audit${query ? `?${query}` : ""}`));

async function newPost(userId: string, overrides: Parameters<typeof makePost>[1] = {}) {
  const [row] = await t.db.insert(posts).values(makePost(userId, overrides)).returning();
  return row!;
}

describe("categories", () => {
  it("records an add and a remove, with the name before and after", async () => {
    const name = `Audit cat ${Date.now()}`;
    const added = await ok<{ _id: string; name: string }>(await call(admin, "POST", "/posts/category", { name }), 201);
    await ok(await call(admin, "DELETE", `/posts/category/${encodeURIComponent(name)}`));
    const rows = await auditRows();
    expect(rows.map((r) => r.action)).toEqual(["delete", "create"]);
    const [removed, created] = rows;
    expect(created).toMatchObject({
      actorId: admin.id,
      actorName: admin.username,
      actorEmail: admin.email,
      resource: "categories",
      itemId: added._id,
      itemLabel: name,
      changes: { name: { before: null, after: name } },
    });
    expect(removed).toMatchObject({
      resource: "categories",
      itemId: added._id,
      itemLabel: name,
      changes: { name: { before: name, after: null } },
    });
  });

  it("records nothing for a refused add or remove", async () => {
    const name = `Kept cat ${Date.now()}`;
    await ok(await call(admin, "POST", "/posts/category", { name }), 201);
    await t.db.delete(adminAudit);
    await refusal(await call(admin, "POST", "/posts/category", { name: name.toUpperCase() }), 409);
    await refusal(await call(admin, "POST", "/posts/category", { name: "  " }), 422);
    await refusal(await call(plain, "POST", "/posts/category", { name: "Other" }), 403);
    await refusal(await call(null, "POST", "/posts/category", { name: "Other" }), 401);
    await refusal(await call(admin, "DELETE", "/posts/category/No%20such%20category"), 404);
    // in use by a post: refused with 409, the category and its log stay as they were
    await newPost(plain.id, { categories: [name] });
    await refusal(await call(admin, "DELETE", `/posts/category/${encodeURIComponent(name)}`), 409);
    expect(await auditRows()).toEqual([]);
    expect(await t.db.select().from(categories).where(eq(categories.name, name))).toHaveLength(1);
  });
});

describe("roles", () => {
  const setRole = (who: TestAccount, id: string, role: string) =>
    call(who, "PUT", `/api/admin/users/${id}/role`, { role });

  it("records a grant and a revoke as the role before and after, and nothing else of the account", async () => {
    const someone = await createAccount(t);
    await ok(await setRole(admin, someone.id, "admin"));
    await ok(await setRole(admin, someone.id, "user"));
    const rows = await auditRows();
    expect(rows.map((r) => [r.action, r.resource, r.itemId, r.changes])).toEqual([
      ["role", "users", someone.id, { role: { before: "admin", after: "user" } }],
      ["role", "users", someone.id, { role: { before: "user", after: "admin" } }],
    ]);
    expect(rows[0]!.itemLabel).toBe(`${someone.username} (${someone.email})`);
    expect(JSON.stringify(rows)).not.toContain(someone.password);
  });

  it("records nothing when the step-up is missing, the account is unknown, or the role is already so", async () => {
    const boss = await createAccount(t, { admin: true });
    const someone = await createAccount(t);
    await ok(await setRole(admin, someone.id, "user"));
    await refusal(await setRole(plain, someone.id, "admin"), 403);
    await refusal(await setRole(admin, "0123456789abcdef01234567", "admin"), 404);
    await refusal(await setRole(admin, someone.id, "owner"), 422);
    await t.db
      .update(session)
      .set({ verifiedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(session.userId, boss.id));
    expect((await refusal(await setRole(boss, someone.id, "admin"), 403)).code).toBe("step_up_required");
    expect(await auditRows()).toEqual([]);
  });
});

describe("posts", () => {
  it("records an admin's delete of someone's post with what the post was", async () => {
    const post = await newPost(plain.id, { title: "A post to remove", categories: ["Coding"] });
    expect((await call(admin, "DELETE", `/posts/${post.id}`)).status).toBe(200);
    const [row, ...more] = await auditRows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actorId: admin.id,
      action: "delete",
      resource: "posts",
      itemId: post.id,
      itemLabel: "A post to remove",
      changes: {
        title: { before: "A post to remove", after: null },
        slug: { before: post.slug, after: null },
        author: { before: plain.username, after: null },
        categories: { before: ["Coding"], after: null },
        isFeatured: { before: false, after: null },
      },
    });
  });

  it("records nothing when an author deletes their own post, or a delete is refused", async () => {
    const mine = await newPost(plain.id);
    const theirs = await newPost(admin.id);
    expect((await call(plain, "DELETE", `/posts/${theirs.id}`)).status).toBe(403);
    expect((await call(plain, "DELETE", `/posts/${mine.id}`)).status).toBe(200);
    expect((await call(admin, "DELETE", `/posts/${mine.id}`)).status).toBe(404);
    expect(await auditRows()).toEqual([]);
  });

  it("records each feature toggle, featured then not", async () => {
    const post = await newPost(plain.id, { title: "Feature me" });
    await ok(await call(admin, "PATCH", "/posts/feature", { postId: post.id }));
    await ok(await call(other, "PATCH", "/posts/feature", { postId: post.id }));
    const rows = await auditRows();
    expect(rows.map((r) => [r.actorId, r.action, r.itemId, r.itemLabel, r.changes])).toEqual([
      [other.id, "feature", post.id, "Feature me", { isFeatured: { before: true, after: false } }],
      [admin.id, "feature", post.id, "Feature me", { isFeatured: { before: false, after: true } }],
    ]);
  });

  it("records nothing for a refused toggle", async () => {
    const post = await newPost(plain.id);
    expect((await call(plain, "PATCH", "/posts/feature", { postId: post.id })).status).toBe(403);
    expect((await call(admin, "PATCH", "/posts/feature", { postId: "0123456789abcdef01234567" })).status).toBe(404);
    expect(await auditRows()).toEqual([]);
  });
});

describe("secrets", () => {
  it("are never among the recorded changes", () => {
    const before = {
      name: "Ada",
      password: "old pass",
      token: "t1",
      apiKey: "k1",
      passwordHash: "h1",
      secretNote: "s",
    };
    const after = {
      name: "Ada O.",
      password: "new pass",
      token: "t2",
      apiKey: "k2",
      passwordHash: "h2",
      secretNote: "z",
    };
    expect(changesOf(before, after)).toEqual({ name: { before: "Ada", after: "Ada O." } });
    expect(changesOf(null, { password: "x", resetToken: "y" })).toEqual({});
  });
});

describe("GET /api/admin/audit", () => {
  /** One row as recordAudit writes it, at a chosen time. */
  async function seed(at: string, values: Partial<typeof adminAudit.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(adminAudit)
      .values({
        at: new Date(at),
        actorId: admin.id,
        actorName: admin.username,
        actorEmail: admin.email,
        action: "update",
        resource: "faqs",
        itemId: null,
        itemLabel: "Seeded",
        ...values,
      })
      .returning();
    return row!;
  }

  it("answers 401 signed out and 403 to a plain user", async () => {
    await refusal(await call(null, "GET", "/api/admin/audit"), 401);
    await refusal(await call(plain, "GET", "/api/admin/audit"), 403);
    await refusal(await call(null, "GET", "/api/admin/audit/filters"), 401);
    await refusal(await call(plain, "GET", "/api/admin/audit/filters"), 403);
  });

  it("lists entries newest first, each with who, what, the changes and the item's link as it is now", async () => {
    const faq = await ok<{ _id: string }>(
      await call(admin, "POST", "/api/faqs", { question: "Is it free?", answer: "Some of it." }),
      201,
    );
    const gone = await ok<{ _id: string }>(
      await call(admin, "POST", "/api/faqs", { question: "Gone?", answer: "Soon." }),
      201,
    );
    await ok(await call(admin, "DELETE", `/api/faqs/${gone._id}`));
    await ok(await call(admin, "PUT", "/api/hero", { title: "Welcome" }));
    const someone = await createAccount(t);
    await ok(await call(admin, "PUT", `/api/admin/users/${someone.id}/role`, { role: "admin" }));
    const kept = await newPost(plain.id, { title: "Kept post" });
    await ok(await call(other, "PATCH", "/posts/feature", { postId: kept.id }));
    const removed = await newPost(plain.id, { title: "Removed post" });
    await ok(await call(other, "PATCH", "/posts/feature", { postId: removed.id }));
    await ok(await call(other, "DELETE", `/posts/${removed.id}`));
    const cat = `Linked cat ${Date.now()}`;
    await ok(await call(admin, "POST", "/posts/category", { name: cat }), 201);

    const page = await listAudit();
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 9 });
    expect(page.items.map((e) => [e.resource, e.action, e.href])).toEqual([
      ["categories", "create", "/admin/categories"],
      ["posts", "delete", null],
      ["posts", "feature", null],
      ["posts", "feature", `/${kept.slug}`],
      ["users", "role", `/admin/users?search=${encodeURIComponent(someone.email)}`],
      ["hero", "update", "/admin/about"],
      ["faqs", "delete", "/admin/faqs"],
      ["faqs", "create", "/admin/faqs"],
      ["faqs", "create", `/admin/faqs?edit=${faq._id}`],
    ]);
    const [first] = page.items;
    expect(first).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor: { id: admin.id, name: admin.username, email: admin.email },
      action: "create",
      resource: "categories",
      itemId: expect.any(String),
      itemLabel: cat,
      changes: { name: { before: null, after: cat } },
      href: "/admin/categories",
    });
    expect(page.items[4]!.changes).toEqual({ role: { before: "user", after: "admin" } });
  });

  it("filters by admin and by resource, and offers the admins and resources that appear", async () => {
    await seed("2026-03-01T10:00:00Z", { resource: "faqs" });
    await seed("2026-03-01T11:00:00Z", { resource: "carousel" });
    await seed("2026-03-01T12:00:00Z", {
      resource: "faqs",
      actorId: other.id,
      actorName: other.username,
      actorEmail: other.email,
    });

    const byOther = await listAudit(`actorId=${other.id}`);
    expect(byOther.total).toBe(1);
    expect(byOther.items[0]!.actor.id).toBe(other.id);
    const faqs = await listAudit("resource=faqs");
    expect(faqs.items.map((e) => e.at)).toEqual(["2026-03-01T12:00:00.000Z", "2026-03-01T10:00:00.000Z"]);
    const both = await listAudit(`resource=faqs&actorId=${admin.id}`);
    expect(both.items.map((e) => e.at)).toEqual(["2026-03-01T10:00:00.000Z"]);
    expect((await listAudit("resource=coupons")).total).toBe(0);
    // blank filters, as the page's GET form sends them, filter nothing
    expect((await listAudit("actorId=&resource=&from=&to=")).total).toBe(3);

    const filters = await ok<AuditFilters>(await call(admin, "GET", "/api/admin/audit/filters"));
    expect(filters.admins).toHaveLength(2);
    expect(filters.admins).toEqual(
      expect.arrayContaining([
        { id: admin.id, name: admin.username, email: admin.email },
        { id: other.id, name: other.username, email: other.email },
      ]),
    );
    expect(filters.resources).toEqual([
      { key: "carousel", label: "Carousel items" },
      { key: "faqs", label: "FAQs" },
    ]);
  });

  it("filters by calendar days in Lagos time, the last day included whole", async () => {
    // Lagos is UTC+1: 3 March there runs from 2 March 23:00 UTC to 3 March 23:00 UTC.
    await seed("2026-03-02T22:59:59Z", { itemLabel: "2 March, 23:59 in Lagos" });
    await seed("2026-03-02T23:00:00Z", { itemLabel: "3 March, 00:00 in Lagos" });
    await seed("2026-03-03T22:59:59Z", { itemLabel: "3 March, 23:59 in Lagos" });
    await seed("2026-03-03T23:00:00Z", { itemLabel: "4 March, 00:00 in Lagos" });
    const labels = async (query: string) => (await listAudit(query)).items.map((e) => e.itemLabel);

    expect(await labels("from=2026-03-03&to=2026-03-03")).toEqual([
      "3 March, 23:59 in Lagos",
      "3 March, 00:00 in Lagos",
    ]);
    expect(await labels("from=2026-03-03")).toEqual([
      "4 March, 00:00 in Lagos",
      "3 March, 23:59 in Lagos",
      "3 March, 00:00 in Lagos",
    ]);
    expect(await labels("to=2026-03-02")).toEqual(["2 March, 23:59 in Lagos"]);
    expect(await labels("from=2026-03-05")).toEqual([]);
  });

  it("pages newest first, and refuses a bad page or date with 422 saying which", async () => {
    for (let i = 0; i < 5; i++) await seed(`2026-04-0${i + 1}T12:00:00Z`, { itemLabel: `#${i + 1}` });
    const second = await listAudit("pageSize=2&page=2");
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(second.items.map((e) => e.itemLabel)).toEqual(["#3", "#2"]);
    expect((await listAudit("pageSize=2&page=3")).items.map((e) => e.itemLabel)).toEqual(["#1"]);
    expect((await listAudit("pageSize=2&page=4")).items).toEqual([]);

    for (const [query, message] of [
      ["page=0", "page must be a whole number from 1"],
      ["pageSize=abc", "pageSize must be a whole number from 1"],
      ["from=2026-02-30", "from must be a date written YYYY-MM-DD"],
      ["from=yesterday", "from must be a date written YYYY-MM-DD"],
      ["to=03%2F03%2F2026", "to must be a date written YYYY-MM-DD"],
      ["from=2026-03-04&to=2026-03-03", "from must not be later than to"],
      [`resource=${"x".repeat(51)}`, "resource must be at most 50 characters"],
    ]) {
      const error = await refusal(await call(admin, "GET", `/api/admin/audit?${query}`), 422);
      expect(error, query).toEqual({ code: "invalid", message });
    }
  });
});
