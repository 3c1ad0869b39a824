// Access is declared on each operation and denied by default (issue 7; decision 013): every route the
// server registers under /backend has a declaration, and one without is refused when it is called.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Actor } from "../features/auth/actor.ts";
import { silentLogger } from "../lib/logger.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import {
  accessGuard,
  BETTER_AUTH_DECLARATIONS,
  declarationsOf,
  declarationsOfDocument,
  strictest,
  undeclaredRoutes,
} from "./access-policy.ts";
import { handleError } from "./backend.ts";
import { ACCESS_FIELD, defineRoute, SIGNED_IN_SECURITY } from "./define-route.ts";
import type { AppEnv } from "./middleware.ts";

type Operation = {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, unknown>;
  [ACCESS_FIELD]?: string;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

const ok = { 200: { description: "OK", content: { "application/json": { schema: z.object({ ok: z.boolean() }) } } } };

describe("defineRoute", () => {
  it("gives a public operation `security: []` and no 401/403", () => {
    const route = defineRoute({
      access: "public",
      operationId: "listThings",
      method: "get",
      path: "/api/things",
      summary: "Things",
      responses: ok,
    });
    expect(route.security).toEqual([]);
    expect(route[ACCESS_FIELD]).toBe("public");
    expect(Object.keys(route.responses).sort()).toEqual(["200", "431"]);
  });

  it("gives an admin operation the sign-in schemes and its 401, 403 and 422 answers", () => {
    const route = defineRoute({
      access: "admin",
      operationId: "updateThing",
      method: "put",
      path: "/api/things/{id}",
      summary: "Change a thing",
      request: {
        params: z.object({ id: z.string() }),
        body: { required: true, content: { "application/json": { schema: z.object({ name: z.string() }) } } },
      },
      responses: { ...ok, 404: { description: "No such thing" } },
    });
    expect(route.security).toEqual(SIGNED_IN_SECURITY);
    expect(route[ACCESS_FIELD]).toBe("admin");
    expect(Object.keys(route.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "413",
      "415",
      "422",
      "431",
    ]);
    expect((route.responses as Record<string, unknown>)[403]).toMatchObject({
      description: expect.stringContaining("Not an admin"),
    });
  });

  it("gives a signed-in user's read its 401, and no 403", () => {
    const route = defineRoute({
      access: "user",
      operationId: "listSaved",
      method: "get",
      path: "/users/saved",
      summary: "Saved posts",
      responses: ok,
    });
    expect(Object.keys(route.responses).sort()).toEqual(["200", "401", "431"]);
  });

  it("keeps an operation's own description of a generated answer", () => {
    const route = defineRoute({
      access: "public",
      operationId: "createThing",
      method: "post",
      path: "/api/things",
      summary: "Add a thing",
      request: { body: { required: true, content: { "application/json": { schema: z.object({}) } } } },
      responses: { ...ok, 422: { description: "The name is missing" } },
    });
    expect(route.responses[422]).toEqual({ description: "The name is missing" });
  });

  it("refuses an operationId that is not camelCase", () => {
    expect(() =>
      defineRoute({
        access: "public",
        operationId: "list-things",
        method: "get",
        path: "/x",
        summary: "x",
        responses: ok,
      }),
    ).toThrow(/camelCase/);
  });
});

describe("strictest", () => {
  it.each([
    [[], "public"],
    [["public"], "public"],
    [["public", "user"], "user"],
    [["admin", "user", "public"], "admin"],
  ] as const)("of %j is %s", (levels, expected) => {
    expect(strictest(levels)).toBe(expected);
  });
});

/**
 * The test of the test: a throwaway API, mounted like the real one, with declared operations and two
 * that declare nothing (one through createRoute, one plain Hono route). The checker names both, and a
 * request to either is refused without running its handler.
 */
describe("a route that declares nothing", () => {
  const ran = vi.fn();
  const actors: Record<string, Actor> = {
    user: { id: "u1", username: "u", email: "u@x.test", image: null, role: "user", sessionId: "s1", verifiedAt: null },
    admin: {
      id: "a1",
      username: "a",
      email: "a@x.test",
      image: null,
      role: "admin",
      sessionId: "s2",
      verifiedAt: null,
    },
  };

  function throwaway() {
    const api = new OpenAPIHono<AppEnv>();
    api.use("*", accessGuard(api));
    // Registered first: Hono would run it for GET /items/special ahead of the declared /items/{id}.
    api.get("/items/special", (c) => {
      ran("shadow");
      return c.json({ ok: true });
    });
    api.openapi(
      defineRoute({
        access: "public",
        operationId: "getItem",
        method: "get",
        path: "/items/{id}",
        summary: "An item",
        responses: ok,
      }),
      (c) => c.json({ ok: true }, 200),
    );
    api.openapi(
      defineRoute({
        access: "admin",
        operationId: "getSecret",
        method: "get",
        path: "/secret",
        summary: "s",
        responses: ok,
      }),
      (c) => c.json({ ok: true }, 200),
    );
    // An operation in the OpenAPI document, but with no access declared.
    api.openapi(createRoute({ method: "get", path: "/forgotten", responses: ok }), (c) => {
      ran("forgotten");
      return c.json({ ok: true }, 200);
    });
    // A plain route: not even in the document.
    api.post("/raw", (c) => {
      ran("raw");
      return c.json({ ok: true });
    });
    // An app mounted inside the API: its routes are the API's, under the same guard.
    const nested = new OpenAPIHono<AppEnv>();
    nested.openapi(
      defineRoute({
        access: "admin",
        operationId: "getNested",
        method: "get",
        path: "/n",
        summary: "n",
        responses: ok,
      }),
      (c) => c.json({ ok: true }, 200),
    );
    nested.delete("/n", (c) => {
      ran("nested");
      return c.json({ ok: true });
    });
    api.route("/sub", nested);
    api.onError((err, c) => handleError(err, c, { logger: silentLogger }));

    const app = new Hono<AppEnv>();
    app.use("*", async (c, next) => {
      c.set("actor", actors[c.req.header("x-as") ?? ""] ?? null);
      await next();
    });
    app.route("/backend", api);
    // A route the enclosing app adds under the API's mount point, after it: guarded the same way.
    app.get("/backend/late", (c) => {
      ran("late");
      return c.json({ ok: true });
    });
    return { app, api };
  }

  it("is named by the checker, and declared ones are not", () => {
    const { app, api } = throwaway();
    expect(undeclaredRoutes(app, declarationsOf(api), "/backend").sort()).toEqual([
      "DELETE /backend/sub/n",
      "GET /backend/forgotten",
      "GET /backend/items/special",
      "GET /backend/late",
      "POST /backend/raw",
    ]);
  });

  it.each([
    ["GET", "/backend/forgotten"],
    ["POST", "/backend/raw"],
    ["GET", "/backend/items/special"],
    ["DELETE", "/backend/sub/n"],
    ["GET", "/backend/late"],
    ["HEAD", "/backend/forgotten"],
  ])("is refused at runtime: %s %s answers 404 and its handler never runs", async (method, path) => {
    ran.mockClear();
    const { app } = throwaway();
    for (const as of ["", "user", "admin"]) {
      const res = await app.request(path, { method, headers: { "x-as": as } });
      expect(res.status).toBe(404);
      if (method !== "HEAD") {
        expect(await res.json()).toEqual({
          error: { code: "not_found", message: `No API route for ${method} ${path}` },
        });
      }
    }
    expect(ran).not.toHaveBeenCalled();
  });

  it("while declared operations answer by their declaration", async () => {
    const { app } = throwaway();
    expect((await app.request("/backend/items/42")).status).toBe(200);
    expect((await app.request("/backend/secret")).status).toBe(401);
    expect((await app.request("/backend/secret", { headers: { "x-as": "user" } })).status).toBe(403);
    expect((await app.request("/backend/secret", { method: "HEAD", headers: { "x-as": "user" } })).status).toBe(403);
    expect((await app.request("/backend/secret", { headers: { "x-as": "admin" } })).status).toBe(200);
    expect((await app.request("/backend/sub/n", { headers: { "x-as": "user" } })).status).toBe(403);
    expect((await app.request("/backend/sub/n", { headers: { "x-as": "admin" } })).status).toBe(200);
  });
});

describe("the server's API", () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await (await t.request("/backend/openapi.json")).json()) as Doc;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );

  it("registers no route under /backend without an access declaration", () => {
    const declared = [...declarationsOfDocument(doc), ...BETTER_AUTH_DECLARATIONS];
    expect(undeclaredRoutes(t.app, declared, "/backend")).toEqual([]);
    // It walked the real routes: the API's own and Better Auth's.
    expect(t.app.routes.some((r) => r.path === "/backend/api/admin/users")).toBe(true);
    expect(t.app.routes.some((r) => r.path === "/backend/api/auth/*")).toBe(true);
  });

  it("documents the platform's own routes as public operations", () => {
    for (const path of ["/health", "/ready", "/openapi.json", "/docs"]) {
      expect(doc.paths[path]?.get?.[ACCESS_FIELD], path).toBe("public");
    }
  });

  it("gives every operation its access, security, a unique camelCase operationId and its 4xx answers", () => {
    const ids = new Set<string>();
    for (const { name, op } of operations()) {
      expect(["public", "user", "admin"], name).toContain(op[ACCESS_FIELD]);
      expect(op.operationId, name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(ids.has(op.operationId!), `${name}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId!);
      if (op[ACCESS_FIELD] === "public") {
        expect(op.security?.some((s) => Object.keys(s as object).length === 0) || op.security?.length === 0, name).toBe(
          true,
        );
      } else {
        expect(op.security, name).toEqual(SIGNED_IN_SECURITY);
        expect(op.responses["401"], name).toBeDefined();
      }
      if (op[ACCESS_FIELD] === "admin") expect(op.responses["403"], name).toBeDefined();
    }
    expect(ids.size).toBeGreaterThan(15);
  });
});
