import { Link } from "react-router";

/**
 * The blog pages' breadcrumb: the markup of ui/breadcrumb.tsx, copied on purpose. Importing that module
 * from these pages splits the chunk the home page shares with /courses in two, which adds about 220
 * bytes of gzipped JavaScript to the home page, already at its 130 KB budget (docs/benchmarks.md).
 */
export function BlogBreadcrumb({ items }: { items: Array<{ label: string; to?: string }> }) {
  return (
    <nav aria-label="Breadcrumb" className="border-b border-slate-200 bg-slate-50">
      <ol className="mx-auto max-w-7xl px-4 py-2.5 text-sm text-slate-600 sm:px-6 lg:px-8">
        {items.map((item, i) => (
          <li key={item.label} className="inline">
            {i > 0 && <span aria-hidden="true"> • </span>}
            {item.to && i < items.length - 1 ? (
              <Link to={item.to} className="font-medium text-brand-700 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-800">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
