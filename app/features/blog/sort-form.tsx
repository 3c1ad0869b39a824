import { useState } from "react";
import { Form } from "react-router";
import { SORT_OPTIONS } from "../../../contract/blog/blog-texts.ts";
import { hiddenInputs, type PostListParams } from "./post-list-params.ts";
import { buttonClass } from "../../components/ui/button.tsx";

/**
 * spec public-area §2 "Sort radio options: Newest (newest), Most Popular (popular), Trending (trending),
 * Oldest (oldest), setting sort". A GET form to /posts that keeps the other parameters, with an 'Apply
 * sort' button. With JavaScript a click or tap on an option also applies it at once, but the arrow keys
 * only move the choice (WCAG 3.2.2 On Input: going through the options must not reload the list at each
 * step); Enter or the button applies it (decision 023). Without JavaScript it is a plain form.
 */
export function SortForm({ params }: { params: PostListParams }) {
  // no sort given: newest first, except that a search without one is ordered by relevance (the blog
  // service), which none of the four options names
  const current = params.sort ?? (params.search ? null : "newest");
  // The option checked: the applied one until another is chosen. An address with another sort (a new
  // list, the back button) checks its own. (Not a key on the fieldset: a new one would take the focus
  // away from the option a keyboard user just applied with Enter.)
  const [chosen, setChosen] = useState(current);
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setChosen(current);
  }
  return (
    <Form method="get" action="/posts" aria-label="Sort posts" preventScrollReset>
      {hiddenInputs(params, "sort").map((input) => (
        <input key={input.name} type="hidden" name={input.name} value={input.value} />
      ))}
      <fieldset>
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
                checked={option.value === chosen}
                onChange={() => setChosen(option.value)}
                className="size-4 accent-brand-700"
                onClick={(event) => {
                  // a click or tap (detail: the number of clicks); the arrow keys' selection also fires
                  // a click in Chromium, with a detail of 0
                  if (event.detail > 0 && option.value !== current) event.currentTarget.form?.requestSubmit();
                }}
                onKeyDown={(event) => {
                  // Enter asks for the option explicitly (not every browser sends a form from a radio)
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonClass("secondary", "sm", "mt-3")}>
        Apply sort
      </button>
    </Form>
  );
}
