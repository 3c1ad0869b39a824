import { describe, expect, it } from "vitest";
import type PaystackPop from "@paystack/inline-js";
import { CHECKOUT_TEXTS } from "../../../contract/payments/payment-texts.ts";
import { resumePaystack, type CheckoutOutcome } from "./checkout.tsx";

type Callbacks = Parameters<PaystackPop["resumeTransaction"]>[1];

/** A stand-in for Paystack's pop-up class that records the access code and fires one callback. */
function fakePop(fire: (callbacks: NonNullable<Callbacks>) => void) {
  const codes: string[] = [];
  class FakePop {
    resumeTransaction(accessCode: string, callbacks?: Callbacks) {
      codes.push(accessCode);
      fire(callbacks!);
      return {};
    }
  }
  return { Pop: FakePop as unknown as typeof PaystackPop, codes };
}

function run(fire: (callbacks: NonNullable<Callbacks>) => void, accessCode = "ac_123") {
  const outcomes: CheckoutOutcome[] = [];
  const { Pop, codes } = fakePop(fire);
  resumePaystack(Pop, { accessCode }, (o) => outcomes.push(o));
  return { outcomes, codes };
}

describe("resumePaystack", () => {
  it("resumes the server's transaction by its access code; success is paid", () => {
    const { outcomes, codes } = run((cb) => cb.onSuccess?.({ id: 1, reference: "ta_x", message: "Approved" }));
    expect(codes).toEqual(["ac_123"]);
    expect(outcomes).toEqual([{ type: "paid" }]);
  });

  it("closing the pop-up is closed without paying; a load error is an error", () => {
    expect(run((cb) => cb.onCancel?.()).outcomes).toEqual([{ type: "closed", failed: false }]);
    expect(run((cb) => cb.onError?.({ message: "boom" })).outcomes).toEqual([
      { type: "error", message: CHECKOUT_TEXTS.providerFailed },
    ]);
  });

  it("opens nothing without an access code", () => {
    const { outcomes, codes } = run(() => {}, "");
    expect(codes).toEqual([]);
    expect(outcomes).toEqual([{ type: "error", message: CHECKOUT_TEXTS.providerFailed }]);
  });
});
