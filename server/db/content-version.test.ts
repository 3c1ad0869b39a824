// writeContent: the change and the content version's bump in one transaction (architecture "Caching").
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCarouselSlide, makeCourse, makeFaq } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-db.ts";
import type { Database } from "./client.ts";
import { contentVersionOf, writeContent } from "./content-version.ts";
import { carouselSlides, courses, faqs } from "./schema.ts";
import { seed } from "./seed/seed-data.ts";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("writeContent", () => {
  it("moves the version with each change: a course, an FAQ, a carousel slide", async () => {
    const db = database.db;
    const v0 = await contentVersionOf(db);

    const course = await writeContent(db, ["courses"], async (tx) => {
      const [row] = await tx.insert(courses).values(makeCourse()).returning();
      return row!;
    });
    const v1 = await contentVersionOf(db);
    expect(v1).toBe(v0 + 1);

    await writeContent(db, ["courses"], (tx) =>
      tx.update(courses).set({ title: "Renamed" }).where(eq(courses.id, course.id)),
    );
    const v2 = await contentVersionOf(db);
    expect(v2).toBe(v1 + 1);

    await writeContent(db, ["courses"], (tx) => tx.insert(faqs).values(makeFaq()));
    const v3 = await contentVersionOf(db);
    expect(v3).toBe(v2 + 1);

    await writeContent(db, ["courses"], (tx) => tx.insert(carouselSlides).values(makeCarouselSlide()));
    expect(await contentVersionOf(db)).toBe(v3 + 1);

    expect((await db.select().from(courses).where(eq(courses.id, course.id)))[0]?.title).toBe("Renamed");
  });

  it("keeps neither the change nor the bump when the callback throws", async () => {
    const db = database.db;
    const before = await contentVersionOf(db);
    const faqsBefore = await db.select().from(faqs);
    await expect(
      writeContent(db, ["courses"], async (tx) => {
        await tx.insert(faqs).values(makeFaq({ question: "Half-written?" }));
        throw new Error("the admin's second step failed");
      }),
    ).rejects.toThrow("the admin's second step failed");
    expect(await contentVersionOf(db)).toBe(before);
    expect(await db.select().from(faqs)).toEqual(faqsBefore);
  });

  it("keeps neither when the database refuses the write", async () => {
    const db = database.db;
    const before = await contentVersionOf(db);
    await expect(
      writeContent(db, ["courses"], async (tx) => {
        await tx.delete(carouselSlides);
        await tx.insert(courses).values(makeCourse({ title: "nul\u0000" }));
      }),
    ).rejects.toThrow();
    expect(await contentVersionOf(db)).toBe(before);
    expect((await db.select().from(carouselSlides)).length).toBeGreaterThan(0);
  });

  it("runs in a savepoint inside an outer transaction, which decides for both", async () => {
    const db = database.db;
    const before = await contentVersionOf(db);
    await expect(
      db.transaction(async (outer) => {
        await writeContent(outer, ["home"], (tx) => tx.insert(faqs).values(makeFaq({ question: "Nested?" })));
        throw new Error("outer fails");
      }),
    ).rejects.toThrow("outer fails");
    expect(await contentVersionOf(db)).toBe(before);
    expect((await db.select().from(faqs)).some((f) => f.question === "Nested?")).toBe(false);
  });

  it("is what the seed uses: each seeding moves the version", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-seed-"));
    try {
      const before = await contentVersionOf(database.db);
      await seed(database.db, { dataDir });
      expect(await contentVersionOf(database.db)).toBe(before + 1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
