// The coupons admin through the real app (admin-back-office §2 "Coupon manager", "Coupon detail", §4,
// §5, §7 "Coupons", §8, §9; issue 17): who may call it, create (the spec's discount message, a code
// made by the server, upper case, a duplicate 409 in any case, a course that exists), Validate /
// Invalidate and the inline edit, delete, the detail with its usage records, and the audit rows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { COUPON_MESSAGES } from "../../../contract/coupons/coupons.ts";
import { adminAudit, couponUsages, coupons, courses } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let plain: TestAccount;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  plain = await createAccount(t);
}, 60_000);
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(adminAudit);
  await t.db.delete(coupons);
  const [course] = await t.db
    .insert(courses)
    .values({
      title: "Cyber basics",
      img: "/media/c.webp",
      instructor: "Ife",
      price: 5_000_000,
      category: "Cybersecurity",
    })
    .returning();
  courseId = course!.id;
});

const MISSING_ID = "0123456789abcdef01234567";
const call = apiCaller(
  () => t,
  () => admin,
);

interface CouponJson {
  _id: string;
  code: string;
  discount: number;
  isValid: boolean;
  courseId: string | null;
  createdAt: string;
  usageRecords: Array<{ userName: string; paymentStatus: string; courseId: string; usedAt: string }>;
}

const create = async (body: Record<string, unknown>) => ok<CouponJson>(await call("POST", "/api/coupons", body), 201);

describe("who may manage coupons", () => {
  it("refuses every coupon call to the signed-out (401) and plain users (403); the checkout check stays public", async () => {
    const coupon = await create({ discount: 10, code: "OPEN10" });
    for (const [who, status] of [
      [null, 401],
      [plain, 403],
    ] as const) {
      expect((await call("GET", "/api/coupons", undefined, who)).status).toBe(status);
      expect((await call("GET", `/api/coupons/${coupon._id}`, undefined, who)).status).toBe(status);
      expect((await call("POST", "/api/coupons", { discount: 50 }, who)).status).toBe(status);
      expect((await call("PUT", `/api/coupons/${coupon._id}`, { discount: 99 }, who)).status).toBe(status);
      expect((await call("DELETE", `/api/coupons/${coupon._id}`, undefined, who)).status).toBe(status);
    }
    expect(await t.db.select().from(coupons)).toHaveLength(1);
    const check = await call("GET", "/api/coupons/validate/open10", undefined, null);
    expect(((await check.json()) as { valid: boolean }).valid).toBe(true);
  });
});

describe("POST /api/coupons", () => {
  it("makes a unique upper-case code when none is given; general (null) or for a course", async () => {
    const general = await create({ discount: 15, courseId: null });
    expect(general).toMatchObject({ discount: 15, courseId: null, isValid: true, usageRecords: [] });
    expect(general.code).toMatch(/^[A-Z2-9]{8}$/);
    const forCourse = await create({ discount: 25, courseId, code: "cyber-25" });
    expect(forCourse).toMatchObject({ code: "CYBER-25", courseId });
    const [entry] = await t.db.select().from(adminAudit).where(eq(adminAudit.itemId, forCourse._id));
    expect(entry).toMatchObject({ action: "create", resource: "coupons", itemLabel: "CYBER-25" });
  });

  it.each([
    [{}],
    [{ discount: "" }],
    [{ discount: "20" }],
    [{ discount: 101 }],
    [{ discount: -1 }],
    [{ discount: 12.5 }],
  ])("refuses %j with 'Please enter a valid discount percentage (0-100)'", async (body) => {
    expect(await refused(await call("POST", "/api/coupons", body), 422)).toContain(COUPON_MESSAGES.discount);
    expect(await t.db.select().from(coupons)).toHaveLength(0);
  });

  it("accepts 0 and 100; refuses a duplicate code in any case (409), a bad code and an unknown course (422)", async () => {
    await create({ discount: 0, code: "FREE0" });
    await create({ discount: 100, code: "ALL100" });
    expect(await refused(await call("POST", "/api/coupons", { discount: 5, code: "free0" }), 409)).toBe(
      COUPON_MESSAGES.duplicate("FREE0"),
    );
    expect(await refused(await call("POST", "/api/coupons", { discount: 5, code: "a b" }), 422)).toContain(
      COUPON_MESSAGES.code,
    );
    expect(await refused(await call("POST", "/api/coupons", { discount: 5, courseId: MISSING_ID }), 422)).toBe(
      COUPON_MESSAGES.course,
    );
    expect(await t.db.select().from(coupons)).toHaveLength(2);
  });
});

describe("PUT /api/coupons/{id}", () => {
  it("validates and invalidates; the inline edit forces the code to upper case and moves the coupon", async () => {
    const coupon = await create({ discount: 10, code: "SPRING" });
    const off = await ok<CouponJson>(await call("PUT", `/api/coupons/${coupon._id}`, { isValid: false }));
    expect(off).toMatchObject({ isValid: false, code: "SPRING", discount: 10 });
    const check = await call("GET", "/api/coupons/validate/SPRING", undefined, null);
    expect(((await check.json()) as { valid: boolean }).valid).toBe(false);

    const edited = await ok<CouponJson>(
      await call("PUT", `/api/coupons/${coupon._id}`, { discount: 30, code: "summer30", courseId }),
    );
    expect(edited).toMatchObject({ discount: 30, code: "SUMMER30", courseId, isValid: false });
    const general = await ok<CouponJson>(await call("PUT", `/api/coupons/${coupon._id}`, { courseId: null }));
    expect(general.courseId).toBeNull();
    const updates = await t.db.select().from(adminAudit).where(eq(adminAudit.action, "update"));
    expect(updates).toHaveLength(3);
  });

  it("refuses a bad discount, another coupon's code, an empty change and a missing coupon", async () => {
    const a = await create({ discount: 10, code: "AAA" });
    await create({ discount: 10, code: "BBB" });
    expect(await refused(await call("PUT", `/api/coupons/${a._id}`, { discount: 150 }), 422)).toContain(
      COUPON_MESSAGES.discount,
    );
    expect((await call("PUT", `/api/coupons/${a._id}`, { code: "bbb" })).status).toBe(409);
    expect(await refused(await call("PUT", `/api/coupons/${a._id}`, {}), 422)).toBe(COUPON_MESSAGES.nothingToChange);
    expect(await refused(await call("PUT", `/api/coupons/${MISSING_ID}`, { isValid: true }), 404)).toBe(
      COUPON_MESSAGES.notFound,
    );
    // its own code again is no clash
    expect((await call("PUT", `/api/coupons/${a._id}`, { code: "aaa" })).status).toBe(200);
  });
});

describe("GET /api/coupons/{couponId}, GET /api/coupons and DELETE", () => {
  it("shows the usage records newest first; lists newest first; deletes with its records", async () => {
    const older = await create({ discount: 5, code: "OLD5" });
    const coupon = await create({ discount: 20, code: "USED20", courseId });
    await t.db.insert(couponUsages).values([
      {
        couponId: coupon._id,
        courseId,
        userName: "Ada",
        email: "ada@example.com",
        phone: "0803",
        paymentStatus: "paid",
        usedAt: new Date("2026-03-01T10:00:00Z"),
      },
      {
        couponId: coupon._id,
        courseId,
        userName: "Bola",
        email: "bola@example.com",
        phone: "0805",
        paymentStatus: "pending",
        usedAt: new Date("2026-03-02T10:00:00Z"),
      },
    ]);
    const detail = await ok<CouponJson>(await call("GET", `/api/coupons/${coupon._id}`));
    expect(detail.usageRecords.map((u) => [u.userName, u.paymentStatus])).toEqual([
      ["Bola", "pending"],
      ["Ada", "paid"],
    ]);
    const list = await ok<CouponJson[]>(await call("GET", "/api/coupons"));
    expect(list.map((c) => c.code)).toEqual(["USED20", "OLD5"]);
    expect(list[0]!.usageRecords).toHaveLength(2);
    expect((await call("GET", `/api/coupons/${MISSING_ID}`)).status).toBe(404);
    expect((await call("GET", "/api/coupons/nope")).status).toBe(404);

    expect(await ok(await call("DELETE", `/api/coupons/${coupon._id}`))).toEqual({
      message: COUPON_MESSAGES.deleted,
      _id: coupon._id,
    });
    expect(await t.db.select().from(couponUsages)).toHaveLength(0);
    expect((await call("DELETE", `/api/coupons/${coupon._id}`)).status).toBe(404);
    expect((await ok<CouponJson[]>(await call("GET", "/api/coupons"))).map((c) => c._id)).toEqual([older._id]);
  });
});
