// /admin/contacts's response box (spec admin-back-office §2 "Contacts admin", §8 "Contacts"; issue 19;
// decision 033), the screen's own part of its Message cell: the request's text, the responses sent, and
// Respond, a <details> (it opens without JavaScript too) with the response's form. Its Preview shows the
// e-mail as it will be sent (issue 29): recipient, Reply-To, subject and the text, made on the server by
// the same code as the e-mail. A failure or a preview stays in its request's box.
import { useRef } from "react";
import { useNavigation } from "react-router";
import { RESPONSE_MAX, type ContactRequest, type ResponsePreview } from "../../../contract/messaging/contacts.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import type { ActionResult } from "../../lib/action-result.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { PageForm, SubmitButton, TextareaField } from "../../components/ui/form.tsx";

/** What the response's form answers: a failure (`contacts.respond`) or a preview (`contacts.preview`). */
export type RespondAnswer = ActionResult<
  "response",
  { contactId: string; response?: string; email?: string },
  { contactId: string; response: string; preview: ResponsePreview }
>;

type Row = ContactRequest;
export type RespondFailure = Extract<RespondAnswer, { ok: false }>;
export type RespondPreview = Extract<RespondAnswer, { ok: true }>;

/** The e-mail a response makes, as its recipient will read it (the plain-text part, with its headers). */
function ResponsePreviewBox({ preview, id }: { preview: ResponsePreview; id: string }) {
  return (
    <section aria-labelledby={`${id}-preview-title`} className="rounded-lg border border-slate-300 bg-slate-50 p-3">
      <h3 id={`${id}-preview-title`} className="text-sm font-bold text-slate-900">
        Preview of the e-mail
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">To</dt>
        <dd className="break-all text-slate-900">{preview.to}</dd>
        <dt className="font-semibold text-slate-700">Reply-To</dt>
        <dd className="break-all text-slate-900">{preview.replyTo}</dd>
        <dt className="font-semibold text-slate-700">Subject</dt>
        <dd className="break-words text-slate-900">{preview.subject}</dd>
      </dl>
      <pre className="mt-3 max-h-96 overflow-auto rounded border border-slate-200 bg-white p-3 font-sans text-sm break-words whitespace-pre-wrap text-slate-800">
        {preview.text}
      </pre>
    </section>
  );
}

function RespondBox({
  row,
  failure,
  previewed,
}: {
  row: Row;
  failure: RespondFailure | undefined;
  previewed: RespondPreview | undefined;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const mine = failure?.values.contactId === row._id ? failure : undefined;
  const preview = previewed?.values.contactId === row._id ? previewed : undefined;
  const previewing =
    navigation.state !== "idle" &&
    navigation.formData?.get("contactId") === row._id &&
    navigation.formData?.get("preview") === "yes";
  const sending =
    navigation.state !== "idle" &&
    navigation.formData?.get("contactId") === row._id &&
    navigation.formData?.get("intent") === "respond" &&
    navigation.formData?.get("preview") !== "yes";
  const id = `respond-${row._id}`;
  return (
    <details className="mt-3" open={mine || preview ? true : undefined}>
      <summary className="inline-flex cursor-pointer rounded-lg border border-brand-300 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50">
        Respond<span className="sr-only"> to {row.email}</span>
      </summary>
      <PageForm formRef={formRef} errorId={`${id}-error`} error={mine?.formError} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="respond" />
        <input type="hidden" name="contactId" value={row._id} />
        <input type="hidden" name="email" value={row.email} />
        <TextareaField
          id={`${id}-text`}
          name="response"
          label={`Response to ${row.email}`}
          look="dense"
          rows={5}
          maxLength={RESPONSE_MAX}
          required
          defaultValue={mine?.values.response ?? preview?.values.response ?? ""}
          error={mine?.fieldErrors.response}
          hint={`Sent by e-mail as "Re: ${row.subject}". Preview shows the e-mail as it will be sent.`}
        />
        {preview ? <ResponsePreviewBox preview={preview.values.preview} id={id} /> : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <SubmitButton pending={sending} label="Send response" pendingLabel="Sending…" className="w-full sm:w-auto" />
          <button
            type="submit"
            name="preview"
            value="yes"
            disabled={previewing}
            className={buttonClass("ghost", "md", "w-full border border-slate-300 sm:w-auto")}
          >
            {previewing ? "Preparing preview…" : "Preview"}
          </button>
        </div>
      </PageForm>
    </details>
  );
}

/** The Message cell: the request, its responses, its response box. */
export function RequestMessage({
  row,
  failure,
  previewed,
}: {
  row: Row;
  failure: RespondFailure | undefined;
  previewed: RespondPreview | undefined;
}) {
  return (
    <div className="min-w-0 max-w-prose">
      <p className="break-words whitespace-pre-wrap text-slate-800">{row.message}</p>
      {row.responses.length > 0 && (
        <ol aria-label={`Responses to ${row.email}`} className="mt-3 space-y-2 border-l-2 border-brand-200 pl-3">
          {row.responses.map((r) => (
            <li key={r._id} className="text-sm">
              <p className="font-semibold text-slate-900">
                Response of <time dateTime={r.sentAt}>{formatLagosDateTime(r.sentAt)}</time>
                {r.by.name ? ` by ${r.by.name}` : ""}
              </p>
              <p className="break-words whitespace-pre-wrap text-slate-700">{r.response}</p>
            </li>
          ))}
        </ol>
      )}
      <RespondBox row={row} failure={failure} previewed={previewed} />
    </div>
  );
}
