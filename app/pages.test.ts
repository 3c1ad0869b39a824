// The reserved slugs (contract/lib/reserved-paths.ts) are kept by hand so that the server need not read the
// page table: this keeps them in step with it. A page added at a new first segment fails here until the
// segment is listed there (a post with that slug would hide it, or be hidden).
import { describe, expect, it } from "vitest";
import { PAGE_SEGMENTS, RESERVED_SLUGS } from "../contract/lib/reserved-paths.ts";
import { PAGES, type PageEntry } from "./pages.ts";

/** The first segment of every page's full path, at any depth (layouts add no segment of their own). */
function firstSegments(entries: readonly PageEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = path.split("/")[0] ?? "";
    const here = own && !own.startsWith(":") && own !== "*" ? [own.toLowerCase()] : [];
    return [...here, ...firstSegments(entry.children ?? [], path)];
  });
}

describe("reserved slugs", () => {
  const pages = new Set(firstSegments(PAGES));

  it("cover the first segment of every page, those inside layouts included", () => {
    expect(pages.has("admin")).toBe(true);
    expect(pages.has("coupon-table")).toBe(true); // inside the admin layout
    expect([...pages].filter((s) => !RESERVED_SLUGS.has(s))).toEqual([]);
  });

  it("list no page segment that no page has any more", () => {
    expect(PAGE_SEGMENTS.filter((s) => !pages.has(s))).toEqual([]);
  });

  it("are lower case, as slugs are", () => {
    for (const s of RESERVED_SLUGS) expect(s).toBe(s.toLowerCase());
  });
});
