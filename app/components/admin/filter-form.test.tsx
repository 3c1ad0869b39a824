// The admin lists' filter form: reading the filters from the address, writing a filtered page's
// address, the options that keep an unknown current value, and the GET form as the server renders it.
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { FilterForm, filterHref, filterOptions, isFiltered, readFilters } from "./filter-form.tsx";

const NAMES = ["status", "q"] as const;

describe("the filters in the address", () => {
  it("reads each one trimmed and cut at 100 characters, a missing one blank", () => {
    const url = new URL(`http://x/admin/contacts?status=%20new%20&other=1&q=${"a".repeat(150)}`);
    expect(readFilters(url, NAMES)).toEqual({ status: "new", q: "a".repeat(100) });
    expect(readFilters(new URL("http://x/"), NAMES)).toEqual({ status: "", q: "" });
    expect(isFiltered({ status: "", q: "" })).toBe(false);
    expect(isFiltered({ status: "", q: "ada" })).toBe(true);
  });

  it("writes a filtered page's address without blank filters or page 1", () => {
    expect(filterHref("/admin/audit", { status: "", q: "" })).toBe("/admin/audit");
    expect(filterHref("/admin/audit", { status: "new", q: "a&b" }, 1)).toBe("/admin/audit?status=new&q=a%26b");
    expect(filterHref("/admin/audit", { status: "", q: "x" }, 3)).toBe("/admin/audit?q=x&page=3");
  });

  it("puts an 'all' choice first and keeps a current value the list no longer has", () => {
    const options = [{ value: "new", label: "New" }];
    expect(filterOptions("All", options, "new")).toEqual([{ value: "", label: "All" }, ...options]);
    expect(filterOptions("All", options, "gone")).toEqual([
      { value: "", label: "All" },
      ...options,
      { value: "gone", label: "gone" },
    ]);
  });
});

function render(values: { status: string; q: string }) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <FilterForm
          id="c"
          label="Contact filters"
          path="/admin/contacts"
          values={values}
          controls={[
            {
              kind: "select",
              name: "status",
              label: "Status",
              options: filterOptions("Any status", [], values.status),
            },
            { kind: "search", name: "q", label: "E-mail" },
          ]}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("<FilterForm>", () => {
  it("is a labelled GET search form with its controls and values; Clear filters only while filtered", () => {
    const html = render({ status: "new", q: "ada@example.com" });
    const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
    for (const attribute of ['method="get"', 'role="search"', 'aria-label="Contact filters"']) {
      expect(form).toContain(attribute);
    }
    expect(html).toContain('<label for="c-status"');
    const search = /<input[^>]*id="c-q"[^>]*>/.exec(html)?.[0] ?? "";
    expect(search).toContain('type="search"');
    expect(search).toContain('value="ada@example.com"');
    expect(html).toContain(">Filter</button>");
    expect(html).toMatch(/<a[^>]*href="\/admin\/contacts"[^>]*>Clear filters<\/a>/);
    expect(render({ status: "", q: "" })).not.toContain("Clear filters");
  });
});
