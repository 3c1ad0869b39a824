import { useLocation, useNavigation } from "react-router";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import type { Page } from "../../../contract/lib/paging.ts";
import { Pager } from "./pager.tsx";

/** One column of a DataTable: its heading and what each row shows in it. */
export interface Column<T> {
  /** stable name of the column (React key) */
  key: string;
  /** the column heading; on phones each cell shows it as its label */
  header: string;
  cell: (row: T) => React.ReactNode;
  /** the cell that names its row (the first column, usually): a row header for screen readers */
  rowHeader?: boolean;
  /** right-aligned on wide screens (numbers, times) */
  alignEnd?: boolean;
  /** the whole width of the card on phones (a cell of long text) */
  wide?: boolean;
}

/** A cell's time, Lagos time in a <time> element; `none` when there is none. */
export const timeCell = (iso: string | null | undefined, none: string) =>
  iso ? <time dateTime={iso}>{formatLagosDateTime(iso)}</time> : none;

/** Who bought or used something (a course's purchases, a coupon's uses): name, e-mail and phone, `missing` when blank. */
export function buyerColumns<R extends { userName: string | null; email: string | null; phone: string | null }>(
  missing: string,
): Array<Column<R>> {
  const or = (value: string | null) => (value && value.trim() ? value : missing);
  return [
    {
      key: "name",
      header: "User name",
      rowHeader: true,
      cell: (r) => <span className="font-semibold">{or(r.userName)}</span>,
    },
    { key: "email", header: "E-mail", cell: (r) => <span className="break-all">{or(r.email)}</span> },
    { key: "phone", header: "Phone", cell: (r) => or(r.phone) },
  ];
}

/**
 * The back office's one list (issue 7 "Lists, one kit"): a real table on wide screens and a card per
 * row on phones (the explicit ARIA roles keep the table's semantics when CSS changes its display; see
 * .data-table in app.css), with row actions, an empty state, a loading state while the list's own
 * address loads again (search, paging), an error state, and the pager of the paging contract.
 *
 * A new admin list: `<DataTable labelledBy="x-title" columns={[...]} rows={page.items} rowKey={(r) => r.id}
 * page={page} pager={{ label: "X pages", hrefFor: (p) => `/admin/x?page=${p}` }} empty="No x yet." />`.
 */
export function DataTable<T>({
  labelledBy,
  columns,
  rows,
  rowKey,
  actions,
  actionsHeader = "Actions",
  empty,
  error,
  page,
  pager,
}: {
  /** id of the heading that names the list */
  labelledBy: string;
  columns: ReadonlyArray<Column<T>>;
  rows: ReadonlyArray<T>;
  rowKey: (row: T) => string;
  /** the buttons of a row (e.g. ConfirmAction for a delete), in a last column */
  actions?: (row: T) => React.ReactNode;
  actionsHeader?: string;
  /** shown instead of the table when there are no rows */
  empty: React.ReactNode;
  /** shown instead of the rows when the list could not be read */
  error?: string | null;
  /** the paging contract's figures; with `pager`, the links to the other pages */
  page?: Omit<Page<unknown>, "items">;
  pager?: { label: string; hrefFor: (page: number) => string; previousLabel?: string; nextLabel?: string };
}) {
  const loading = useListLoading();
  const pagerView =
    page && pager ? <Pager {...pager} page={page.page} pageSize={page.pageSize} total={page.total} /> : null;

  if (error) {
    return (
      <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 font-semibold text-red-800">
        {error}
      </p>
    );
  }
  if (rows.length === 0) {
    return (
      <>
        <div className="mt-4 text-slate-700" aria-busy={loading || undefined}>
          {empty}
        </div>
        {pagerView}
      </>
    );
  }
  // The explicit ARIA roles below repeat the elements' own on purpose: the phone layout changes the
  // display of the table's parts, which makes some browsers (Safari) drop the table semantics unless
  // the roles are written out.
  /* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
  return (
    <>
      <table
        role="table"
        aria-labelledby={labelledBy}
        aria-busy={loading || undefined}
        className={`data-table mt-4 w-full text-left text-sm transition-opacity ${loading ? "opacity-60" : ""}`}
      >
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.key}
                role="columnheader"
                scope="col"
                className={column.alignEnd ? "text-right" : undefined}
              >
                {column.header}
              </th>
            ))}
            {actions && (
              <th role="columnheader" scope="col" className="text-right">
                <span className="sr-only">{actionsHeader}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} role="rowheader" scope="row" data-wide="">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.key}
                    role="cell"
                    data-label={column.header}
                    data-wide={column.wide ? "" : undefined}
                    className={column.alignEnd ? "md:text-right" : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
              {actions && (
                <td role="cell" data-wide="" className="md:text-right">
                  {actions(row)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {pagerView}
    </>
  );
  /* eslint-enable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
}

/** True while the page's own address loads again (a search or another page of the list). */
export function useListLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}
