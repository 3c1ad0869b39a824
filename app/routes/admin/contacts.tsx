// /admin/contacts (spec admin-back-office §2 "Contacts admin", §4, §8 "Contacts"; issue 19; decisions 004,
// 033): the requests newest first, filtered by status and subject and found by e-mail with the kit's GET
// filter form; Respond opens a response box under the request (a <details>, so it opens without
// JavaScript too) and sends the response by e-mail; Delete after a confirmation. One form → result →
// message path: a success comes back to the same list with its message, a failure stays beside its form.
// The box's Preview shows the e-mail as it will be sent (issue 29): recipient, Reply-To, subject and the
// text, made on the server by the same code as the e-mail, so it works without JavaScript.
import { useRef } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/contacts";
import {
  CONTACT_MESSAGES,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  RESPONSE_MAX,
  type ContactRequest,
  type ResponsePreview,
} from "../../../contract/contacts.ts";
import { formatLagosDateTime } from "../../../contract/dates.ts";
import { CONTACT_SUBJECTS } from "../../../contract/messaging.ts";
import { readPageNumber } from "../../../contract/paging.ts";
import type { ActionResult } from "../../lib/action-result.ts";
import { readAction, runAction, stay } from "../../lib/action.server.ts";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { toPageError, type PageError } from "../../lib/page-errors.server.ts";
import { isRowDelete, rowDeleteAction } from "../../lib/row-delete.server.ts";
import type { RowDeleteResult } from "../../lib/row-delete.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { FilterForm, filterHref, filterOptions, isFiltered, readFilters } from "../../components/admin/filter-form.tsx";
import { RowDelete, RowDeleteAnswer } from "../../components/admin/row-delete.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { PageForm, SubmitButton, TextareaField } from "../../components/ui/form.tsx";
import { useToast } from "../../components/ui/toast.tsx";

const PATH = "/admin/contacts";
const FILTERS = ["status", "subject", "search"] as const;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const filters = readFilters(url, FILTERS);
  const page = readPageNumber(url.searchParams);
  try {
    const list = await ctx.services.contacts.listPage(actor, { ...filters, page });
    return { filters, list, error: null };
  } catch (error) {
    const refused = toPageError(error);
    if (refused?.status === 401 || refused?.status === 403) throw error;
    if (!refused) console.error("admin contacts: loading the list failed", error);
    return {
      filters,
      list: { items: [] as ContactRequest[], page, pageSize: 25, total: 0 },
      error: `${CONTACT_MESSAGES.fetchFailed}${refused?.message ?? CONTACT_MESSAGES.unknownError}`,
    };
  }
}

type Answer = ActionResult<
  "response",
  { contactId: string; response?: string; email?: string },
  { contactId: string; response: string; preview: ResponsePreview }
>;

export async function action(args: Route.ActionArgs): Promise<Answer | RowDeleteResult | Response> {
  const call = await readAction(args, "admin");
  const { ctx, actor } = call;
  if (isRowDelete(call)) {
    return rowDeleteAction(
      call,
      {
        question: CONTACT_MESSAGES.confirmDelete,
        deleted: CONTACT_MESSAGES.deleted,
        failed: "Failed to delete contact: ",
      },
      (id) => ctx.services.contacts.remove(actor, id),
    );
  }
  const contactId = call.text("contactId").trim();
  const response = call.text("response");
  // the service's reason (a 422 about the response beside its field)
  const refused = (prefix: string) => (refusal: PageError) => {
    const reason = refusal.message || CONTACT_MESSAGES.unknownError;
    const beside = refusal.status === 422 && /Response/.test(reason);
    return { formError: `${prefix}${reason}`, fieldErrors: beside ? { response: reason } : {} };
  };
  const respond = { intent: "contacts.respond", values: { contactId, response } };
  if (call.text("preview") === "yes") {
    // the e-mail as it will be sent, shown beside the box: data, not a redirect
    return runAction(call, {
      ...respond,
      run: () => ctx.services.contacts.previewResponse(actor, { contactId, response }),
      refused: refused(""),
      done: (preview) => stay("", { contactId, response, preview }, "contacts.preview"),
    });
  }
  return runAction(call, {
    ...respond,
    run: () => ctx.services.contacts.respond(actor, { contactId, response, email: call.text("email") || undefined }),
    refused: refused(CONTACT_MESSAGES.respondFailed),
    done: () => CONTACT_MESSAGES.responded,
  });
}

type Row = ContactRequest & { received: string };

type Failure = Extract<Answer, { ok: false }>;
type Preview = Extract<Answer, { ok: true }>;

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
  failure: Failure | undefined;
  previewed: Preview | undefined;
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

function Message({
  row,
  failure,
  previewed,
}: {
  row: Row;
  failure: Failure | undefined;
  previewed: Preview | undefined;
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

/** The list's columns; a failed response shows in its request's box. */
const columnsFor = (failure: Failure | undefined, previewed: Preview | undefined): ReadonlyArray<Column<Row>> => [
  {
    key: "email",
    header: "From",
    rowHeader: true,
    cell: (r) => (
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">{r.name || CONTACT_MESSAGES.noName}</p>
        <p className="text-sm break-all text-slate-700">{r.email}</p>
      </div>
    ),
  },
  { key: "subject", header: "Subject", cell: (r) => r.subject },
  {
    key: "message",
    header: "Message",
    wide: true,
    cell: (r) => <Message row={r} failure={failure} previewed={previewed} />,
  },
  {
    key: "received",
    header: "Received",
    cell: (r) => (
      <time dateTime={r.createdAt} className="md:whitespace-nowrap">
        {r.received}
      </time>
    ),
  },
  {
    key: "status",
    header: "Status",
    cell: (r) => CONTACT_STATUS_LABELS[r.status as keyof typeof CONTACT_STATUS_LABELS] ?? r.status,
  },
];

export default function AdminContacts({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, list, error } = loaderData;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const failure =
    actionData && !actionData.ok && actionData.intent === "contacts.respond" ? (actionData as Failure) : undefined;
  useToast(failure, failure?.formError, "error");
  const previewed =
    actionData && actionData.ok && "intent" in actionData && actionData.intent === "contacts.preview"
      ? (actionData as Preview)
      : undefined;
  const rows: Row[] = list.items.map((c) => ({ ...c, received: formatLagosDateTime(c.createdAt) }));
  const filtered = isFiltered(filters);
  const statuses = CONTACT_STATUSES.map((s) => ({ value: s, label: CONTACT_STATUS_LABELS[s] }));
  const subjects = CONTACT_SUBJECTS.map((s) => ({ value: s, label: s }));

  return (
    <>
      <AdminPageHeader
        title="Contact requests"
        lead="Messages sent through the contact page, newest first. Respond by e-mail from here; times are Lagos time."
      />
      <FilterForm
        id="contacts"
        label="Contact request filters"
        path={PATH}
        values={filters}
        controls={[
          {
            kind: "select",
            name: "status",
            label: "Status",
            options: filterOptions("Any status", statuses, filters.status),
          },
          {
            kind: "select",
            name: "subject",
            label: "Subject",
            options: filterOptions("Any subject", subjects, filters.subject),
          },
          { kind: "search", name: "search", label: "E-mail", placeholder: "Part of an address" },
        ]}
      />
      <RowDeleteAnswer answer={actionData} cancelTo={here} />
      <section aria-labelledby="contacts-title" className="mt-8">
        <h2 id="contacts-title" className="text-lg font-bold text-slate-900">
          {filtered
            ? `${list.total} ${list.total === 1 ? "request matches" : "requests match"} these filters`
            : `${list.total} ${list.total === 1 ? "request" : "requests"}`}
        </h2>
        <DataTable
          labelledBy="contacts-title"
          columns={columnsFor(failure, previewed)}
          rows={rows}
          rowKey={(r) => r._id}
          error={error}
          empty={filtered ? "No contact request matches these filters." : "No contact requests yet."}
          page={list}
          pager={{ label: "Contact request pages", hrefFor: (p) => filterHref(PATH, filters, p) }}
          actions={(r) => (
            <RowDelete
              id={r._id}
              label={r.email}
              accessibleLabel={`Delete the request from ${r.email}`}
              question={CONTACT_MESSAGES.confirmDelete(r.email)}
            />
          )}
        />
      </section>
      <p className="mt-6 text-sm text-slate-600">
        Replies go out through the mail queue; see them in the{" "}
        <Link to="/admin/outbox" className="font-medium text-brand-800 underline">
          Outbox
        </Link>
        .
      </p>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Contact requests", matches[0]?.loaderData?.siteName);
}
