// An admin item's own page (issue 30; a coupon's): the way back to its list, its heading, its fields as
// label-and-value rows with a note under them, and the records that belong to it as a DataTable.
import { Link } from "react-router";
import { AdminPageHeader } from "./admin-shell.tsx";
import { DataTable, type Column } from "./data-table.tsx";
import { DetailRow } from "./detail-list.tsx";

export function DetailScreen<R>({
  back,
  title,
  lead,
  infoTitle,
  info,
  note,
  records,
}: {
  back: { to: string; label: string };
  title: string;
  lead?: string;
  /** the heading of the item's fields, and the fields: label and value */
  infoTitle: string;
  info: ReadonlyArray<readonly [string, React.ReactNode]>;
  note?: React.ReactNode;
  records: { title: string; columns: ReadonlyArray<Column<R>>; rows: R[]; rowKey: (row: R) => string; empty: string };
}) {
  return (
    <>
      <p className="mb-4">
        <Link to={back.to} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          <span aria-hidden="true">← </span>
          {back.label}
        </Link>
      </p>
      <AdminPageHeader title={title} lead={lead} />
      <section aria-labelledby="detail-info-title" className="mt-6 max-w-3xl">
        <h2 id="detail-info-title" className="text-lg font-bold text-slate-900">
          {infoTitle}
        </h2>
        <dl className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
          {info.map(([label, value]) => (
            <DetailRow key={label} label={label}>
              {value}
            </DetailRow>
          ))}
        </dl>
        {note ? <p className="mt-3 text-sm text-slate-600">{note}</p> : null}
      </section>
      <section aria-labelledby="detail-records-title" className="mt-10">
        <h2 id="detail-records-title" className="text-lg font-bold text-slate-900">
          {records.title}
        </h2>
        <DataTable
          labelledBy="detail-records-title"
          columns={records.columns}
          rows={records.rows}
          rowKey={records.rowKey}
          empty={records.empty}
        />
      </section>
    </>
  );
}
