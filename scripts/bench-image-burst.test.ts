import { describe, expect, it } from "vitest";
import { burstTransform, IMAGE_BURST_TARGET_MB, imageBurstLines, type ImageBurst } from "./bench-image-burst.ts";
import { parseTransform } from "../server/integrations/media/image-transform.ts";

const burst = (before: number | null, idle: number | null): ImageBurst => ({
  requests: 1000,
  concurrency: 50,
  statuses: { "200": 998, "503": 2 },
  seconds: 120.5,
  rssBeforeMb: before,
  rssPeakMb: 420,
  rssAfterMb: 400,
  rssIdleMb: idle,
  idleSeconds: 60,
  allocator: "MALLOC_ARENA_MAX=2",
});

describe("the bench's image burst", () => {
  it("asks for 1,000 transforms that are all different and all valid", () => {
    const transforms = Array.from({ length: 1000 }, (_, n) => burstTransform(n));
    expect(new Set(transforms).size).toBe(1000);
    for (const tr of transforms) expect(() => parseTransform(tr)).not.toThrow();
  });

  it("says met when the RSS a minute later is within the target of where it started", () => {
    const [head, rss] = imageBurstLines(burst(200, 200 + IMAGE_BURST_TARGET_MB));
    expect(head).toContain("998 × 200, 2 × 503");
    expect(rss).toContain(`+${IMAGE_BURST_TARGET_MB} MB`);
    expect(rss).toMatch(/ met /);
  });

  it("says missed above it, and not measured without /proc", () => {
    expect(imageBurstLines(burst(200, 201 + IMAGE_BURST_TARGET_MB))[1]).toMatch(/ missed /);
    expect(imageBurstLines(burst(null, null))[1]).toContain("not measured");
  });
});
