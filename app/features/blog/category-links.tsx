import { Link } from "react-router";
import { ALL_CATEGORIES, BLOG_MESSAGES } from "../../../contract/blog/blog-texts.ts";

/**
 * spec public-area §2 "Categories list: an 'All' entry that sets cat to general, plus one entry per
 * category setting cat", with the §8 states. The categories come from the page's loader: `null` when
 * loading them failed ('Error loading categories', red), an empty list shows 'No categories available'.
 * ('Loading categories...' would only show while the browser fetched them; the pages never do.)
 */
export function CategoryLinks({
  categories,
  hrefFor,
  active,
  headingId,
}: {
  categories: string[] | null;
  /** the link for a category name (ALL_CATEGORIES for 'All') */
  hrefFor: (cat: string) => string;
  /** the list's current category (ALL_CATEGORIES: all of them), null where there is none (a post page) */
  active: string | null;
  headingId: string;
}) {
  const current = (cat: string) => active !== null && active.toLowerCase() === cat.toLowerCase();
  const linkClass = (selected: boolean) =>
    `block rounded-md px-3 py-2 text-sm font-medium ${
      selected ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-brand-50 hover:text-brand-800"
    }`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold text-brand-950">
        Categories
      </h2>
      {categories === null ? (
        <p className="mt-3 text-sm font-semibold text-red-700">{BLOG_MESSAGES.errorCategories}</p>
      ) : (
        <ul className="mt-3 space-y-1">
          <li>
            <Link
              to={hrefFor(ALL_CATEGORIES)}
              className={linkClass(current(ALL_CATEGORIES))}
              aria-current={current(ALL_CATEGORIES) ? "page" : undefined}
            >
              All
            </Link>
          </li>
          {categories.map((cat) => (
            <li key={cat}>
              <Link
                to={hrefFor(cat)}
                className={linkClass(current(cat))}
                aria-current={current(cat) ? "page" : undefined}
              >
                {cat}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {categories !== null && categories.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{BLOG_MESSAGES.noCategories}</p>
      ) : null}
    </section>
  );
}
