import { Form, useSubmit } from "react-router";
import { SORT_OPTIONS } from "../../../contract/blog-texts.ts";
import { hiddenInputs, type PostListParams } from "../../lib/post-list-params.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { buttonClass } from "../ui/button.tsx";

/**
 * spec public-area §2 "Sort radio options: Newest (newest), Most Popular (popular), Trending (trending),
 * Oldest (oldest), setting sort". A GET form to /posts that keeps the other parameters: with JavaScript
 * a change submits it at once; without, its button does.
 */
export function SortForm({ params }: { params: PostListParams }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  // no sort given: newest first, except that a search without one is ordered by relevance (the blog
  // service), which none of the four options names
  const current = params.sort ?? (params.search ? null : "newest");
  return (
    <Form method="get" action="/posts" aria-label="Sort posts">
      {hiddenInputs(params, "sort").map((input) => (
        <input key={input.name} type="hidden" name={input.name} value={input.value} />
      ))}
      {/* keyed by the sort, so that going back to another address shows its choice */}
      <fieldset key={current ?? "relevance"}>
        <legend className="text-lg font-bold text-brand-950">Sort</legend>
        <div className="mt-3 space-y-1">
          {SORT_OPTIONS.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-brand-50"
            >
              <input
                type="radio"
                name="sort"
                value={option.value}
                defaultChecked={option.value === current}
                className="size-4 accent-brand-700"
                onChange={(event) => {
                  if (event.currentTarget.form) void submit(event.currentTarget.form, { preventScrollReset: true });
                }}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {!hydrated ? (
        <button type="submit" className={buttonClass("secondary", "sm", "mt-3")}>
          Apply sort
        </button>
      ) : null}
    </Form>
  );
}
