import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";

// spec public-area §9: "Contact success message 5 seconds".
export const CONTACT_SUCCESS_MS = 5000;

export type ContactField = "name" | "email" | "subject" | "message";
export type ContactValues = Record<ContactField, string>;

/** What the /contact action answers: the saved message's confirmation, or the problems and what was typed. */
export type ContactActionData =
  | { ok: true; message: string }
  | { ok: false; formError: string; fieldErrors: Partial<Record<ContactField, string>>; values: ContactValues };

const FIELD_ORDER: ContactField[] = ["name", "email", "subject", "message"];

/**
 * The contact form (spec public-area §2 "Contact", §5). A plain POST to the route's action without
 * JavaScript; with it, a fetcher submits in place. After success the message shows for 5 seconds, then
 * the form returns empty. On errors the server's messages show beside the fields and the input is kept.
 */
export function ContactForm({
  subjects,
  limits,
  actionData,
}: {
  subjects: readonly string[];
  limits: { name: number; message: number };
  actionData: ContactActionData | undefined;
}) {
  const id = useId();
  const fetcher = useFetcher<ContactActionData>();
  const result = fetcher.data ?? actionData;
  const [dismissed, setDismissed] = useState<ContactActionData | null>(null);
  const showSuccess = result?.ok === true && result !== dismissed;
  const errors = result && !result.ok ? result : null;
  const busy = fetcher.state !== "idle";

  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const focusFormOnReturn = useRef(false);

  // Success: show the message for 5 seconds, then bring the form back (it remounts empty).
  useEffect(() => {
    if (!result?.ok || result === dismissed) return;
    const timer = setTimeout(() => {
      focusFormOnReturn.current = successRef.current?.contains(document.activeElement) ?? false;
      setDismissed(result);
    }, CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [result, dismissed]);

  // Move focus with the content, so keyboard and screen-reader users are not left on a removed element.
  useEffect(() => {
    if (showSuccess && fetcher.data === result) successRef.current?.focus();
  }, [showSuccess, fetcher.data, result]);
  useEffect(() => {
    if (!showSuccess && focusFormOnReturn.current) {
      focusFormOnReturn.current = false;
      formRef.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
    }
  }, [showSuccess]);
  useEffect(() => {
    const data = fetcher.data;
    if (!data || data.ok) return;
    const first = FIELD_ORDER.find((f) => data.fieldErrors[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [fetcher.data]);

  if (result?.ok && showSuccess) {
    return (
      <div
        ref={successRef}
        tabIndex={-1}
        role="status"
        className="rounded-2xl border border-green-200 bg-green-50 p-8 text-center outline-none focus-visible:ring-4 focus-visible:ring-green-300"
      >
        <span
          aria-hidden="true"
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-700 text-2xl text-white"
        >
          ✓
        </span>
        <p className="mt-4 text-xl font-bold text-slate-900">{result.message}</p>
        <p className="mt-2 text-slate-700">We read every message and reply by e-mail.</p>
        <Link
          to="/contact"
          onClick={(e) => {
            // With JavaScript, bring the form back now instead of waiting for the 5 seconds.
            e.preventDefault();
            focusFormOnReturn.current = true;
            setDismissed(result);
          }}
          className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4"
        >
          Send another message
        </Link>
      </div>
    );
  }

  const values = errors?.values;
  const fieldError = (field: ContactField) => errors?.fieldErrors[field];
  const describedBy = (field: ContactField, hint?: string) =>
    [hint, fieldError(field) ? `${id}-${field}-error` : null].filter(Boolean).join(" ") || undefined;
  const inputClass = (field: ContactField) =>
    `mt-1.5 block w-full rounded-lg border px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-700 ${
      fieldError(field) ? "border-red-700" : "border-slate-400"
    }`;
  const errorText = (field: ContactField) =>
    fieldError(field) ? (
      <p id={`${id}-${field}-error`} className="mt-1.5 text-sm font-semibold text-red-700">
        {fieldError(field)}
      </p>
    ) : null;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      onSubmit={(e) => {
        if (busy) e.preventDefault();
      }}
      className="space-y-6"
      aria-describedby={errors ? `${id}-form-error` : undefined}
    >
      {errors ? (
        <div
          id={`${id}-form-error`}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800"
        >
          <p className="font-semibold">Please check the form.</p>
          <p className="mt-1 text-sm">{errors.formError}</p>
        </div>
      ) : null}

      <p className="text-sm text-slate-600">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="block font-semibold text-slate-900">
            Name <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input
            id={`${id}-name`}
            name="name"
            type="text"
            autoComplete="name"
            maxLength={limits.name}
            defaultValue={values?.name}
            aria-invalid={fieldError("name") ? true : undefined}
            aria-describedby={describedBy("name")}
            className={inputClass("name")}
          />
          {errorText("name")}
        </div>

        <div>
          <label htmlFor={`${id}-email`} className="block font-semibold text-slate-900">
            Email{" "}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            defaultValue={values?.email}
            aria-invalid={fieldError("email") ? true : undefined}
            aria-describedby={describedBy("email")}
            className={inputClass("email")}
          />
          {errorText("email")}
        </div>
      </div>

      <div>
        <label htmlFor={`${id}-subject`} className="block font-semibold text-slate-900">
          Subject
        </label>
        <select
          id={`${id}-subject`}
          name="subject"
          defaultValue={values?.subject || subjects[0]}
          aria-invalid={fieldError("subject") ? true : undefined}
          aria-describedby={describedBy("subject")}
          className={`${inputClass("subject")} bg-white`}
        >
          {subjects.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {errorText("subject")}
      </div>

      <div>
        <label htmlFor={`${id}-message`} className="block font-semibold text-slate-900">
          Message{" "}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          required
          rows={6}
          maxLength={limits.message}
          defaultValue={values?.message}
          aria-invalid={fieldError("message") ? true : undefined}
          aria-describedby={describedBy("message", `${id}-message-hint`)}
          className={`${inputClass("message")} resize-y`}
        />
        <p id={`${id}-message-hint`} className="mt-1.5 text-sm text-slate-600">
          Tell us which course or page your message is about, so we can help faster.
        </p>
        {errorText("message")}
      </div>

      <button
        type="submit"
        aria-disabled={busy || undefined}
        className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-80 sm:w-auto"
      >
        {busy ? "Sending…" : "Send Message"}
      </button>
    </fetcher.Form>
  );
}
