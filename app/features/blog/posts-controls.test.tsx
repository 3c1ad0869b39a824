// The /posts side panel as the server renders it (what a reader without JavaScript gets): the sort form's
// 'Apply sort' button, and the filter toggle whose label follows the <details> state in CSS ('Filter or
// Search' closed, 'Close' open; spec public-area §2).
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { FilterPanel } from "./filter-panel.tsx";
import { SortForm } from "./sort-form.tsx";

function html(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("FilterPanel without JavaScript", () => {
  const out = html(
    <FilterPanel>
      <p>filters</p>
    </FilterPanel>,
  );
  const summary = out.match(/<summary[^>]*>(.*?)<\/summary>/s)?.[1] ?? "";

  it("is a <details> whose toggle carries both labels, each shown in its state", () => {
    expect(out).toMatch(/<details class="[^"]*\bgroup\b[^"]*"/);
    expect(summary).toMatch(/<span class="[^"]*\bgroup-open:hidden\b[^"]*">.*Filter or Search<\/span>/s);
    expect(summary).toMatch(/<span class="[^"]*\bhidden\b[^"]*\bgroup-open:inline-flex\b[^"]*">.*Close<\/span>/s);
  });
});

describe("SortForm", () => {
  it("is a GET form to /posts with the four options and an 'Apply sort' button, the other parameters kept", () => {
    const out = html(<SortForm params={{ cat: "Coding", search: "design", sort: "oldest" }} />);
    const form = out.match(/<form [^>]*>/)?.[0] ?? "";
    expect(form).toContain('aria-label="Sort posts"');
    expect(form).toContain('action="/posts"');
    expect(form).toContain('method="get"');
    expect(out).toContain('<input type="hidden" name="search" value="design"/>');
    expect(out).toContain('<input type="hidden" name="cat" value="Coding"/>');
    const radios = [...out.matchAll(/<input [^>]*type="radio"[^>]*>/g)].map((m) => m[0]);
    expect(radios.map((r) => r.match(/value="(\w+)"/)?.[1])).toEqual(["newest", "popular", "trending", "oldest"]);
    expect(radios.filter((r) => r.includes('checked=""')).map((r) => r.match(/value="(\w+)"/)?.[1])).toEqual([
      "oldest",
    ]);
    expect(out).toMatch(/<button type="submit"[^>]*>Apply sort<\/button>/);
  });
});
