import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blogTeasers, carouselSlides, experts, faqs, hero, instructorCtas } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import {
  makeBlogTeaser,
  makeCarouselSlide,
  makeExpert,
  makeFaq,
  makeHero,
  makeInstructorCta,
} from "../../../tests/support/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each test starts from empty content tables, so lists can be compared whole.
beforeEach(async () => {
  for (const table of [carouselSlides, blogTeasers, instructorCtas, faqs, hero, experts]) await t.db.delete(table);
});

async function getJson(path: string) {
  const res = await t.request(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return res.json() as Promise<unknown>;
}

const ID = expect.stringMatching(/^[0-9a-f]{24}$/);

describe("GET /backend/api/carousel", () => {
  it("lists slides as _id, image, title, description, in position order", async () => {
    await t.db
      .insert(carouselSlides)
      .values([
        makeCarouselSlide({ title: "Second", position: 2, image: "/media/b.svg", description: "two" }),
        makeCarouselSlide({ title: "First", position: 1, image: "/media/a.svg", description: "one" }),
      ]);
    expect(await getJson("/backend/api/carousel")).toEqual([
      { _id: ID, image: "/media/a.svg", title: "First", description: "one" },
      { _id: ID, image: "/media/b.svg", title: "Second", description: "two" },
    ]);
  });

  it("is an empty list when there are no slides", async () => {
    expect(await getJson("/backend/api/carousel")).toEqual([]);
  });
});

describe("GET /backend/api/blogTeasers", () => {
  it("lists teasers as _id, headline, description, image", async () => {
    const [row] = await t.db
      .insert(blogTeasers)
      .values(makeBlogTeaser({ headline: "Read us", description: "Tips", image: "/media/t.svg" }))
      .returning();
    expect(await getJson("/backend/api/blogTeasers")).toEqual([
      { _id: row!.id, headline: "Read us", description: "Tips", image: "/media/t.svg" },
    ]);
  });
});

describe("GET /backend/api/instructorCTAs", () => {
  it("lists calls to action as _id, title, description, buttonText, buttonLink, image", async () => {
    const [row] = await t.db
      .insert(instructorCtas)
      .values(
        makeInstructorCta({
          title: "Teach",
          description: "Earn",
          buttonText: "Apply",
          buttonLink: "/contact",
          image: "/media/i.svg",
        }),
      )
      .returning();
    expect(await getJson("/backend/api/instructorCTAs")).toEqual([
      {
        _id: row!.id,
        title: "Teach",
        description: "Earn",
        buttonText: "Apply",
        buttonLink: "/contact",
        image: "/media/i.svg",
      },
    ]);
  });
});

describe("GET /backend/api/faqs", () => {
  it("lists FAQs as _id, question, answer, in position order", async () => {
    await t.db
      .insert(faqs)
      .values([
        makeFaq({ question: "Q3", answer: "A3", position: 3 }),
        makeFaq({ question: "Q1", answer: "A1", position: 1 }),
        makeFaq({ question: "Q2", answer: "A2", position: 2 }),
      ]);
    expect(await getJson("/backend/api/faqs")).toEqual([
      { _id: ID, question: "Q1", answer: "A1" },
      { _id: ID, question: "Q2", answer: "A2" },
      { _id: ID, question: "Q3", answer: "A3" },
    ]);
  });
});

describe("GET /backend/api/hero", () => {
  it("answers 200 with null when no hero banner has been set (decision 003)", async () => {
    const res = await t.request("/backend/api/hero");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.text()).toBe("null");
  });

  it("returns the hero as videoUrl, title, subtitle, buttonText, buttonLink", async () => {
    await t.db.insert(hero).values(
      makeHero({
        videoUrl: "/media/v.mp4",
        title: "Grow",
        subtitle: "Learn",
        buttonText: "Go",
        buttonLink: "/courses",
      }),
    );
    expect(await getJson("/backend/api/hero")).toEqual({
      videoUrl: "/media/v.mp4",
      title: "Grow",
      subtitle: "Learn",
      buttonText: "Go",
      buttonLink: "/courses",
    });
  });
});

describe("GET /backend/api/experts", () => {
  it("lists experts as _id, name, role, expertise, img, oldest first", async () => {
    const [a] = await t.db
      .insert(experts)
      .values(makeExpert({ name: "Ada", role: "Tutor", expertise: "Design", img: "/media/a.svg" }))
      .returning();
    const [b] = await t.db
      .insert(experts)
      .values(makeExpert({ name: "Bola", role: "Lead", expertise: "Security", img: "/media/b.svg" }))
      .returning();
    expect(await getJson("/backend/api/experts")).toEqual([
      { _id: a!.id, name: "Ada", role: "Tutor", expertise: "Design", img: "/media/a.svg" },
      { _id: b!.id, name: "Bola", role: "Lead", expertise: "Security", img: "/media/b.svg" },
    ]);
  });
});
