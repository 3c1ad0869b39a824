// The account rules on Better Auth's own routes, called as any API client would (issue 7, "Identity
// and security fixes"): usernames, passwords, profile images, the closed routes (the admin plugin's
// above all) and the Secure session cookie.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_FIELD_MESSAGES, AVATAR_MESSAGES } from "../../../contract/account/auth.ts";
import { user } from "../../db/schema.ts";
import {
  bearer,
  cookieOf,
  createAccount,
  linkFromMail,
  sameOrigin,
  signIn,
  signUp,
  uniqueName,
  type TestAccount,
} from "../../../tests/support/accounts.ts";
import { pngImage } from "../../../tests/support/images.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { saveAvatar } from "./avatar.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

type Refusal = { code: string; message: string; field?: string };
type ErrorJson = { error: { code: string; message: string } };

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  t.request(`/backend/api/auth${path}`, { method: "POST", headers: sameOrigin(t, headers), json });

const rowOf = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0]!;
const rowByEmail = async (email: string) => (await t.db.select().from(user).where(eq(user.email, email)))[0];

async function expectRefused(res: Response, status: number, message: string | RegExp) {
  expect(res.status, await res.clone().text()).toBe(status);
  const body = (await res.json()) as Refusal;
  if (typeof message === "string") expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  return body;
}

describe("sign-up through the API", () => {
  const fresh = () => {
    const username = uniqueName();
    return { username, email: `${username}@example.com`, password: "correct horse 42" };
  };

  it("requires a username: 422 with the rule's message, and no account", async () => {
    const { email, password } = fresh();
    const res = await post("/sign-up/email", { name: "Ada", email, password });
    const body = await expectRefused(res, 422, "Username is required");
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", field: "username" });
    expect(await rowByEmail(email)).toBeUndefined();
  });

  it("applies the username rule and keeps it in lower case, with name equal to it", async () => {
    for (const [username, message] of [
      ["ab", "Username must be at least 3 characters"],
      ["x".repeat(31), "Username must be at most 30 characters"],
      ["has space", "Username may use only letters, digits, dots and underscores"],
      ["<script>", "Username may use only letters, digits, dots and underscores"],
    ] as const) {
      const { email, password } = fresh();
      await expectRefused(await post("/sign-up/email", { name: username, username, email, password }), 422, message);
      expect(await rowByEmail(email)).toBeUndefined();
    }
    const { username, email, password } = fresh();
    const mixed = `Ada.${username}`;
    const ok = await post("/sign-up/email", { username: mixed, email, password });
    expect(ok.status).toBe(200);
    expect(await rowByEmail(email)).toMatchObject({ username: mixed.toLowerCase(), name: mixed.toLowerCase() });
  });

  it("refuses a name that is not the username, and fields a client may not set", async () => {
    const { username, email, password } = fresh();
    await expectRefused(
      await post("/sign-up/email", { name: "Somebody Else", username, email, password }),
      422,
      ACCOUNT_FIELD_MESSAGES.nameIsUsername,
    );
    for (const extra of [{ role: "admin" }, { emailVerified: true }, { banned: false }, { displayUsername: "Boss" }]) {
      const res = await post("/sign-up/email", { username, email, password, ...extra });
      await expectRefused(res, 422, /cannot be set here/);
    }
    expect(await rowByEmail(email)).toBeUndefined();
  });

  it("holds the password rule: 8 to 128 characters, letters and numbers", async () => {
    for (const [password, message] of [
      ["short1", "Password must be at least 8 characters"],
      ["onlyletters", "Password must contain letters and numbers"],
      ["12345678", "Password must contain letters and numbers"],
      ["        ", "Password must contain letters and numbers"],
      [`a1${"x".repeat(127)}`, "Password must be at most 128 characters"],
    ] as const) {
      const { username, email } = fresh();
      const body = await expectRefused(await post("/sign-up/email", { username, email, password }), 422, message);
      expect(body.field).toBe("password");
      expect(await rowByEmail(email)).toBeUndefined();
    }
  });

  it("takes no profile image but one this site stored", async () => {
    for (const image of ["https://evil.example/me.png", "javascript:alert(1)", "/media/avatars/../auth-secret", 42]) {
      const { username, email, password } = fresh();
      const res = await post("/sign-up/email", { username, email, password, image });
      await expectRefused(res, 422, AVATAR_MESSAGES.notOurs);
      expect(await rowByEmail(email)).toBeUndefined();
    }
    const stored = await saveAvatar(t.services.mediaStore, new Blob([await pngImage()]));
    const { username, email, password } = fresh();
    expect((await post("/sign-up/email", { username, email, password, image: stored })).status).toBe(200);
    expect((await rowByEmail(email))!.image).toBe(stored);
  });
});

describe("update-user", () => {
  let me: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    me = await createAccount(t);
    other = await createAccount(t);
  });
  const update = (json: unknown, who: TestAccount = me) => post("/update-user", json, bearer(who));

  it("cannot take another account's username, through username or name, in any case", async () => {
    const before = await rowOf(me.id);
    for (const body of [
      { username: other.username },
      { username: other.username.toUpperCase() },
      { name: other.username },
      { name: other.username.toUpperCase() },
      { username: other.username, name: other.username },
    ]) {
      const res = await update(body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await rowOf(me.id)).toMatchObject({ username: before.username, name: before.name });
  });

  it("changes the username under the rule, name following it; a different name is refused", async () => {
    await expectRefused(await update({ username: "x" }), 422, "Username must be at least 3 characters");
    await expectRefused(await update({ name: "Ada Lovelace" }), 422, /only letters, digits, dots and underscores/);
    await expectRefused(
      await update({ username: `${me.username}x`, name: "someone.else" }),
      422,
      ACCOUNT_FIELD_MESSAGES.nameIsUsername,
    );
    const wanted = `New.${me.username}`.slice(0, 30);
    expect((await update({ username: wanted })).status).toBe(200);
    expect(await rowOf(me.id)).toMatchObject({ username: wanted.toLowerCase(), name: wanted.toLowerCase() });
    const me2 = (await (await t.request("/backend/api/me", { headers: bearer(me) })).json()) as { username: string };
    expect(me2.username).toBe(wanted.toLowerCase());
    // `name` alone is the same change
    expect((await update({ name: me.username })).status).toBe(200);
    expect(await rowOf(me.id)).toMatchObject({ username: me.username, name: me.username });
  });

  it("cannot set the role, the verified flag, the ban or the e-mail address", async () => {
    const before = await rowOf(me.id);
    for (const body of [
      { role: "admin" },
      { role: "superuser" },
      { emailVerified: false },
      { banned: true },
      { email: "new@example.com" },
      { image: null, role: "admin" },
    ]) {
      const res = await update(body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const after = await rowOf(me.id);
    expect(after).toMatchObject({ role: "user", emailVerified: true, email: before.email, banned: before.banned });
  });

  it("takes a profile image only from this site's uploads, or none", async () => {
    for (const image of [
      "https://evil.example/tracker.png",
      "javascript:alert(document.cookie)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "/media/avatars/0123456789abcdef01234567.webp",
      "/assets/logo.png",
      { url: "x" },
    ]) {
      await expectRefused(await update({ image }), 422, AVATAR_MESSAGES.notOurs);
    }
    expect((await rowOf(me.id)).image).toBeNull();
    const stored = await saveAvatar(t.services.mediaStore, new Blob([await pngImage()]));
    expect((await update({ image: stored })).status).toBe(200);
    expect((await rowOf(me.id)).image).toBe(stored);
    expect((await update({ image: null })).status).toBe(200);
    expect((await rowOf(me.id)).image).toBeNull();
  });
});

describe("setting a password", () => {
  it("change-password holds the password rule and then works", async () => {
    const me = await createAccount(t);
    const change = (newPassword: unknown) =>
      post("/change-password", { currentPassword: me.password, newPassword }, bearer(me));
    // (Better Auth allows 3 password changes per 10 seconds from one address: two refusals, one change)
    await expectRefused(await change("onlyletters"), 422, "Password must contain letters and numbers");
    await expectRefused(await change(undefined), 422, "Password is required");
    expect((await signIn(t, me.email, me.password)).status).toBe(200);
    expect((await change("a new one 77")).status).toBe(200);
    expect((await signIn(t, me.email, "a new one 77")).status).toBe(200);
  });

  it("reset-password holds the password rule, and the link still works after a refusal", async () => {
    const me = await createAccount(t);
    expect((await post("/request-password-reset", { email: me.email, redirectTo: "/reset-password" })).status).toBe(
      200,
    );
    await t.mailer.drain();
    const token = new URL(await linkFromMail(t, me.email, /reset/i)).searchParams.get("token");
    await expectRefused(await post("/reset-password", { token, newPassword: "password" }), 422, /letters and numbers/);
    expect((await signIn(t, me.email, me.password)).status).toBe(200);
    expect((await post("/reset-password", { token, newPassword: "fresh start 12" })).status).toBe(200);
    expect((await signIn(t, me.email, "fresh start 12")).status).toBe(200);
  });
});

describe("Better Auth's admin routes and other routes the site does not use", () => {
  let admin: TestAccount;
  let someone: TestAccount;
  beforeAll(async () => {
    admin = await createAccount(t, { admin: true });
    someone = await createAccount(t);
  });

  const closed: [string, string, unknown?][] = [
    ["POST", "/admin/set-role", { userId: "x", role: "admin" }],
    ["POST", "/admin/set-user-password", { userId: "x", newPassword: "x" }],
    ["POST", "/admin/impersonate-user", { userId: "x" }],
    ["POST", "/admin/stop-impersonating", {}],
    ["POST", "/admin/remove-user", { userId: "x" }],
    ["POST", "/admin/ban-user", { userId: "x" }],
    ["POST", "/admin/unban-user", { userId: "x" }],
    ["POST", "/admin/create-user", { email: "a@example.com", password: "x", name: "a" }],
    ["POST", "/admin/update-user", { userId: "x", data: {} }],
    ["POST", "/admin/revoke-user-session", { sessionToken: "x" }],
    ["POST", "/admin/revoke-user-sessions", { userId: "x" }],
    ["POST", "/admin/list-user-sessions", { userId: "x" }],
    ["POST", "/admin/has-permission", { permissions: {} }],
    ["GET", "/admin/list-users"],
    ["GET", "/admin/get-user?id=x"],
    ["POST", "/delete-user", {}],
    ["GET", "/delete-user/callback?token=x"],
    ["POST", "/change-email", { newEmail: "b@example.com" }],
    ["POST", "/update-session", {}],
    ["POST", "/verify-password", { password: "x" }],
    ["POST", "/sign-in/social", { provider: "google" }],
    ["POST", "/link-social", { provider: "google" }],
    ["GET", "/list-accounts"],
    ["POST", "/unlink-account", { providerId: "credential" }],
    ["GET", "/account-info"],
    ["POST", "/get-access-token", {}],
    ["POST", "/refresh-token", {}],
    ["POST", "/is-username-available", { username: "someone" }],
    ["POST", "/Admin/set-role", {}],
    ["POST", "/admin%2Fset-role", {}],
    ["POST", "/admin/set-role/", {}],
  ];

  it("answer 404 with our error shape, to an admin as to anyone", async () => {
    for (const [method, path, json] of closed) {
      const res = await t.request(`/backend/api/auth${path}`, {
        method,
        headers: sameOrigin(t, bearer(admin)),
        ...(json === undefined ? {} : { json }),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as ErrorJson).error.code, `${method} ${path}`).toBe("not_found");
    }
  });

  it("set-role changes nothing: no step-up bypass, no demoting the only admin, no 'superuser'", async () => {
    // Only one admin in this app's own database for this test.
    const solo = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000" });
    try {
      const boss = await createAccount(solo, { admin: true });
      const other = await createAccount(solo);
      const roles = async () =>
        Object.fromEntries((await solo.db.select().from(user)).map((u) => [u.id, u.role] as const));
      const before = await roles();
      expect(before).toEqual({ [boss.id]: "admin", [other.id]: "user" });
      for (const body of [
        { userId: other.id, role: "admin" },
        { userId: boss.id, role: "user" },
        { userId: other.id, role: "superuser" },
      ]) {
        const res = await solo.request("/backend/api/auth/admin/set-role", {
          method: "POST",
          headers: sameOrigin(solo, bearer(boss)),
          json: body,
        });
        expect(res.status).toBe(404);
      }
      // nor through update-user, on oneself
      const self = await solo.request("/backend/api/auth/update-user", {
        method: "POST",
        headers: sameOrigin(solo, bearer(boss)),
        json: { role: "user" },
      });
      expect(self.status).toBe(422);
      expect(await roles()).toEqual(before);
    } finally {
      await solo.close();
    }
  });

  it("the routes the site uses stay open", async () => {
    const session = await t.request("/backend/api/auth/get-session", { headers: bearer(someone) });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { id: string; role: string } }).user).toMatchObject({
      id: someone.id,
      role: "user",
    });
    const sessions = await t.request("/backend/api/auth/list-sessions", { headers: bearer(someone) });
    expect(sessions.status).toBe(200);
    expect((await t.request("/backend/api/auth/ok")).status).toBe(200);
  });
});

describe("the session cookie", () => {
  it("is Secure when PUBLIC_URL is https, and then still signs the user in", async () => {
    const secure = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000", PUBLIC_URL: "https://academy.example" });
    try {
      const account = await createAccount(secure);
      const res = await signIn(secure, account.email, account.password);
      const cookie = res.headers.getSetCookie().find((c) => c.includes("academy.session_token="));
      expect(cookie).toMatch(/^__Secure-academy\.session_token=/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      const me = await secure.request("/backend/api/me", { headers: { Cookie: cookieOf(res) } });
      expect(((await me.json()) as { id: string } | null)?.id).toBe(account.id);
    } finally {
      await secure.close();
    }
  });

  it("is not Secure on a plain-HTTP PUBLIC_URL (local development)", async () => {
    const { email, password, response } = await signUp(t);
    expect(response.status).toBe(200);
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const res = await signIn(t, email, password);
    const cookie = res.headers.getSetCookie().find((c) => c.includes("academy.session_token="));
    expect(cookie).toMatch(/^academy\.session_token=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});
