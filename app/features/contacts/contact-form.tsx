import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { ActionResult } from "../../lib/action-result.ts";
import {
  Field,
  Notice,
  SelectField,
  SubmitButton,
  TextareaField,
  useContractCheck,
} from "../../components/ui/form.tsx";

// spec public-area §9: "Contact success message 5 seconds".
export const CONTACT_SUCCESS_MS = 5000;

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
/** The fields' labels: on the page and in the messages the server writes itself (NUL). */
export const CONTACT_LABELS: Record<ContactField, string> = {
  name: "Name",
  email: "Email",
  subject: "Subject",
  message: "Message",
};
export type ContactValues = Partial<Record<ContactField, string>>;

/** What the /contact action answers: the saved message's confirmation, or the problems and what was typed. */
export type ContactActionData = ActionResult<ContactField, ContactValues>;

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
  const serverErrors = result && !result.ok ? result : null;
  const busy = fetcher.state !== "idle";
  // The contract's schema (ContactInputSchema) checks the form before it is sent, once it has loaded.
  const check = useContractCheck({
    load: () => import("../../../contract/messaging/messaging.ts").then((m) => m.ContactInputSchema),
    fields: CONTACT_FIELDS,
    answer: result,
  });
  const errors = check.errors
    ? { formError: [...new Set(Object.values(check.errors))].join("; "), fieldErrors: check.errors }
    : serverErrors;

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
  const answered = check.errors ?? (fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : null);
  useEffect(() => {
    if (!answered) return;
    const first = CONTACT_FIELDS.find((f) => answered[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [answered]);

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

  const values = serverErrors?.values;
  const fieldError = (field: ContactField) => errors?.fieldErrors[field];

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      onFocus={check.formProps.onFocus}
      onSubmit={(e) => {
        if (busy) e.preventDefault();
        else check.formProps.onSubmit(e);
      }}
      className="space-y-6"
      aria-describedby={errors ? `${id}-form-error` : undefined}
    >
      {errors ? (
        <Notice tone="error" id={`${id}-form-error`} title="Please check the form." textClass="text-red-800">
          {errors.formError}
        </Notice>
      ) : null}

      <p className="text-sm text-slate-600">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          id={`${id}-name`}
          name="name"
          label={CONTACT_LABELS.name}
          optional
          type="text"
          autoComplete="name"
          maxLength={limits.name}
          defaultValue={values?.name}
          error={fieldError("name")}
          errorPrefix={false}
        />
        <Field
          id={`${id}-email`}
          name="email"
          label={CONTACT_LABELS.email}
          requiredMark
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          defaultValue={values?.email}
          error={fieldError("email")}
          errorPrefix={false}
        />
      </div>

      <SelectField
        id={`${id}-subject`}
        name="subject"
        label={CONTACT_LABELS.subject}
        options={subjects}
        defaultValue={values?.subject || subjects[0]}
        error={fieldError("subject")}
        errorPrefix={false}
      />

      <TextareaField
        id={`${id}-message`}
        name="message"
        label={CONTACT_LABELS.message}
        requiredMark
        required
        rows={6}
        maxLength={limits.message}
        defaultValue={values?.message}
        hint="Tell us which course or page your message is about, so we can help faster."
        error={fieldError("message")}
        errorPrefix={false}
      />

      <SubmitButton
        pending={busy}
        label="Send Message"
        pendingLabel="Sending…"
        className="w-full sm:w-auto"
        spinner={false}
      />
    </fetcher.Form>
  );
}
