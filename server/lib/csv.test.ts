// The CSV writer of the admin exports (decision 038): the BOM, RFC 4180 quoting, the formula guard.
import { describe, expect, it } from "vitest";
import { BOM, csvField, toCsv } from "./csv.ts";

describe("csvField", () => {
  it("writes plain text and numbers as they are", () => {
    expect(csvField("React for beginners")).toBe("React for beginners");
    expect(csvField(12500.5)).toBe("12500.5");
    expect(csvField(-4000)).toBe("-4000"); // a negative net day stays a number, not guarded text
    expect(csvField("")).toBe("");
  });

  it("quotes a field with a comma, a quote, a line break or edge spaces, doubling its quotes", () => {
    expect(csvField("Design, basics")).toBe('"Design, basics"');
    expect(csvField('The "best" course')).toBe('"The ""best"" course"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField(" padded ")).toBe('" padded "');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', '"\'=HYPERLINK(""http://evil.example"",""click"")"'],
    ["+2348030000000", "'+2348030000000"],
    ["-1+1", "'-1+1"],
    ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
    // (a tab is a separator too: quoted)
    ["\tcmd", '"\'\tcmd"'],
    ["  =1+1", "'  =1+1"],
  ])("prefixes text a spreadsheet would run as a formula with a quote: %j", (input, output) => {
    expect(csvField(input)).toBe(output);
  });

  // issue 29: a spreadsheet that splits on ";" (many locales), a tab or "|", or ignores the quotes, makes
  // a cell of what follows each of them
  it.each([
    ["x;=1+1", '"x;\'=1+1"'],
    ["x; =1+1", '"x;\' =1+1"'],
    ["a,b,@SUM(A1)", '"a,b,\'@SUM(A1)"'],
    ["a|+1", '"a|\'+1"'],
    ["a\t-1+1", '"a\t\'-1+1"'],
    ["line\n=cmd", '"line\n\'=cmd"'],
    ["line\r\n=cmd", '"line\r\n\'=cmd"'],
    ["=a;=b;;=c", "\"'=a;'=b;;'=c\""],
  ])("defuses a formula after any separator a spreadsheet may use: %j", (input, output) => {
    expect(csvField(input)).toBe(output);
  });

  it("leaves text with separators but no formula as it is, only quoted", () => {
    expect(csvField("Design; basics")).toBe('"Design; basics"');
    expect(csvField("Design - basics")).toBe("Design - basics");
    expect(csvField("ada@example.com")).toBe("ada@example.com");
    expect(csvField("2026-03-03 14:05")).toBe("2026-03-03 14:05");
  });

  it("writes a decimal as it is, negative too, and refuses one that is none", () => {
    expect(csvField({ decimal: "-4000.00" })).toBe("-4000.00");
    expect(csvField({ decimal: "12500.50" })).toBe("12500.50");
    expect(() => csvField({ decimal: "=1+1" })).toThrow();
    expect(() => csvField(Number.NaN)).toThrow();
  });
});

describe("toCsv", () => {
  it("starts with the UTF-8 byte-order mark and ends each line with CRLF", () => {
    const csv = toCsv(
      ["Course", "Net (₦)"],
      [
        ["Adébáyọ̀'s React", 12500],
        ["=cmd", 0.5],
      ],
    );
    expect(csv.startsWith(BOM)).toBe(true);
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.slice(1)).toBe("Course,Net (₦)\r\nAdébáyọ̀'s React,12500\r\n'=cmd,0.5\r\n");
  });
});
