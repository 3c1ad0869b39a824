import { describe, expect, it } from "vitest";
import {
  amountsOfCourse,
  couponPrice,
  courseAmounts,
  coursePrice,
  discountedKobo,
  formatKobo,
  formatNaira,
  koboToNaira,
  nairaToKobo,
  percentOf,
} from "./money.ts";

describe("nairaToKobo and koboToNaira", () => {
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

describe("coursePrice", () => {
  it("shows the discount price with the original when showDiscount is on and a discount price is set", () => {
    expect(coursePrice({ price: 180000, discountPrice: 150000, showDiscount: true })).toEqual({
      price: 150000,
      original: 180000,
    });
  });

  it("shows the plain price when showDiscount is off, even with a discount price", () => {
    expect(coursePrice({ price: 150000, discountPrice: 135000, showDiscount: false })).toEqual({
      price: 150000,
      original: null,
    });
  });

  it("shows the plain price when there is no discount price, even with showDiscount on", () => {
    expect(coursePrice({ price: 120000, discountPrice: null, showDiscount: true })).toEqual({
      price: 120000,
      original: null,
    });
  });
});

describe("discountedKobo (spec admin §9: price × (1 − discount/100))", () => {
  it("takes the percentage off", () => {
    expect(discountedKobo(15_000_000, 10)).toBe(13_500_000);
    expect(discountedKobo(10_000, 25)).toBe(7_500);
  });

  it("leaves the price whole at 0 percent and makes it free at 100 percent", () => {
    for (const kobo of [0, 1, 99, 15_000_000]) {
      expect(discountedKobo(kobo, 0)).toBe(kobo);
      expect(discountedKobo(kobo, 100)).toBe(0);
    }
  });

  it("rounds to the nearest whole kobo", () => {
    expect(discountedKobo(1_234_500, 33)).toBe(827_115); // exact
    expect(discountedKobo(9_999_999, 15)).toBe(8_499_999); // 8,499,999.15
    expect(discountedKobo(3, 50)).toBe(2); // 1.5 rounds up
    expect(discountedKobo(1, 33)).toBe(1); // 0.67
    expect(discountedKobo(1, 67)).toBe(0); // 0.33
    for (const [kobo, percent] of [
      [12_345, 7],
      [99_999, 33],
      [1, 1],
    ] as const)
      expect(Number.isInteger(discountedKobo(kobo, percent))).toBe(true);
  });
});

describe("couponPrice (spec public §5: the same rule in naira, 2 decimals)", () => {
  it.each([
    [150_000, 10, 135_000],
    [99_999.99, 15, 84_999.99],
    [12_345, 33, 8_271.15],
    [0.03, 50, 0.02],
    [5_000, 0, 5_000],
    [5_000, 100, 0],
  ])("₦%d with %d%% off is ₦%d", (price, discount, expected) => {
    expect(couponPrice(price, discount)).toBe(expected);
  });

  it("is the amount the server charges, in naira", () => {
    for (const price of [150_000, 99_999.99, 45_000.5, 1])
      for (const discount of [0, 1, 15, 33, 50, 99, 100])
        expect(couponPrice(price, discount)).toBe(koboToNaira(discountedKobo(nairaToKobo(price), discount)));
  });
});

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

describe("formatKobo", () => {
  it("shows an amount kept in kobo in naira", () => {
    expect(formatKobo(12_000_000)).toBe("₦120,000.00");
    expect(formatKobo(1)).toBe("₦0.01");
    expect(formatKobo(250_000, { decimals: 0 })).toBe("₦2,500");
  });
});

describe("formatNaira against Intl.NumberFormat (it is written out by hand: decision 048)", () => {
  const formatters = [0, 1, 2, 3].map(
    (places) =>
      new Intl.NumberFormat("en-NG", {
        style: "currency",
        currency: "NGN",
        minimumFractionDigits: places,
        maximumFractionDigits: places,
      }),
  );
  const intl = (places: number) => formatters[places]!;
  const edges = [
    0,
    -0,
    0.005,
    0.015,
    0.049,
    0.5,
    1.005,
    1.5,
    2.5,
    9.995,
    12.345,
    99.995,
    999.995,
    999_999.995,
    2500.5,
    -2500.5,
    -0.001,
    0.000001,
    123_456_789.125,
    9_007_199_254_740_991,
    1e20,
    0.1 + 0.2,
    45_000.45,
    1_000,
    1_000_000,
    999,
    100_000,
    3.14159,
    -1_234_567.891,
  ];
  // amounts as the site has them (whole naira, naira and kobo) and arbitrary ones, over many magnitudes
  let seed = 20_261_127;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const amounts = [...edges];
  for (let i = 0; i < 4_000; i++) {
    const scale = 10 ** Math.floor(random() * 10);
    const value = random() * scale;
    amounts.push(Math.round(value), Math.round(value * 100) / 100, value, -value, Math.round(value) + 0.5);
  }

  it("gives the same text for every amount, at the default and at 0 to 3 decimals", () => {
    for (const amount of amounts) {
      expect(formatNaira(amount), String(amount)).toBe(intl(2).format(amount));
      for (const places of [0, 1, 2, 3])
        expect(formatNaira(amount, { decimals: places }), `${amount} at ${places}`).toBe(intl(places).format(amount));
    }
  });

  it("leaves what it does not write out to Intl: exponents, NaN, infinities", () => {
    for (const amount of [1e21, 1.5e25, 1e-7, -1e-9, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(formatNaira(amount)).toBe(intl(2).format(amount));
  });
});

describe("courseAmounts (decision 059)", () => {
  it("names every amount of ₦10,000 with a 20 % course discount and a 10 % coupon on the price after discount", () => {
    expect(amountsOfCourse({ price: 10_000, discountPrice: 8_000, showDiscount: true }, 10)).toEqual({
      fullPrice: 1_000_000,
      courseDiscount: 200_000,
      priceAfterDiscount: 800_000,
      couponPercent: 10,
      couponDiscount: 80_000,
      amountPaid: 720_000,
    });
    expect(percentOf(200_000, 1_000_000)).toBe(20);
  });

  it("without a shown discount the full price is the price after discount; 100 % pays nothing; no coupon takes nothing", () => {
    expect(amountsOfCourse({ price: 10_000, discountPrice: 8_000, showDiscount: false }, 100)).toMatchObject({
      courseDiscount: 0,
      priceAfterDiscount: 1_000_000,
      couponDiscount: 1_000_000,
      amountPaid: 0,
    });
    expect(courseAmounts(1_000_000, 800_000, null)).toMatchObject({ couponDiscount: 0, amountPaid: 800_000 });
  });
});
