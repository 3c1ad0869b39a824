import { Form } from "react-router";
import { SearchField } from "../../components/ui/form.tsx";
import { hiddenInputs, type PostListParams } from "./post-list-params.ts";
import { BlogIcon } from "./blog-icons.tsx";

/**
 * spec public-area §2 "Search box (placeholder 'search a post...'): on Enter, if already on /posts it
 * sets search while keeping the other parameters; otherwise it navigates to /posts?search={text}". A GET
 * form to /posts: on the list the other parameters ride along as hidden inputs (`params`), elsewhere
 * there are none. It works the same without JavaScript.
 */
export function SearchBox({ id, params = {} }: { id: string; params?: PostListParams }) {
  return (
    <Form method="get" action="/posts" role="search" aria-label="Search posts" className="flex items-end gap-2">
      {hiddenInputs(params, "search").map((input) => (
        <input key={input.name} type="hidden" name={input.name} value={input.value} />
      ))}
      <div className="min-w-0 flex-1">
        <SearchField
          // a new search from the address (back button, a link) shows in the box
          key={params.search ?? ""}
          id={id}
          name="search"
          label="Search"
          placeholder="search a post..."
          defaultValue={params.search ?? ""}
          maxLength={200}
          className=""
        />
      </div>
      <button
        type="submit"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white shadow-sm hover:bg-brand-800"
      >
        <BlogIcon name="search" />
        <span className="sr-only">Search</span>
      </button>
    </Form>
  );
}
