import { describe, expect, it } from "vitest";
import { mixedLines, mixedRequests, percentile, summarize, type MixedRun } from "./bench-mixed.ts";

describe("the mixed run's figures", () => {
  it("takes nearest-rank percentiles", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it("counts refusals, other errors and answers over the target apart", () => {
    const summary = summarize(
      [
        { label: "a", status: 200, ms: 10 },
        { label: "a", status: 503, ms: 2500 },
        { label: "b", status: 500, ms: 30 },
        { label: "b", status: 201, ms: 2001 },
        { label: "b", status: 302, ms: 5 },
      ],
      2000,
    );
    expect(summary).toEqual({
      requests: 5,
      p50: 30,
      p99: 2500,
      max: 2500,
      refused: 1,
      otherErrors: 1,
      overTarget: 2,
      overTargetRefused: 1,
    });
  });

  it("mixes pages, API reads and a contact post", () => {
    const mix = mixedRequests("/a-post");
    expect(mix.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /",
      "GET /backend/api/courses",
      "GET /courses",
      "GET /backend/posts",
      "GET /blog",
      "GET /a-post",
      "POST /backend/api/contact",
    ]);
    expect(JSON.parse(mix.at(-1)!.body!)).toMatchObject({ email: expect.stringContaining("@") });
  });

  it("prints each figure with its target and met or missed", () => {
    const run: MixedRun = {
      processes: 2,
      connections: 100,
      duration: 30,
      rps: 100,
      timeouts: 1,
      errors: 0,
      ...summarize([{ label: "GET /", status: 200, ms: 12 }]),
      byRequest: { "GET /": summarize([{ label: "GET /", status: 200, ms: 12 }]) },
      rss: [{ idleMb: 200, peakMb: 450, afterMb: 300 }],
      met: false,
    };
    const text = mixedLines([run], "postgres").join("\n");
    expect(text).toContain("2 processes, 100 connections × 30 s");
    expect(text).toMatch(/no answer over 2000 ms .* missed/);
    expect(text).toMatch(/idle 200 MB \(target <= 250 MB on PGlite: met\)/);
    expect(text).toMatch(/under load 450 MB \(target <= 400 MB on PGlite: missed\)/);
  });
});
