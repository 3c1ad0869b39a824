// The admin lists' filter form (the audit log's admin, resource and days; the contact requests' status,
// subject and e-mail search): a GET form, so it works without JavaScript and every filtered view has
// an address, with its Filter button and, while anything is filtered, a link that clears it all. The
// helpers read the filters from the address and write the address of a filtered page.
import { Form, Link } from "react-router";
import { buttonClass } from "../ui/button.tsx";
import { Field, SelectField } from "../ui/form.tsx";

export type FilterValues<N extends string> = Record<N, string>;

export type FilterControl<N extends string> =
  | { kind: "select"; name: N; label: string; options: ReadonlyArray<{ value: string; label: string }> }
  | { kind: "date"; name: N; label: string }
  | { kind: "search"; name: N; label: string; placeholder?: string };

/** The filters in `url`, trimmed and cut at 100 characters; a missing one is "". */
export function readFilters<N extends string>(url: URL, names: readonly N[]): FilterValues<N> {
  return Object.fromEntries(
    names.map((name) => [name, (url.searchParams.get(name) ?? "").trim().slice(0, 100)]),
  ) as FilterValues<N>;
}

export const isFiltered = <N extends string>(filters: FilterValues<N>) => Object.values(filters).some(Boolean);

/** `path` with these filters (blank ones left out) and page (1 left out). */
export function filterHref<N extends string>(path: string, filters: FilterValues<N>, page = 1): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters) as Array<[N, string]>) if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * A select's options with a first "all" choice; a value in the address that the list no longer has
 * stays selectable (shown as itself), so the form says what the page shows.
 */
export function filterOptions(
  all: string,
  options: ReadonlyArray<{ value: string; label: string }>,
  current: string,
): Array<{ value: string; label: string }> {
  const known = options.some((o) => o.value === current);
  return [{ value: "", label: all }, ...options, ...(current && !known ? [{ value: current, label: current }] : [])];
}

/** On wide screens the controls and the buttons stand in one row (whole class names, for Tailwind's scan). */
const WIDE_COLUMNS: Record<number, string> = {
  1: "lg:grid-cols-[minmax(0,1fr)_auto]",
  2: "lg:grid-cols-[repeat(2,minmax(0,1fr))_auto]",
  3: "lg:grid-cols-[repeat(3,minmax(0,1fr))_auto]",
  4: "lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]",
};

export function FilterForm<N extends string>({
  id,
  label,
  path,
  controls,
  values,
}: {
  /** prefix of the controls' ids */
  id: string;
  /** the search landmark's name ("Audit log filters") */
  label: string;
  /** the list's address: Clear filters leads there */
  path: string;
  controls: ReadonlyArray<FilterControl<N>>;
  values: FilterValues<N>;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className={`mt-6 grid gap-4 sm:grid-cols-2 ${WIDE_COLUMNS[controls.length] ?? WIDE_COLUMNS[4]} lg:items-end`}
    >
      {controls.map((control) => {
        const common = {
          id: `${id}-${control.name}`,
          name: control.name,
          label: control.label,
          look: "dense" as const,
          defaultValue: values[control.name],
        };
        if (control.kind === "select") return <SelectField key={control.name} {...common} options={control.options} />;
        if (control.kind === "date") return <Field key={control.name} {...common} type="date" />;
        return <Field key={control.name} {...common} type="search" placeholder={control.placeholder} />;
      })}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass("primary", "md")}>
          Filter
        </button>
        {isFiltered(values) && (
          <Link to={path} className={buttonClass("ghost", "md")}>
            Clear filters
          </Link>
        )}
      </div>
    </Form>
  );
}
