// The coupon form's reading (contract/coupons/coupon-form.ts; decision 034): the spec's discount message for an
// empty or bad value, empty optional fields as none, and the expiry typed in Lagos time.
import { describe, expect, it } from "vitest";
import {
  COUPON_SCREEN_TEXTS,
  CouponFormSchema,
  expiryFromInput,
  lagosInputValue,
  usageStatusText,
} from "./coupon-form.ts";
import { COUPON_MESSAGES } from "./coupons.ts";

describe("the coupon form", () => {
  it("reads the typed text: the discount a whole number, empty optional fields none", () => {
    expect(CouponFormSchema.parse({ discount: " 15 ", code: "", courseId: "", usageLimit: "", expiresAt: "" })).toEqual(
      {
        discount: 15,
        code: "",
        courseId: null,
        usageLimit: null,
        expiresAt: null,
      },
    );
    expect(CouponFormSchema.parse({ discount: "0", code: " ab-12 ", courseId: "c1", usageLimit: "3" })).toMatchObject({
      discount: 0,
      code: "ab-12",
      courseId: "c1",
      usageLimit: 3,
    });
  });

  it.each([[""], ["  "], ["abc"], ["100.5"], ["-2"], ["101"]])(
    "refuses the discount %j with the spec's message",
    (discount) => {
      const parsed = CouponFormSchema.safeParse({ discount });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([COUPON_MESSAGES.discount]);
    },
  );

  it("refuses a usage limit below 1 or not whole, and an expiry that is no date", () => {
    for (const usageLimit of ["0", "1.5", "many"]) {
      const parsed = CouponFormSchema.safeParse({ discount: "5", usageLimit });
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([COUPON_MESSAGES.usageLimit]);
    }
    const parsed = CouponFormSchema.safeParse({ discount: "5", expiresAt: "2026-02-30T10:00" });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([COUPON_MESSAGES.expiresAt]);
  });

  it("takes the expiry as Lagos time (UTC+1) and shows it back the same way", () => {
    expect(expiryFromInput("2026-12-31T23:59")).toBe("2026-12-31T23:59+01:00");
    expect(expiryFromInput("")).toBeNull();
    expect(CouponFormSchema.parse({ discount: "5", expiresAt: "2026-12-31T23:59" }).expiresAt).toBe(
      "2026-12-31T22:59:00.000Z",
    );
    expect(lagosInputValue("2026-12-31T22:59:00.000Z")).toBe("2026-12-31T23:59");
    expect(lagosInputValue(null)).toBe("");
  });
});

// issue 29: Number("1e2") is 100: "1e2" made a 100 % coupon
describe("numbers typed in the coupon form: digits only", () => {
  it.each([["1e2"], ["1E1"], ["0x10"], ["5."], ["+5"], [".5e1"], ["1_0"], ["Infinity"]])(
    "refuses the discount %j with the spec's message, and the same as a usage limit",
    (typed) => {
      const discount = CouponFormSchema.safeParse({ discount: typed });
      expect(discount.success).toBe(false);
      expect(discount.error?.issues.map((i) => i.message)).toEqual([COUPON_MESSAGES.discount]);
      const limit = CouponFormSchema.safeParse({ discount: "5", usageLimit: typed });
      expect(limit.error?.issues.map((i) => i.message)).toEqual([COUPON_MESSAGES.usageLimit]);
    },
  );

  it("takes digits, with spaces around them and leading zeros", () => {
    expect(CouponFormSchema.parse({ discount: " 100 ", usageLimit: "007" })).toMatchObject({
      discount: 100,
      usageLimit: 7,
    });
  });
});

describe("what the coupon screens show", () => {
  it("a usage record's payment status (spec admin §4): Paid, the raw other value, Not Paid when there is none", () => {
    expect(usageStatusText("paid")).toBe(COUPON_SCREEN_TEXTS.paid);
    expect(usageStatusText("not_paid")).toBe("not_paid");
    expect(usageStatusText("pending")).toBe("pending");
    expect(usageStatusText("refunded")).toBe("refunded");
    for (const none of ["", "  ", null, undefined]) expect(usageStatusText(none)).toBe(COUPON_SCREEN_TEXTS.notPaid);
  });
});
