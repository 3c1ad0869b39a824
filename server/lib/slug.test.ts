import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SLUG_FALLBACK, SLUG_MAX, slugify } from "./slug.ts";

describe("slugify", () => {
  it("lower-cases and joins words with single hyphens", () => {
    expect(slugify("How to Land Your First Tech Job in Lagos")).toBe("how-to-land-your-first-tech-job-in-lagos");
    expect(slugify("  React -- vs.   Vue: which first?  ")).toBe("react-vs-vue-which-first");
    expect(slugify("Top 10 VS Code extensions (2026)")).toBe("top-10-vs-code-extensions-2026");
  });

  it("strips accents and spells out letters that have none", () => {
    expect(slugify("Café à Cotonou: crème brûlée")).toBe("cafe-a-cotonou-creme-brulee");
    expect(slugify("Ẹ kú àárọ̀ Ọlọ́run")).toBe("e-ku-aaro-olorun");
    expect(slugify("Straße, Øre, Æther, Łódź")).toBe("strasse-ore-aether-lodz");
  });

  it("drops apostrophes inside words and reads & as and", () => {
    expect(slugify("Africa's brightest minds")).toBe("africas-brightest-minds");
    expect(slugify("Don’t skip the basics")).toBe("dont-skip-the-basics");
    expect(slugify("Tips & Tricks")).toBe("tips-and-tricks");
  });

  it("is never empty", () => {
    expect(slugify("")).toBe(SLUG_FALLBACK);
    expect(slugify("!!! ??? ***")).toBe(SLUG_FALLBACK);
    expect(slugify("数据分析")).toBe(SLUG_FALLBACK);
    expect(slugify("🙂")).toBe(SLUG_FALLBACK);
  });

  it("cuts long titles at a word boundary, within the maximum", () => {
    const title = "A very long title about learning to code on a phone with a slow data connection in Lagos traffic";
    const slug = slugify(title);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe("a-very-long-title-about-learning-to-code-on-a-phone-with-a-slow-data-connection");
    expect(slugify("abcdef ghij", 8)).toBe("abcdef");
    expect(slugify("abcdefgh ij", 8)).toBe("abcdefgh");
    expect(slugify("abcdefghijkl", 8)).toBe("abcdefgh");
  });

  it("always gives lower-case ASCII words joined by single hyphens, and is stable", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 120 }), fc.integer({ min: 1, max: 100 }), (s, max) => {
        const slug = slugify(s, max);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(max);
        expect(slugify(slug, max)).toBe(slug);
      }),
      { numRuns: 500, seed: 8 },
    );
  });
});
