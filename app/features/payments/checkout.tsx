// The payment pop-up (architecture "Payments"; decision 019). With PAYMENT_PROVIDER=paystack, Paystack's
// inline pop-up resumes the transaction our server initialized (its access code: the amount is
// Paystack's record of what the server asked, not the browser's). With the sandbox, a checkout dialog
// with Pay / Fail / Cancel and a bank transfer that settles a few seconds later, firing the same outcomes.
import { useEffect, useRef, useState } from "react";
import { CHECKOUT_TEXTS } from "../../../contract/payments/payment-texts.ts";
import type { PaymentOutcome, StartedPayment } from "../../../contract/payments/payments.ts";
import { callApi } from "../../lib/api-client.ts";
import { formatNaira } from "../../../contract/lib/money.ts";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { SANDBOX_TEXTS } from "./sandbox-texts.ts";

/**
 * paid: the pop-up says the payment went through; closed: the payer left it (failed: after a decline);
 * pending: the payer left while a bank transfer was on its way (it may still arrive).
 */
export type CheckoutOutcome =
  { type: "paid" } | { type: "closed"; failed: boolean } | { type: "pending" } | { type: "error"; message: string };

export function Checkout({
  started,
  onOutcome,
}: {
  started: StartedPayment;
  onOutcome: (outcome: CheckoutOutcome) => void;
}) {
  return started.provider === "paystack" ? (
    <PaystackCheckout started={started} onOutcome={onOutcome} />
  ) : (
    <SandboxCheckout started={started} onOutcome={onOutcome} />
  );
}

type PaystackPopClass = typeof import("@paystack/inline-js").default;

/**
 * Opens Paystack's pop-up on the transaction the server initialized (its access code) and maps its
 * callbacks to our outcomes. No access code (a misconfigured server) is an error, not a pop-up.
 */
export function resumePaystack(
  PaystackPop: PaystackPopClass,
  started: Pick<StartedPayment, "accessCode">,
  onOutcome: (outcome: CheckoutOutcome) => void,
): void {
  if (!started.accessCode) return onOutcome({ type: "error", message: CHECKOUT_TEXTS.providerFailed });
  new PaystackPop().resumeTransaction(started.accessCode, {
    onSuccess: () => onOutcome({ type: "paid" }),
    onCancel: () => onOutcome({ type: "closed", failed: false }),
    onError: () => onOutcome({ type: "error", message: CHECKOUT_TEXTS.providerFailed }),
  });
}

function PaystackCheckout({
  started,
  onOutcome,
}: {
  started: StartedPayment;
  onOutcome: (o: CheckoutOutcome) => void;
}) {
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    // Loaded on demand: nobody who does not pay downloads it.
    import("@paystack/inline-js")
      .then(({ default: PaystackPop }) => resumePaystack(PaystackPop, started, onOutcome))
      .catch(() => onOutcome({ type: "error", message: CHECKOUT_TEXTS.providerFailed }));
  }, [started, onOutcome]);
  // Paystack's own overlay covers the page; ours would sit on top of it and make it inert.
  return (
    <p role="status" className="sr-only">
      Opening Paystack&apos;s secure checkout…
    </p>
  );
}

type SandboxState = { kind: "choose" } | { kind: "busy" } | { kind: "transfer" } | { kind: "error"; message: string };

/** How often the dialog asks whether the sandbox bank transfer has arrived, and for how long. */
const TRANSFER_POLL_MS = 1500;
const TRANSFER_WAIT_MS = 90_000;

function SandboxCheckout({ started, onOutcome }: { started: StartedPayment; onOutcome: (o: CheckoutOutcome) => void }) {
  const [state, setState] = useState<SandboxState>({ kind: "choose" });
  const done = useRef(false);
  const finish = (outcome: CheckoutOutcome) => {
    if (done.current) return;
    done.current = true;
    onOutcome(outcome);
  };
  const settle = (choice: "success" | "failed" | "abandoned" | "bank_transfer") =>
    callApi<PaymentOutcome>(`/payments/sandbox/${encodeURIComponent(started.reference)}/${choice}`, { method: "POST" });

  // A transfer settles through the webhook a few seconds later: ask the server until it has.
  useEffect(() => {
    if (state.kind !== "transfer") return;
    const until = Date.now() + TRANSFER_WAIT_MS;
    const timer = setInterval(() => {
      void callApi<PaymentOutcome>(`/verify/${encodeURIComponent(started.reference)}`).then((answer) => {
        if (answer.ok && answer.data.status === "paid") finish({ type: "paid" });
        else if (answer.ok && answer.data.status === "failed") finish({ type: "closed", failed: true });
        else if (Date.now() > until) finish({ type: "pending" });
      });
    }, TRANSFER_POLL_MS);
    return () => clearInterval(timer);
    // finish is stable in effect: it only reads refs and the outcome callback of this payment
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.kind, started.reference]);

  const choose = async (choice: "success" | "failed" | "bank_transfer") => {
    setState({ kind: "busy" });
    const answer = await settle(choice);
    if (!answer.ok) {
      setState({ kind: "error", message: answer.message ?? CHECKOUT_TEXTS.startFailed });
      return;
    }
    if (choice === "bank_transfer") return setState({ kind: "transfer" });
    if (answer.data.status === "paid") finish({ type: "paid" });
    else finish({ type: "closed", failed: answer.data.status === "failed" });
  };

  // Closing the dialog (Cancel, Escape, the backdrop, ✕) is leaving the pop-up without paying. A transfer
  // already sent is not cancelled at the sandbox: it may still arrive, as with a real bank.
  const close = () => {
    if (done.current) return;
    if (state.kind === "transfer") return finish({ type: "pending" });
    void settle("abandoned");
    finish({ type: "closed", failed: false });
  };

  const busy = state.kind === "busy";
  const name = [started.firstName, started.lastName].filter(Boolean).join(" ");
  return (
    <Modal labelledBy="sandbox-title" describedBy="sandbox-note" onClose={close}>
      {/* issue 15: a sandbox checkout must never pass for a real one. The band is the dialog's
          description, so a screen reader says it as the dialog opens. */}
      <div
        data-testid="sandbox-banner"
        className="flex items-start gap-3 border-b-2 border-amber-500 bg-amber-100 px-6 py-3 text-amber-950"
      >
        <span
          aria-hidden="true"
          className="mt-0.5 rounded bg-amber-800 px-1.5 py-0.5 text-xs font-extrabold text-white"
        >
          TEST
        </span>
        <p id="sandbox-note" className="text-sm">
          <strong>{SANDBOX_TEXTS.banner}</strong> {SANDBOX_TEXTS.note}
        </p>
      </div>
      <div className="p-6">
        <p className="text-xs font-semibold tracking-wider text-amber-900 uppercase">Test mode</p>
        <h2 id="sandbox-title" className="mt-1 text-xl font-bold text-brand-950">
          Sandbox checkout
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-100 px-4 py-3 text-sm">
          <dt className="text-slate-600">Amount</dt>
          <dd className="font-bold text-slate-900" data-testid="sandbox-amount">
            {formatNaira(started.amount)}
          </dd>
          <dt className="text-slate-600">Email</dt>
          <dd className="break-all text-slate-900">{started.email}</dd>
          {name ? (
            <>
              <dt className="text-slate-600">Name</dt>
              <dd className="text-slate-900">{name}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Reference</dt>
          <dd className="break-all font-mono text-xs text-slate-900">{started.reference}</dd>
        </dl>

        {state.kind === "transfer" ? (
          <p
            role="status"
            className="mt-4 flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-950"
          >
            <span
              aria-hidden="true"
              className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
            />
            Waiting for the bank to confirm your transfer. This takes a few seconds.
          </p>
        ) : null}
        {state.kind === "error" ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {state.message}
          </p>
        ) : null}

        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          {state.kind === "transfer" ? null : (
            <>
              <Button size="lg" disabled={busy} onClick={() => void choose("success")} data-autofocus>
                Pay
              </Button>
              <Button variant="secondary" size="lg" disabled={busy} onClick={() => void choose("bank_transfer")}>
                Bank transfer
              </Button>
              <Button variant="secondary" size="lg" disabled={busy} onClick={() => void choose("failed")}>
                Fail
              </Button>
            </>
          )}
          <Button variant="ghost" size="lg" disabled={busy} onClick={close}>
            {state.kind === "transfer" ? "Close" : "Cancel"}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
