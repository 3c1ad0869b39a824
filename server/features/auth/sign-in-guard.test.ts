// Known devices (docs/decisions/024, OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a
// browser or client that signed in to an account keeps a signed device cookie, and from it the right
// password always gets in, whatever anyone else failed from whichever addresses; its own wrong
// passwords slow down that device only, and a stolen cookie gives few guesses.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contract/account/auth.ts";
import { authAttempt } from "../../db/schema.ts";
import { createAccount, sameOrigin, type TestAccount } from "../../../tests/support/accounts.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { addressGroup, SIGN_IN_FREE_FAILURES, signInKeys } from "./attempts.ts";
import { createDeviceCookies, DEVICE_COOKIE_MAX_AGE_SECONDS } from "./device-cookie.ts";
import { DEVICE_TRUST_MAX_FAILURES } from "./sign-in-guard.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

let last = 0;
const nextIp = () => `10.77.${Math.floor(++last / 250) % 250}.${last % 250}`;

/** A sign-in from the socket address `ip`, with the `cookie` header a browser would send. */
function signIn(app: TestApp, email: string, password: string, ip: string, cookie?: string): Promise<Response> {
  return Promise.resolve(
    app.app.request(
      "/backend/api/auth/sign-in/email",
      {
        method: "POST",
        headers: { ...sameOrigin(app), "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify({ email, password }),
      },
      { incoming: { socket: { remoteAddress: ip, remoteFamily: "IPv4" } } },
    ),
  );
}

/** The device cookie an answer sets, as `name=value` for a Cookie header. */
function deviceCookieOf(res: Response): string {
  const line = res.headers.getSetCookie().find((c) => /^(__Secure-)?academy\.device\./.test(c));
  if (!line) throw new Error(`no device cookie in: ${res.headers.getSetCookie().join(" | ")}`);
  return line.split(";")[0]!;
}

/** An account and the device cookie of the browser it signed in on (from `home`). */
async function ownerWithDevice(home = nextIp()): Promise<{ account: TestAccount; device: string; home: string }> {
  const account = await createAccount(t);
  const res = await signIn(t, account.email, account.password, home);
  expect(res.status).toBe(200);
  return { account, device: deviceCookieOf(res), home };
}

/** Five wrong passwords (or `times`) from each address. */
async function fail(email: string, ips: string[], times = SIGN_IN_FREE_FAILURES, cookie?: string) {
  for (const ip of ips) {
    for (let i = 0; i < times; i++) await signIn(t, email, `wrong ${ip} ${i}`, ip, cookie);
  }
}

describe("a known device", () => {
  it("gets in with the right password while attackers rotating addresses (its own among them) are paused", async () => {
    const { account, device, home } = await ownerWithDevice();
    const attackers = [home, ...Array.from({ length: 2 }, nextIp)];
    await fail(account.email, attackers);
    for (const ip of attackers) expect((await signIn(t, account.email, account.password, ip)).status).toBe(429);

    // from home (an address the attacker shares, as behind a carrier's NAT) and from anywhere else
    const atHome = await signIn(t, account.email, account.password, home, device);
    expect(atHome.status).toBe(200);
    const away = await signIn(t, account.email, account.password, attackers[2]!, deviceCookieOf(atHome));
    expect(away.status).toBe(200);
    // the attacker is still paused, everywhere it failed
    expect((await signIn(t, account.email, account.password, attackers[1]!)).status).toBe(429);
    expect((await signIn(t, account.email, "another guess 1", home)).status).toBe(429);
  }, 90_000);

  it("gets in through the /login form too, and the form passes a fresh device cookie on", async () => {
    const { account, device, home } = await ownerWithDevice();
    await fail(account.email, [home]);
    const paused = await t.services.authFlows.signIn(
      { headers: new Headers(sameOrigin(t)), clientIp: home },
      { identifier: account.username, password: account.password },
    );
    expect(paused).toMatchObject({ ok: false, status: 429, message: AUTH_MESSAGES.signInPaused });
    const result = await t.services.authFlows.signIn(
      { headers: new Headers(sameOrigin(t, { Cookie: device })), clientIp: home },
      { identifier: account.username, password: account.password },
    );
    expect(result.ok).toBe(true);
    const cookies = result.ok ? result.headers.getSetCookie() : [];
    expect(cookies.some((c) => c.startsWith(`academy.device.${account.id}=`))).toBe(true);
    expect(cookies.some((c) => c.startsWith("academy.session_token="))).toBe(true);
  });

  it("is not held to the per-address limit that a busy shared address has used up", async () => {
    const limited = await createTestApp({ SIGN_IN_RATE_LIMIT: "3" });
    try {
      const account = await createAccount(limited);
      const shared = "10.99.0.1";
      const first = await signIn(limited, account.email, account.password, shared);
      expect(first.status).toBe(200);
      const device = deviceCookieOf(first);
      // others behind the same address use up its allowance (two more: the owner's sign-in was one)
      for (let i = 0; i < 2; i++) await signIn(limited, `stranger${i}@example.com`, "wrong guess 1", shared);
      const refused = await signIn(limited, account.email, account.password, shared);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: "TOO_MANY_REQUESTS" });
      expect(refused.headers.get("x-retry-after")).toBe("60");
      expect((await signIn(limited, account.email, account.password, shared, device)).status).toBe(200);
    } finally {
      await limited.close();
    }
  }, 90_000);

  it("slows down its own wrong passwords, on that device only, and its right password still gets in", async () => {
    const { account, device, home } = await ownerWithDevice();
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
      expect((await signIn(t, account.email, `my typo ${i}`, home, device)).status).toBe(401);
    }
    const slowed = await signIn(t, account.email, "my typo again", home, device);
    expect(slowed.status).toBe(429);
    expect(await slowed.json()).toMatchObject({ code: "SIGN_IN_PAUSED" });
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
    // the address itself was not counted: another browser there is not paused
    expect((await signIn(t, account.email, account.password, home)).status).toBe(200);
    // and the device's own right password, during its pause, gets in and clears its count
    const inAgain = await signIn(t, account.email, account.password, home, device);
    expect(inAgain.status).toBe(200);
    const nonce = device.split("=")[1]!.split(".")[1]!;
    expect(
      await t.db
        .select()
        .from(authAttempt)
        .where(eq(authAttempt.key, signInKeys.device(account.id, nonce))),
    ).toEqual([]);
  });

  it(`stops counting as known after ${DEVICE_TRUST_MAX_FAILURES} failures: a stolen cookie gives few guesses`, async () => {
    const { account, device } = await ownerWithDevice();
    const thief = nextIp();
    await fail(account.email, [thief], DEVICE_TRUST_MAX_FAILURES, device);
    const nonce = device.split("=")[1]!.split(".")[1]!;
    const [row] = await t.db
      .select()
      .from(authAttempt)
      .where(eq(authAttempt.key, signInKeys.device(account.id, nonce)));
    expect(row?.count).toBe(DEVICE_TRUST_MAX_FAILURES);
    // from here the cookie is ignored: the guesses count on the thief's address, which pauses as any other
    await fail(account.email, [thief], SIGN_IN_FREE_FAILURES, device);
    expect((await signIn(t, account.email, account.password, thief, device)).status).toBe(429);
    const [after] = await t.db
      .select()
      .from(authAttempt)
      .where(eq(authAttempt.key, signInKeys.device(account.id, nonce)));
    expect(after?.count).toBe(DEVICE_TRUST_MAX_FAILURES);
  }, 90_000);

  it("is known only by an unaltered cookie of this very account", async () => {
    const { account, device, home } = await ownerWithDevice();
    const other = await ownerWithDevice(home);
    await fail(account.email, [home]);
    const [name, value] = device.split("=") as [string, string];
    const [id, nonce, issued, mac] = value.split(".") as [string, string, string, string];
    const forged = [
      // another account's device cookie, as it is and renamed to this account
      other.device,
      `${name}=${other.device.split("=")[1]}`,
      // this cookie altered: another nonce, another time, no signature, a signature of its own
      `${name}=${id}.${nonce}x.${issued}.${mac}`,
      `${name}=${id}.${nonce}.${Number(issued) + 1}.${mac}`,
      `${name}=${id}.${nonce}.${issued}`,
      `${name}=${id}.${nonce}.${issued}.${"A".repeat(mac.length)}`,
    ];
    for (const cookie of forged) {
      expect((await signIn(t, account.email, account.password, home, cookie)).status, cookie).toBe(429);
    }
    expect((await signIn(t, account.email, account.password, home, device)).status).toBe(200);
  }, 90_000);
});

describe("the device cookie", () => {
  it("is HttpOnly, SameSite=Lax, lives a year, names the account; never set for a wrong password", async () => {
    const account = await createAccount(t);
    const res = await signIn(t, account.email, account.password, nextIp());
    const line = res.headers.getSetCookie().find((c) => c.startsWith(`academy.device.${account.id}=`))!;
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\//i);
    expect(line).toContain(`Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`);
    expect(line).not.toMatch(/; Secure/i);
    expect(line.split("=")[1]!.startsWith(`${account.id}.`)).toBe(true);

    const wrong = await signIn(t, account.email, "not my password 1", nextIp());
    expect(wrong.headers.getSetCookie().filter((c) => c.includes("academy.device."))).toEqual([]);
  });

  it("is Secure and __Secure- prefixed when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000", PUBLIC_URL: "https://academy.example" });
    try {
      const account = await createAccount(secure);
      const res = await signIn(secure, account.email, account.password, nextIp());
      const line = res.headers.getSetCookie().find((c) => c.startsWith(`__Secure-academy.device.${account.id}=`));
      expect(line).toMatch(/; Secure/i);
      expect(line).toMatch(/; HttpOnly/i);
    } finally {
      await secure.close();
    }
  }, 90_000);

  it("expires with its lifetime, and another secret's cookie is refused", () => {
    let now = 1_800_000_000_000;
    const cookies = createDeviceCookies({ secret: "s".repeat(32), secure: false, clock: () => now });
    const issued = cookies.issue("abc123");
    const header = `other=1; ${issued.name}=${issued.value}`;
    expect(cookies.read(header, "abc123")).toMatchObject({ userId: "abc123" });
    expect(cookies.read(header, "abc124")).toBeNull();
    const foreign = createDeviceCookies({ secret: "t".repeat(32), secure: false, clock: () => now });
    expect(foreign.read(header, "abc123")).toBeNull();
    now += DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 + 1000;
    expect(cookies.read(header, "abc123")).toBeNull();
  });
});

describe("addressGroup", () => {
  it("keeps an IPv4 address, and counts an IPv6 one by its /64 however it is written", () => {
    expect(addressGroup("203.0.113.9")).toBe("203.0.113.9");
    expect(addressGroup("::ffff:203.0.113.9")).toBe("203.0.113.9");
    const net = "2001:db8:85a3:8d3::";
    for (const ip of [
      "2001:db8:85a3:8d3::1",
      "2001:0db8:85a3:08d3:1319:8a2e:0370:7348",
      "2001:DB8:85A3:8D3:ffff:ffff:ffff:ffff",
      "2001:db8:85a3:8d3::1%eth0",
      net,
    ]) {
      expect(addressGroup(ip), ip).toBe(net);
    }
    expect(addressGroup("2001:db8:85a3:8d4::1")).not.toBe(net);
    expect(addressGroup("::1")).toBe("0:0:0:0::");
    expect(addressGroup("")).toBe("unknown");
    expect(addressGroup(undefined)).toBe("unknown");
  });
});
