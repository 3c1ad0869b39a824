import { describe, expect, it } from "vitest";
import { checkInWords } from "./check-in-texts.ts";

describe("the check-in answer's words", () => {
  const used = (quantity: number) =>
    checkInWords({
      result: "already_used",
      quantity,
      ticketType: "VIP",
      at: "2026-11-28T18:05:00.000Z",
      by: "ada",
      email: "ada@example.com",
    });

  it("one ticket for one person: 'This … ticket is in', not 'All 1 of this … are in' (issue 29)", () => {
    expect(used(1).detail).toMatch(/^This VIP \(with Q&A\) ticket is in: the last at /);
    expect(used(1).detail).not.toContain("All 1");
  });

  it("a ticket for several: all of them are in", () => {
    expect(used(3).detail).toMatch(/^All 3 of this VIP \(with Q&A\) ticket are in: the last at .*, by ada\.$/);
  });
});
