import { describe, expect, it } from "vitest";
import { mediaSrcSet, mediaUrl, PLACEHOLDER_TR } from "../../../contract/lib/media-urls.ts";
import { MAX_OUTPUT_PIXELS, SIZE_STEPS } from "../../../contract/lib/media.ts";
import { MAX_DIMENSION, parseTransform, planKey, planTransform, TransformError } from "./image-transform.ts";

const refused = (tr: string) => {
  try {
    parseTransform(tr);
  } catch (err) {
    expect(err).toBeInstanceOf(TransformError);
    return (err as Error).message;
  }
  throw new Error(`tr=${tr} was accepted`);
};

/** The final size of `tr` on a width × height source. */
const out = (tr: string, width: number, height: number) => {
  const plan = planTransform(parseTransform(tr), width, height);
  return [plan.width, plan.height];
};

describe("parseTransform (ImageKit's grammar)", () => {
  it("reads comma-separated key-value pairs, with ImageKit's defaults for the rest", () => {
    expect(parseTransform("w-600,h-400,q-20")).toEqual({
      steps: [{ w: { px: 600 }, h: { px: 400 }, q: 20 }],
      q: 20,
      f: "webp",
    });
    expect(parseTransform("h-48")).toEqual({ steps: [{ h: { px: 48 } }], q: 80, f: "webp" });
    expect(parseTransform("w-48,c-at_max,f-png,bl-10,cm-pad_resize").steps[0]).toEqual({
      w: { px: 48 },
      c: "at_max",
      f: "png",
      cm: "pad_resize",
      bl: 10,
    });
  });

  it("reads ImageKit's other common keys: ar, dpr, bg, rt, e-grayscale, fo, relative sizes", () => {
    expect(parseTransform("w-300,ar-16-9,dpr-2,bg-F3F4F6,rt-90,e-grayscale,fo-auto").steps[0]).toEqual({
      w: { px: 300 },
      ar: [16, 9],
      dpr: 2,
      bg: [0xf3, 0xf4, 0xf6, 1],
      rt: 90,
      grayscale: true,
      fo: "auto",
    });
    expect(parseTransform("w-0.5,h-.25").steps[0]).toEqual({ w: { fraction: 0.5 }, h: { fraction: 0.25 } });
    expect(parseTransform("bg-FF000050").steps[0]!.bg).toEqual([255, 0, 0, 0.5]);
    expect(parseTransform("bg-white").steps[0]!.bg).toEqual([255, 255, 255, 1]);
    expect(parseTransform("rt-auto").steps[0]!.rt).toBe(0);
    expect(parseTransform("rt-N90").steps[0]!.rt).toBe(270);
    expect(parseTransform("w-10,dpr-auto").steps[0]).toEqual({ w: { px: 10 } });
    // imagekit@6's effectGray: true (issue 29)
    expect(parseTransform("w-300,e-grayscale-true").steps[0]).toEqual({ w: { px: 300 }, grayscale: true });
    expect(() => parseTransform("e-grayscale-false")).toThrow("the only effect is e-grayscale");
  });

  it("reads chained steps in order; the output format and quality are the last given", () => {
    const t = parseTransform("w-300,h-200,f-png:rt-90,q-50:e-grayscale,f-jpg");
    expect(t.steps).toEqual([
      { w: { px: 300 }, h: { px: 200 }, f: "png" },
      { rt: 90, q: 50 },
      { grayscale: true, f: "jpg" },
    ]);
    expect(t).toMatchObject({ f: "jpg", q: 50 });
  });

  it("maps format aliases: auto is WebP, jpeg is jpg", () => {
    expect(parseTransform("f-auto").f).toBe("webp");
    expect(parseTransform("f-jpeg").f).toBe("jpg");
    expect(parseTransform("f-JPG").f).toBe("jpg");
    expect(parseTransform("f-avif").f).toBe("avif");
  });

  it("clamps absurd sizes and blurs, and snaps qualities up to their steps", () => {
    expect(parseTransform("w-99999,h-0").steps[0]).toMatchObject({ w: { px: MAX_DIMENSION }, h: { px: 1 } });
    expect(parseTransform("w-999999999999").steps[0]!.w).toEqual({ px: MAX_DIMENSION });
    expect(parseTransform("bl-1000").steps[0]!.bl).toBe(100);
    expect([0, 1, 20, 21, 50, 60, 75, 79, 80, 85, 90, 500].map((q) => parseTransform(`q-${q}`).q)).toEqual([
      20, 20, 20, 50, 50, 75, 75, 80, 80, 90, 90, 90,
    ]);
  });

  it("refuses unknown keys, bad values, repeats and bad chains, naming the bad part", () => {
    expect(refused("w-600,x-3")).toContain('Unknown transformation "x"');
    expect(refused("w-abc")).toContain('"w-abc"');
    expect(refused("w--5")).toContain('"w--5"');
    expect(refused("w-1.5")).toContain('"w-1.5"');
    expect(refused("w-0.0")).toContain('"w-0.0"');
    expect(refused("q-")).toContain('"q-"');
    expect(refused("w600")).toContain('"w600"');
    expect(refused("")).toContain("empty step");
    expect(refused("w-600,")).toContain("key-value");
    expect(refused("f-gif")).toContain('"f-gif"');
    expect(refused("c-stretch")).toContain('"c-stretch"');
    expect(refused("cm-extract")).toContain('"cm-extract"');
    expect(refused("w-10,w-20")).toContain('"w" is given twice');
    expect(refused("ar-16-9")).toContain("needs a width or a height");
    expect(refused("w-10,ar-16")).toContain('"ar-16"');
    expect(refused("w-10,ar-0-9")).toContain('"ar-0-9"');
    expect(refused("w-10,dpr-9")).toContain('"dpr-9"');
    expect(refused("bg-red50")).toContain('"bg-red50"');
    expect(refused("bg-FFF")).toContain('"bg-FFF"');
    expect(refused("rt-45")).toContain('"rt-45"');
    expect(refused("e-sharpen")).toContain('"e-sharpen"');
    expect(refused("fo-face")).toContain('"fo-face"');
    expect(refused("w-100:")).toContain("empty step");
    expect(refused(":w-100")).toContain("empty step");
    expect(refused("w-1:w-2:w-3:w-4:w-5:w-6")).toContain("at most 5 steps");
    expect(refused(`w-1,${"q-1,".repeat(80)}`)).toContain("too long");
  });
});

describe("planTransform: sizes known, snapped and capped before any pixel is decoded", () => {
  it("caps both sides and the area, however long or thin the source (4000×40 asked h-2000)", () => {
    // asked: 200,000 × 2,000 (88 s of CPU before); made: the shape kept, inside 2000 × 2000
    expect(out("h-2000,f-png", 4000, 40)).toEqual([2000, 20]);
    expect(out("h-2000,c-at_least", 4000, 40)).toEqual([2000, 20]);
    expect(out("w-2000,h-2000,c-force", 4000, 40)).toEqual([1732, 1732]);
    expect(out("w-2000,ar-1-100", 4000, 4000)).toEqual([20, 2000]);
    expect(out("f-png", 8000, 5000)).toEqual([2000, 1250]);
    for (const tr of [
      "h-2000",
      "w-2000,h-2000",
      "w-2000,h-2000,cm-pad_resize",
      "w-2000,dpr-5",
      "w-0.9,h-0.9",
      "f-png",
    ]) {
      for (const [w, h] of [
        [4000, 40],
        [40, 4000],
        [6000, 6000],
        [1, 1],
      ] as const) {
        const [ow, oh] = out(tr, w, h);
        expect(ow, `${tr} on ${w}×${h}`).toBeLessThanOrEqual(MAX_DIMENSION);
        expect(oh, `${tr} on ${w}×${h}`).toBeLessThanOrEqual(MAX_DIMENSION);
        expect(ow! * oh!, `${tr} on ${w}×${h}`).toBeLessThanOrEqual(MAX_OUTPUT_PIXELS);
      }
    }
  });

  it("snaps the width up to a step and keeps the asked shape; a lone height is snapped itself", () => {
    expect(out("w-600,h-400", 800, 600)).toEqual([640, 427]);
    expect(out("w-640,h-427", 800, 600)).toEqual([640, 427]);
    expect(out("w-200", 800, 600)).toEqual([256, 192]);
    expect(out("h-60", 800, 600)).toEqual([85, 64]);
  });

  it("reads relative sizes, aspect ratios and dpr against the incoming picture", () => {
    expect(out("w-0.5", 800, 600)).toEqual([480, 360]); // 400 → 480
    expect(out("w-300,ar-16-9", 800, 600)).toEqual([384, 216]);
    expect(out("h-300,ar-1-2", 800, 600)).toEqual([256, 512]); // 150 × 300: the width snapped
    expect(out("w-300,dpr-2", 800, 600)).toEqual([640, 480]);
    expect(out("w-300,h-100,ar-16-9", 800, 600)).toEqual([384, 128]); // both given: ar ignored, as ImageKit does
  });

  it("follows the crop strategies", () => {
    expect(out("w-100,h-100,c-force", 800, 600)).toEqual([128, 128]);
    expect(out("w-400,h-400,c-at_max", 800, 600)).toEqual([480, 360]);
    expect(out("w-400,h-400,c-at_max", 100, 50)).toEqual([100, 50]);
    expect(out("w-400,h-400,c-at_max_enlarge", 100, 50)).toEqual([480, 240]);
    expect(out("w-400,h-400,c-at_least", 800, 600)).toEqual([640, 480]);
    expect(out("w-300,h-300,cm-pad_resize", 800, 600)).toEqual([384, 384]);
  });

  it("applies chained steps in order: a quarter turn swaps the sides for the next step", () => {
    expect(out("w-300,h-200:rt-90", 800, 600)).toEqual([256, 384]);
    expect(out("rt-90:w-100", 800, 600)).toEqual([128, 171]);
    expect(out("w-0.5:w-0.5", 800, 600)).toEqual([256, 192]); // 480 wide, then 240 → 256
  });

  it("names equal plans alike: w-0.5 of an 800 px source is w-400 (and w-480)", () => {
    const key = (tr: string) => planKey(planTransform(parseTransform(tr), 800, 600));
    expect(key("w-0.5")).toBe(key("w-400"));
    expect(key("w-400")).toBe(key("w-480,q-76"));
    expect(key("h-400,w-600,f-auto")).toBe(key("w-600,q-80,h-400,f-webp,c-maintain_ratio"));
    expect(key("w-600")).not.toBe(key("w-700"));
  });
});

describe("what pages ask for is what the server makes (no second derivative, no redirect)", () => {
  it("every size in MediaImage's src and srcset is planned unchanged by the server", () => {
    const asked: string[] = [PLACEHOLDER_TR];
    for (const [width, height] of [
      [48, 48],
      [320, 180],
      [400, 225],
      [600, 338],
      [1200, 675],
      [224, 224],
      [2000, 2000],
    ] as const) {
      asked.push(mediaUrl("/media/a.png", { w: width, h: height }), mediaUrl("/media/a.png", { w: width }));
      const widths = [width / 2, width, width * 1.5, width * 2, 3000];
      for (const crop of [true, false]) {
        for (const candidate of mediaSrcSet("/media/a.png", { width, height, crop, widths })!.split(", ")) {
          asked.push(candidate.split(" ")[0]!);
        }
        for (const candidate of mediaSrcSet("/media/a.png", { width, height, crop })!.split(", ")) {
          asked.push(candidate.split(" ")[0]!);
        }
      }
    }
    for (const url of asked) {
      const tr = new URL(url, "http://x").searchParams.get("tr") ?? url;
      const t = parseTransform(tr);
      const step = t.steps[0]!;
      const plan = planTransform(t, 3000, 3000 / 1.6);
      const w = step.w && "px" in step.w ? step.w.px : undefined;
      const h = step.h && "px" in step.h ? step.h.px : undefined;
      if (w !== undefined) expect(plan.width, url).toBe(w);
      if (h !== undefined) expect(plan.height, url).toBe(h);
      if (w !== undefined && h === undefined) expect(SIZE_STEPS as readonly number[], url).toContain(w);
    }
  });
});
