// The admin DataTable as the server renders it: headings, row headers, the cells' column labels, the
// row actions, the empty state, the error state and the pager of the paging contract.
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DataTable, type Column } from "./data-table.tsx";

interface Row {
  id: string;
  name: string;
  role: string;
}

const COLUMNS: Column<Row>[] = [
  { key: "name", header: "Account", rowHeader: true, cell: (r) => r.name },
  { key: "role", header: "Role", cell: (r) => r.role },
];

function render(props: Partial<React.ComponentProps<typeof DataTable<Row>>>) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <DataTable<Row>
          labelledBy="t"
          columns={COLUMNS}
          rows={[]}
          rowKey={(r) => r.id}
          empty="Nothing here yet."
          {...props}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub />);
}

describe("DataTable", () => {
  it("renders a labelled table with column headers, a row header per row and labelled cells", () => {
    const html = render({
      rows: [
        { id: "1", name: "ada", role: "admin" },
        { id: "2", name: "bola", role: "user" },
      ],
      actions: (r) => <button type="button">Edit {r.name}</button>,
      actionsHeader: "Changes",
    });
    expect(html).toContain('aria-labelledby="t"');
    expect(html.match(/role="columnheader"/g)).toHaveLength(3);
    expect(html).toContain('<span class="sr-only">Changes</span>');
    expect(html).toMatch(/<th role="rowheader" scope="row"[^>]*>ada<\/th>/);
    expect(html).toMatch(/<td role="cell" data-label="Role"[^>]*>user<\/td>/);
    expect(html).toContain('<button type="button">Edit bola</button>');
    expect(html).not.toContain("Nothing here yet.");
  });

  it("gives a wide column's cells the card's whole width on phones, and only those", () => {
    const html = render({
      columns: [...COLUMNS, { key: "notes", header: "Notes", wide: true, cell: (r) => `notes of ${r.name}` }],
      rows: [{ id: "1", name: "ada", role: "admin" }],
    });
    expect(html).toMatch(/<td role="cell" data-label="Notes" data-wide=""[^>]*>notes of ada<\/td>/);
    expect(html).toMatch(/<td role="cell" data-label="Role"(?! data-wide)[^>]*>admin<\/td>/);
  });

  it("shows the empty state instead of a table", () => {
    const html = render({});
    expect(html).toContain("Nothing here yet.");
    expect(html).not.toContain("<table");
  });

  it("shows the error state as an alert instead of the rows", () => {
    const html = render({ rows: [{ id: "1", name: "ada", role: "admin" }], error: "The list could not be read." });
    expect(html).toMatch(/role="alert"[^>]*>The list could not be read\.<\/p>/);
    expect(html).not.toContain("<table");
  });

  it("adds the pager when there is more than one page", () => {
    const html = render({
      rows: [{ id: "1", name: "ada", role: "admin" }],
      page: { page: 2, pageSize: 1, total: 3 },
      pager: { label: "Account pages", hrefFor: (p) => `/x?page=${p}` },
    });
    expect(html).toContain('aria-label="Account pages"');
    expect(html).toContain("Page 2 of 3");
    expect(html).toContain('href="/x?page=1"');
    expect(html).toContain('href="/x?page=3"');
  });
});
