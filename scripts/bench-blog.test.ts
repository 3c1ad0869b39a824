import { describe, expect, it } from "vitest";
import { blogLines, parseBlogArgs, type BlogRun } from "./bench-blog.ts";
import { parseBenchArgs } from "./bench-lib.ts";

describe("parseBlogArgs", () => {
  it("defaults to a 100,000-post large run and leaves the other flags to parseBenchArgs", () => {
    const { options, rest } = parseBlogArgs(["--no-build", "--posts", "500"]);
    expect(options).toEqual({ postsLarge: 100_000 });
    expect(rest).toEqual(["--no-build", "--posts", "500"]);
    expect(parseBenchArgs(rest).posts).toBe(500);
  });

  it("takes --posts-large N and --posts-large=N out of the command line", () => {
    expect(parseBlogArgs(["--posts-large", "0", "--duration", "2"])).toEqual({
      options: { postsLarge: 0 },
      rest: ["--duration", "2"],
    });
    expect(parseBlogArgs(["--duration", "2", "--posts-large=20000"])).toEqual({
      options: { postsLarge: 20_000 },
      rest: ["--duration", "2"],
    });
  });

  it("refuses a count that is not a whole number in range", () => {
    for (const bad of ["-1", "1.5", "lots", "2000000"]) {
      expect(() => parseBlogArgs(["--posts-large", bad])).toThrow(/--posts-large must be a whole number/);
    }
    expect(() => parseBlogArgs(["--posts-large"])).toThrow(/--posts-large must be a whole number/);
  });
});

describe("blogLines", () => {
  const read = (name: string, p99: number, met: boolean, non2xx = 0) => ({
    read: name,
    path: "/backend/posts",
    rps: 500,
    p50: 4,
    p99,
    errors: 0,
    non2xx,
    status: 200,
    met,
  });

  it("prints each read with its p99, the target and met or missed, and counts the met", () => {
    const runs: BlogRun[] = [
      {
        engine: "pglite",
        posts: 10_000,
        seedSeconds: 30,
        duration: 10,
        reads: [read("list, trending", 12, true), read("post by slug", 35, false, 3)],
      },
    ];
    const text = blogLines(runs).join("\n");
    expect(text).toContain("1 of 2 met");
    expect(text).toMatch(/pglite 10,000 posts\s+list, trending\s+500\.0\s+4\s+12\s+<= 20\s+met/);
    expect(text).toMatch(/post by slug\s+500\.0\s+4\s+35\s+<= 20\s+missed\s+0 errors, 3 non-2xx/);
  });

  it("says when nothing was measured", () => {
    expect(blogLines([])).toEqual(["blog reads           not measured (--posts 0 and --posts-large 0)"]);
  });
});
