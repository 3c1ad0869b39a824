// Issue 30 "each rule once": money is converted and formatted only in contract/lib/money.ts, and Lagos's
// offset is written only in contract/lib/dates.ts. This reads the source of the pages, the server and the
// contract, and fails on a kobo ↔ naira conversion by hand, a number formatter or a hard-coded +01:00
// anywhere else (tests left out: they state amounts by hand on purpose).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OWNERS = new Set(["contract/lib/money.ts", "contract/lib/dates.ts"]);

/** Lines where `* 100` or `/ 100` is not money, each with why. */
const NOT_MONEY: ReadonlyArray<{ file: string; line: RegExp; why: string }> = [
  { file: "app/lib/upload.ts", line: /event\.loaded \/ event\.total/, why: "an upload's progress in percent" },
  {
    file: "server/integrations/media/image-transform.ts",
    line: /Number\(m\[2\]\) \/ 100/,
    why: "a colour's alpha in percent",
  },
];

const RULES: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: "kobo ↔ naira by hand (use contract/lib/money.ts)", pattern: /[*/]\s*100\b(?!\d)/ },
  { name: "a number formatter (use formatNaira, formatKobo or formatCount)", pattern: /Intl\.NumberFormat/ },
  { name: "Lagos's offset written out (use contract/lib/dates.ts)", pattern: /\+01:00/ },
  { name: "Lagos's offset as a constant of its own (use contract/lib/dates.ts)", pattern: /const\s+LAGOS\w*OFFSET/ },
];

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

function offences(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (OWNERS.has(file) || file.includes("/seed/")) continue;
    readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .forEach((text, i) => {
        // comments and message texts may quote an example ("like 2026-12-31T23:59:00+01:00")
        if (/^\s*(\/\/|\*|\/\*\*)/.test(text) || /^\s*[A-Za-z]+: "/.test(text)) return;
        for (const rule of RULES) {
          if (!rule.pattern.test(text)) continue;
          if (NOT_MONEY.some((n) => n.file === file && n.line.test(text))) continue;
          found.push(`${file}:${i + 1}: ${rule.name}: ${text.trim()}`);
        }
      });
  }
  return found;
}

describe("each rule once", () => {
  it("money and Lagos time are written only in contract/lib/money.ts and contract/lib/dates.ts", () => {
    const files = ["app", "server", "contract"].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    expect(offences(files)).toEqual([]);
  });

  it("finds a conversion, a formatter and an offset written by hand or kept as a constant (the check can fail)", () => {
    const dir = "tests/unit/fixtures/rules-once";
    const found = offences(sources(dir));
    expect(found).toHaveLength(4);
    expect(found.join("\n")).toMatch(/kobo ↔ naira[\s\S]*number formatter[\s\S]*offset written out[\s\S]*a constant/);
  });

  it("the coupons feature owns its usage rows and its API paths", () => {
    const owners = /^server\/(features\/coupons\/|db\/schema\/|db\/content-version\.ts$)/;
    const strays = sources("server")
      .filter((file) => !owners.test(file))
      .filter((file) => /\bcouponUsages\b|["'`]\/api\/coupons/.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(strays).toEqual([]);
  });
});
