// scripts/counts.ts: what it counts can be seen to count (a fixture tree), and the tree itself is within
// its ceilings (issue 30's counts may only come down).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { componentLengths, handWrittenResults, measure, OWN_SHAPES, sourceFiles } from "./counts.ts";

const FIXTURE = path.resolve(import.meta.dirname, "../tests/unit/fixtures/counts");

describe("scripts/counts.ts", () => {
  it("finds a component over 200 lines and leaves a short one alone", () => {
    const files = sourceFiles(FIXTURE, "app");
    const long = componentLengths(FIXTURE, files).filter((c) => c.lines > 200);
    expect(long.map((c) => c.name)).toEqual(["LongList"]);
    expect(componentLengths(FIXTURE, files).map((c) => c.name)).toContain("Short");
  });

  it("counts results written by hand (`as const` too), not a type or a comment, and not in the kernel", () => {
    const files = sourceFiles(FIXTURE, "app");
    expect(handWrittenResults(FIXTURE, files, /^app\/lib\/action-kernel/)).toEqual([
      { file: "app/lib/by-hand.server.ts", count: 3 },
    ]);
    expect(handWrittenResults(FIXTURE, files, /^app\/lib\/by-hand/)).toEqual([]);
  });

  it("allows answers of their own shape only in files that still have them, each with its reason", () => {
    const root = path.resolve(import.meta.dirname, "..");
    for (const own of OWN_SHAPES) {
      expect(existsSync(path.join(root, own.file)), own.file).toBe(true);
      expect(handWrittenResults(root, [own.file], /^$/), own.file).not.toEqual([]);
      expect(own.why.length).toBeGreaterThan(20);
    }
  });

  it("every count of the tree is within its ceiling", () => {
    const over = measure().filter((c) => c.value > c.ceiling);
    expect(over.map((c) => `${c.name}: ${c.value} > ${c.ceiling}\n  ${c.detail.join("\n  ")}`)).toEqual([]);
  });
});
