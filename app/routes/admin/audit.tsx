// /admin/audit ("Audit log"; issue 16, beyond the spec): what admins did, newest first, 25 to a page,
// filtered by admin, resource and Lagos calendar day with a GET form (it works without JavaScript);
// each entry links to its item where it still is. The loader reads the audit service, never the tables.
import { Link } from "react-router";
import type { Route } from "./+types/audit";
import {
  AUDIT_MESSAGES,
  auditFieldLabel,
  auditValueText,
  describeAuditAction,
  shortAuditValue,
} from "../../../contract/admin/audit.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import { readPageNumber } from "../../../contract/lib/paging.ts";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { toPageError } from "../../lib/page-errors.server.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { FilterForm, filterHref, filterOptions, isFiltered, readFilters } from "../../components/admin/filter-form.tsx";

const PATH = "/admin/audit";
const FILTERS = ["actorId", "resource", "from", "to"] as const;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const filters = readFilters(url, FILTERS);
  const choices = await ctx.services.audit.filters(actor);
  // A date typed by hand that is no day, or from after to: the service's message, and no list.
  let error: string | null = null;
  let result = {
    items: [] as Awaited<ReturnType<typeof ctx.services.audit.listPage>>["items"],
    page: 1,
    pageSize: 25,
    total: 0,
  };
  try {
    result = await ctx.services.audit.listPage(actor, { ...filters, page: readPageNumber(url.searchParams) });
  } catch (caught) {
    const refused = toPageError(caught);
    if (refused?.code !== "invalid") throw caught;
    error = refused.message;
  }
  return {
    filters,
    choices,
    error,
    page: result.page,
    pageSize: result.pageSize,
    total: result.total,
    entries: result.items.map((entry) => ({
      id: entry.id,
      time: formatLagosDateTime(entry.at),
      timeIso: entry.at,
      actor: entry.actor,
      what: describeAuditAction(entry),
      item: { label: entry.itemLabel || "(no name)", href: entry.href },
      changes: Object.entries(entry.changes).map(([field, change]) => {
        const before = auditValueText(change.before);
        const after = auditValueText(change.after);
        return {
          field: auditFieldLabel(entry.resource, field),
          before: { full: before, ...shortAuditValue(before) },
          after: { full: after, ...shortAuditValue(after) },
        };
      }),
    })),
  };
}

type EntryRow = Route.ComponentProps["loaderData"]["entries"][number];
type Change = EntryRow["changes"][number];

/** A value as the list shows it: cut after 80 characters, the whole text in its title. */
function Value({ value }: { value: Change["before"] }) {
  return (
    <span className="break-words" title={value.cut ? value.full : undefined}>
      {value.shown}
    </span>
  );
}

function Changes({ changes }: { changes: EntryRow["changes"] }) {
  if (changes.length === 0) return <span className="text-slate-600">(no field changed)</span>;
  return (
    <ul className="space-y-1.5">
      {changes.map((change) => (
        <li key={change.field} className="min-w-0">
          <span className="font-semibold text-slate-900">{change.field}:</span> <Value value={change.before} />{" "}
          <span aria-hidden="true">→</span>
          <span className="sr-only">changed to</span> <Value value={change.after} />
          {(change.before.cut || change.after.cut) && (
            // the whole text, one click (or Enter) away, for keyboards and screen readers too
            <details className="mt-1">
              <summary className="cursor-pointer text-sm font-medium text-brand-800">
                Show in full<span className="sr-only"> ({change.field})</span>
              </summary>
              <dl className="mt-1 space-y-1 text-sm">
                <dt className="font-semibold">Before</dt>
                <dd className="break-words whitespace-pre-wrap">{change.before.full}</dd>
                <dt className="font-semibold">After</dt>
                <dd className="break-words whitespace-pre-wrap">{change.after.full}</dd>
              </dl>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: ReadonlyArray<Column<EntryRow>> = [
  {
    key: "when",
    header: "When",
    rowHeader: true,
    cell: (e) => (
      <time dateTime={e.timeIso} className="font-semibold whitespace-nowrap text-slate-900">
        {e.time}
      </time>
    ),
  },
  {
    key: "who",
    header: "Who",
    cell: (e) => (
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{e.actor.name || "(no username)"}</p>
        <p className="text-sm break-all text-slate-700">{e.actor.email}</p>
      </div>
    ),
  },
  { key: "what", header: "What", cell: (e) => <span className="text-slate-900">{e.what}</span> },
  {
    key: "item",
    header: "Item",
    cell: (e) =>
      e.item.href ? (
        <Link to={e.item.href} className="font-medium break-words text-brand-800 underline underline-offset-4">
          {e.item.label}
        </Link>
      ) : (
        <span className="break-words text-slate-800">{e.item.label}</span>
      ),
  },
  { key: "changes", header: "Changes", wide: true, cell: (e) => <Changes changes={e.changes} /> },
];

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, choices, error, entries, page, pageSize, total } = loaderData;
  const filtered = isFiltered(filters);
  // An admin or resource in the address that the log no longer lists stays selectable (its own id).
  const admins = choices.admins.map((a) => ({ value: a.id, label: a.name ? `${a.name} (${a.email})` : a.email }));
  const resources = choices.resources.map((r) => ({ value: r.key, label: r.label }));

  return (
    <>
      <AdminPageHeader
        title="Audit log"
        lead="What admins changed, newest first: who, when, and each field before and after. Times are Lagos time."
      />

      <FilterForm
        id="audit"
        label="Audit log filters"
        path={PATH}
        values={filters}
        controls={[
          {
            kind: "select",
            name: "actorId",
            label: "Admin",
            options: filterOptions("All admins", admins, filters.actorId),
          },
          {
            kind: "select",
            name: "resource",
            label: "Resource",
            options: filterOptions("All resources", resources, filters.resource),
          },
          { kind: "date", name: "from", label: "From" },
          { kind: "date", name: "to", label: "To" },
        ]}
      />

      <section aria-labelledby="audit-title" className="mt-8">
        <h2 id="audit-title" className="text-lg font-bold text-slate-900">
          {filtered
            ? `${total} ${total === 1 ? "entry matches" : "entries match"} these filters`
            : `${total} ${total === 1 ? "entry" : "entries"}`}
        </h2>
        <DataTable
          labelledBy="audit-title"
          columns={COLUMNS}
          rows={entries}
          rowKey={(e) => e.id}
          error={error}
          empty={
            page > 1 ? "There are no entries on this page." : filtered ? AUDIT_MESSAGES.noMatch : AUDIT_MESSAGES.empty
          }
          page={{ page, pageSize, total }}
          pager={{
            label: "Audit log pages",
            hrefFor: (p) => filterHref(PATH, filters, p),
            previousLabel: "Newer",
            nextLabel: "Older",
          }}
        />
      </section>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Audit log", matches[0]?.loaderData?.siteName);
}
