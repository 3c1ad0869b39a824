// The logger writes one JSON line per event; an error in its fields is its name, message and stack
// frames as fields of that line (issue 29: page errors were multi-line stack traces, and an Error
// given as a field was written as `{}`).
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

describe("createLogger", () => {
  it("writes an error field as one JSON line with its message and the stack as a field", () => {
    const lines: string[] = [];
    const logger = createLogger("info", (line) => lines.push(line));
    logger.error("page request failed", { method: "POST", path: "/coupon-table", error: new TypeError("boom") });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "error",
      msg: "page request failed",
      method: "POST",
      path: "/coupon-table",
      errorName: "TypeError",
      error: "boom",
    });
    expect(line.stack).toMatch(/^\s+at .*logger\.test\.ts/);
  });

  it("keeps the submitted values out of a database error's message", () => {
    const lines: string[] = [];
    createLogger("info", (line) => lines.push(line)).error("failed", {
      error: new Error('duplicate key value violates unique constraint: Key (email)=("ada@example.com") exists'),
    });
    expect(lines[0]).not.toContain("ada@example.com");
  });

  it("other fields are written as they are; below the level nothing is written", () => {
    const lines: string[] = [];
    const logger = createLogger("warn", (line) => lines.push(line));
    logger.info("quiet", { a: 1 });
    logger.warn("loud", { a: 1, b: "x" });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "warn", msg: "loud", a: 1, b: "x" });
  });
});
