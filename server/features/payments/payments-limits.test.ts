// Calls per buyer and minute (PAYMENT_RATE_LIMIT): coupon checks cannot be used to guess codes quickly,
// payment starts cannot flood the table or the provider, verifications get 6 times the limit. Over it:
// 429 with the message, Retry-After, and nothing recorded. A buyer is the signed-in user, else the
// browser's device id, else the address; the address as a whole gets ADDRESS_RATE_LIMIT_FACTOR times the
// limit, so that the buyers behind one carrier NAT address are served (issue 15).
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, payments } from "../../db/schema.ts";
import { DEVICE_COOKIE } from "../../http/device.ts";
import { RATE_LIMIT_MESSAGE, RATE_LIMIT_MESSAGES } from "../../http/rate-limit.ts";
import { bearer, createAccount } from "../../../tests/support/accounts.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let nat: TestApp;
let courseId: string;
let natCourseId: string;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_RATE_LIMIT: "3" });
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ price: 500_000 }))
    .returning();
  courseId = course!.id;
  // the defaults: 20 a minute per buyer, 50 times that per address
  nat = await createTestApp({
    PAYMENT_RATE_LIMIT: undefined,
    ADDRESS_RATE_LIMIT_FACTOR: undefined,
    SIGN_IN_RATE_LIMIT: "100",
  });
  const [natCourse] = await nat.db
    .insert(courses)
    .values(makeCourse({ price: 500_000 }))
    .returning();
  natCourseId = natCourse!.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await nat?.close();
});

const payBody = () => ({ courseId, fullName: "Ngozi Eze", email: "ngozi@example.test", phone: "0803" });

describe("PAYMENT_RATE_LIMIT", () => {
  it("refuses the fourth coupon check of a minute from one address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.request(`/backend/api/coupons/validate/GUESS${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await t.request("/backend/api/coupons/validate/GUESS9");
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.json()).toEqual({ error: { code: "too_many_requests", message: RATE_LIMIT_MESSAGE } });
  });

  it("counts course and ticket starts together, and records nothing past the limit", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.request("/backend/api/payments/course", { method: "POST", json: payBody() })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    const [rows] = await t.db.select({ n: count() }).from(payments);
    expect(rows!.n).toBe(3);
    const ticket = await t.request("/backend/api/payments/ticket", {
      method: "POST",
      json: { eventId: "x", email: "a@b.test", ticketType: "VIP", quantity: 1 },
    });
    expect(ticket.status).toBe(429);
  });

  it("lets verifications through up to 6 times the limit, separately from starts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 19; i++) statuses.push((await t.request("/backend/api/verify/ta_nosuchreference")).status);
    expect(statuses.slice(0, 18).every((s) => s === 404)).toBe(true);
    expect(statuses[18]).toBe(429);
  });
});

/** A browser's device id, as the site's first page hands it out. */
const newDevice = () => `${DEVICE_COOKIE}=${randomBytes(16).toString("base64url")}`;

/** A coupon check from `clientIp`, with the device cookie when given. */
const couponCheck = (clientIp: string, cookie?: string) =>
  nat.request(`/backend/api/coupons/validate/WELCOME${Math.floor(Math.random() * 1000)}?courseId=${natCourseId}`, {
    headers: cookie ? { Cookie: cookie } : {},
    clientIp,
  });

const MANY_REQUESTS = { timeout: 180_000 };

describe("buyers behind one address (carrier NAT)", () => {
  it(
    "200 buyers behind one address within a minute are all served: coupon checks and payment starts",
    MANY_REQUESTS,
    async () => {
      const address = "102.89.40.7";
      const buyers = Array.from({ length: 200 }, newDevice);
      const statuses: number[] = [];
      for (const cookie of buyers) {
        // each checks a code twice (a typo, then the right one) and starts paying
        statuses.push((await couponCheck(address, cookie)).status);
        statuses.push((await couponCheck(address, cookie)).status);
        const started = await nat.request("/backend/api/payments/course", {
          method: "POST",
          headers: { Cookie: cookie },
          json: { courseId: natCourseId, fullName: "Chinedu Okafor", email: "chinedu@example.test", phone: "0803" },
          clientIp: address,
        });
        statuses.push(started.status);
      }
      expect(statuses.filter((s) => s === 429)).toEqual([]);
      expect(new Set(statuses)).toEqual(new Set([200, 201]));
    },
  );

  it("one client hammering is still held to PAYMENT_RATE_LIMIT: with its device id, or without cookies", async () => {
    const address = "102.89.40.8";
    const cookie = newDevice();
    const withCookie: number[] = [];
    for (let i = 0; i < 22; i++) withCookie.push((await couponCheck(address, cookie)).status);
    expect(withCookie.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(withCookie.slice(20)).toEqual([429, 429]);
    // an API client without cookies is its address: the same limit
    const bare: number[] = [];
    for (let i = 0; i < 21; i++) bare.push((await couponCheck(address)).status);
    expect(bare.slice(0, 20)).toEqual(Array(20).fill(200));
    const refused = await couponCheck(address);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: { code: "too_many_requests", message: RATE_LIMIT_MESSAGE } });
    // everyone else behind the address is still served
    expect((await couponCheck(address, newDevice())).status).toBe(200);
  });

  it("a signed-in buyer is counted as the user, whatever device id it sends", async () => {
    const buyer = await createAccount(nat);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await nat.request(`/backend/api/coupons/validate/CODE${i}?courseId=${natCourseId}`, {
        headers: { ...bearer(buyer), Cookie: newDevice() },
        clientIp: "102.89.40.9",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });

  it("a client sending a new device id each time meets the address's cap (50 × the limit)", MANY_REQUESTS, async () => {
    const address = "2c0f:f5c0:1:2::abc";
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i++) statuses.push((await couponCheck(address, newDevice())).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // the same /64, another address: the same cap
    const capped = await couponCheck("2c0f:f5c0:1:2:9999::1", newDevice());
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await capped.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many requests from your network\. Please wait \d+ seconds/,
    );
    // another address is not affected
    expect((await couponCheck("102.89.40.10", newDevice())).status).toBe(200);
  });

  it("hands a device id to a client that has none with its first payment call, and keeps one it has", async () => {
    const first = await couponCheck("102.89.40.11");
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(
      new RegExp(
        `^${DEVICE_COOKIE.replace(".", "\\.")}=[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax$`,
      ),
    );
    const again = await couponCheck("102.89.40.11", cookie!.split(";")[0]);
    expect(again.headers.getSetCookie().filter((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toEqual([]);
    expect(RATE_LIMIT_MESSAGES.network("1 minute")).toBe(
      "Too many requests from your network. Please wait 1 minute and try again.",
    );
  });
});
