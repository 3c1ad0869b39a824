import { describe, expect, it } from "vitest";
import {
  capBox,
  MAX_DIMENSION,
  MAX_OUTPUT_PIXELS,
  QUALITY_STEPS,
  SIZE_STEPS,
  snapBox,
  snapQuality,
  snapSize,
} from "./media.ts";

describe("the size and quality steps (shared by /media and MediaImage)", () => {
  it("rounds a size UP to the next step, at most MAX_DIMENSION", () => {
    expect([1, 16, 17, 24, 40, 48, 100, 129, 300, 385, 400, 600, 641, 1100, 1921, 2000, 5000].map(snapSize)).toEqual([
      16, 16, 32, 32, 48, 48, 128, 256, 384, 480, 480, 640, 750, 1200, 2000, 2000, 2000,
    ]);
    expect(SIZE_STEPS.map(snapSize)).toEqual([...SIZE_STEPS]);
    expect(SIZE_STEPS.at(-1)).toBe(MAX_DIMENSION);
  });

  it("rounds a quality up to the next step, at most the last", () => {
    expect([1, 20, 21, 50, 51, 75, 76, 80, 81, 90, 100].map(snapQuality)).toEqual([
      20, 20, 50, 50, 75, 75, 80, 80, 90, 90, 90,
    ]);
    expect(QUALITY_STEPS.map(snapQuality)).toEqual([...QUALITY_STEPS]);
  });

  it("snaps a box by its width and keeps its shape; caps both sides and the area", () => {
    expect(snapBox(600, 400)).toEqual({ w: 640, h: 427 });
    expect(snapBox(640, 427)).toEqual({ w: 640, h: 427 });
    expect(snapBox(300)).toEqual({ w: 384 });
    expect(snapBox(100, 5000)).toEqual({ w: 40, h: 2000 });
    expect(capBox(4000, 40)).toEqual({ w: 2000, h: 20 });
    expect(capBox(2000, 2000)).toEqual({ w: 1732, h: 1732 });
    expect(capBox(2000, 1500)).toEqual({ w: 2000, h: 1500 });
    expect(capBox(1, 1)).toEqual({ w: 1, h: 1 });
    const { w, h } = capBox(3000, 3000);
    expect(w * h).toBeLessThanOrEqual(MAX_OUTPUT_PIXELS);
  });
});
