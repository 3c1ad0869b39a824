// The courses admin through the real app (admin-back-office §2 "Course admin manager", "Course admin
// detail", §5, §7 "Courses and categories", §8; issue 17): who may write, each operation's happy path,
// the validation messages, missing ids, the delete's step-up, purchases kept after a delete, the
// `ids` list, the audit rows and the content version.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { COURSE_MESSAGES } from "../../../contract/courses/courses.ts";
import { contentVersionOf } from "../../db/content-version.ts";
import { adminAudit, categories, coupons, coursePurchases, courses, session } from "../../db/schema.ts";
import { bearer, createAccount, sameOrigin, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { actorOf } from "../../../tests/support/page-action.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let plain: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  plain = await createAccount(t);
}, 60_000);
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(adminAudit);
  await t.db.delete(coupons);
  await t.db.delete(coursePurchases);
  await t.db.delete(courses);
  await t.db.delete(categories);
  await t.db.insert(categories).values([{ name: "Coding" }, { name: "Graphic Design" }]);
});

const MISSING_ID = "0123456789abcdef01234567";

const VALID = {
  title: "Full-stack JavaScript",
  instructor: "Ada Obi",
  category: "Coding",
  price: 150000,
  img: "/media/uploads/js.webp",
};

const call = apiCaller(
  () => t,
  () => admin,
);

type CourseJson = typeof VALID & {
  _id: string;
  duration: string;
  rating: number;
  features: string[];
  discountPrice: number | null;
  showDiscount: boolean;
};

const create = async (extra: Record<string, unknown> = {}) =>
  ok<CourseJson>(await call("POST", "/api/courses", { ...VALID, ...extra }), 201);

describe("who may write courses", () => {
  it("refuses the writes and the purchase list to the signed-out (401) and to plain users (403)", async () => {
    const course = await create();
    for (const [who, status] of [
      [null, 401],
      [plain, 403],
    ] as const) {
      expect((await call("POST", "/api/courses", VALID, who)).status).toBe(status);
      expect((await call("PUT", `/api/courses/${course._id}`, { title: "x" }, who)).status).toBe(status);
      expect((await call("DELETE", `/api/courses/${course._id}`, undefined, who)).status).toBe(status);
      expect((await call("GET", `/api/courses/${course._id}/purchases`, undefined, who)).status).toBe(status);
    }
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course._id));
    expect(row!.title).toBe(VALID.title);
  });
});

describe("POST /api/courses", () => {
  it("adds a course with its defaults, in naira, kept in kobo; the public list and the content version follow", async () => {
    const version = await contentVersionOf(t.db);
    const course = await create({ category: "coding" });
    expect(course).toMatchObject({
      ...VALID,
      category: "Coding",
      duration: "",
      rating: 0,
      features: [],
      discountPrice: null,
      showDiscount: false,
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course._id));
    expect(row!.price).toBe(15_000_000);
    expect(await contentVersionOf(t.db)).toBeGreaterThan(version);
    const list = await ok<CourseJson[]>(await call("GET", "/api/courses", undefined, null));
    expect(list.map((c) => c.title)).toEqual([VALID.title]);
  });

  it("keeps every field: kobo-exact prices, features without blanks, the discount shown", async () => {
    const course = await create({
      price: 1999.99,
      discountPrice: 1500.5,
      showDiscount: true,
      rating: 4.5,
      duration: "12 weeks",
      features: ["  Live classes ", "", "Certificate"],
    });
    expect(course).toMatchObject({
      price: 1999.99,
      discountPrice: 1500.5,
      showDiscount: true,
      rating: 4.5,
      duration: "12 weeks",
      features: ["Live classes", "Certificate"],
    });
  });

  it.each([
    [{ title: "" }, COURSE_MESSAGES.required("Title")],
    [{ title: "   " }, COURSE_MESSAGES.required("Title")],
    [{ instructor: undefined }, COURSE_MESSAGES.required("Instructor")],
    [{ price: -1 }, COURSE_MESSAGES.price],
    [{ price: 10.005 }, COURSE_MESSAGES.price],
    [{ price: "150000" }, COURSE_MESSAGES.price],
    [{ price: 1e12 }, COURSE_MESSAGES.priceTooHigh],
    [{ rating: 5.5 }, COURSE_MESSAGES.rating],
    [{ rating: -0.1 }, COURSE_MESSAGES.rating],
    [{ discountPrice: 150000 }, COURSE_MESSAGES.discountBelowPrice],
    [{ discountPrice: 200000 }, COURSE_MESSAGES.discountBelowPrice],
    [{ showDiscount: true }, COURSE_MESSAGES.showDiscountWithoutPrice],
    [{ img: "javascript:alert(1)" }, "Image must be a web address"],
    [{ img: "//evil.example/x.png" }, "Image must be a web address"],
    [{ title: "two\nlines" }, "Title must be one line of text"],
    [{ features: Array.from({ length: 31 }, (_, i) => `f${i}`) }, COURSE_MESSAGES.features],
    [{ features: "Live classes" }, COURSE_MESSAGES.features],
  ])("refuses %j with a message that says why (422), saving nothing", async (change, message) => {
    const res = await call("POST", "/api/courses", { ...VALID, ...change });
    expect(await refused(res, 422)).toContain(message);
    expect(await t.db.select().from(courses)).toHaveLength(0);
    expect(await t.db.select().from(adminAudit)).toHaveLength(0);
  });

  it("takes only a category of the list", async () => {
    const res = await call("POST", "/api/courses", { ...VALID, category: "Cooking" });
    expect(await refused(res, 422)).toBe(COURSE_MESSAGES.category);
  });

  it("records the addition in the audit log: who, what, the new values", async () => {
    const course = await create();
    const [entry] = await t.db.select().from(adminAudit);
    expect(entry).toMatchObject({ action: "create", resource: "courses", itemId: course._id, actorId: admin.id });
    expect(entry!.changes.title).toEqual({ before: null, after: VALID.title });
    expect(entry!.changes.price).toEqual({ before: null, after: VALID.price });
  });
});

describe("PUT /api/courses/{id}", () => {
  it("changes the fields given and keeps the others; the audit row has before and after of what changed", async () => {
    const course = await create({ duration: "8 weeks", features: ["Mentor"] });
    const updated = await ok<CourseJson>(
      await call("PUT", `/api/courses/${course._id}`, { title: "JavaScript, front to back", price: 120000 }),
    );
    expect(updated).toMatchObject({
      ...VALID,
      title: "JavaScript, front to back",
      price: 120000,
      duration: "8 weeks",
      features: ["Mentor"],
    });
    const [entry] = await t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, "update"))
      .orderBy(desc(adminAudit.at));
    expect(entry!.changes).toEqual({
      title: { before: VALID.title, after: "JavaScript, front to back" },
      price: { before: VALID.price, after: 120000 },
    });
  });

  it("checks the price rules on the course as it will be", async () => {
    const course = await create({ discountPrice: 100000, showDiscount: true });
    expect(await refused(await call("PUT", `/api/courses/${course._id}`, { price: 90000 }), 422)).toBe(
      COURSE_MESSAGES.discountBelowPrice,
    );
    expect(await refused(await call("PUT", `/api/courses/${course._id}`, { discountPrice: null }), 422)).toBe(
      COURSE_MESSAGES.showDiscountWithoutPrice,
    );
    const cleared = await ok<CourseJson>(
      await call("PUT", `/api/courses/${course._id}`, { discountPrice: null, showDiscount: false }),
    );
    expect(cleared).toMatchObject({ discountPrice: null, showDiscount: false, price: VALID.price });
  });

  it("answers 404 for a missing or malformed id, and 422 for an empty change", async () => {
    const course = await create();
    expect(await refused(await call("PUT", `/api/courses/${MISSING_ID}`, { title: "x" }), 404)).toBe(
      COURSE_MESSAGES.notFound,
    );
    expect((await call("PUT", "/api/courses/not-an-id", { title: "x" })).status).toBe(404);
    expect(await refused(await call("PUT", `/api/courses/${course._id}`, {}), 422)).toBe(
      COURSE_MESSAGES.nothingToChange,
    );
    expect((await call("PUT", `/api/courses/${course._id}`, { category: "Cooking" })).status).toBe(422);
  });
});

describe("DELETE /api/courses/{id}", () => {
  it("asks for the password again when the last proof is over 60 minutes old, then deletes", async () => {
    const course = await create();
    await t.db
      .update(session)
      .set({ verifiedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(session.userId, admin.id));
    const res = await call("DELETE", `/api/courses/${course._id}`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("step_up_required");
    expect(await t.db.select().from(courses)).toHaveLength(1);

    const proved = await t.request("/backend/api/session/verify", {
      method: "POST",
      headers: sameOrigin(t, bearer(admin)),
      json: { password: admin.password },
    });
    expect(proved.status).toBe(200);
    expect(await ok(await call("DELETE", `/api/courses/${course._id}`))).toEqual({
      message: COURSE_MESSAGES.deleted,
      _id: course._id,
    });
    expect(await t.db.select().from(courses)).toHaveLength(0);
    expect((await call("DELETE", `/api/courses/${course._id}`)).status).toBe(404);
  });

  it("keeps the purchase records (still listed for admins) and its coupons apply to no other course", async () => {
    const course = await create();
    const other = await create({ title: "Figma for beginners", category: "Graphic Design" });
    await t.db.insert(coursePurchases).values({
      courseId: course._id,
      userName: "Chika",
      email: "chika@example.com",
      phone: "08030000000",
      paymentStatus: "paid",
      amount: 15_000_000,
    });
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: "JSONLY", discount: 50, courseId: course._id })
      .returning();
    await ok(await call("DELETE", `/api/courses/${course._id}`));

    const purchases = await ok<Array<Record<string, unknown>>>(
      await call("GET", `/api/courses/${course._id}/purchases`),
    );
    expect(purchases).toEqual([expect.objectContaining({ userName: "Chika", paymentStatus: "paid", amount: 150000 })]);
    const [kept] = await t.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(kept!.courseId).toBe(course._id);
    const check = await call("GET", `/api/coupons/validate/JSONLY?courseId=${other._id}`, undefined, null);
    expect(((await check.json()) as { valid: boolean }).valid).toBe(false);
    const [entry] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "delete")));
    expect(entry).toMatchObject({ resource: "courses", itemId: course._id, itemLabel: VALID.title });
  });
});

describe("the courses admin's list", () => {
  it("is newest first, a page at a time, for admins only", async () => {
    const first = await create({ title: "First" });
    const second = await create({ title: "Second" });
    const third = await create({ title: "Third" });
    const asAdmin = actorOf(admin, { admin: true });
    const page = await t.services.catalog.coursesPage(asAdmin, { page: 1, pageSize: 2 });
    expect(page).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(page.items.map((c) => c._id)).toEqual([third._id, second._id]);
    const next = await t.services.catalog.coursesPage(asAdmin, { page: 2, pageSize: 2 });
    expect(next.items.map((c) => c._id)).toEqual([first._id]);
    await expect(t.services.catalog.coursesPage(actorOf(plain), { page: 1, pageSize: 2 })).rejects.toThrow(
      "Admins only",
    );
  });
});

describe("GET /api/courses/{id}/purchases and ?ids=", () => {
  it("lists a course's records newest first with naira amounts; 404 for a course that never was", async () => {
    const course = await create();
    await t.db.insert(coursePurchases).values([
      {
        courseId: course._id,
        userName: "Old",
        email: "old@example.com",
        phone: "1",
        paymentStatus: "not_paid",
        purchasedAt: new Date("2026-01-01T10:00:00Z"),
      },
      {
        courseId: course._id,
        userName: "New",
        email: "new@example.com",
        phone: "2",
        paymentStatus: "paid",
        amount: 12_345_67,
        purchasedAt: new Date("2026-02-01T10:00:00Z"),
      },
    ]);
    const list = await ok<Array<{ userName: string; amount: number | null; purchasedAt: string }>>(
      await call("GET", `/api/courses/${course._id}/purchases`),
    );
    expect(list.map((p) => [p.userName, p.amount])).toEqual([
      ["New", 12345.67],
      ["Old", null],
    ]);
    expect(list[0]!.purchasedAt).toBe("2026-02-01T10:00:00.000Z");
    expect(await refused(await call("GET", `/api/courses/${MISSING_ID}/purchases`), 404)).toBe(
      COURSE_MESSAGES.notFound,
    );
  });

  it("lists only the courses asked for that exist, and refuses a list that is too long", async () => {
    const a = await create();
    const b = await create({ title: "Second" });
    const found = await ok<CourseJson[]>(
      await call("GET", `/api/courses?ids=${b._id},${MISSING_ID},${a._id},${a._id},junk`, undefined, null),
    );
    expect(found.map((c) => c._id)).toEqual([a._id, b._id]);
    const tooMany = Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, "0")).join(",");
    expect((await call("GET", `/api/courses?ids=${tooMany}`, undefined, null)).status).toBe(422);
    expect(await ok<CourseJson[]>(await call("GET", "/api/courses?ids=", undefined, null))).toEqual([]);
  });
});
