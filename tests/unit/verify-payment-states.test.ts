// /verify-payment's loader tells each payment status as the page's state: paid (or a refund that failed,
// the money still paid) is verified, pending is pending, a refund pending or done is refunded (decision
// 035), anything else failed; an unknown reference or a provider that does not answer is an error.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext, type AppContext } from "../../app/lib/context.ts";
import { loader } from "../../app/routes/verify-payment.tsx";

function loadWith(verify: (reference: string) => Promise<{ status: string }>, reference = "ta_ref123") {
  const context = new RouterContextProvider();
  context.set(appContext, { services: { payments: { verify } } } as unknown as AppContext);
  const request = new Request(`http://x.test/verify-payment?reference=${reference}`);
  return loader({ request, context } as unknown as Parameters<typeof loader>[0]);
}

describe("/verify-payment's state", () => {
  it.each([
    ["paid", "verified"],
    ["refund_failed", "verified"],
    ["pending", "pending"],
    ["refund_pending", "refunded"],
    ["refunded", "refunded"],
    ["failed", "failed"],
    ["abandoned", "failed"],
  ])("a %s payment is %s", async (status, state) => {
    expect(await loadWith(async () => ({ status }))).toEqual({ state, reference: "ta_ref123" });
  });

  it("is an error for a reference the server does not know, and for a malformed one", async () => {
    expect(
      await loadWith(async () => {
        throw new Error("not found");
      }),
    ).toEqual({ state: "error", reference: "ta_ref123" });
    expect(await loadWith(async () => ({ status: "paid" }), "%3Cscript%3E")).toEqual({
      state: "error",
      reference: null,
    });
  });
});
