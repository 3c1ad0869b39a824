import { describe, expect, it } from "vitest";
import { describeIssues } from "./common.ts";
import { CHECKOUT_TEXTS, couponPrice } from "./payment-texts.ts";

describe("couponPrice (spec §5: price × (1 − discount/100), 2 decimals)", () => {
  it.each([
    [150_000, 10, 135_000],
    [99_999.99, 15, 84_999.99],
    [12_345, 33, 8_271.15],
    [5_000, 0, 5_000],
    [5_000, 100, 0],
  ])("₦%d with %d%% off is ₦%d", (price, discount, expected) => {
    expect(couponPrice(price, discount)).toBe(expected);
  });
});

describe("the payment alert texts", () => {
  it("are the spec's, word for word", () => {
    expect(CHECKOUT_TEXTS.success("ta_abc")).toBe("Payment successful! Reference: ta_abc");
    expect(CHECKOUT_TEXTS.cancelled).toBe("Payment cancelled");
    expect(CHECKOUT_TEXTS.couponApplied).toBe("Coupon applied successfully!");
    expect(CHECKOUT_TEXTS.couponInvalid).toBe("Invalid or expired coupon code");
    expect(CHECKOUT_TEXTS.couponError).toBe("Error validating coupon");
  });
});

describe("describeIssues", () => {
  it("puts the field in front of a message that does not name it, and not before one that does", () => {
    expect(
      describeIssues([
        { path: ["fullName"], message: "Full Name is required" },
        { path: ["phone"], message: "Phone Number is required" },
        { path: ["quantity"], message: "Too small" },
      ]),
    ).toBe("Full Name is required; Phone Number is required; quantity: Too small");
  });
});
