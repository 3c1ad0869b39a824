// A paged list on a service of its own (issue 30; contract/admin/admin-resource.ts AdaptedListSpec: the contact
// requests, the subscribers): the kit's GET filter form, above the list what a row's Delete or own post
// answered (the question asked on the page without JavaScript, a refusal, a post's message), the list's
// count as its heading, the DataTable with the screen's own cells by column key, the pager, and each
// row's posts and Delete. Plain forms to the page's action (app/lib/adapted-list.server.ts).
import { Form, useLocation, useNavigation } from "react-router";
import type { AdaptedListSpec, ListRowPost } from "../../../contract/admin/admin-resource.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import type { Page } from "../../../contract/lib/paging.ts";
import type { RowPostAnswer } from "../../lib/adapted-list.server.ts";
import { buttonClass } from "../ui/button.tsx";
import { useToast } from "../ui/toast.tsx";
import { DataTable, type Column } from "./data-table.tsx";
import { FilterForm, filterHref, filterOptions, isFiltered, type FilterControl } from "./filter-form.tsx";
import { RowDelete, RowDeleteAnswer } from "./row-delete.tsx";

/** A list's time cell: Lagos time in a <time> element, on one line on wide screens. */
export const listTime = (iso: string) => (
  <time dateTime={iso} className="md:whitespace-nowrap">
    {formatLagosDateTime(iso)}
  </time>
);

/** A row's own post (`intent`, `id`): a plain form, so it works without JavaScript. */
function RowPostButton<T>({ post, id, rowName }: { post: ListRowPost<T>; id: string; rowName: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === post.intent &&
    navigation.formData?.get("id") === id;
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={post.intent} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={busy}
        aria-label={post.name(rowName)}
        className={buttonClass("ghost", "sm", "border border-slate-300")}
      >
        {busy ? post.pending : post.label}
      </button>
    </Form>
  );
}

/** Above the list: what a row's post answered (also a toast with JavaScript). */
function RowPostResult({ answer }: { answer: RowPostAnswer | undefined }) {
  useToast(answer, answer ? (answer.ok ? answer.message : answer.formError) : null, answer?.ok ? "success" : "error");
  if (!answer) return null;
  return answer.ok ? (
    <p role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-900">
      {answer.message}
    </p>
  ) : (
    <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900">
      {answer.formError}
    </p>
  );
}

export function AdaptedList<T extends { _id: string }, F extends string>({
  spec,
  filters,
  list,
  error,
  answer,
  cells = {},
  before,
}: {
  spec: AdaptedListSpec<T, F>;
  filters: Record<F, string>;
  list: Omit<Page<T>, "items"> & { items: readonly T[] };
  /** why the list could not be read, if it could not */
  error: string | null;
  /** the page action's last answer: a row's Delete's or post's is shown above the list */
  answer: unknown;
  /** the screen's own cells, by column key, instead of the declared text */
  cells?: Readonly<Record<string, (row: T) => React.ReactNode>>;
  /** above the filters (the subscribers' counts) */
  before?: React.ReactNode;
}) {
  const { pathname, search } = useLocation();
  const { key, texts: t, remove, posts = [] } = spec;
  const filtered = isFiltered(filters);
  const n = list.total;
  const intent = (answer as { intent?: unknown } | undefined)?.intent;
  const posted = posts.some((p) => p.intent === intent) ? (answer as RowPostAnswer) : undefined;
  const controls = spec.filters.controls.map((c): FilterControl<F> =>
    c.kind === "select"
      ? { kind: "select", name: c.name, label: c.label, options: filterOptions(c.any, c.options, filters[c.name]) }
      : c,
  );
  const columns = spec.columns.map(({ key, header, rowHeader, alignEnd, wide, text }): Column<T> => ({
    key,
    header,
    rowHeader,
    alignEnd,
    wide,
    cell: (row) => (cells[key] ?? text)?.(row),
  }));
  const deleteOf = (row: T) =>
    remove ? (
      <RowDelete
        id={row._id}
        label={spec.nameOf(row)}
        accessibleLabel={remove.name(spec.nameOf(row))}
        question={remove.question(spec.nameOf(row))}
      />
    ) : null;
  // a list with posts has a row of buttons; with its Delete alone, the button as it is
  const actions = (row: T) =>
    posts.length === 0 ? (
      deleteOf(row)
    ) : (
      <div className="flex flex-wrap items-center gap-2">
        {posts
          .filter((p) => p.when?.(row) ?? true)
          .map((p) => (
            <RowPostButton key={p.intent} post={p} id={row._id} rowName={spec.nameOf(row)} />
          ))}
        {deleteOf(row)}
      </div>
    );

  return (
    <>
      {before}
      <FilterForm id={key} label={spec.filters.label} path={spec.path} values={filters} controls={controls} />
      <RowDeleteAnswer answer={answer} cancelTo={`${pathname}${search}`} />
      {posts.length > 0 ? <RowPostResult answer={posted} /> : null}
      <section aria-labelledby={`${key}-title`} className="mt-8">
        <h2 id={`${key}-title`} className="text-lg font-bold text-slate-900">
          {filtered
            ? `${n} ${n === 1 ? `${t.one} matches` : `${t.many} match`} these filters`
            : `${n} ${n === 1 ? t.one : t.many}`}
        </h2>
        <DataTable
          labelledBy={`${key}-title`}
          columns={columns}
          rows={list.items}
          rowKey={(row) => row._id}
          error={error}
          empty={filtered ? t.emptyFiltered : t.empty}
          page={list}
          pager={{ label: t.pages, hrefFor: (p) => filterHref(spec.path, filters, p) }}
          actions={remove || posts.length > 0 ? actions : undefined}
        />
      </section>
    </>
  );
}
