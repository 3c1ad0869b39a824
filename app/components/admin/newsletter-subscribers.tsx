// /admin/newsletter's subscribers (spec admin-back-office §2 "Newsletter admin", §3 "Newsletter
// subscriber"; decision 037): their counts by state, the kit's GET filter form, the paged list with each
// row's delete (the kit's RowDelete) and, for a pending subscriber, "Resend confirmation" (issue 29), with
// what a delete or a resend answered above the list.
import { Form, useNavigation } from "react-router";
import { formatLagosDateTime } from "../../../contract/dates.ts";
import {
  NEWSLETTER_MESSAGES,
  SUBSCRIBER_STATE_LABELS,
  SUBSCRIBER_STATES,
  type Subscriber,
  type SubscriberPage,
} from "../../../contract/newsletter.ts";
import type { ActionResult } from "../../lib/action-result.ts";
import { buttonClass } from "../ui/button.tsx";
import { useToast } from "../ui/toast.tsx";
import { DataTable, type Column } from "./data-table.tsx";
import { FilterForm, filterHref, filterOptions, isFiltered, type FilterValues } from "./filter-form.tsx";
import { RowDelete, RowDeleteAnswer } from "./row-delete.tsx";

/** The list's GET filters. */
export const SUBSCRIBER_FILTERS = ["status", "search"] as const;
export type SubscriberFilters = FilterValues<(typeof SUBSCRIBER_FILTERS)[number]>;

/** What a row's "Resend confirmation" answers: done (with the message) or refused (with the reason). */
export type ResendAnswer = ActionResult<never, { id: string }, { id: string }>;

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

/** The subscribers' part of the page: counts, filters, the answers of a delete or a resend, the list. */
export function SubscriberList({
  path,
  filters,
  list,
  error,
  answer,
  resent,
  here,
}: {
  /** the screen's path, for the filter form and the pager */
  path: string;
  filters: SubscriberFilters;
  list: SubscriberPage;
  /** why the list could not be read, if it could not */
  error: string | null;
  /** the page action's last answer (a row delete's is shown here) */
  answer: unknown;
  resent: ResendAnswer | undefined;
  /** this page with its query, where a delete's question is cancelled to */
  here: string;
}) {
  const rows: Row[] = list.items.map((s) => ({ ...s, subscribed: formatLagosDateTime(s.subscribedAt) }));
  const filtered = isFiltered(filters);
  const states = SUBSCRIBER_STATES.map((s) => ({ value: s, label: SUBSCRIBER_STATE_LABELS[s] }));
  return (
    <>
      <p className="mt-4 text-sm text-slate-700">
        {SUBSCRIBER_STATES.map((s) => `${SUBSCRIBER_STATE_LABELS[s]}: ${list.counts[s]}`).join(" · ")}
      </p>
      <FilterForm
        id="subscribers"
        label="Subscriber filters"
        path={path}
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
      <RowDeleteAnswer answer={answer} cancelTo={here} />
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
          pager={{ label: "Subscriber pages", hrefFor: (p) => filterHref(path, filters, p) }}
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
    </>
  );
}
