// The authorization table: every mutating or admin endpoint of both spec documents (the access
// policy's rules), called as anonymous, as a plain user and as an admin. No endpoint with an owner
// exists yet: the blog issue adds its rows (the author of a post or comment, another user, an admin)
// here as its endpoints land, and every later issue adds its endpoints to ACCESS_RULES.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createAccount, sameOrigin, type TestAccount } from "../../tests/support/accounts.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { ACCESS_RULES, type Rule } from "./access-policy.ts";

let t: TestApp;
let plain: TestAccount;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  plain = await createAccount(t);
  admin = await createAccount(t, { admin: true });
});
afterAll(() => t.close());

const SAMPLE_ID = "0123456789abcdef01234567";

/** A concrete request for a rule: params filled in, a JSON body for writes. */
function requestFor(rule: Rule): { method: string; path: string } {
  const method = rule.method === "*" ? "GET" : rule.method;
  const path = rule.path
    .split("/")
    .map((segment) => (segment === "*" ? "anything" : segment.startsWith(":") ? SAMPLE_ID : segment))
    .join("/");
  return { method, path: `/backend${path}` };
}

async function call(rule: Rule, who: TestAccount | null): Promise<number> {
  const { method, path } = requestFor(rule);
  const headers = who ? { ...bearer(who), ...sameOrigin(t) } : sameOrigin(t);
  const body = method === "GET" || method === "DELETE" ? undefined : {};
  const res = await t.request(path, { method, headers, json: body });
  return res.status;
}

const guarded = ACCESS_RULES.filter((r) => r.access !== "public");

describe("the authorization table", () => {
  it.each(guarded.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s: anonymous 401, and the right role gets past the guard",
    async (_name, rule) => {
      expect(await call(rule, null)).toBe(401);
      const asUser = await call(rule, plain);
      if (rule.access === "admin") expect(asUser).toBe(403);
      else expect([401, 403]).not.toContain(asUser);
      const asAdmin = await call(rule, admin);
      expect([401, 403]).not.toContain(asAdmin);
    },
  );

  it.each(ACCESS_RULES.filter((r) => r.access === "public").map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s: open to anonymous learners",
    async (_name, rule) => {
      expect([401, 403]).not.toContain(await call(rule, null));
    },
  );

  it("answers 401 and 403 with the error shape and the spec's denial text", async () => {
    const anon = await t.request("/backend/api/admin/users");
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: { code: "unauthorized", message: "Please sign in to continue." } });
    const user = await t.request("/backend/api/admin/users", { headers: bearer(plain) });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ error: { code: "forbidden", message: "Access Denied: Admins only." } });
  });
});
