import { describe, expect, it } from "vitest";
import { formatNaira } from "./naira.ts";

describe("formatNaira", () => {
  it("formats whole naira with the naira sign, thousands separators and kobo", () => {
    expect(formatNaira(150000)).toBe("₦150,000.00");
    expect(formatNaira(2500)).toBe("₦2,500.00");
  });

  it("keeps kobo to two decimals", () => {
    expect(formatNaira(1234.5)).toBe("₦1,234.50");
    expect(formatNaira(99.999)).toBe("₦100.00");
  });

  it("formats zero and millions", () => {
    expect(formatNaira(0)).toBe("₦0.00");
    expect(formatNaira(1_250_000)).toBe("₦1,250,000.00");
  });

  it("matches Intl.NumberFormat en-NG NGN", () => {
    const intl = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });
    for (const n of [1, 45000, 180000.25]) expect(formatNaira(n)).toBe(intl.format(n));
  });
});

describe("formatNaira with decimals", () => {
  it("shows whole naira with { decimals: 0 } (ticket prices)", () => {
    expect(formatNaira(2500, { decimals: 0 })).toBe("₦2,500");
    expect(formatNaira(5000, { decimals: 0 })).toBe("₦5,000");
    expect(formatNaira(12_500.6, { decimals: 0 })).toBe("₦12,501");
  });

  it("matches Intl.NumberFormat en-NG NGN with that many fraction digits", () => {
    const intl = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", maximumFractionDigits: 0 });
    for (const n of [0, 2500, 1_250_000]) expect(formatNaira(n, { decimals: 0 })).toBe(intl.format(n));
    expect(formatNaira(2500, { decimals: 2 })).toBe(formatNaira(2500));
  });
});
