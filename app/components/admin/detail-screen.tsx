// An admin item's own page (issue 30; a coupon's, a course's): the way back to its list, its heading, its
// fields as label-and-value rows (a picture beside them, a note under them), what else the page shows, and
// the records that belong to it as a DataTable, with their row actions (a refund), and figures about them.
import { Link } from "react-router";
import type { DetailField, DetailTableSpec } from "../../../contract/admin/admin-resource.ts";
import { buttonClass } from "../ui/button.tsx";
import { AdminPageHeader } from "./admin-shell.tsx";
import { FlashNotice } from "../ui/flash-message.tsx";
import { DataTable, type Column } from "./data-table.tsx";
import { RowReasonForm } from "./row-reason-form.tsx";
import { DetailRow, FigureCards } from "./detail-list.tsx";
import { ProgressMeter } from "./progress-meter.tsx";

/** Declared fields as the page's rows: `missing` for a blank value, and for every field of an item that is gone. */
export function fieldRows<T>(
  fields: ReadonlyArray<DetailField<T>>,
  item: T | null,
  missing: string,
): Array<readonly [string, React.ReactNode]> {
  return fields.map(({ label, text, look }) => {
    const value = item ? text(item) : "";
    if (typeof value !== "string") {
      const list = (
        <ul className="list-disc space-y-1 pl-5">
          {value.map((v) => (
            <li key={v}>{v}</li>
          ))}
        </ul>
      );
      return [label, value.length > 0 ? list : missing] as const;
    }
    if (!value.trim()) return [label, missing] as const;
    return [label, look === "address" ? <span className="break-all">{value}</span> : value] as const;
  });
}

/** A table of records that belong to the item: its heading, its rows with their actions. */
export interface DetailTable<R> {
  title: string;
  columns: ReadonlyArray<Column<R>>;
  rows: R[];
  rowKey: (row: R) => string;
  empty: string;
  /** the section's id: its flash messages show there, and a success's redirect scrolls to it */
  id?: string;
  /** what it says under its heading */
  lead?: string;
  /** above the table (a refund's question) */
  before?: React.ReactNode;
  actions?: (row: R) => React.ReactNode;
}

/** A declared table's columns: its text, or a bar beside its words. */
function declaredColumns<T>(spec: DetailTableSpec<T>): ReadonlyArray<Column<T>> {
  return spec.columns.map(({ text, meter, ...c }) => ({
    ...c,
    cell: meter ? (row: T) => <ProgressMeter {...meter(row)} label={text(row)} /> : text,
  }));
}

function TableSection<R>({ table, titleId }: { table: DetailTable<R>; titleId: string }) {
  return (
    <section id={table.id} aria-labelledby={titleId} className={table.id ? "mt-10 scroll-mt-20" : "mt-10"}>
      {table.id ? <FlashNotice at={table.id} /> : null}
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {table.title}
      </h2>
      {table.lead ? <p className="mt-1 text-sm text-slate-600">{table.lead}</p> : null}
      {table.before}
      <DataTable
        labelledBy={titleId}
        columns={table.columns}
        rows={table.rows}
        rowKey={table.rowKey}
        empty={table.empty}
        actionsHeader="Actions"
        actions={table.actions}
      />
    </section>
  );
}

/**
 * A declared table in a section of its own (a quiz's questions most often missed), with its rows' reason
 * actions (RowReasonForm) and, above the table, what the page adds (a summary, a CSV link).
 */
export function DeclaredTable<T>({
  spec,
  rows,
  lead,
  before,
}: {
  spec: DetailTableSpec<T>;
  rows: T[];
  lead?: string;
  before?: React.ReactNode;
}) {
  const rowActions = spec.rowActions ?? [];
  const actions = rowActions.length
    ? (row: T) => (
        <div className="flex flex-col items-end gap-2">
          {rowActions
            .filter((a) => a.when?.(row) ?? true)
            .map((a) => (
              <RowReasonForm key={a.intent} spec={a} row={row} id={spec.rowKey(row)} />
            ))}
        </div>
      )
    : undefined;
  return (
    <TableSection
      table={{ ...spec, lead: lead ?? spec.lead, before, rows, columns: declaredColumns(spec), actions }}
      titleId={`${spec.id}-title`}
    />
  );
}

export function DetailScreen<R, L = never>({
  back,
  title,
  lead,
  links,
  infoTitle,
  info,
  note,
  aside,
  children,
  figures,
  records,
  more,
}: {
  back: { to: string; label: string };
  title: string;
  lead?: string;
  /** links beside the heading (a course's content) */
  links?: ReadonlyArray<{ to: string; label: string }>;
  /** the heading of the item's fields, and the fields: label and value */
  infoTitle: string;
  info: ReadonlyArray<readonly [string, React.ReactNode]>;
  note?: React.ReactNode;
  /** given (even null): the fields take the page's width, with this (a picture) beside them */
  aside?: React.ReactNode;
  /** sections between the fields and the records (figures) */
  children?: React.ReactNode;
  /** figures about the records, under their heading (after `children`) */
  figures?: { id: string; title: string; items: ReadonlyArray<{ label: string; value: string; note: string }> };
  records: DetailTable<R>;
  /** a declared table after the records (a course's learners) and its rows */
  more?: { spec: DetailTableSpec<L>; rows: L[] };
}) {
  const rows = (
    <dl
      className={`${aside === undefined ? "mt-3" : "min-w-0 flex-1"} divide-y divide-slate-200 border-y border-slate-200`}
    >
      {info.map(([label, value]) => (
        <DetailRow key={label} label={label}>
          {value}
        </DetailRow>
      ))}
    </dl>
  );
  return (
    <>
      <p className="mb-4">
        <Link to={back.to} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          <span aria-hidden="true">← </span>
          {back.label}
        </Link>
      </p>
      <AdminPageHeader title={title} lead={lead}>
        {links?.length ? (
          <div className="flex flex-wrap gap-2">
            {links.map((link) => (
              <Link key={link.to} to={link.to} className={buttonClass("ghost", "md", "border border-slate-300")}>
                {link.label}
              </Link>
            ))}
          </div>
        ) : null}
      </AdminPageHeader>
      <section aria-labelledby="detail-info-title" className={aside === undefined ? "mt-6 max-w-3xl" : "mt-6"}>
        <h2 id="detail-info-title" className="text-lg font-bold text-slate-900">
          {infoTitle}
        </h2>
        {aside === undefined ? (
          rows
        ) : (
          <div className="mt-3 flex flex-col gap-6 md:flex-row-reverse md:items-start">
            {aside}
            {rows}
          </div>
        )}
        {note ? <p className="mt-3 text-sm text-slate-600">{note}</p> : null}
      </section>
      {children}
      {figures ? (
        <section aria-labelledby={figures.id} className="mt-10">
          <h2 id={figures.id} className="text-lg font-bold text-slate-900">
            {figures.title}
          </h2>
          <FigureCards figures={figures.items} />
        </section>
      ) : null}
      <TableSection table={records} titleId="detail-records-title" />
      {more ? <DeclaredTable spec={more.spec} rows={more.rows} /> : null}
    </>
  );
}
