// Input the database cannot store, or that Better Auth's routes fail on, is refused with a clear 4xx
// before any route runs (issue 7, "Bad input never gets a 500"); /media refuses bad percent-encoding.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_NOT_OBJECT } from "../../contract/lib/common.ts";
import { bearer, createAccount, sameOrigin, type TestAccount } from "../../tests/support/accounts.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { contacts, user } from "../db/schema.ts";
import { findNul, isRedirectTarget } from "./input-guard.ts";

let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
});
afterAll(() => t.close());

type ErrorJson = { error: { code: string; message: string } };

async function expectRefusal(res: Response, status: number, message: RegExp | string) {
  const body = (await res.json()) as ErrorJson;
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(body.error.code).toBe(status === 422 ? "invalid" : "bad_request");
  if (typeof message === "string") expect(body.error.message).toBe(message);
  else expect(body.error.message).toMatch(message);
}

const NUL_MESSAGE = /contains a NUL character \(\\0\), which cannot be stored: remove it/;

describe("a NUL character anywhere in an API request", () => {
  it("in a path parameter: 422 naming the address", async () => {
    for (const path of ["/backend/api/courses/%00", "/backend/api/courses/abc%00def"]) {
      await expectRefusal(await t.request(path), 422, /^The address \(URL path\) contains a NUL/);
    }
    const res = await t.request("/backend/api/admin/users/%00/role", {
      method: "PUT",
      headers: bearer(admin),
      json: { role: "admin" },
    });
    await expectRefusal(res, 422, NUL_MESSAGE);
  });

  it("in the query string: 422 naming the parameter", async () => {
    const res = await t.request("/backend/api/admin/users?search=ada%00", { headers: bearer(admin) });
    await expectRefusal(res, 422, /^The query parameter "search" contains a NUL/);
  });

  it("in a JSON field, however deep: 422 naming the field, and nothing is stored", async () => {
    const res = await t.request("/backend/api/contact", {
      method: "POST",
      json: { email: "ada@example.com", message: "Hello\u0000there", name: "Ada" },
    });
    await expectRefusal(res, 422, /^The field "message" contains a NUL/);
    const deep = await t.request("/backend/api/contact", {
      method: "POST",
      json: { email: "ada@example.com", message: "Hi", extra: [{ a: ["ok", "b\u0000"] }] },
    });
    await expectRefusal(deep, 422, /^The field "extra\[0\]\.a\[1\]" contains a NUL/);
    expect(await t.db.select().from(contacts)).toEqual([]);
  });

  it("as a raw byte in a JSON body, in a URL-encoded and in a multipart field", async () => {
    const raw = await t.request("/backend/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email":"a\u0000@example.com"}',
    });
    await expectRefusal(raw, 422, /^The request body contains a NUL/);
    const form = await t.request("/backend/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%00b%40example.com",
    });
    await expectRefusal(form, 422, /^The field "email" contains a NUL/);
    const multipart = new FormData();
    multipart.set("email", "a\u0000b@example.com");
    const res = await t.request("/backend/api/newsletter", { method: "POST", body: multipart });
    await expectRefusal(res, 422, /^The field "email" contains a NUL/);
  });

  it("reaches none of Better Auth's routes either (sign-up, sign-in, update-user)", async () => {
    const signUp = await t.request("/backend/api/auth/sign-up/email", {
      method: "POST",
      headers: sameOrigin(t),
      json: { name: "nul", username: "nul\u0000user", email: "nul@example.com", password: "correct horse 42" },
    });
    await expectRefusal(signUp, 422, /^The field "username" contains a NUL/);
    expect(await t.db.select().from(user).where(eq(user.email, "nul@example.com"))).toEqual([]);

    const signIn = await t.request("/backend/api/auth/sign-in/email", {
      method: "POST",
      headers: sameOrigin(t),
      json: { email: admin.email, password: "pass\u0000word 1" },
    });
    await expectRefusal(signIn, 422, /^The field "password" contains a NUL/);

    const update = await t.request("/backend/api/auth/update-user", {
      method: "POST",
      headers: bearer(admin),
      json: { name: "Ada\u0000Lovelace" },
    });
    await expectRefusal(update, 422, /^The field "name" contains a NUL/);
    const [row] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, admin.id));
    expect(row?.name).toBe(admin.username);
  });

  it("lets through what only looks like one: the text \\u0000 (a backslash and five characters)", async () => {
    const res = await t.request("/backend/api/contact", {
      method: "POST",
      json: { email: "ada@example.com", message: String.raw`C:\u0000 is a path, not a NUL` },
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.email, "ada@example.com"));
    expect(row?.message).toBe(String.raw`C:\u0000 is a path, not a NUL`);
  });

  it("finds the first NUL's path in a parsed value, keys included", () => {
    expect(findNul({ a: "x", b: [1, { c: "\u0000" }] })).toBe("b[1].c");
    expect(findNul({ "k\u0000": 1 })).toBe("k\u0000");
    expect(findNul("\u0000")).toBe("");
    expect(findNul({ a: ["x"], b: null, c: 3 })).toBeNull();
  });
});

describe("what Better Auth's routes would answer with a 500", () => {
  const post = (path: string, body: string | undefined, headers: Record<string, string> = {}) =>
    t.request(`/backend/api/auth${path}`, {
      method: "POST",
      headers: { ...sameOrigin(t), "Content-Type": "application/json", ...headers },
      body,
    });

  it("a JSON body that is not an object: 422", async () => {
    for (const body of ["null", "[]", "42", '"text"']) {
      await expectRefusal(await post("/sign-up/email", body), 422, BODY_NOT_OBJECT);
    }
  });

  it("a POST without a body is taken as {}: the route's own answer, not a 500", async () => {
    const res = await post("/update-user", undefined);
    expect(res.status).toBe(401);
    const signedIn = await post("/update-user", undefined, bearer(admin));
    expect(signedIn.status).toBeLessThan(500);
  });

  it("a text field that is not text: 422 naming it", async () => {
    const res = await post("/update-user", JSON.stringify({ username: [] }), bearer(admin));
    await expectRefusal(res, 422, "username must be text.");
    const signIn = await post("/sign-in/email", JSON.stringify({ email: { $ne: 1 }, password: "x" }));
    await expectRefusal(signIn, 422, "email must be text.");
  });

  it("a redirect target that is neither a path nor an address: 422", async () => {
    const res = await t.request("/backend/api/auth/verify-email?token=x&callbackURL=%20");
    await expectRefusal(res, 422, "callbackURL must be a path on this site (such as /login) or an http(s) address.");
    const body = await post("/request-password-reset", JSON.stringify({ email: "a@example.com", redirectTo: "::" }));
    await expectRefusal(body, 422, /^redirectTo must be a path/);
    expect([" ", "//evil.example", "/\\evil", "javascript:alert(1)", "::", 3].map(isRedirectTarget)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(["/login?verified=1", "https://example.com/x"].map(isRedirectTarget)).toEqual([true, true]);
  });

  it("a path that leaves the site once normalised (/.//evil.example, /..//evil.example): 422", async () => {
    for (const target of ["/.//evil.example", "/..//evil.example/phish", "/%2F%2Fevil.example", "/%5Cevil"]) {
      expect(isRedirectTarget(target), target).toBe(false);
      const query = await t.request(`/backend/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(target)}`);
      await expectRefusal(query, 422, /^callbackURL must be a path/);
      const body = await post(
        "/request-password-reset",
        JSON.stringify({ email: "a@example.com", redirectTo: target }),
      );
      await expectRefusal(body, 422, /^redirectTo must be a path/);
    }
  });

  it("its own refusals keep { code, message } and gain the API's { error: { code, message } }", async () => {
    const res = await post("/sign-in/email", JSON.stringify({ email: admin.email, password: "wrong password 1" }));
    expect(res.status).toBe(401);
    const body = (await res.json()) as { code: string; message: string } & ErrorJson;
    expect(body.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(body.error).toEqual({ code: "unauthorized", message: body.message });
  });
});

describe("/media with a malformed address", () => {
  it.each(["/media/%", "/media/%E0%A4%A", "/media/seed/%zz.svg", "/media/%00.svg", "/media/seed/a%00.svg"])(
    "%s is a JSON 400",
    async (path) => {
      await expectRefusal(await t.request(path), 400, "The media address is not valid: check its percent-encoding.");
    },
  );

  it("still answers a well-formed address of a missing file with 404", async () => {
    const res = await t.request("/media/seed/no%20such%20file.svg");
    expect(res.status).toBe(404);
  });
});
