import { describe, expect, it } from "vitest";
import { coursePrice } from "./pricing.ts";

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
