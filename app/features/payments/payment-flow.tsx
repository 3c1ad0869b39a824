// What happens after 'Pay Now' in the enrol and ticket modals (spec public-area §4, §8; decision 019):
// the server has started the payment (amount, reference); the provider's pop-up opens (Paystack's
// inline pop-up, or the sandbox checkout dialog); its outcome is told to the server, which verifies it;
// then the modal gives way to an alert with the outcome, or simply closes when the payer cancelled. A
// failed payment (a declined card) goes back to the form, with what the buyer typed and the message, so
// that trying again is one click (decision 023).
import { useEffect, useRef, useState } from "react";
import { CHECKOUT_TEXTS, VERIFY_MESSAGES } from "../../../contract/payments/payment-texts.ts";
import type { PurchaseLogResult, StartedPayment } from "../../../contract/payments/payments.ts";
import type { ApiResult } from "../../lib/api-client.ts";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { Checkout, type CheckoutOutcome } from "./checkout.tsx";

type Step =
  | { step: "form" }
  | { step: "checkout"; started: StartedPayment }
  | { step: "confirming" }
  | { step: "result"; message: string; tone: "success" | "error" | "info" };

export interface PaymentFlowOptions {
  /** tells the server the pop-up reported a success; it verifies and answers what it stored */
  logPaid: (reference: string) => Promise<ApiResult<PurchaseLogResult>>;
  /** tells the server the pop-up was closed without paying (spec §4 "logs paymentStatus not_paid") */
  logClosed: (reference: string) => Promise<unknown>;
  /** said when the payer closes the pop-up (tickets: 'Payment cancelled'); null: the modal just closes */
  cancelledMessage: string | null;
  onClose: () => void;
}

/** Where the dialog goes after the pop-up: an alert, back to the form with a message, or closed. */
export type AfterCheckout = (Step & { step: "result" }) | { step: "form"; message: string } | { step: "closed" };

/** The step for the server's answer after the pop-up's success callback. */
export function paidMessage(reference: string, answer: ApiResult<PurchaseLogResult>): AfterCheckout {
  // not known either way (the server could not be reached): the payment may have gone through, so the
  // reference is shown rather than an invitation to pay again
  if (!answer.ok) return { step: "result", tone: "error", message: CHECKOUT_TEXTS.unconfirmed(reference) };
  if (answer.data.paymentStatus === "paid") {
    return { step: "result", tone: "success", message: CHECKOUT_TEXTS.success(reference) };
  }
  if (answer.data.paymentStatus === "pending") {
    return { step: "result", tone: "info", message: CHECKOUT_TEXTS.pending(reference) };
  }
  // the server found it not paid: a failed payment
  return { step: "form", message: CHECKOUT_TEXTS.failed };
}

/**
 * The step after the pop-up was left without paying: a failed payment back to the form with its message;
 * cancelled, the spec's alert ('Payment cancelled' for tickets) or, with no message (courses, spec §4
 * "closes the modal"), closed.
 */
export function closedStep(failed: boolean, cancelledMessage: string | null): AfterCheckout {
  if (failed) return { step: "form", message: CHECKOUT_TEXTS.failed };
  if (cancelledMessage) return { step: "result", tone: "info", message: cancelledMessage };
  return { step: "closed" };
}

export function usePaymentFlow(options: PaymentFlowOptions) {
  const [step, setStep] = useState<Step>({ step: "form" });
  // said on the form when the flow comes back to it: the pop-up did not open, or the payment failed
  const [formError, setFormError] = useState<string | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const settled = useRef(false);

  const onOutcome = async (started: StartedPayment, outcome: CheckoutOutcome) => {
    // The pop-up reports once; a second report (a double click, a late callback) changes nothing.
    if (settled.current) return;
    settled.current = true;
    const { logPaid, logClosed, cancelledMessage, onClose } = optionsRef.current;
    const { reference } = started;
    // Back to the form, which says why and keeps what was typed; paying again starts a new payment.
    const go = (next: AfterCheckout) => {
      if (next.step === "closed") return onClose();
      if (next.step === "form") {
        settled.current = false;
        setFormError(next.message);
      }
      setStep(next.step === "form" ? { step: "form" } : next);
    };
    if (outcome.type === "paid") {
      setStep({ step: "confirming" });
      go(paidMessage(reference, await logPaid(reference)));
      return;
    }
    if (outcome.type === "pending") {
      setStep({ step: "result", tone: "info", message: CHECKOUT_TEXTS.pending(reference) });
      return;
    }
    void logClosed(reference);
    // The pop-up never opened: the form says so.
    if (outcome.type === "error")
      return go({ step: "form", message: outcome.message || CHECKOUT_TEXTS.providerFailed });
    go(closedStep(outcome.failed, cancelledMessage));
  };

  return {
    step: step.step,
    /** what the form says after coming back to it (the pop-up did not open, the payment failed), or null */
    formError,
    /** the server started a payment: open the pop-up */
    open(started: StartedPayment) {
      settled.current = false;
      setFormError(null);
      setStep({ step: "checkout", started });
    },
    /** decision 060: a free enrolment the server completed at once: straight to the success alert */
    enrolled(reference: string) {
      setFormError(null);
      setStep({ step: "result", tone: "success", message: CHECKOUT_TEXTS.freeSuccess(reference) });
    },
    /** the form while filling it in; then the pop-up, the wait for the server and the outcome */
    render(form: React.ReactNode) {
      switch (step.step) {
        case "form":
          return form;
        case "checkout":
          return <Checkout started={step.started} onOutcome={(o) => void onOutcome(step.started, o)} />;
        case "confirming":
          return <Confirming />;
        case "result":
          return <PaymentAlert message={step.message} tone={step.tone} onClose={options.onClose} />;
      }
    },
  };
}

function Confirming() {
  return (
    <Modal labelledBy="payment-confirming" onClose={() => {}}>
      <p id="payment-confirming" role="status" className="flex items-center gap-3 p-6 font-semibold text-slate-800">
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
        />
        {VERIFY_MESSAGES.verifying}
      </p>
    </Modal>
  );
}

const TONES = {
  success: "text-green-800",
  error: "text-red-800",
  info: "text-slate-900",
};

/** The spec's alert (§4, §8), as an accessible in-page dialog: its text is its name; OK closes it. */
export function PaymentAlert({
  message,
  tone,
  onClose,
}: {
  message: string;
  tone: keyof typeof TONES;
  onClose: () => void;
}) {
  return (
    <Modal role="alertdialog" labelledBy="payment-alert-message" onClose={onClose}>
      <div className="p-6">
        <p id="payment-alert-message" className={`text-lg font-semibold break-words ${TONES[tone]}`}>
          {message}
        </p>
        {tone === "success" ? (
          <p className="mt-2 text-sm text-slate-700">Your receipt is on its way to your e-mail.</p>
        ) : null}
        <div className="mt-6 flex justify-end">
          <Button size="lg" onClick={onClose} data-autofocus>
            OK
          </Button>
        </div>
      </div>
    </Modal>
  );
}
