import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { STEP_UP_CODE, type ActionFailure } from "../../lib/action-result.ts";
import { buttonClass } from "../ui/button.tsx";
import { Field, Notice } from "../ui/form.tsx";

/**
 * The failure that asks for the password again (the one code, STEP_UP_CODE, which the action kernel's
 * withStepUp answers: app/lib/action.server.ts), if `answer` is one.
 */
export function stepUpOf<A>(answer: A | null | undefined): Extract<A, { ok: false }> | undefined {
  const a = answer as Partial<ActionFailure> | null | undefined;
  return a?.ok === false && a.code === STEP_UP_CODE ? (answer as Extract<A, { ok: false }>) : undefined;
}

/**
 * The step-up (spec public-area §6 "moderate" level): before a dangerous admin action whose last
 * password proof is too old, the page asks for the password again. A plain form posted to the same
 * action with the page's confirming intent and the intended change in hidden fields, so the change goes
 * through once the password is right, with or without JavaScript.
 */
export function StepUpPrompt({
  intent,
  prompt,
  summary,
  fields,
  error,
  confirmLabel,
  cancelTo,
  answer,
}: {
  /** the `intent` the confirmation posts (the page's action tells it from the first ask) */
  intent: string;
  /** the server's request, "Please confirm your password to continue." */
  prompt: string;
  /** what will happen once confirmed */
  summary: React.ReactNode;
  /** the intended change, carried through the confirmation */
  fields: Record<string, string>;
  error?: string;
  confirmLabel: string;
  cancelTo: string;
  /** the action's answer that showed this prompt: a new one empties the field and focuses it again */
  answer?: unknown;
}) {
  const id = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  // With JavaScript the prompt replaces the page in place: take focus to the field, and empty it after a
  // wrong password (the same error text twice is still a new answer).
  useEffect(() => {
    const input = passwordRef.current;
    if (!input) return;
    input.value = "";
    input.focus();
  }, [answer]);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mx-auto mt-8 max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        Confirm it is you
      </h2>
      <p id={`${id}-prompt`} className="mt-2 font-medium text-slate-800">
        {prompt}
      </p>
      <p className="mt-2 text-sm text-slate-600">{summary}</p>
      <Form method="post" className="mt-6 space-y-4" aria-describedby={`${id}-prompt`}>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {error && (
          <Notice tone="error" id={`${id}-error`} textClass="text-sm font-semibold text-red-800">
            {error}
          </Notice>
        )}
        <Field
          inputRef={passwordRef}
          id={`${id}-password`}
          name="password"
          label="Password"
          type="password"
          required
          autoComplete="current-password"
          invalid={!!error}
          extraDescribedBy={error ? `${id}-error` : undefined}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" aria-disabled={busy || undefined} className={buttonClass("primary", "md")}>
            {busy ? "Checking…" : confirmLabel}
          </button>
          <Link to={cancelTo} className={buttonClass("ghost", "md")}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
