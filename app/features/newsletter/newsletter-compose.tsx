// /admin/newsletter's bulk e-mail (spec admin-back-office §2 "Newsletter admin", "Bulk newsletter", §4;
// decision 037): the compose form, posted to the page's action for a preview rendered by the server (the
// same renderer as the e-mail itself, so it works without JavaScript) or for the send (a step-up action:
// its password prompt is the page's), the send's result beside the form and the preview under it.
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { BULK_FIELDS, BULK_LIMITS, BULK_RESULT_MS } from "../../../contract/messaging/newsletter.ts";
import type { ActionResult, FieldErrors } from "../../lib/action-result.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Field, Notice, TextareaField } from "../../components/ui/form.tsx";
import { stepUpOf } from "../../components/admin/step-up-prompt.tsx";

export type BulkField = (typeof BULK_FIELDS)[number];
export type BulkValues = Record<BulkField, string>;
type Preview = { html: string; text: string };

/** What the compose form's posts answer: the preview, the send, or its refusal (a step-up among them). */
export type BulkAnswer = ActionResult<
  BulkField | "password",
  BulkValues,
  { preview: Preview | null; values: BulkValues }
>;

/** The spec's result message beside the form, gone after 3 seconds (spec §4); without JavaScript it stays. */
function BulkResult({ answer }: { answer: BulkAnswer | undefined }) {
  // the answer whose 3 seconds are over
  const [expired, setExpired] = useState<BulkAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer) return;
    const timer = setTimeout(() => setExpired(answer), BULK_RESULT_MS);
    return () => clearTimeout(timer);
  }, [answer]);
  const shown = answer && answer !== expired ? answer : undefined;
  const message = shown ? (shown.ok ? shown.message : shown.formError) : "";
  return (
    <div aria-live="polite" className="mt-4 min-h-0">
      {shown && message ? (
        <p
          role={shown.ok ? "status" : "alert"}
          className={`rounded-lg border px-4 py-3 font-semibold ${
            shown.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-900"
          }`}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The bulk e-mail's six fields, filled with what the last answer gave back. */
function ComposeFields({
  values,
  errors,
}: {
  values: Partial<BulkValues>;
  errors: FieldErrors<BulkField | "password">;
}) {
  return (
    <>
      <Field
        id="bulk-subject"
        name="subject"
        label="Subject"
        required
        maxLength={BULK_LIMITS.subject}
        defaultValue={values.subject ?? ""}
        error={errors.subject}
      />
      <TextareaField
        id="bulk-message"
        name="message"
        label="Message"
        required
        rows={8}
        maxLength={BULK_LIMITS.message}
        defaultValue={values.message ?? ""}
        error={errors.message}
        hint="Plain text; a blank line starts a new paragraph."
      />
      <Field
        id="bulk-background"
        name="backgroundColor"
        label="Background color"
        optional
        placeholder="#f1f5f9"
        pattern="#[0-9a-fA-F]{6}"
        defaultValue={values.backgroundColor ?? ""}
        error={errors.backgroundColor}
        hint="The color around the message, written #rrggbb."
      />
      <Field
        id="bulk-image"
        name="imageUrl"
        label="Image URL"
        type="url"
        optional
        defaultValue={values.imageUrl ?? ""}
        error={errors.imageUrl}
      />
      <Field
        id="bulk-video"
        name="videoUrl"
        label="Video URL"
        type="url"
        optional
        defaultValue={values.videoUrl ?? ""}
        error={errors.videoUrl}
        hint="Shown as a picture linked to the video (mail apps play no video)."
      />
      <Field
        id="bulk-link"
        name="linkUrl"
        label="Link URL"
        type="url"
        optional
        defaultValue={values.linkUrl ?? ""}
        error={errors.linkUrl}
        hint="A Read more button."
      />
    </>
  );
}

/** The e-mail as the server rendered it, in a sandboxed frame, and its plain-text part. */
function BulkPreview({ preview }: { preview: Preview }) {
  return (
    <section aria-labelledby="preview-title" className="mt-6">
      <h3 id="preview-title" className="text-lg font-bold text-slate-900">
        Preview
      </h3>
      <p className="text-sm text-slate-600">The message as a subscriber will see it.</p>
      <iframe
        title="Preview of the e-mail"
        srcDoc={preview.html}
        sandbox=""
        className="mt-3 h-[36rem] w-full rounded-lg border border-slate-300 bg-white"
      />
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-800">The plain-text part</summary>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap">
          {preview.text}
        </pre>
      </details>
    </section>
  );
}

export function ComposeForm({ answer, warnings }: { answer: BulkAnswer | undefined; warnings: string[] }) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const failure = answer && !answer.ok ? answer : undefined;
  const values: Partial<BulkValues> = failure ? failure.values : answer?.ok ? answer.values.values : {};
  const preview = answer?.ok ? answer.values.preview : null;
  const errors = failure?.fieldErrors ?? {};
  // a new answer (a sent one empties the form) puts its values in the fields
  const key = JSON.stringify(values);
  const sendResult =
    answer &&
    answer.intent === "bulk.send" &&
    !stepUpOf(failure) &&
    !failure?.fieldErrors.subject &&
    !failure?.fieldErrors.message
      ? answer
      : undefined;
  return (
    <section aria-labelledby="compose-title" className="mt-10 max-w-3xl">
      <h2 id="compose-title" className="text-xl font-extrabold tracking-tight text-brand-950">
        Send a bulk e-mail
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        It goes to the confirmed subscribers only, each with a personal unsubscribe link.
      </p>
      {warnings.map((warning) => (
        <Notice key={warning} tone="info" title="Before you send" className="mt-4 rounded-lg border px-4 py-3">
          {warning}
        </Notice>
      ))}
      <Form key={key} method="post" ref={formRef} className="mt-4 space-y-4" noValidate={false}>
        {failure && failure.intent === "bulk.preview" && failure.formError ? (
          <Notice tone="error">{failure.formError}</Notice>
        ) : null}
        <ComposeFields values={values} errors={errors} />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="preview"
            className={buttonClass("ghost", "md", "border border-slate-300")}
          >
            {busy === "preview" ? "Rendering…" : "Preview"}
          </button>
          <button
            type="submit"
            name="intent"
            value="send"
            aria-disabled={busy === "send" || undefined}
            className={buttonClass("primary", "md")}
          >
            {busy === "send" ? "Sending…" : "Send bulk email"}
          </button>
        </div>
      </Form>
      <BulkResult answer={sendResult} />
      {preview ? <BulkPreview preview={preview} /> : null}
    </section>
  );
}
