// The detail page's declared fields (app/components/admin/detail-screen.tsx fieldRows): a value as text,
// an address that may break anywhere, a list as a list, and the page's word for missing for a blank
// value, an empty list and every field of an item that is gone.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DetailField } from "../../../contract/admin/admin-resource.ts";
import { fieldRows } from "./detail-screen.tsx";

type Item = { name: string; img: string; tags: string[] };
const FIELDS: ReadonlyArray<DetailField<Item>> = [
  { label: "Name", text: (i) => i.name },
  { label: "Image", text: (i) => i.img, look: "address" },
  { label: "Tags", text: (i) => i.tags },
];
const shown = (item: Item | null) =>
  fieldRows(FIELDS, item, "N/A").map(([label, value]) => [label, renderToStaticMarkup(<>{value}</>)]);

describe("fieldRows", () => {
  it("shows each value, an address that breaks anywhere, a list as a list", () => {
    expect(shown({ name: "Web", img: "/media/w.png", tags: ["a", "b"] })).toEqual([
      ["Name", "Web"],
      ["Image", '<span class="break-all">/media/w.png</span>'],
      ["Tags", '<ul class="list-disc space-y-1 pl-5"><li>a</li><li>b</li></ul>'],
    ]);
  });

  it("a blank value, an empty list and an item that is gone show the word for missing", () => {
    expect(shown({ name: "  ", img: "", tags: [] })).toEqual([
      ["Name", "N/A"],
      ["Image", "N/A"],
      ["Tags", "N/A"],
    ]);
    expect(shown(null).map(([, v]) => v)).toEqual(["N/A", "N/A", "N/A"]);
  });
});
