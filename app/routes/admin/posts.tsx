// /admin/posts (issue 29: "admins get a posts list with filters"): every post newest first, found by
// author, category and words of the title with the kit's GET filter form; each row links to the post, to
// the editor filled with it (/admin/write?edit=<id>) and deletes it after a confirmation (the service of
// DELETE /backend/posts/{id}: its comments and saves go with it, recorded in the audit log). Not a
// declared resource: posts have rules of their own (the editor, the sanitizer, the slug), so the list
// is the kit's DataTable over the posts' own service, as /admin/contacts is.
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/posts";
import {
  ADMIN_POSTS_MESSAGES as M,
  ADMIN_POSTS_PAGE_SIZE,
  type AdminPostRow,
} from "../../../contract/blog/post-authoring-texts.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import { readPageNumber } from "../../../contract/lib/paging.ts";
import { readAction } from "../../lib/action.server.ts";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { isAccessRefusal, toPageError } from "../../lib/page-errors.server.ts";
import { isRowDelete, rowDeleteAction } from "../../lib/row-delete.server.ts";
import type { RowDeleteResult } from "../../lib/row-delete.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { FilterForm, filterHref, filterOptions, isFiltered, readFilters } from "../../components/admin/filter-form.tsx";
import { RowDelete, RowDeleteAnswer } from "../../components/admin/row-delete.tsx";
import { buttonClass } from "../../components/ui/button.tsx";

const PATH = "/admin/posts";
const FILTERS = ["author", "cat", "search"] as const;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const filters = readFilters(url, FILTERS);
  const page = readPageNumber(url.searchParams);
  const categories = await ctx.services.blog.listCategoryNames().catch((error: unknown) => {
    console.error("admin posts: loading the categories failed", error);
    return [] as string[];
  });
  try {
    const list = await ctx.services.postWrite.adminPosts(actor, { ...filters, page });
    return { filters, categories, list, error: null };
  } catch (error) {
    const refused = toPageError(error);
    if (isAccessRefusal(refused)) throw error;
    if (!refused) console.error("admin posts: loading the list failed", error);
    return {
      filters,
      categories,
      list: { items: [] as AdminPostRow[], page, pageSize: ADMIN_POSTS_PAGE_SIZE, total: 0 },
      error: `${M.fetchFailed}${refused?.message ?? "Something went wrong."}`,
    };
  }
}

export async function action(args: Route.ActionArgs): Promise<RowDeleteResult | Response> {
  const call = await readAction(args, "admin");
  if (!isRowDelete(call)) throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  return rowDeleteAction(call, { question: M.confirmDelete, deleted: M.deleted, failed: M.deleteFailed }, (id) =>
    call.ctx.services.postActions.deletePost(call.actor, id),
  );
}

type Row = AdminPostRow & { written: string };

const COLUMNS: ReadonlyArray<Column<Row>> = [
  {
    key: "title",
    header: "Title",
    rowHeader: true,
    wide: true,
    cell: (r) => (
      <Link to={`/${encodeURIComponent(r.slug)}`} className="font-semibold break-words text-brand-800 underline">
        {r.title}
      </Link>
    ),
  },
  { key: "author", header: "Author", cell: (r) => r.author },
  { key: "categories", header: "Categories", cell: (r) => r.categories.join(", ") || "None" },
  { key: "featured", header: "Featured", cell: (r) => (r.isFeatured ? "Yes" : "No") },
  {
    key: "written",
    header: "Written",
    cell: (r) => (
      <time dateTime={r.createdAt} className="md:whitespace-nowrap">
        {r.written}
      </time>
    ),
  },
];

export default function AdminPosts({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, categories, list, error } = loaderData;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const rows: Row[] = list.items.map((p) => ({ ...p, written: formatLagosDateTime(p.createdAt) }));
  const filtered = isFiltered(filters);
  return (
    <>
      <AdminPageHeader title={M.title} lead={M.lead} />
      <FilterForm
        id="posts"
        label="Post filters"
        path={PATH}
        values={filters}
        controls={[
          { kind: "search", name: "author", label: "Author", placeholder: "Part of a username" },
          {
            kind: "select",
            name: "cat",
            label: "Category",
            options: filterOptions(
              "Any category",
              categories.map((c) => ({ value: c, label: c })),
              filters.cat,
            ),
          },
          { kind: "search", name: "search", label: "Title", placeholder: "Words of the title" },
        ]}
      />
      <RowDeleteAnswer answer={actionData} cancelTo={here} />
      <section aria-labelledby="posts-title" className="mt-8">
        <h2 id="posts-title" className="text-lg font-bold text-slate-900">
          {filtered
            ? `${list.total} ${list.total === 1 ? "post matches" : "posts match"} these filters`
            : `${list.total} ${list.total === 1 ? "post" : "posts"}`}
        </h2>
        <DataTable
          labelledBy="posts-title"
          columns={COLUMNS}
          rows={rows}
          rowKey={(r) => r._id}
          error={error}
          empty={filtered ? M.emptyFiltered : M.empty}
          page={list}
          pager={{ label: "Post pages", hrefFor: (p) => filterHref(PATH, filters, p) }}
          actions={(r) => (
            <div className="flex flex-wrap gap-2">
              <Link
                to={`/admin/write?edit=${encodeURIComponent(r._id)}`}
                className={buttonClass("secondary", "sm")}
                aria-label={`Edit the post ${r.title}`}
              >
                Edit
              </Link>
              <RowDelete
                id={r._id}
                label={r.title}
                accessibleLabel={`Delete the post ${r.title}`}
                question={M.confirmDelete(r.title)}
              />
            </div>
          )}
        />
      </section>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(M.title, matches[0]?.loaderData?.siteName);
}
