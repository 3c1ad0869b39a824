// /admin/newsletter (spec admin-back-office §2 "Newsletter admin", §3 "Newsletter subscriber", "Bulk
// newsletter", §4, §5; issue 19; decision 037): the subscribers with their subscription time and state,
// paged and found by e-mail or state with the kit's GET filter form, each deleted after a question (the
// kit's RowDelete), the CSV export; the bulk e-mail's form with a preview rendered by the server (the
// same renderer as the e-mail itself, so it works without JavaScript), its send (a step-up action) and
// the history of sends with their progress, refreshed every two seconds while one is going out. A pending
// subscriber's row has "Resend confirmation" (issue 29): the confirmation e-mail again, at most one an
// hour per address (the service decides, and records it in the audit log).
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/newsletter";
import { formatLagosDateTime } from "../../../contract/dates.ts";
import {
  BULK_FIELDS,
  BULK_LIMITS,
  BULK_RESULT_MS,
  BulkEmailInputSchema,
  NEWSLETTER_MESSAGES,
  SUBSCRIBER_STATE_LABELS,
  SUBSCRIBER_STATES,
  type Campaign,
  type Subscriber,
  type SubscriberPage,
} from "../../../contract/newsletter.ts";
import { readPageNumber } from "../../../contract/paging.ts";
import type { ActionResult } from "../../lib/action-result.ts";
import { readAction, runAction, stay } from "../../lib/action.server.ts";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { toPageError } from "../../lib/page-errors.server.ts";
import { isRowDelete, rowDeleteAction } from "../../lib/row-delete.server.ts";
import type { RowDeleteResult } from "../../lib/row-delete.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { FilterForm, filterHref, filterOptions, isFiltered, readFilters } from "../../components/admin/filter-form.tsx";
import { RowDelete, RowDeleteAnswer } from "../../components/admin/row-delete.tsx";
import { StepUpPrompt, stepUpOf } from "../../components/admin/step-up-prompt.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Field, Notice, TextareaField } from "../../components/ui/form.tsx";
import { useToast } from "../../components/ui/toast.tsx";

const PATH = "/admin/newsletter";
const FILTERS = ["status", "search"] as const;
const EXPORT = "/backend/api/admin/newsletter/export";

type BulkField = (typeof BULK_FIELDS)[number];
type BulkValues = Record<BulkField, string>;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const filters = readFilters(url, FILTERS);
  const page = readPageNumber(url.searchParams);
  const campaigns = await ctx.services.newsletter.campaigns(actor, 10);
  const warnings = ctx.services.newsletter.bulkWarnings(actor);
  try {
    const list = await ctx.services.newsletter.listPage(actor, { ...filters, page });
    return { filters, list, campaigns, warnings, error: null };
  } catch (error) {
    const refused = toPageError(error);
    if (refused?.status === 401 || refused?.status === 403) throw error;
    if (!refused) console.error("admin newsletter: loading the list failed", error);
    const empty: SubscriberPage = {
      items: [],
      page,
      pageSize: 25,
      total: 0,
      counts: { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 },
    };
    return {
      filters,
      list: empty,
      campaigns,
      warnings,
      error: `${NEWSLETTER_MESSAGES.fetchFailed}${refused?.message ?? "Unknown error"}`,
    };
  }
}

/** What the compose form's posts answer: the preview, the send, or its refusal (a step-up among them). */
type BulkAnswer = ActionResult<
  BulkField | "password",
  BulkValues,
  { preview: { html: string; text: string } | null; values: BulkValues }
>;

/** What a row's "Resend confirmation" answers: done (with the message) or refused (with the reason). */
type ResendAnswer = ActionResult<never, { id: string }, { id: string }>;

/** How the compose form's fields are called, for the messages the kernel writes itself (NUL). */
const BULK_LABELS: Record<BulkField, string> = {
  subject: "Subject",
  message: "Message",
  backgroundColor: "Background color",
  imageUrl: "Image URL",
  videoUrl: "Video URL",
  linkUrl: "Link URL",
};

/**
 * The page's forms on the one action kernel: a row's delete, a row's resend (its answer shown above the
 * list), the compose form's preview and send (their answers shown beside the form: data, not a redirect,
 * as the spec's message goes after 3 seconds). The send is a dangerous action: the step-up.
 */
export async function action(args: Route.ActionArgs): Promise<BulkAnswer | RowDeleteResult | ResendAnswer | Response> {
  const call = await readAction(args, "admin");
  const { ctx, actor } = call;
  if (isRowDelete(call)) {
    return rowDeleteAction(
      call,
      {
        question: NEWSLETTER_MESSAGES.confirmDelete,
        deleted: NEWSLETTER_MESSAGES.deleted,
        failed: NEWSLETTER_MESSAGES.deleteFailed,
      },
      (id) => ctx.services.newsletter.remove(actor, id),
    );
  }
  if (call.intent === "resend") {
    const id = call.text("id").trim().slice(0, 100);
    return runAction(call, {
      intent: "resend",
      values: { id },
      run: () => ctx.services.newsletter.resendConfirmation(actor, id),
      refused: (refused) => `${NEWSLETTER_MESSAGES.resendFailed}${refused.message}`,
      done: ({ message }) => stay(message, { id }),
    });
  }
  const values = Object.fromEntries(
    BULK_FIELDS.map((f) => [f, call.text(f).slice(0, BULK_LIMITS.message)]),
  ) as BulkValues;
  const previewing = call.intent === "preview";
  const form = {
    values,
    form: { schema: BulkEmailInputSchema, fields: BULK_FIELDS, labels: BULK_LABELS, input: () => values },
    invalid: ({ fieldErrors }: { fieldErrors: Partial<Record<string, string>> }) => ({
      formError: previewing ? "Please correct the fields below." : NEWSLETTER_MESSAGES.bulkFailed,
      fieldErrors,
    }),
  };
  if (previewing) {
    return runAction(call, {
      ...form,
      intent: "bulk.preview",
      run: () => ctx.services.newsletter.preview(actor, values),
      done: (preview) => stay("", { preview, values }),
    });
  }
  const empty = Object.fromEntries(BULK_FIELDS.map((f) => [f, ""])) as BulkValues;
  return runAction(call, {
    ...form,
    intent: "bulk.send",
    stepUp: { posts: "confirm" },
    run: (_, acting) => ctx.services.newsletter.sendBulk(acting, values),
    refused: (refused) => `${NEWSLETTER_MESSAGES.bulkFailed}: ${refused.message}`,
    done: () => stay(NEWSLETTER_MESSAGES.bulkSent, { preview: null, values: empty }),
  });
}

type Row = Subscriber & { subscribed: string };

const columns: ReadonlyArray<Column<Row>> = [
  { key: "email", header: "E-mail", rowHeader: true, cell: (r) => <span className="break-all">{r.email}</span> },
  {
    key: "subscribed",
    header: "Subscribed",
    cell: (r) => (
      <time dateTime={r.subscribedAt} className="md:whitespace-nowrap">
        {r.subscribed}
      </time>
    ),
  },
  { key: "status", header: "State", cell: (r) => SUBSCRIBER_STATE_LABELS[r.status] },
];

/** A pending subscriber's "Resend confirmation": a plain form post, so it works without JavaScript. */
function ResendConfirmation({ subscriber }: { subscriber: Subscriber }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "resend" &&
    navigation.formData?.get("id") === subscriber._id;
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={subscriber._id} />
      <button
        type="submit"
        disabled={busy}
        aria-label={`${NEWSLETTER_MESSAGES.resend} to ${subscriber.email}`}
        className={buttonClass("ghost", "sm", "border border-slate-300")}
      >
        {busy ? "Sending…" : NEWSLETTER_MESSAGES.resend}
      </button>
    </Form>
  );
}

/** Above the list: what a resend answered (also a toast with JavaScript). */
function ResendResult({ answer }: { answer: ResendAnswer | undefined }) {
  useToast(answer, answer ? (answer.ok ? answer.message : answer.formError) : null, answer?.ok ? "success" : "error");
  if (!answer) return null;
  return answer.ok ? (
    <p role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-900">
      {answer.message}
    </p>
  ) : (
    <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900">
      {answer.formError}
    </p>
  );
}

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

function ComposeForm({ answer, warnings }: { answer: BulkAnswer | undefined; warnings: string[] }) {
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
      {preview ? (
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
      ) : null}
    </section>
  );
}

function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const done = campaign.sent + campaign.failed + campaign.unconfirmed;
  const total = Math.max(campaign.recipients, campaign.queued, 1);
  const state = campaign.status === "queuing" ? "Queuing" : campaign.status === "sending" ? "Sending" : "Done";
  return (
    <div className="min-w-48">
      <progress
        value={done}
        max={total}
        aria-label={`Progress of "${campaign.subject}"`}
        className="h-3 w-full accent-brand-700"
      />
      <p className="mt-1 text-sm text-slate-700">
        {state}: {campaign.queued} queued, {campaign.sent} sent, {campaign.failed} failed of {campaign.recipients}
      </p>
      {campaign.unconfirmed > 0 ? (
        <p className="mt-1 text-sm text-amber-900">
          {campaign.unconfirmed} unconfirmed: handed to the mail server, whose answer never came. Not sent again, as
          they may have arrived: see the Outbox.
        </p>
      ) : null}
    </div>
  );
}

function History({ campaigns }: { campaigns: Campaign[] }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const going = campaigns.some((c) => c.status !== "done");
  // while a send is going out, the figures are read again every 2 seconds (with JavaScript)
  useEffect(() => {
    if (!going) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [going, revalidator]);
  return (
    <section aria-labelledby="history-title" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="history-title" className="text-xl font-extrabold tracking-tight text-brand-950">
          Sends
        </h2>
        <Link to={`${location.pathname}${location.search}`} className="text-sm font-semibold text-brand-800 underline">
          Refresh
        </Link>
      </div>
      {campaigns.length === 0 ? (
        <p className="mt-3 text-slate-600">No bulk e-mail sent yet.</p>
      ) : (
        <ol
          className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label="Bulk e-mails sent, newest first"
        >
          {campaigns.map((c) => (
            <li key={c._id} className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_minmax(12rem,20rem)]">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{c.subject}</p>
                <p className="text-sm text-slate-600">
                  <time dateTime={c.createdAt}>{formatLagosDateTime(c.createdAt)}</time>
                  {c.createdBy ? ` by ${c.createdBy}` : ""} · {c.recipients}{" "}
                  {c.recipients === 1 ? "recipient" : "recipients"}
                </p>
              </div>
              <CampaignProgress campaign={c} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, list, campaigns, warnings, error } = loaderData;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const bulk =
    actionData && (actionData.intent === "bulk.send" || actionData.intent === "bulk.preview")
      ? (actionData as BulkAnswer)
      : undefined;
  const stepUp = stepUpOf(bulk);
  const resent = actionData && actionData.intent === "resend" ? (actionData as ResendAnswer) : undefined;
  const rows: Row[] = list.items.map((s) => ({ ...s, subscribed: formatLagosDateTime(s.subscribedAt) }));
  const filtered = isFiltered(filters);
  const states = SUBSCRIBER_STATES.map((s) => ({ value: s, label: SUBSCRIBER_STATE_LABELS[s] }));
  const exportHref = filterHref(EXPORT, filters);

  const header = (
    <AdminPageHeader
      title="Newsletter subscribers"
      lead="Who subscribed and when, newest first (Lagos time). Only confirmed addresses receive bulk e-mail."
    >
      <a href={exportHref} className={buttonClass("ghost", "md", "border border-slate-300")} download>
        Export CSV
      </a>
    </AdminPageHeader>
  );

  if (stepUp) {
    return (
      <>
        {header}
        <StepUpPrompt
          intent="confirm"
          prompt={stepUp.formError ?? ""}
          error={stepUp.fieldErrors.password}
          answer={stepUp}
          summary={`The bulk e-mail "${stepUp.values.subject}" goes to ${list.counts.confirmed} confirmed subscribers.`}
          fields={stepUp.values}
          confirmLabel="Confirm and send"
          cancelTo={here}
        />
      </>
    );
  }

  return (
    <>
      {header}
      <p className="mt-4 text-sm text-slate-700">
        {SUBSCRIBER_STATES.map((s) => `${SUBSCRIBER_STATE_LABELS[s]}: ${list.counts[s]}`).join(" · ")}
      </p>
      <FilterForm
        id="subscribers"
        label="Subscriber filters"
        path={PATH}
        values={filters}
        controls={[
          {
            kind: "select",
            name: "status",
            label: "State",
            options: filterOptions("Any state", states, filters.status),
          },
          { kind: "search", name: "search", label: "E-mail", placeholder: "Part of an address" },
        ]}
      />
      <RowDeleteAnswer answer={actionData} cancelTo={here} />
      <ResendResult answer={resent} />
      <section aria-labelledby="subscribers-title" className="mt-8">
        <h2 id="subscribers-title" className="text-lg font-bold text-slate-900">
          {filtered
            ? `${list.total} ${list.total === 1 ? "subscriber matches" : "subscribers match"} these filters`
            : `${list.total} ${list.total === 1 ? "subscriber" : "subscribers"}`}
        </h2>
        <DataTable
          labelledBy="subscribers-title"
          columns={columns}
          rows={rows}
          rowKey={(r) => r._id}
          error={error}
          empty={filtered ? "No subscriber matches these filters." : "No subscribers yet."}
          page={list}
          pager={{ label: "Subscriber pages", hrefFor: (p) => filterHref(PATH, filters, p) }}
          actions={(r) => (
            <div className="flex flex-wrap items-center gap-2">
              {r.status === "pending" ? <ResendConfirmation subscriber={r} /> : null}
              <RowDelete
                id={r._id}
                label={r.email}
                accessibleLabel={`Delete the subscriber ${r.email}`}
                question={NEWSLETTER_MESSAGES.confirmDelete(r.email)}
              />
            </div>
          )}
        />
      </section>
      <ComposeForm answer={bulk} warnings={warnings} />
      <History campaigns={campaigns} />
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Newsletter subscribers", matches[0]?.loaderData?.siteName);
}
