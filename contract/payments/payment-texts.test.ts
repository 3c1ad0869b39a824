import { describe, expect, it } from "vitest";
import { describeIssues } from "../lib/common.ts";
import { CHECKOUT_TEXTS, channelLabel } from "./payment-texts.ts";
import { ticketTypeLabel } from "../showcase/tickets.ts";

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

describe("channelLabel and ticketTypeLabel (receipts and /account)", () => {
  it("names Paystack's channels as a payer knows them, and an unknown one readably", () => {
    expect(channelLabel("card")).toBe("Card");
    expect(channelLabel("bank_transfer")).toBe("Bank transfer");
    expect(channelLabel(null)).toBe("Online payment");
    expect(channelLabel("apple_pay")).toBe("Apple pay");
  });

  it("names the VIP ticket as the spec does, and keeps any other type as stored", () => {
    expect(ticketTypeLabel("VIP")).toBe("VIP (with Q&A)");
    expect(ticketTypeLabel("Standard")).toBe("Standard");
    expect(ticketTypeLabel("Gold")).toBe("Gold");
  });
});
