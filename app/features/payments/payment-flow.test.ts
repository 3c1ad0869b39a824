// Where the enrol and ticket dialogs go after the payment pop-up (spec public-area §4; decisions 019,
// 023): a failed payment back to the form (which keeps what the buyer typed) with its message, a
// cancelled one to the spec's alert or closed, a paid one to the alert with the reference.
import { describe, expect, it } from "vitest";
import { CHECKOUT_TEXTS } from "../../../contract/payments/payment-texts.ts";
import type { PurchaseLogResult } from "../../../contract/payments/payments.ts";
import type { ApiResult } from "../../lib/api-client.ts";
import { closedStep, paidMessage } from "./payment-flow.tsx";

const REF = "ta_abcdefghijklmnopqrstuvwx";
const answer = (paymentStatus: PurchaseLogResult["paymentStatus"]): ApiResult<PurchaseLogResult> => ({
  ok: true,
  data: { recorded: true, paymentStatus, reference: REF },
});

describe("closedStep: the pop-up left without paying", () => {
  it("a failed payment goes back to the form with 'Payment failed. Please try again.'", () => {
    expect(closedStep(true, null)).toEqual({ step: "form", message: CHECKOUT_TEXTS.failed });
    expect(closedStep(true, CHECKOUT_TEXTS.cancelled)).toEqual({ step: "form", message: CHECKOUT_TEXTS.failed });
  });

  it("cancelled: the course dialog closes (spec §4), the ticket dialog says 'Payment cancelled'", () => {
    expect(closedStep(false, null)).toEqual({ step: "closed" });
    expect(closedStep(false, CHECKOUT_TEXTS.cancelled)).toEqual({
      step: "result",
      tone: "info",
      message: "Payment cancelled",
    });
  });
});

describe("paidMessage: the server's answer after the pop-up said paid", () => {
  it("paid: the alert with the reference", () => {
    expect(paidMessage(REF, answer("paid"))).toEqual({
      step: "result",
      tone: "success",
      message: `Payment successful! Reference: ${REF}`,
    });
  });

  it("not paid after all: back to the form, as a failed payment", () => {
    expect(paidMessage(REF, answer("not_paid"))).toEqual({ step: "form", message: CHECKOUT_TEXTS.failed });
  });

  it("pending, or the server not reached: an alert with the reference (it may still be paid)", () => {
    expect(paidMessage(REF, answer("pending"))).toMatchObject({ step: "result", tone: "info" });
    const unknown = paidMessage(REF, { ok: false, status: 0, message: null });
    expect(unknown).toEqual({ step: "result", tone: "error", message: CHECKOUT_TEXTS.unconfirmed(REF) });
  });
});
