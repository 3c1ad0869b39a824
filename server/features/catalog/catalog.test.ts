import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, categories } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { makeCourse } from "../../../tests/support/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /backend/api/courses", () => {
  it("lists courses with naira prices and the spec's fields", async () => {
    const [row] = await t.db
      .insert(courses)
      .values(makeCourse({ title: "Intro to Python", price: 2_500_050, discountPrice: null }))
      .returning();
    const res = await t.request("/backend/api/courses");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Array<Record<string, unknown>>;
    const found = body.find((c) => c._id === row!.id);
    expect(found).toMatchObject({ title: "Intro to Python", price: 25000.5, discountPrice: null });
    expect(Object.keys(found!).sort()).toEqual(
      [
        "_id",
        "category",
        "discountPrice",
        "duration",
        "features",
        "img",
        "instructor",
        "price",
        "rating",
        "showDiscount",
        "title",
      ].sort(),
    );
    expect(found!._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it("returns one course by id, and a JSON 404 for an unknown or malformed id", async () => {
    const [row] = await t.db
      .insert(courses)
      .values(makeCourse({ title: "Cyber Basics" }))
      .returning();
    const ok = await t.request(`/backend/api/courses/${row!.id}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ _id: row!.id, title: "Cyber Basics" });

    for (const id of ["aaaaaaaaaaaaaaaaaaaaaaaa", "not-an-id"]) {
      const res = await t.request(`/backend/api/courses/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "Course not found" } });
    }
  });
});

describe("GET /backend/api/categories", () => {
  it("lists categories as _id and name", async () => {
    await t.db.insert(categories).values({ name: "Data Science" });
    const res = await t.request("/backend/api/categories");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Array<{ _id: string; name: string }>;
    expect(body.map((c) => c.name)).toContain("Data Science");
    expect(Object.keys(body[0]!).sort()).toEqual(["_id", "name"]);
  });
});
