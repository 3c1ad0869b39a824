// The pieces every account page shares (/login, /register, /forgot-password, /reset-password): a
// centred card, labelled fields with their hint and error, status notices in live regions, and a
// submit button with a pending state. One form pattern (conventions §20): a plain POST without
// JavaScript, React Router's <Form> with it; errors come back from the action beside their fields.
import { useEffect, useId, useRef, type ComponentProps, type RefObject } from "react";
import { Form, isRouteErrorResponse, Link } from "react-router";

/** The centred card of an account page, with its heading and the links below it. */
export function AuthPage({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <main id="main" className="bg-slate-50 px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">{title}</h1>
          {intro ? <p className="mt-2 text-slate-700">{intro}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-slate-700">{footer}</div> : null}
      </div>
    </main>
  );
}

export const textLink = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

/** A link styled as a text link, for the card's footer and notices. */
export function TextLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={textLink}>
      {children}
    </Link>
  );
}

type Tone = "success" | "error" | "info";

const toneClass: Record<Tone, string> = {
  success: "border-green-200 bg-green-50 text-green-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-brand-200 bg-brand-50 text-brand-950",
};

/**
 * A message about the whole form or page. Errors are alerts, the rest status messages: both live
 * regions, so a screen reader announces them when they appear after a submit. `focus` moves focus to
 * it when it mounts (the keyboard user lands on what changed).
 */
export function Notice({
  tone,
  title,
  children,
  id,
  focus = false,
}: {
  tone: Tone;
  title?: string;
  children?: React.ReactNode;
  id?: string;
  focus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 outline-none focus-visible:ring-4 focus-visible:ring-brand-200 ${toneClass[tone]}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1 text-sm" : ""}>{children}</div> : null}
    </div>
  );
}

/**
 * The form of an account page: a POST that React Router enhances (a plain one without JavaScript), with
 * the error about the whole form first. `describedByError` also names that error as the form's
 * description. `fallback` shows in the error's place when there is none (the register page's summary).
 */
export function AccountForm({
  formRef,
  error,
  errorId,
  describedByError = false,
  fallback,
  children,
  ...form
}: {
  formRef: RefObject<HTMLFormElement | null>;
  error?: string;
  errorId: string;
  describedByError?: boolean;
  fallback?: React.ReactNode;
  children: React.ReactNode;
} & Omit<ComponentProps<typeof Form>, "ref" | "method" | "replace" | "className" | "children">) {
  return (
    <Form
      ref={formRef}
      method="post"
      replace
      className="space-y-5"
      aria-describedby={describedByError && error ? errorId : undefined}
      {...form}
    >
      {error ? (
        <Notice tone="error" id={errorId}>
          {error}
        </Notice>
      ) : (
        fallback
      )}
      {children}
    </Form>
  );
}

/** "Please check the form": every field error as a link to its field (keyboard users jump straight there). */
export function ErrorSummary({ id, errors }: { id: string; errors: Array<{ fieldId: string; message: string }> }) {
  if (errors.length === 0) return null;
  return (
    <Notice tone="error" id={id} title="Please check the form.">
      <ul className="list-disc space-y-1 pl-5">
        {errors.map((e) => (
          <li key={e.fieldId}>
            <a href={`#${e.fieldId}`} className="underline underline-offset-2">
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </Notice>
  );
}

const inputBase =
  "mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-700";

/** A labelled input with an optional hint and its error, tied together with aria-describedby. */
export function Field({
  id,
  label,
  optional,
  hint,
  error,
  extraDescribedBy,
  invalid: markedInvalid,
  after,
  ...input
}: Omit<React.InputHTMLAttributes<HTMLInputElement>, "aria-invalid" | "aria-describedby"> & {
  id: string;
  name: string;
  label: string;
  optional?: boolean;
  hint?: React.ReactNode;
  error?: string;
  /** another element that describes the field (a form-level error about it) */
  extraDescribedBy?: string;
  /** invalid without an error of its own (the form-level error concerns it) */
  invalid?: boolean;
  /** shown on the label's line, at the right (e.g. "Forgot your password?") */
  after?: React.ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, extraDescribedBy ?? null].filter(Boolean).join(" ") || undefined;
  const invalid = !!error || !!markedInvalid;
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <label htmlFor={id} className="block font-semibold text-slate-900">
          {label}
          {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
        </label>
        {after}
      </div>
      <input
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={`${inputBase} ${invalid ? "border-red-700" : "border-slate-400"} ${
          input.type === "file"
            ? "px-2 py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
            : ""
        }`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-semibold text-red-700">
          <span className="sr-only">Error: </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form's submit button; while the request is under way it says so and ignores more clicks. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button
      type="submit"
      aria-disabled={pending || undefined}
      onClick={(e) => {
        if (pending) e.preventDefault();
      }}
      className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-80"
    >
      {pending ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
        />
      ) : null}
      {pending ? pendingLabel : label}
    </button>
  );
}

/**
 * After a submit answered with problems, focus goes to the first invalid field (its label and error
 * are read with it), or to the form-level message when no field is at fault.
 */
export function useFocusOnProblems(formRef: RefObject<HTMLFormElement | null>, result: unknown, messageId?: string) {
  useEffect(() => {
    if (!result) return;
    const form = formRef.current;
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (messageId) document.getElementById(messageId)?.focus();
  }, [formRef, result, messageId]);
}

/** Stable ids for a form's fields: `${prefix}-${name}`. */
export function useFieldIds<F extends string>(fields: readonly F[]): Record<F, string> {
  const prefix = useId().replace(/:/g, "");
  return Object.fromEntries(fields.map((f) => [f, `${prefix}-${f}`])) as Record<F, string>;
}

/** The account pages' error boundary: the site layout stays, with a way back. */
export function AccountError({ error, what }: { error: unknown; what: string }) {
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Please try again in a moment.";
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">We could not load {what}</h1>
      <p role="alert" className="mt-4 text-slate-700">
        {detail}
      </p>
      <p className="mt-8">
        <Link to="/" className={textLink}>
          Back to home
        </Link>
      </p>
    </main>
  );
}
