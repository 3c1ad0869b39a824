import { describe, expect, it } from "vitest";
import { parseSeedArgs, SeedArgsError } from "./seed-args.ts";

describe("npm run seed arguments", () => {
  it("reads none, --posts N and --posts=N", () => {
    expect(parseSeedArgs([])).toEqual({ posts: null });
    expect(parseSeedArgs(["--posts", "10000"])).toEqual({ posts: 10000 });
    expect(parseSeedArgs(["--posts=25"])).toEqual({ posts: 25 });
    expect(parseSeedArgs(["--posts", "1000000"])).toEqual({ posts: 1_000_000 });
  });

  it("refuses anything else with one clear line", () => {
    const cases: Array<[string[], string]> = [
      [["--posts"], "--posts needs a whole number from 1 to 1000000; usage: npm run seed [-- --posts N]"],
      [["--posts", "abc"], '--posts needs a whole number from 1 to 1000000, not "abc"'],
      [["--posts", "0"], '--posts needs a whole number from 1 to 1000000, not "0"'],
      [["--posts", "-5"], '--posts needs a whole number from 1 to 1000000, not "-5"'],
      [["--posts", "1.5"], '--posts needs a whole number from 1 to 1000000, not "1.5"'],
      [["--posts", "1e4"], '--posts needs a whole number from 1 to 1000000, not "1e4"'],
      [["--posts", " 10"], '--posts needs a whole number from 1 to 1000000, not " 10"'],
      [["--posts", "1000001"], '--posts needs a whole number from 1 to 1000000, not "1000001"'],
      [
        ["--posts", "99999999999999999999"],
        '--posts needs a whole number from 1 to 1000000, not "99999999999999999999"',
      ],
      [["--posts="], '--posts needs a whole number from 1 to 1000000, not ""'],
      [["--posts", "5", "--posts", "6"], "--posts given twice; usage: npm run seed [-- --posts N]"],
      [["--post", "5"], 'unknown argument "--post"; usage: npm run seed [-- --posts N]'],
      [["10000"], 'unknown argument "10000"; usage: npm run seed [-- --posts N]'],
    ];
    for (const [argv, message] of cases) {
      let error: unknown;
      try {
        parseSeedArgs(argv);
      } catch (e) {
        error = e;
      }
      expect(error, argv.join(" ")).toBeInstanceOf(SeedArgsError);
      expect((error as Error).message).toBe(message);
      expect((error as Error).message).not.toContain("\n");
    }
  });
});
