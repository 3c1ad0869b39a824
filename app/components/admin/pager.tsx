import { Link } from "react-router";
import { pageCount } from "../../../contract/lib/paging.ts";

const linkClass =
  "inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";

/**
 * Newer/older (or previous/next) page links and "Page 2 of 5". Plain links: paging works without
 * JavaScript and every page has an address.
 */
export function Pager({
  label,
  page,
  pageSize,
  total,
  hrefFor,
  previousLabel = "Previous page",
  nextLabel = "Next page",
}: {
  /** names the navigation landmark, e.g. "Outbox pages" */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
  previousLabel?: string;
  nextLabel?: string;
}) {
  const pages = pageCount({ pageSize, total });
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, pages))} className={linkClass} rel="prev">
          <span aria-hidden="true">←</span> {previousLabel}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          {nextLabel} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
