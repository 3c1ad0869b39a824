import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../client.ts";
import {
  blogTeasers,
  carouselSlides,
  categories,
  courseChapters,
  courseLessons,
  coupons,
  courses,
  events,
  lessonMaterials,
  quizQuestions,
  lessonVideos,
  experts,
  faqs,
  hero,
  instructorCtas,
  talents,
} from "../schema.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import { createLocalStore } from "../../integrations/media/local-store.ts";
import { CATEGORY_NAMES, DEMO_COUPONS, seed, seedIfEmpty, upcoming } from "./seed-data.ts";

let database: Database;
let dataDir: string;
const now = new Date("2026-11-23T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-seed-"));
  await seed(database.db, { dataDir, now });
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const contentTables = {
  carouselSlides,
  categories,
  courses,
  courseChapters,
  courseLessons,
  lessonVideos,
  lessonMaterials,
  blogTeasers,
  instructorCtas,
  faqs,
  hero,
  experts,
  events,
  talents,
};

async function counts() {
  const entries = await Promise.all(
    Object.entries(contentTables).map(async ([name, table]) => {
      const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function imagePaths(): Promise<string[]> {
  const db = database.db;
  return [
    ...(await db.select().from(carouselSlides)).map((r) => r.image),
    ...(await db.select().from(courses)).map((r) => r.img),
    ...(await db.select().from(blogTeasers)).map((r) => r.image),
    ...(await db.select().from(instructorCtas)).map((r) => r.image),
    ...(await db.select().from(experts)).map((r) => r.img),
    ...(await db.select().from(events)).flatMap((r) => [r.coverPhoto, ...r.photos]),
    ...(await db.select().from(talents)).map((r) => r.photo),
  ];
}

describe("seed", () => {
  it("creates the four categories, each with courses, and only those on courses", async () => {
    const cats = await database.db.select().from(categories);
    expect(cats.map((c) => c.name).sort()).toEqual([...CATEGORY_NAMES].sort());
    const rows = await database.db.select().from(courses);
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const c of rows) expect(CATEGORY_NAMES).toContain(c.category);
    for (const name of CATEGORY_NAMES) expect(rows.some((c) => c.category === name)).toBe(true);
  });

  it("has believable prices in kobo, discounts and features", async () => {
    const rows = await database.db.select().from(courses);
    const discounted = rows.filter((c) => c.showDiscount && c.discountPrice !== null && c.discountPrice < c.price);
    expect(discounted.length).toBeGreaterThanOrEqual(2);
    expect(rows.some((c) => !c.showDiscount && c.discountPrice !== null)).toBe(true);
    for (const c of rows) {
      expect(c.price).toBeGreaterThanOrEqual(4_500_000);
      expect(c.price).toBeLessThanOrEqual(25_000_000);
      expect(c.rating).toBeGreaterThanOrEqual(4.2);
      expect(c.rating).toBeLessThanOrEqual(4.9);
      expect(c.features.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("gives the first three courses (oldest first) three different categories", async () => {
    const rows = await database.db.select().from(courses).orderBy(courses.createdAt, courses.id);
    expect(new Set(rows.slice(0, 3).map((c) => c.category)).size).toBe(3);
  });

  it("seeds FAQs, one hero, teaser, call to action and upcoming events with photos", async () => {
    const c = await counts();
    expect(c.faqs).toBeGreaterThanOrEqual(5);
    expect(c.hero).toBe(1);
    expect(c.blogTeasers).toBe(1);
    expect(c.instructorCtas).toBe(1);
    expect(c.carouselSlides).toBeGreaterThanOrEqual(3);
    expect(c.experts).toBeGreaterThanOrEqual(4);
    expect(c.talents).toBeGreaterThanOrEqual(6);
    const [h] = await database.db.select().from(hero);
    expect(h).toMatchObject({ buttonText: "Explore Courses", buttonLink: "/courses" });
    const evs = await database.db.select().from(events);
    expect(evs.length).toBeGreaterThanOrEqual(2);
    for (const e of evs) {
      expect(e.photos.length).toBeGreaterThanOrEqual(3);
      expect(e.startsAt!.getTime()).toBeGreaterThan(now.getTime());
      expect(e.streamUrl).toMatch(/^https:\/\/zoom\.us\/j\/\d{11}\?pwd=\w+$/);
      expect(e.time).toMatch(/^\w+day \d{1,2} \w+ \d{4}, \d{1,2}:00 (am|pm) WAT$/);
    }
  });

  it("writes every referenced image as a small SVG with a title under DATA_DIR/media", async () => {
    const paths = await imagePaths();
    expect(paths.length).toBeGreaterThan(20);
    for (const p of paths) {
      expect(p).toMatch(/^\/media\/seed\/[a-z0-9-]+\.svg$/);
      const svg = readFileSync(path.join(dataDir, "media", p.slice("/media/".length)), "utf8");
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).toMatch(/<title>[^<]+<\/title>/);
      expect(Buffer.byteLength(svg)).toBeLessThan(4096);
    }
  });

  it("draws no text into the carousel images (the slide's own headline is beside them)", async () => {
    const slides = await database.db.select().from(carouselSlides);
    expect(slides.length).toBeGreaterThanOrEqual(3);
    for (const slide of slides) {
      const svg = readFileSync(path.join(dataDir, "media", slide.image.slice("/media/".length)), "utf8");
      expect(svg).not.toMatch(/<text[\s>]/);
      expect(svg).toContain(`<title>${slide.title}</title>`);
    }
    // the other banners keep their labels
    const [course] = await database.db.select().from(courses);
    expect(readFileSync(path.join(dataDir, "media", course!.img.slice("/media/".length)), "utf8")).toMatch(
      /<text[\s>]/,
    );
  });

  it("replaces rather than duplicates, and draws the same images each time", async () => {
    const before = await counts();
    const file = path.join(dataDir, "media/seed/slide-1.svg");
    const svg = readFileSync(file, "utf8");
    await seed(database.db, { dataDir, now });
    expect(await counts()).toEqual(before);
    expect(readFileSync(file, "utf8")).toBe(svg);
  });

  it("gives every course chapters with a preview, a ready video, a PDF worksheet and a live class next week (issue 31)", async () => {
    const store = createLocalStore(dataDir);
    const all = await database.db.select().from(courses);
    const lessons = await database.db.select().from(courseLessons);
    const videos = await database.db.select().from(lessonVideos);
    const materials = await database.db.select().from(lessonMaterials);
    const questions = await database.db.select().from(quizQuestions);
    for (const course of all) {
      const mine = lessons.filter((l) => l.courseId === course.id);
      expect(new Set(mine.map((l) => l.kind))).toEqual(new Set(["text", "video", "materials", "live", "quiz"]));
      // issue 32: a short quiz with one question of each kind, its key inside
      const quiz = mine.find((l) => l.kind === "quiz")!;
      const asked = questions.filter((q) => q.lessonId === quiz.id);
      expect(asked.map((q) => q.kind).sort()).toEqual(["multiple", "short", "single"]);
      expect(asked.every((q) => (q.kind === "short" ? q.accepted.length > 0 : q.correct.length > 0))).toBe(true);
      expect(mine.filter((l) => l.preview)).toHaveLength(1);
      expect(mine.every((l) => l.published)).toBe(true);
      const video = videos.find((v) => v.id === mine.find((l) => l.kind === "video")!.videoId);
      expect(video).toMatchObject({ status: "ready" });
      expect(await store.has(`videos/${video!.id}/master.m3u8`)).toBe(true);
      const live = mine.find((l) => l.kind === "live")!;
      const days = (live.liveStartsAt!.getTime() - now.getTime()) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(7);
      expect(days).toBeLessThan(14);
      const worksheet = materials.find((m) => m.lessonId === mine.find((l) => l.kind === "materials")!.id)!;
      const pdf = await store.get(worksheet.storeKey);
      expect(new TextDecoder().decode(pdf!.bytes.subarray(0, 5))).toBe("%PDF-");
      expect(pdf!.bytes.byteLength).toBe(worksheet.sizeBytes);
    }
  });

  it("seedIfEmpty does nothing on a seeded database", async () => {
    expect(await seedIfEmpty(database.db, { dataDir })).toBe(false);
  });
});

describe("upcoming", () => {
  it("finds the next given weekday and writes it in West Africa Time", () => {
    // 23 Nov 2026 is a Monday; 21 days later is Monday 14 December, so the Saturday is the 19th.
    const { startsAt, time } = upcoming(now, 21, 6, 16);
    expect(time).toBe("Saturday 19 December 2026, 4:00 pm WAT");
    expect(startsAt.toISOString()).toBe("2026-12-19T15:00:00.000Z");
    expect(upcoming(now, 0, 1, 12).time).toBe("Monday 23 November 2026, 12:00 pm WAT");
  });
});

describe("the demo coupons", () => {
  async function couponTable() {
    const rows = await database.db
      .select({ code: coupons.code, discount: coupons.discount, isValid: coupons.isValid, course: courses.title })
      .from(coupons)
      .leftJoin(courses, sql`${courses.id} = ${coupons.courseId}`)
      .orderBy(coupons.code);
    return rows;
  }
  const expected = DEMO_COUPONS.map((c) => ({
    code: c.code,
    discount: c.discount,
    isValid: c.isValid,
    course: c.courseTitle,
  })).sort((a, b) => a.code.localeCompare(b.code));

  it("are a general code, one for a single course and a switched-off one, reset by seeding again", async () => {
    expect(await couponTable()).toEqual(expected);
    // an admin changed them; seeding again (new course ids) puts them back, bound to the new course
    await database.db.update(coupons).set({ isValid: false, discount: 90 });
    await seed(database.db, { dataDir, now });
    expect(await couponTable()).toEqual(expected);
  });
});
