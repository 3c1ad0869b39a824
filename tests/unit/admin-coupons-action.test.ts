// The coupon screens' action and loaders (app/features/coupons/coupon-admin.server.ts, behind /coupons, /coupon-table
// and /coupons/view/{couponId}) on the real services: one form → result → message path (decision 029).
// Create (the spec's discount message, an empty value refused, a code made by the server or forced to
// upper case, the usage limit and the Lagos expiry of decision 034), Validate / Invalidate, the inline
// edit, delete after its question, refusals as a plain user and signed out, and what the detail loads.
// (tests/e2e/admin-coupons.spec.ts drives the pages.)
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CouponActionResult } from "../../app/features/coupons/coupon-admin.server.ts";
import { action as managerAction } from "../../app/routes/admin/coupons.tsx";
import { action as tableAction } from "../../app/routes/admin/coupon-table.tsx";
import { loader as detailLoader } from "../../app/routes/admin/coupon-detail.tsx";
import { loader as listLoader } from "../../app/routes/admin/coupon-table.tsx";
import { COUPON_SCREEN_TEXTS } from "../../contract/coupons/coupon-form.ts";
import { COUPON_MESSAGES } from "../../contract/coupons/coupons.ts";
import { couponUsages, coupons, courses } from "../../server/db/schema.ts";
import { createAccount, type TestAccount } from "../support/accounts.ts";
import { makeCourse } from "../support/factories.ts";
import { actorOf, flashOf, pageContext, postToAction } from "../support/page-action.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let plain: TestAccount;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  plain = await createAccount(t);
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ title: "Cyber basics" }))
    .returning();
  courseId = course!.id;
}, 60_000);
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(coupons);
});

type Answer = CouponActionResult;

function post(
  fields: Record<string, string>,
  options: { path?: string; who?: TestAccount | null; admin?: boolean; table?: boolean } = {},
) {
  const who = options.who === null ? null : actorOf(options.who ?? admin, { admin: options.admin ?? true });
  return postToAction<Answer>(t, options.table ? tableAction : managerAction, {
    path: options.path ?? (options.table ? "/coupon-table" : "/coupons"),
    who,
    fields,
  });
}

const allCoupons = () => t.db.select().from(coupons);

async function makeCoupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(coupons)
    .values({ code: "SPRING", discount: 10, ...values })
    .returning();
  return row!;
}

describe("creating a coupon on /coupons", () => {
  it.each([[""], ["101"], ["-1"], ["12.5"], ["ten"], ["1e2"], ["0x10"]])(
    "refuses the discount %j with 'Please enter a valid discount percentage (0-100)' beside it, keeping what was typed",
    async (discount) => {
      const answer = await post({ intent: "coupon.create", discount, code: "keep-me" });
      expect(answer.data).toMatchObject({
        ok: false,
        intent: "coupon.create",
        fieldErrors: { discount: COUPON_MESSAGES.discount },
        values: { discount, code: "keep-me" },
      });
      expect(await allCoupons()).toHaveLength(0);
    },
  );

  it("a general coupon without a code: the server makes one; back to the list with the message", async () => {
    const answer = await post({
      intent: "coupon.create",
      discount: "15",
      courseId: "",
      code: "",
      usageLimit: "",
      expiresAt: "",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/coupons");
    const [row] = await allCoupons();
    expect(row).toMatchObject({ discount: 15, courseId: null, usageLimit: null, expiresAt: null, isValid: true });
    expect(row!.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(await flashOf(answer.response!)).toEqual({
      message: COUPON_SCREEN_TEXTS.created(row!.code),
      kind: "success",
    });
  });

  it("a course's coupon with its code in upper case, a usage limit and an expiry in Lagos time", async () => {
    const answer = await post({
      intent: "coupon.create",
      discount: "25",
      courseId,
      code: "cyber-25",
      usageLimit: "10",
      expiresAt: "2030-01-31T23:59",
    });
    expect(answer.status).toBe(302);
    const [row] = await allCoupons();
    expect(row).toMatchObject({ code: "CYBER-25", courseId, usageLimit: 10 });
    expect(row!.expiresAt?.toISOString()).toBe("2030-01-31T22:59:00.000Z");
  });

  it("says what is wrong with a usage limit, an expiry, a duplicate code, beside the field", async () => {
    const limit = await post({ intent: "coupon.create", discount: "5", usageLimit: "0" });
    expect(limit.data).toMatchObject({ ok: false, fieldErrors: { usageLimit: COUPON_MESSAGES.usageLimit } });
    const expiry = await post({ intent: "coupon.create", discount: "5", expiresAt: "next week" });
    expect(expiry.data).toMatchObject({ ok: false, fieldErrors: { expiresAt: COUPON_MESSAGES.expiresAt } });
    // issue 29: an expiry already past, beside the field
    const past = await post({ intent: "coupon.create", discount: "5", expiresAt: "2020-01-31T10:00" });
    expect(past.data).toMatchObject({
      ok: false,
      fieldErrors: { expiresAt: COUPON_MESSAGES.expiryPassed("31 Jan 2020, 10:00") },
    });
    await makeCoupon({ code: "TAKEN" });
    const duplicate = await post({ intent: "coupon.create", discount: "5", code: "taken" });
    expect(duplicate.data).toMatchObject({
      ok: false,
      intent: "coupon.create",
      formError: COUPON_SCREEN_TEXTS.createFailed + COUPON_MESSAGES.duplicate("TAKEN"),
      fieldErrors: { code: COUPON_MESSAGES.duplicate("TAKEN") },
    });
    expect(await allCoupons()).toHaveLength(1);
  });
});

describe("the list's actions (both screens)", () => {
  it("Invalidate and Validate, back to the list without ?edit", async () => {
    const coupon = await makeCoupon();
    const off = await post(
      { intent: "coupon.toggle", id: coupon.id, isValid: "false" },
      { table: true, path: "/coupon-table?edit=x" },
    );
    expect(off.headers.get("Location")).toBe("/coupon-table");
    expect((await flashOf(off.response!))?.message).toBe(COUPON_SCREEN_TEXTS.invalidated("SPRING"));
    expect((await allCoupons())[0]!.isValid).toBe(false);
    const on = await post({ intent: "coupon.toggle", id: coupon.id, isValid: "true" }, { table: true });
    expect((await flashOf(on.response!))?.message).toBe(COUPON_SCREEN_TEXTS.validated("SPRING"));
    expect((await allCoupons())[0]!.isValid).toBe(true);
    const missing = await post({ intent: "coupon.toggle", id: "0123456789abcdef01234567", isValid: "true" });
    expect(missing.data).toMatchObject({
      ok: false,
      intent: "coupon.toggle",
      formError: `${COUPON_MESSAGES.updateFailed} ${COUPON_MESSAGES.notFound}`,
    });
  });

  it("the inline edit saves discount, code (upper case), course, limit and expiry; a bad field keeps the row open", async () => {
    const coupon = await makeCoupon({ usageLimit: 5 });
    const saved = await post(
      {
        intent: "coupon.save",
        id: coupon.id,
        discount: "30",
        code: "summer30",
        courseId,
        usageLimit: "",
        expiresAt: "",
      },
      { table: true, path: `/coupon-table?edit=${coupon.id}` },
    );
    expect(saved.headers.get("Location")).toBe("/coupon-table");
    expect((await flashOf(saved.response!))?.message).toBe(COUPON_SCREEN_TEXTS.saved("SUMMER30"));
    expect((await allCoupons())[0]).toMatchObject({ discount: 30, code: "SUMMER30", courseId, usageLimit: null });

    const bad = await post(
      { intent: "coupon.save", id: coupon.id, discount: "", code: "x", courseId: "" },
      { table: true },
    );
    expect(bad.data).toMatchObject({
      ok: false,
      intent: "coupon.save",
      fieldErrors: { discount: COUPON_MESSAGES.discount },
      values: { id: coupon.id, discount: "", code: "x" },
    });
    expect((await allCoupons())[0]).toMatchObject({ discount: 30, code: "SUMMER30" });
  });

  // issue 29: the screen says why a lower usage limit is refused, beside the field, with the numbers
  it("a usage limit below the uses payments hold: refused beside the limit, naming the numbers", async () => {
    const coupon = await makeCoupon({ usageLimit: 5, courseId });
    const use = (paymentStatus: string) => ({
      couponId: coupon.id,
      courseId,
      userName: "Ada",
      email: "ada@example.test",
      phone: "0803",
      paymentStatus,
    });
    await t.db.insert(couponUsages).values([use("paid"), use("paid"), use("pending"), use("not_paid")]);
    const answer = await post(
      {
        intent: "coupon.save",
        id: coupon.id,
        discount: "10",
        code: "SPRING",
        courseId,
        usageLimit: "1",
        expiresAt: "",
      },
      { table: true },
    );
    const message = COUPON_MESSAGES.limitBelowUses(2, 1);
    expect(message).toBe(
      "This coupon has already been used 2 times (1 more held by a payment in progress); the usage limit cannot be lower than 3.",
    );
    expect(answer.data).toMatchObject({
      ok: false,
      intent: "coupon.save",
      formError: COUPON_SCREEN_TEXTS.saveFailed + message,
      fieldErrors: { usageLimit: message },
      values: { id: coupon.id, usageLimit: "1" },
    });
    expect((await allCoupons())[0]).toMatchObject({ usageLimit: 5 });
  });

  it("deletes only after its question: 'Are you sure you want to delete this coupon?'", async () => {
    const coupon = await makeCoupon();
    const asked = await post({ intent: "coupon.delete", id: coupon.id, code: "SPRING" }, { table: true });
    expect(asked.data).toEqual({
      ok: true,
      intent: "coupon.confirm",
      message: "Are you sure you want to delete this coupon?",
      values: { id: coupon.id, code: "SPRING" },
    });
    expect(await allCoupons()).toHaveLength(1);
    const done = await post({ intent: "coupon.delete", id: coupon.id, confirmed: "yes" }, { table: true });
    expect((await flashOf(done.response!))?.message).toBe(COUPON_MESSAGES.deleted);
    expect(await allCoupons()).toHaveLength(0);
    const again = await post({ intent: "coupon.delete", id: coupon.id, confirmed: "yes" }, { table: true });
    expect(again.data).toMatchObject({ ok: false, intent: "coupon.delete" });
  });

  it("refuses a plain user (403) and sends the signed-out to sign in; nothing changes", async () => {
    const coupon = await makeCoupon();
    const attempts: Array<Record<string, string>> = [
      { intent: "coupon.create", discount: "50" },
      { intent: "coupon.toggle", id: coupon.id, isValid: "false" },
      { intent: "coupon.save", id: coupon.id, discount: "90", code: "HACKED" },
      { intent: "coupon.delete", id: coupon.id, confirmed: "yes" },
    ];
    for (const fields of attempts) {
      await expect(post(fields, { who: plain, admin: false })).rejects.toMatchObject({ init: { status: 403 } });
      const anonymous = await post(fields, { who: null, table: true });
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    }
    expect(await allCoupons()).toEqual([expect.objectContaining({ code: "SPRING", discount: 10, isValid: true })]);
  });
});

const load = <L extends (args: never) => unknown>(
  loader: L,
  path: string,
  params: Record<string, string> = {},
  admin_ = true,
) => {
  const request = new Request(`http://localhost${path}`);
  return loader({
    request,
    params,
    url: new URL(request.url),
    context: pageContext(t, actorOf(admin_ ? admin : plain, { admin: admin_ })),
  } as never) as ReturnType<L>;
};

describe("what the screens load", () => {
  it("the list with the courses and the row being edited", async () => {
    const coupon = await makeCoupon();
    const list = await load(listLoader, `/coupon-table?edit=${coupon.id}`);
    expect(list.coupons.map((c) => c.code)).toEqual(["SPRING"]);
    expect(list.courses).toContainEqual({ _id: courseId, title: "Cyber basics" });
    expect(list.editing).toBe(coupon.id);
    expect(list.error).toBeNull();
    expect((await load(listLoader, "/coupon-table?edit=nope")).editing).toBeNull();
    await expect(load(listLoader, "/coupon-table", {}, false)).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("the detail with its usage records and course names; a deleted course has none; 404 for a missing coupon", async () => {
    const coupon = await makeCoupon({ courseId, usageLimit: 3 });
    await t.db.insert(couponUsages).values([
      {
        couponId: coupon.id,
        courseId,
        userName: "Ada",
        email: "ada@example.test",
        phone: "0803",
        paymentStatus: "paid",
      },
      {
        couponId: coupon.id,
        courseId: "0123456789abcdef0123gone",
        userName: "Bola",
        email: "bola@example.test",
        phone: "",
        paymentStatus: "pending",
      },
    ]);
    const detail = await load(detailLoader, `/coupons/view/${coupon.id}`, { couponId: coupon.id });
    expect(detail.coupon).toMatchObject({ code: "SPRING", usageLimit: 3, timesUsed: 1, usesHeld: 1 });
    expect(detail.coupon.usageRecords).toHaveLength(2);
    expect(detail.courseNames).toEqual({ [courseId]: "Cyber basics" });
    await expect(
      load(detailLoader, "/coupons/view/0123456789abcdef01234567", { couponId: "0123456789abcdef01234567" }),
    ).rejects.toMatchObject({ init: { status: 404 }, data: { message: COUPON_MESSAGES.detailFailed } });
    await expect(
      load(detailLoader, `/coupons/view/${coupon.id}`, { couponId: coupon.id }, false),
    ).rejects.toMatchObject({ init: { status: 403 } });
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row).toBeTruthy();
  });
});
