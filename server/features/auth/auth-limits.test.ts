// Brute force and flooding (issue 7, docs/decisions/012 and 024): wrong passwords slow down the address
// they come from (an IPv6 client by its /64), never the account as a whole, so rotating addresses
// cannot keep the owner out; identity e-mails are capped per recipient, and the API sign-up answers a
// taken address exactly as a new one. Known devices: sign-in-guard.test.ts.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contract/account/auth.ts";
import { authAttempt, mailMessages, user } from "../../db/schema.ts";
import {
  createAccount,
  linkFromMail,
  sameOrigin,
  uniqueName,
  type TestAccount,
} from "../../../tests/support/accounts.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { createAttempts, SIGN_IN_FREE_FAILURES, signInKeys, signInPauseMs } from "./attempts.ts";
import { AUTH_MAILS_PER_HOUR } from "./auth.ts";
import type { Caller } from "./auth-flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

/** A request from the client address `ip` (the socket's, which is all the server trusts). */
let last = 0;
const nextIp = () => `10.${Math.floor(++last / 250) % 250}.${last % 250}.${7}`;
function post(path: string, json: unknown, ip = nextIp()): Promise<Response> {
  return Promise.resolve(
    t.app.request(
      `/backend/api/auth${path}`,
      {
        method: "POST",
        headers: { ...sameOrigin(t), "Content-Type": "application/json" },
        body: JSON.stringify(json),
      },
      { incoming: { socket: { remoteAddress: ip, remoteFamily: ip.includes(":") ? "IPv6" : "IPv4" } } },
    ),
  );
}
const signInByEmail = (email: string, password: string, ip?: string) => post("/sign-in/email", { email, password }, ip);
const caller = (): Caller => ({ headers: new Headers(sameOrigin(t)), clientIp: nextIp() });

/** Moves an account's failure record back in time, as if `ms` had passed. */
async function age(key: string, ms: number) {
  const [row] = await t.db.select().from(authAttempt).where(eq(authAttempt.key, key));
  await t.db
    .update(authAttempt)
    .set({ lastAt: row!.lastAt - ms, firstAt: row!.firstAt - ms })
    .where(eq(authAttempt.key, key));
}

async function mailsTo(email: string, subject: RegExp) {
  await t.mailer.drain();
  const rows = await t.db.select().from(mailMessages).where(eq(mailMessages.to, email));
  return rows.filter((m) => subject.test(m.subject));
}

describe("failed sign-ins, per address", () => {
  it("pause one address after 5 wrong passwords on an account; the pause grows and ends", async () => {
    const account = await createAccount(t);
    const attacker = nextIp();
    const key = signInKeys.address(`user:${account.id}`, attacker);
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
      expect((await signInByEmail(account.email, `wrong guess ${i}`, attacker)).status).toBe(401);
    }
    // now even the right password waits there, by e-mail or by username, and says why
    const paused = await signInByEmail(account.email, account.password, attacker);
    expect(paused.status).toBe(429);
    expect(await paused.json()).toMatchObject({ code: "SIGN_IN_PAUSED", message: AUTH_MESSAGES.signInPaused });
    expect(Number(paused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(paused.headers.get("retry-after"))).toBeLessThanOrEqual(signInPauseMs(5) / 1000);
    expect(
      (await post("/sign-in/username", { username: account.username, password: account.password }, attacker)).status,
    ).toBe(429);
    // the form says it in words
    expect(
      await t.services.authFlows.signIn(
        { headers: new Headers(sameOrigin(t)), clientIp: attacker },
        { identifier: account.username, password: account.password },
      ),
    ).toMatchObject({ ok: false, status: 429, message: AUTH_MESSAGES.signInPaused });

    // after the first pause (30 s) one more guess; a wrong one doubles the pause
    await age(key, signInPauseMs(5) + 1000);
    expect((await signInByEmail(account.email, "wrong again 1", attacker)).status).toBe(401);
    const longer = await signInByEmail(account.email, account.password, attacker);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("retry-after"))).toBeGreaterThan(signInPauseMs(5) / 1000);

    // once the pause is over the right password works, and the slate is clean
    await age(key, signInPauseMs(6) + 1000);
    expect((await signInByEmail(account.email, account.password, attacker)).status).toBe(200);
    expect(await t.db.select().from(authAttempt).where(eq(authAttempt.key, key))).toEqual([]);
    expect((await signInByEmail(account.email, "one slip 1", attacker)).status).toBe(401);
    expect((await signInByEmail(account.email, account.password, attacker)).status).toBe(200);
  });

  it("rotating addresses cannot lock the owner out: the owner on a new device elsewhere signs in", async () => {
    const account = await createAccount(t);
    // 5 wrong passwords from each of 3 addresses, then the right one from each: all paused
    const attackers = Array.from({ length: 3 }, nextIp);
    for (const ip of attackers) {
      for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) await signInByEmail(account.email, `guess ${ip} ${i}`, ip);
    }
    for (const ip of attackers) expect((await signInByEmail(account.email, account.password, ip)).status).toBe(429);
    // the owner, on a browser that never signed in, from an address of their own: in at once
    const owner = await signInByEmail(account.email, account.password, nextIp());
    expect(owner.status).toBe(200);
    // and through the form, by username, from yet another address
    expect(
      await t.services.authFlows.signIn(caller(), { identifier: account.username, password: account.password }),
    ).toMatchObject({ ok: true });
  }, 90_000);

  it("an API client without cookies is counted by its address (a bearer client has no device)", async () => {
    const account = await createAccount(t);
    const client = nextIp();
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) await signInByEmail(account.email, `api guess ${i}`, client);
    expect((await signInByEmail(account.email, account.password, client)).status).toBe(429);
    const other = await signInByEmail(account.email, account.password, nextIp());
    expect(other.status).toBe(200);
    expect(other.headers.get("set-auth-token")).toBeTruthy();
  });

  it("an IPv6 client is counted by its /64: rotating addresses inside it does not help", async () => {
    const account = await createAccount(t);
    const net = `2001:db8:${(++last).toString(16)}:7`;
    const inNet = (n: number) => `${net}::${n.toString(16)}`;
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
      expect((await signInByEmail(account.email, `v6 guess ${i}`, inNet(i + 1))).status).toBe(401);
    }
    expect((await signInByEmail(account.email, account.password, inNet(999))).status).toBe(429);
    const otherNet = `2001:db8:${(++last).toString(16)}:7::1`;
    expect((await signInByEmail(account.email, account.password, otherNet)).status).toBe(200);
  });

  it("never keeps anyone out longer than 15 minutes, and a password reset ends every pause", async () => {
    expect(signInPauseMs(4)).toBe(0);
    expect(signInPauseMs(5)).toBe(30_000);
    expect(signInPauseMs(6)).toBe(60_000);
    expect(signInPauseMs(500)).toBe(15 * 60_000);

    const account = await createAccount(t);
    const ip = nextIp();
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) await signInByEmail(account.email, `wrong guess ${i}`, ip);
    expect((await signInByEmail(account.email, account.password, ip)).status).toBe(429);
    await t.services.authFlows.requestPasswordReset(caller(), { email: account.email });
    await t.mailer.drain();
    const token = new URL(await linkFromMail(t, account.email, /reset/i)).searchParams.get("token");
    expect(await t.services.authFlows.resetPassword(caller(), { token, password: "my new one 5" })).toMatchObject({
      ok: true,
    });
    expect((await signInByEmail(account.email, "my new one 5", ip)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(authAttempt)
        .where(like(authAttempt.key, `sign-in|user:${account.id}%`)),
    ).toEqual([]);
  });

  it("a burst of parallel guesses from one address gets no more than the free ones checked", async () => {
    const account = await createAccount(t);
    const ip = nextIp();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInByEmail(account.email, `parallel ${i}`, ip)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401).length).toBe(SIGN_IN_FREE_FAILURES);
    expect(statuses.filter((s) => s === 429).length).toBe(12 - SIGN_IN_FREE_FAILURES);
  });

  it("counts exactly, even for attempts within the same millisecond", async () => {
    const attempts = createAttempts(t.db, () => 1_700_000_000_000);
    const key = `sign-in|name:${uniqueName()}|ip:10.0.0.1`;
    const turns = [];
    for (let i = 0; i < 8; i++) turns.push(await attempts.beginSignIn(key));
    expect(turns.map((turn) => turn.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(turns[7]).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it("an unknown account slows down the same way (the pause reveals nothing), and others are not held back", async () => {
    const bystander = await createAccount(t);
    const nobody = `${uniqueName()}@example.com`;
    const ip = nextIp();
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
      expect((await signInByEmail(nobody, "guess 1", ip)).status).toBe(401);
    }
    expect((await signInByEmail(nobody, "guess 1", ip)).status).toBe(429);
    expect((await signInByEmail(bystander.email, bystander.password, ip)).status).toBe(200);
  });
});

describe("odd names at sign-in", () => {
  it("a NUL byte (which PostgreSQL refuses in text) gets a 4xx, never a 500", async () => {
    for (const res of [
      await signInByEmail("a\u0000b@example.com", "whatever 1"),
      await post("/sign-in/username", { username: "ab\u0000cd", password: "whatever 1" }),
      await post("/sign-up/email", { username: "ab\u0000cd", email: "x@example.com", password: "whatever 1" }),
      await post("/sign-up/email", { username: uniqueName(), email: "x\u0000@example.com", password: "whatever 1" }),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe("identity e-mails, per recipient", () => {
  it("50 reset requests from 50 addresses queue at most the cap for one person, all answered alike", async () => {
    const account = await createAccount(t);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post("/request-password-reset", { email: account.email, redirectTo: "/" })),
    );
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([200]));
    const bodies = new Set(await Promise.all(answers.map((r) => r.text())));
    expect(bodies.size).toBe(1);
    expect((await mailsTo(account.email, /reset/i)).length).toBe(AUTH_MAILS_PER_HOUR);
  });

  it("verification e-mails too (sign-up's own counts), while another address still gets its own", async () => {
    const username = uniqueName();
    const email = `${username}@example.com`;
    expect((await post("/sign-up/email", { username, email, password: "correct horse 42" })).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const res = await post("/send-verification-email", { email, callbackURL: "/login?verified=1" });
      expect(res.status).toBe(200);
    }
    // and sign-in attempts of the unverified account, each of which resends the link
    for (let i = 0; i < 3; i++) expect((await signInByEmail(email, "correct horse 42")).status).toBe(403);
    expect((await mailsTo(email, /verify/i)).length).toBe(AUTH_MAILS_PER_HOUR);

    const other = await createAccount(t);
    expect((await mailsTo(other.email, /verify/i)).length).toBe(1);
  });
});

describe("sign-up with a taken address (API)", () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await createAccount(t);
  });

  /** The answer's shape: every key with the type of its value, ids and dates aside. */
  const shape = (value: unknown): unknown =>
    value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
      : value === null
        ? null
        : typeof value;

  it("answers exactly as for a new address, makes nothing, and tells the owner", async () => {
    const password = "some pass 123";
    const newcomer = uniqueName();
    const fresh = await post("/sign-up/email", {
      username: newcomer,
      email: `${newcomer}@example.com`,
      password,
      callbackURL: "/login?verified=1",
    });
    const intruder = uniqueName();
    const taken = await post("/sign-up/email", {
      username: intruder,
      email: owner.email.toUpperCase(),
      password,
      callbackURL: "/login?verified=1",
    });
    expect(taken.status).toBe(fresh.status);
    expect(fresh.status).toBe(200);
    const [a, b] = (await Promise.all([fresh.json(), taken.json()])) as [
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    expect(shape(b)).toEqual(shape(a));
    expect(b).toMatchObject({ token: null, user: { username: intruder, emailVerified: false } });
    expect([...taken.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());

    // no account for the intruder's username, the owner's row untouched
    expect(await t.db.select().from(user).where(eq(user.username, intruder))).toEqual([]);
    const [row] = await t.db.select().from(user).where(eq(user.id, owner.id));
    expect(row).toMatchObject({ username: owner.username, email: owner.email, emailVerified: true });
    // the owner hears that someone tried (and gets no verification link to click by mistake)
    expect((await mailsTo(owner.email, /tried to create/i)).length).toBe(1);
    expect((await mailsTo(owner.email, /verify/i)).length).toBe(1);
  });

  it("the /register page still says the address is taken, but only within the sign-up allowance", async () => {
    const limited = await createTestApp({ SIGN_IN_RATE_LIMIT: "2" });
    try {
      const account = await createAccount(limited);
      const who: Caller = { headers: new Headers(sameOrigin(limited)), clientIp: "10.200.0.1" };
      const attempt = () =>
        limited.services.authFlows.signUp(who, {
          username: uniqueName(),
          email: account.email,
          password: "longer pass 1",
        });
      // (createAccount's own sign-up came from another address)
      expect(await attempt()).toMatchObject({ ok: false, status: 409, message: AUTH_MESSAGES.emailTaken });
      expect(await attempt()).toMatchObject({ ok: false, status: 409, message: AUTH_MESSAGES.emailTaken });
      expect(await attempt()).toMatchObject({ ok: false, status: 429, message: AUTH_MESSAGES.tooMany });
      const notices = await limited.db
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.to, account.email), like(mailMessages.subject, "%tried to create%")));
      expect(notices.length).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe("the other account endpoints (AUTH_RATE_LIMIT)", () => {
  it("answer 429 past AUTH_RATE_LIMIT requests a minute from one address, while another address goes on", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: "3" });
    try {
      const open = (ip: string) =>
        Promise.resolve(
          limited.app.request(
            "/backend/api/auth/verify-email?token=not-a-token",
            { headers: sameOrigin(limited) },
            { incoming: { socket: { remoteAddress: ip, remoteFamily: "IPv4" } } },
          ),
        );
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await open("10.201.0.1")).status);
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
      expect((await open("10.201.0.2")).status).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});
