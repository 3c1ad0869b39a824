// The refund of a purchase on an admin purchase table (issue 17 "Refunds"; decision 035), for any page
// whose action hands the refund intents to refundPageAction (app/features/payments/refund-action.server.ts):
//
//   actions={(p) => <RefundButton reference={p.reference} paymentState={p.paymentState} buyer={p.email} amount={p.amount} />}
//   …and once on the page, where the question, the step-up and a refusal show:
//   <RefundPanel answer={actionData} cancelTo={here} />
//
// With JavaScript, Refund opens a dialog (the question, an optional reason, Cancel focused); the dialog's
// form posts `confirmed=yes`. Without it, Refund posts at once and the page asks in the RefundPanel.
import { useId, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { REFUND_MESSAGES, REFUND_REASON_MAX, canRefund } from "../../../contract/payments/refunds.ts";
import { formatNaira } from "../../../contract/lib/money.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Notice, TextareaField } from "../../components/ui/form.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { StepUpPrompt, stepUpOf } from "../../components/admin/step-up-prompt.tsx";

const INTENT = "refund";
const STEP_UP_INTENT = "refund.step-up";

/** The refund answers of a page's action (refundPageAction's), told apart from its other forms' by intent. */
type RefundAnswer =
  | { ok: true; intent?: string; message: string; values: { reference: string; label: string; reason: string } }
  | {
      ok: false;
      intent?: string;
      code?: string;
      formError?: string;
      fieldErrors: Partial<Record<string, string>>;
      values: Partial<Record<string, string>>;
    };

function refundAnswer(answer: unknown): RefundAnswer | null {
  const intent = (answer as { intent?: unknown } | null | undefined)?.intent;
  return intent === "refund" || intent === "refund.confirm" ? (answer as RefundAnswer) : null;
}

/** The reason field, in the dialog and in the page's question. */
function ReasonField({ id, defaultValue, error }: { id: string; defaultValue?: string; error?: string }) {
  return (
    <TextareaField
      id={id}
      name="reason"
      label="Reason"
      optional
      hint="Kept in the payment's history and told to the buyer."
      rows={3}
      maxLength={REFUND_REASON_MAX}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/**
 * The row's Refund: shown while the payment is paid or its last refund failed ("Try refund again"), for
 * a record with a payment. `amount` in naira.
 */
export function RefundButton({
  reference,
  paymentState,
  buyer,
  amount,
}: {
  reference: string | null;
  paymentState: string | null;
  buyer: string;
  amount: number | null;
}) {
  const [asking, setAsking] = useState(false);
  const navigation = useNavigation();
  const id = useId();
  // a free enrolment (₦0, decision 060) has nothing to refund: the server refuses it too
  if (!reference || !canRefund(paymentState) || amount === 0) return null;
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === INTENT &&
    navigation.formData?.get("reference") === reference;
  const money = amount === null ? "the amount paid" : formatNaira(amount, { decimals: 2 });
  const label = paymentState === "refund_failed" ? "Try refund again" : "Refund";
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value={INTENT} />
        <input type="hidden" name="reference" value={reference} />
        <button
          type="submit"
          aria-label={`${label}: ${buyer}, ${money}`}
          aria-disabled={busy || undefined}
          onClick={(event) => {
            event.preventDefault();
            if (!busy) setAsking(true);
          }}
          className={buttonClass("ghost", "sm", "border border-red-300 text-red-800 hover:bg-red-50")}
        >
          {busy ? "Working…" : label}
        </button>
      </Form>
      {asking && (
        <Modal labelledBy={`${id}-title`} describedBy={`${id}-note`} onClose={() => setAsking(false)}>
          <Form method="post" className="p-6" onSubmit={() => setAsking(false)}>
            <input type="hidden" name="intent" value={INTENT} />
            <input type="hidden" name="reference" value={reference} />
            <input type="hidden" name="confirmed" value="yes" />
            <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
              {REFUND_MESSAGES.confirm(buyer, money)}
            </h2>
            <p id={`${id}-note`} className="mt-2 text-slate-700">
              {REFUND_MESSAGES.confirmNote}
            </p>
            <div className="mt-4">
              <ReasonField id={`${id}-reason`} />
            </div>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <button
                type="button"
                data-autofocus
                onClick={() => setAsking(false)}
                className={buttonClass("ghost", "md")}
              >
                Cancel
              </button>
              <button type="submit" className={buttonClass("primary", "md", "bg-red-700 hover:bg-red-800")}>
                Refund {money}
              </button>
            </div>
          </Form>
        </Modal>
      )}
    </>
  );
}

/**
 * Where a page shows what its refund action answered: the question (asked in the page without
 * JavaScript), the password prompt (step-up), or a refusal (also as a toast). Nothing otherwise.
 */
export function RefundPanel({ answer, cancelTo }: { answer: unknown; cancelTo: string }) {
  const id = useId();
  const refund = refundAnswer(answer);
  const failure = refund && !refund.ok ? refund : null;
  const stepUp = stepUpOf(failure);
  useToast(stepUp ? undefined : (failure ?? undefined), failure?.formError, "error");
  if (!refund) return null;
  if (stepUp) {
    const v = stepUp.values;
    return (
      <StepUpPrompt
        intent={STEP_UP_INTENT}
        prompt={stepUp.formError ?? ""}
        error={stepUp.fieldErrors.password}
        answer={stepUp}
        summary={REFUND_MESSAGES.summary(v.label ?? "", "the whole amount")}
        fields={{ reference: v.reference ?? "", reason: v.reason ?? "" }}
        confirmLabel="Confirm and refund"
        cancelTo={cancelTo}
      />
    );
  }
  if (failure) {
    return (
      <Notice tone="error" className="mt-3 rounded-lg border px-4 py-3">
        {failure.formError}
      </Notice>
    );
  }
  if (!refund.ok) return null;
  return (
    <section aria-labelledby={`${id}-question`} className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4">
      <p id={`${id}-question`} role="alert" className="font-bold text-slate-900">
        {refund.message}
      </p>
      <p className="mt-1 text-sm text-slate-700">{REFUND_MESSAGES.confirmNote}</p>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={INTENT} />
        <input type="hidden" name="reference" value={refund.values.reference} />
        <input type="hidden" name="confirmed" value="yes" />
        <ReasonField id={`${id}-reason`} defaultValue={refund.values.reason} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass("primary", "md", "bg-red-700 hover:bg-red-800")}>
            Refund
          </button>
          <Link to={cancelTo} className={buttonClass("ghost", "md")}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
