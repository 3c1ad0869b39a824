// Limits on the public forms (issue 29 "No limit on the newsletter sign-up or the contact form": 200
// sign-ups for 200 different addresses from one client in 17 s, 200 contact requests in 3.6 s), and on
// the check of a certificate's credential file (CREDENTIAL_CHECK_RATE_LIMIT a minute). Per client
// (the device cookie, else the address) at NEWSLETTER_RATE_LIMIT / CONTACT_RATE_LIMIT an hour, per
// address at ADDRESS_RATE_LIMIT_FACTOR times that, so a carrier NAT address with many phones behind it is
// still served; over either, 429 with Retry-After and a message, and nothing stored or e-mailed.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, mailMessages, newsletterSubscribers } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { DEVICE_COOKIE } from "./device.ts";
import { RATE_LIMIT_MESSAGES, waitPhrase } from "./rate-limit.ts";

let t: TestApp;
let defaults: TestApp;
beforeAll(async () => {
  // three a client, six an address
  t = await createTestApp({
    NEWSLETTER_RATE_LIMIT: "3",
    CONTACT_RATE_LIMIT: "3",
    CREDENTIAL_CHECK_RATE_LIMIT: "3",
    ADDRESS_RATE_LIMIT_FACTOR: "2",
  });
  // the defaults (5 an hour each; 20 credential checks a minute), which the test app otherwise raises
  defaults = await createTestApp({
    NEWSLETTER_RATE_LIMIT: undefined,
    CONTACT_RATE_LIMIT: undefined,
    CREDENTIAL_CHECK_RATE_LIMIT: undefined,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await defaults?.close();
});

/** a device id of the shape the site hands out (22 base64url characters) */
const device = (n: number) => `device${String(n).padStart(16, "0")}`;
const asDevice = (n: number | null): Record<string, string> =>
  n === null ? {} : { Cookie: `${DEVICE_COOKIE}=${device(n)}` };

const signUp = (app: TestApp, email: string, opts: { device?: number | null; clientIp?: string } = {}) =>
  app.request("/backend/api/newsletter", {
    method: "POST",
    json: { email },
    headers: asDevice(opts.device ?? null),
    clientIp: opts.clientIp,
  });
const contact = (app: TestApp, message: string, opts: { device?: number | null; clientIp?: string } = {}) =>
  app.request("/backend/api/contact", {
    method: "POST",
    json: { email: "asker@example.com", subject: "Other", message },
    headers: asDevice(opts.device ?? null),
    clientIp: opts.clientIp,
  });

/** A credential file to check: not one of ours (the verifier says why), which costs the check all the same. */
const check = (app: TestApp, opts: { device?: number | null; clientIp?: string } = {}) =>
  app.request("/backend/api/certificates/verify", {
    method: "POST",
    json: { "@context": ["https://www.w3.org/ns/credentials/v2"], type: ["VerifiableCredential"], id: "urn:x" },
    headers: asDevice(opts.device ?? null),
    clientIp: opts.clientIp,
  });

const messageOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe("newsletter sign-ups", () => {
  it("200 sign-ups for 200 addresses from one client: 5 stored and e-mailed, the rest 429 with the wait", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 200; i++) {
      last = await signUp(defaults, `stranger${i}@example.com`, { clientIp: "198.51.100.7" });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(201));
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const retryAfter = Number(last!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const message = await messageOf(last!);
    expect(message).toBe(RATE_LIMIT_MESSAGES.newsletter(waitPhrase(retryAfter)));
    expect(message).toMatch(/^Too many newsletter sign-ups .* Please wait \d+ minutes and try again\.$/);
    const [stored] = await defaults.db.select({ n: count() }).from(newsletterSubscribers);
    expect(stored!.n).toBe(5);
    const [mails] = await defaults.db
      .select({ n: count() })
      .from(mailMessages)
      .where(eq(mailMessages.kind, "newsletter-confirm"));
    expect(mails!.n).toBe(5);
  }, 120_000);

  it("counts each browser behind one carrier NAT address apart, up to the address's cap", async () => {
    const ip = "203.0.113.50";
    // device 1 uses its three
    for (let i = 0; i < 3; i++)
      expect((await signUp(t, `nat-a${i}@example.com`, { device: 1, clientIp: ip })).status).toBe(201);
    expect((await signUp(t, "nat-a3@example.com", { device: 1, clientIp: ip })).status).toBe(429);
    // device 2 behind the same address is still served
    for (let i = 0; i < 3; i++)
      expect((await signUp(t, `nat-b${i}@example.com`, { device: 2, clientIp: ip })).status).toBe(201);
    // the address as a whole (3 × 2 = 6) is used up: a new device id each time gets no further
    const res = await signUp(t, "nat-c0@example.com", { device: 3, clientIp: ip });
    expect(res.status).toBe(429);
    expect(await messageOf(res)).toMatch(/^Too many requests from your network\./);
    // another address is not touched
    expect((await signUp(t, "elsewhere@example.com", { device: 4, clientIp: "192.0.2.9" })).status).toBe(201);
  });
});

describe("contact requests", () => {
  it("200 contact requests from one client: 5 stored, the rest 429 with the wait", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 200; i++) {
      last = await contact(defaults, `message ${i}`, { clientIp: "198.51.100.8" });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(201));
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const retryAfter = Number(last!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(await messageOf(last!)).toBe(RATE_LIMIT_MESSAGES.contact(waitPhrase(retryAfter)));
    const [stored] = await defaults.db.select({ n: count() }).from(contacts);
    expect(stored!.n).toBe(5);
  }, 120_000);

  it("counts per device behind one address, with the address's cap", async () => {
    const ip = "203.0.113.60";
    for (let i = 0; i < 3; i++) expect((await contact(t, `a${i}`, { device: 11, clientIp: ip })).status).toBe(201);
    expect((await contact(t, "a3", { device: 11, clientIp: ip })).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await contact(t, `b${i}`, { device: 12, clientIp: ip })).status).toBe(201);
    expect((await contact(t, "c0", { device: 13, clientIp: ip })).status).toBe(429);
  });
});

describe("credential checks (POST /api/certificates/verify)", () => {
  it("60 checks from one client in a minute: 20 answered, the rest 429 with the wait", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 60; i++) {
      last = await check(defaults, { clientIp: "198.51.100.9" });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const retryAfter = Number(last!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await messageOf(last!)).toBe(RATE_LIMIT_MESSAGES.credential(waitPhrase(retryAfter)));
    // another address is answered
    const elsewhere = await check(defaults, { clientIp: "198.51.100.10" });
    expect(elsewhere.status).toBe(200);
    expect(((await elsewhere.json()) as { verified: boolean }).verified).toBe(false);
  }, 120_000);

  it("counts per device behind one address, with the address's cap", async () => {
    const ip = "203.0.113.61";
    for (let i = 0; i < 3; i++) expect((await check(t, { device: 21, clientIp: ip })).status).toBe(200);
    expect((await check(t, { device: 21, clientIp: ip })).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await check(t, { device: 22, clientIp: ip })).status).toBe(200);
    expect((await check(t, { device: 23, clientIp: ip })).status).toBe(429);
  });
});
