// Issue 30 "adding a declared resource takes about three files" (decision 071): a new resource,
// testimonials (tests/unit/fixtures/new-resource/testimonials.ts), put in the registry the way a branch
// would — its declaration at the end of CONTENT_RESOURCES, its table in CONTENT_RESOURCE_TABLES, its
// migration run — and nothing else. The real app then serves it: the public list, the admin's page and
// audited writes with 401/403 for others, operation ids by the rule, the audit log's words, a screen of
// its own at /admin/testimonials and a section on /admin/home, the "Home page" navigation entry, the
// home page's cache family and content version.
//
// The two modules are replaced for this file only (vi.doMock, then the modules are loaded afresh), and
// put back afterwards: the workers keep their modules from file to file (decision 068).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestAccount } from "../support/accounts.ts";
import type { TestApp } from "../support/test-app.ts";
import { TESTIMONIALS, TESTIMONIALS_MIGRATION, testimonials } from "./fixtures/new-resource/testimonials.ts";

const CONTENT_RESOURCES = "../../contract/content/content-resources.ts";
const CONTENT_TABLES = "../../server/db/schema/content.ts";

let t: TestApp;
let admin: TestAccount;
let plain: TestAccount;
let m: {
  accounts: typeof import("../support/accounts.ts");
  pageAction: typeof import("../support/page-action.ts");
  audit: typeof import("../../contract/admin/audit.ts");
  families: typeof import("../../server/http/page-cache/api-families.ts");
  versions: typeof import("../../server/db/content-version.ts");
  nav: typeof import("../../app/components/admin/admin-nav.ts");
  pages: typeof import("../../app/pages.ts");
  registry: typeof import("../../contract/admin/resources.ts");
  screen: typeof import("../../app/routes/admin/resource.tsx");
  schema: typeof import("../../server/db/schema.ts");
};

beforeAll(async () => {
  vi.resetModules();
  vi.doMock(CONTENT_RESOURCES, async (importOriginal) => {
    const original = await importOriginal<typeof import("../../contract/content/content-resources.ts")>();
    return { ...original, TESTIMONIALS, CONTENT_RESOURCES: [...original.CONTENT_RESOURCES, TESTIMONIALS] };
  });
  vi.doMock(CONTENT_TABLES, async (importOriginal) => {
    const original = await importOriginal<typeof import("../../server/db/schema/content.ts")>();
    return {
      ...original,
      testimonials,
      CONTENT_RESOURCE_TABLES: { ...original.CONTENT_RESOURCE_TABLES, testimonials },
    };
  });
  m = {
    accounts: await import("../support/accounts.ts"),
    pageAction: await import("../support/page-action.ts"),
    audit: await import("../../contract/admin/audit.ts"),
    families: await import("../../server/http/page-cache/api-families.ts"),
    versions: await import("../../server/db/content-version.ts"),
    nav: await import("../../app/components/admin/admin-nav.ts"),
    pages: await import("../../app/pages.ts"),
    registry: await import("../../contract/admin/resources.ts"),
    screen: await import("../../app/routes/admin/resource.tsx"),
    schema: await import("../../server/db/schema.ts"),
  };
  const { createTestApp } = await import("../support/test-app.ts");
  t = await createTestApp();
  await t.db.execute(sql.raw(TESTIMONIALS_MIGRATION));
  admin = await m.accounts.createAccount(t, { admin: true });
  plain = await m.accounts.createAccount(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
  vi.doUnmock(CONTENT_RESOURCES);
  vi.doUnmock(CONTENT_TABLES);
  vi.resetModules();
});

const ID = expect.stringMatching(/^[0-9a-f]{24}$/);

function call(method: string, path: string, json?: unknown, who: TestAccount | null = admin) {
  const { bearer, sameOrigin } = m.accounts;
  return t.request(`/backend${path}`, {
    method,
    headers: who ? bearer(who) : sameOrigin(t),
    ...(json === undefined ? {} : { json }),
  });
}

async function ok<T = Record<string, string>>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

describe("a declared resource added in its declaration and its table only", () => {
  it("is in the registry, after the home and about content", () => {
    const keys: string[] = m.registry.RESOURCES.map((spec) => spec.key);
    expect(keys.indexOf("testimonials")).toBe(keys.indexOf("experts") + 1);
    expect(m.registry.resourcesAt("/admin/testimonials")).toEqual([TESTIMONIALS]);
  });

  it("has its API: the public list, the admin's page, create, update, move and delete, audited", async () => {
    const v0 = (await m.versions.scopeVersionsOf(t.db, ["home"])).home ?? 0;
    const first = await ok(await call("POST", "/api/testimonials", { quote: "I learnt a trade.", author: "Ada" }), 201);
    expect(first).toEqual({ _id: ID, quote: "I learnt a trade.", author: "Ada" });
    const second = await ok(await call("POST", "/api/testimonials", { quote: "Mentors care.", author: "Bola" }), 201);
    // its writes move the home page's content version (its declared scope)
    expect((await m.versions.scopeVersionsOf(t.db, ["home"])).home).toBe(v0 + 2);
    expect(await ok(await call("GET", "/api/testimonials", undefined, null))).toEqual([first, second]);

    const updated = await ok(await call("PUT", `/api/testimonials/${first._id}`, { quote: "A trade.", author: "Ada" }));
    expect(updated).toEqual({ ...first, quote: "A trade." });
    const moved = await ok<Array<{ _id: string }>>(
      await call("POST", `/api/testimonials/${second._id}/move`, { direction: "up" }),
    );
    expect(moved.map((x) => x._id)).toEqual([second._id, first._id]);
    expect(await ok(await call("GET", "/api/admin/testimonials?page=1&pageSize=1"))).toMatchObject({
      total: 2,
      items: [second],
    });
    expect(await ok(await call("DELETE", `/api/testimonials/${first._id}`))).toEqual({
      _id: first._id,
      message: "Testimonial deleted successfully",
    });
    expect(await ok(await call("GET", "/api/testimonials", undefined, null))).toEqual([second]);

    const { adminAudit } = m.schema;
    const rows = await t.db.select().from(adminAudit).where(eq(adminAudit.resource, "testimonials"));
    expect(rows.map((r) => r.action).sort()).toEqual(["create", "create", "delete", "move", "update"]);
    expect(rows.every((r) => r.actorId === admin.id)).toBe(true);
  });

  it("says the spec's one message for a missing field, and refuses others: 401 signed out, 403 plain", async () => {
    const message = await call("POST", "/api/testimonials", { quote: "" });
    expect(await ok<{ error: { message: string } }>(message, 422)).toEqual({
      error: { code: "invalid", message: "Quote and author are required" },
    });
    const valid = { quote: "Q", author: "A" };
    expect((await call("POST", "/api/testimonials", valid, null)).status).toBe(401);
    expect((await call("POST", "/api/testimonials", valid, plain)).status).toBe(403);
    expect((await call("GET", "/api/admin/testimonials", undefined, plain)).status).toBe(403);
    const [one] = await ok<Array<{ _id: string }>>(await call("GET", "/api/testimonials", undefined, null));
    expect((await call("PUT", `/api/testimonials/${one!._id}`, valid, plain)).status).toBe(403);
    expect((await call("DELETE", `/api/testimonials/${one!._id}`, undefined, null)).status).toBe(401);
  });

  it("has operation ids by the rule, in the OpenAPI document, on the home page's tag", async () => {
    const doc = await ok<{ paths: Record<string, Record<string, { operationId: string; tags: string[] }>> }>(
      await t.request("/backend/openapi.json"),
    );
    const ops = Object.values(doc.paths)
      .flatMap((path) => Object.values(path))
      .filter((op) => op.tags?.includes("Home content"))
      .map((op) => op.operationId);
    expect(ops).toEqual(
      expect.arrayContaining([
        "listTestimonials",
        "listTestimonialsForAdmin",
        "createTestimonial",
        "updateTestimonial",
        "deleteTestimonial",
        "moveTestimonial",
      ]),
    );
  });

  it("has the audit log's words and links", () => {
    expect(m.audit.auditResourceLabel("testimonials")).toBe("Testimonials");
    expect(m.audit.describeAuditAction({ action: "create", resource: "testimonials", changes: {} })).toBe(
      "Added testimonial",
    );
    expect(m.audit.auditFieldLabel("testimonials", "quote")).toBe("Quote");
    expect(m.audit.auditItemHref("testimonials", "abc", { exists: true })).toBe("/admin/testimonials?edit=abc");
  });

  it("is in the home page's cache family, and its table is public content", () => {
    expect(m.families.apiFamilyOf("/backend/api/testimonials")).toEqual({ scopes: ["home"] });
    expect(m.versions.PUBLIC_CONTENT_TABLES).toContain(testimonials);
  });

  it("has a screen of its own in the admin area, marked in the navigation under 'Home page'", () => {
    const admin = m.pages.PAGES.find((page) => page.file === "routes/admin/layout.tsx")!;
    expect(admin.children).toContainEqual(
      expect.objectContaining({ path: "admin/testimonials", file: "routes/admin/resource.tsx", access: "admin" }),
    );
    expect(m.nav.currentEntry("/admin/testimonials")?.label).toBe("Home page");
    expect(m.registry.resourcesOfNav("homePage").map((spec) => spec.key)).toContain("testimonials");
  });

  it("is listed and added through its screen's loader and action (a form without JavaScript)", async () => {
    const { actorOf, flashOf, pageContext, postToAction } = m.pageAction;
    const who = actorOf(admin, { admin: true, verifiedAt: new Date() });
    const answer = await postToAction(t, m.screen.action, {
      path: "/admin/testimonials",
      who,
      fields: { resource: "testimonials", intent: "save", quote: "From the form.", author: "Chidi" },
    });
    expect(answer.status).toBe(302);
    expect(await flashOf(answer.response!)).toMatchObject({ message: "Testimonial saved successfully" });
    const request = new Request("http://localhost/admin/testimonials");
    const loaded = await m.screen.loader({
      request,
      params: {},
      context: pageContext(t, who),
      pattern: "/admin/testimonials",
    } as never);
    expect(loaded.address).toBe("/admin/testimonials");
    expect(loaded.views.testimonials!.page.items.map((item) => item.author)).toContain("Chidi");
  });
});
