import { describe, expect, it } from "vitest";
import { koboToNaira, nairaToKobo } from "./money.ts";

describe("money", () => {
  it("turns naira into whole kobo", () => {
    expect(nairaToKobo(2500)).toBe(250_000);
    expect(nairaToKobo(25_000.5)).toBe(2_500_050);
    expect(nairaToKobo(0)).toBe(0);
  });

  it("rounds away floating-point noise to the nearest kobo", () => {
    expect(0.29 * 100).not.toBe(29); // the reason for rounding
    expect(nairaToKobo(0.29)).toBe(29);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(4500 * 0.9)).toBe(405_000);
    expect(Number.isInteger(nairaToKobo(1234.5678))).toBe(true);
    expect(nairaToKobo(1234.5678)).toBe(123_457);
  });

  it("turns kobo into naira, and back without loss", () => {
    expect(koboToNaira(250_000)).toBe(2500);
    expect(koboToNaira(2_500_050)).toBe(25_000.5);
    expect(koboToNaira(1)).toBe(0.01);
    for (const kobo of [0, 1, 99, 4_500_000, 123_456_789]) expect(nairaToKobo(koboToNaira(kobo))).toBe(kobo);
  });
});
