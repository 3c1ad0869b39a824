// Accounts end to end through the API: sign-up, e-mail verification, sign-in by cookie and by bearer
// token, sign-out, ADMIN_EMAILS, rate limits, cross-site checks, and the form flows' messages.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account as accountTable, mailMessages, session, user } from "../../db/schema.ts";
import {
  bearer,
  cookieOf,
  createAccount,
  linkFromMail,
  sameOrigin,
  signIn,
  signUp,
  uniqueName,
  verifyEmail,
} from "../../../tests/support/accounts.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import type { Caller } from "./auth-flows.ts";
import { AUTH_MESSAGES } from "../../../contract/account/auth.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "boss@example.com, Chief@Example.com", SIGN_IN_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

/** Each test its own address, so the shared rate-limit bucket is what a test decides. */
let ip = 0;
const caller = (headers: Record<string, string> = {}): Caller => ({
  headers: new Headers(sameOrigin(t, headers)),
  clientIp: `10.0.0.${++ip}`,
});

type ErrorJson = { error: { code: string; message: string } };

describe("sign-up and e-mail verification", () => {
  it("creates a user, e-mails a verification link, and refuses sign-in until it is opened", async () => {
    const { email, password, username, response } = await signUp(t);
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ username, emailVerified: false, role: "user" });
    expect(row!.id).toMatch(/^[0-9a-f]{24}$/);

    const mails = await t.db.select().from(mailMessages).where(eq(mailMessages.to, email));
    expect(mails.map((m) => m.subject)).toEqual(["Verify your e-mail address for TechAfrica"]);

    const early = await signIn(t, email, password);
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe("EMAIL_NOT_VERIFIED");

    const verified = await verifyEmail(t, email);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toContain("/login?verified=1");
    const [after] = await t.db.select().from(user).where(eq(user.email, email));
    expect(after!.emailVerified).toBe(true);

    const ok = await signIn(t, email, password);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("set-auth-token")).toBeTruthy();
    expect(cookieOf(ok)).toContain("academy.session_token=");
  });

  it("stores the password hashed, never as given", async () => {
    const account = await createAccount(t);
    const [row] = await t.db
      .select({ password: accountTable.password })
      .from(accountTable)
      .where(eq(accountTable.userId, account.id));
    const stored = row!.password!;
    expect(stored).not.toContain(account.password);
    expect(stored.length).toBeGreaterThan(40);
  });

  it("a verification link with a bad token changes nothing", async () => {
    const res = await t.request("/backend/api/auth/verify-email?token=forged&callbackURL=/login?verified=1");
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.headers.get("location") ?? "").toMatch(/error=/i);
  });
});

describe("who is signed in", () => {
  it("GET /api/me answers null when signed out, and the spec's user shape by cookie or bearer token", async () => {
    expect(await (await t.request("/backend/api/me")).json()).toBeNull();
    const account = await createAccount(t);
    const expected = {
      id: account.id,
      username: account.username,
      email: account.email,
      imageUrl: null,
      publicMetadata: { role: "user" },
    };
    const byToken = await t.request("/backend/api/me", { headers: bearer(account) });
    expect(await byToken.json()).toEqual(expected);
    expect(byToken.headers.get("cache-control")).toContain("no-store");
    const byCookie = await t.request("/backend/api/me", { headers: { Cookie: account.cookie } });
    expect(await byCookie.json()).toEqual(expected);
  });

  it("a forged or signed-out token is nobody", async () => {
    const account = await createAccount(t);
    expect(await (await t.request("/backend/api/me", { headers: { Authorization: "Bearer nope" } })).json()).toBeNull();
    const out = await t.request("/backend/api/auth/sign-out", {
      method: "POST",
      headers: sameOrigin(t, bearer(account)),
      json: {},
    });
    expect(out.status).toBe(200);
    expect(await (await t.request("/backend/api/me", { headers: bearer(account) })).json()).toBeNull();
  });

  it("ADMIN_EMAILS makes those addresses admins at sign-up, whatever their case", async () => {
    const boss = await createAccount(t, { email: "boss@example.com" });
    const chief = await createAccount(t, { email: "chief@example.com" });
    for (const a of [boss, chief]) {
      const me = (await (await t.request("/backend/api/me", { headers: bearer(a) })).json()) as {
        publicMetadata: { role: string };
      };
      expect(me.publicMetadata.role).toBe("admin");
    }
  });

  it("a role change applies to live sessions at once", async () => {
    const account = await createAccount(t);
    await t.db.update(user).set({ role: "admin" }).where(eq(user.id, account.id));
    const me = (await (await t.request("/backend/api/me", { headers: bearer(account) })).json()) as {
      publicMetadata: { role: string };
    };
    expect(me.publicMetadata.role).toBe("admin");
  });
});

describe("rate limits", () => {
  it("refuses the sixth sign-in attempt within a minute from one address with 429", async () => {
    const limited = await createTestApp({ SIGN_IN_RATE_LIMIT: "5" });
    try {
      // (each attempt names another account: the per-account slow-down is not what this test is about)
      let n = 0;
      const attempt = (ip: string) =>
        limited.services.authFlows.signIn(
          { headers: new Headers(sameOrigin(limited)), clientIp: ip },
          { identifier: `someone${++n}@example.com`, password: "wrong password 1" },
        );
      const results = [];
      for (let i = 0; i < 6; i++) results.push(await attempt("10.9.9.9"));
      expect(results.slice(0, 5).map((r) => r.ok || r.message)).toEqual(Array(5).fill(AUTH_MESSAGES.wrongCredentials));
      expect(results[5]).toMatchObject({ ok: false, status: 429, message: AUTH_MESSAGES.tooMany });
      // another address is not held back
      expect(await attempt("10.9.9.10")).toMatchObject({ message: AUTH_MESSAGES.wrongCredentials });
      const http = await limited.request("/backend/api/auth/sign-in/email", {
        method: "POST",
        headers: sameOrigin(limited),
        json: { email: "someone@example.com", password: "wrong password 1" },
      });
      expect(http.status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe("cross-site requests", () => {
  it("refuses a cookie-authenticated write from another site, allows our own and bearer clients", async () => {
    const account = await createAccount(t);
    const body = { email: "x@example.com", subject: "Other", message: "Hello there" };
    const foreign = await t.request("/backend/api/contact", {
      method: "POST",
      headers: { Cookie: account.cookie, Origin: "https://evil.example" },
      json: body,
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as ErrorJson).error.message).toMatch(/Cross-site request refused/);

    const noOrigin = await t.request("/backend/api/contact", {
      method: "POST",
      headers: { Cookie: account.cookie, "Sec-Fetch-Site": "cross-site" },
      json: body,
    });
    expect(noOrigin.status).toBe(403);

    const own = await t.request("/backend/api/contact", {
      method: "POST",
      headers: { Cookie: account.cookie, ...sameOrigin(t) },
      json: body,
    });
    expect(own.status).toBe(201);

    const token = await t.request("/backend/api/contact", {
      method: "POST",
      headers: { ...bearer(account), Origin: "https://evil.example" },
      json: body,
    });
    expect(token.status).toBe(201);
  });

  it("Better Auth refuses a sign-in posted from another site", async () => {
    const account = await createAccount(t);
    const res = await t.request("/backend/api/auth/sign-in/email", {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: account.cookie },
      json: { email: account.email, password: account.password },
    });
    expect(res.status).toBe(403);
  });
});

describe("the account forms' flows (auth-flows)", () => {
  it("signs in by e-mail or username and passes the session cookie on", async () => {
    const account = await createAccount(t);
    const flows = t.services.authFlows;
    const byEmail = await flows.signIn(caller(), {
      identifier: account.email.toUpperCase(),
      password: account.password,
    });
    expect(byEmail.ok).toBe(true);
    if (byEmail.ok) expect(byEmail.headers.getSetCookie().join()).toContain("academy.session_token=");
    const byName = await flows.signIn(caller(), { identifier: account.username, password: account.password });
    expect(byName.ok).toBe(true);
  });

  it("says plainly what went wrong", async () => {
    const account = await createAccount(t);
    const flows = t.services.authFlows;
    expect(await flows.signIn(caller(), { identifier: account.email, password: "not it 123" })).toMatchObject({
      ok: false,
      message: AUTH_MESSAGES.wrongCredentials,
    });
    expect(await flows.signIn(caller(), { identifier: "nobody@example.com", password: "not it 123" })).toMatchObject({
      ok: false,
      message: AUTH_MESSAGES.wrongCredentials,
    });
    expect(await flows.signIn(caller(), { identifier: "", password: "" })).toMatchObject({ ok: false, status: 422 });

    const taken = { username: uniqueName(), email: account.email, password: "longer pass 1" };
    expect(await flows.signUp(caller(), taken)).toMatchObject({
      ok: false,
      message: AUTH_MESSAGES.emailTaken,
      field: "email",
    });
    const takenName = {
      username: account.username.toUpperCase(),
      email: `${uniqueName()}@example.com`,
      password: "longer pass 1",
    };
    expect(await flows.signUp(caller(), takenName)).toMatchObject({
      ok: false,
      message: AUTH_MESSAGES.usernameTaken,
      field: "username",
    });
    const weak = { username: uniqueName(), email: `${uniqueName()}@example.com`, password: "short1" };
    expect(await flows.signUp(caller(), weak)).toMatchObject({
      ok: false,
      message: "Password must be at least 8 characters",
      field: "password",
    });
    const lettersOnly = { ...weak, password: "onlyletters" };
    expect(await flows.signUp(caller(), lettersOnly)).toMatchObject({
      ok: false,
      message: "Password must contain letters and numbers",
    });
  });

  it("an unverified account is told to verify, and gets a fresh link", async () => {
    const { email, password } = await signUp(t);
    const before = await t.db.select().from(mailMessages).where(eq(mailMessages.to, email));
    const result = await t.services.authFlows.signIn(caller(), { identifier: email, password });
    expect(result).toMatchObject({ ok: false, message: AUTH_MESSAGES.notVerified });
    const after = await t.db.select().from(mailMessages).where(eq(mailMessages.to, email));
    expect(after.length).toBe(before.length + 1);
  });

  it("password reset: the same answer for any address, a working link for a real one, the old password gone", async () => {
    const account = await createAccount(t);
    const flows = t.services.authFlows;
    const unknown = await flows.requestPasswordReset(caller(), { email: "no-such-person@example.com" });
    expect(unknown).toMatchObject({ ok: true, value: AUTH_MESSAGES.resetSent });
    expect(await t.db.select().from(mailMessages).where(eq(mailMessages.to, "no-such-person@example.com"))).toEqual([]);

    const known = await flows.requestPasswordReset(caller(), { email: account.email });
    expect(known).toMatchObject({ ok: true, value: AUTH_MESSAGES.resetSent });
    const link = new URL(await linkFromMail(t, account.email, /reset/i));
    expect(link.pathname).toBe("/reset-password");
    const token = link.searchParams.get("token");

    expect(await flows.resetPassword(caller(), { token: "forged", password: "brand new 99" })).toMatchObject({
      ok: false,
      message: AUTH_MESSAGES.badResetLink,
    });
    expect(await flows.resetPassword(caller(), { token, password: "brand new 99" })).toMatchObject({ ok: true });
    expect(await flows.resetPassword(caller(), { token, password: "brand new 98" })).toMatchObject({
      ok: false,
      message: AUTH_MESSAGES.badResetLink,
    });
    expect((await signIn(t, account.email, account.password)).status).toBe(401);
    expect((await signIn(t, account.email, "brand new 99")).status).toBe(200);
    // the reset signed out the sessions that knew the old password
    expect(await (await t.request("/backend/api/me", { headers: bearer(account) })).json()).toBeNull();
  });

  it("sign-out clears the cookie", async () => {
    const account = await createAccount(t);
    const out = await t.services.authFlows.signOut(caller({ Cookie: account.cookie }));
    expect(out.ok).toBe(true);
    if (out.ok) expect(out.headers.getSetCookie().join()).toMatch(/academy\.session_token=;/);
    const sessions = await t.db.select().from(session).where(eq(session.userId, account.id));
    expect(sessions).toEqual([]);
  });
});
