// The categories admin's texts (spec admin-back-office §2 "Categories admin", §5, §8) and its declaration
// (decision 029), without zod: the page's browser code and the sign-in page import them (the schema is
// made from the declaration, in ./catalog.ts).
import { NO_EDIT_TEXTS, type ResourceSpec } from "./admin-resource.ts";

/** The longest category name: it shows in the blog's category links and the course filters. */
export const CATEGORY_NAME_MAX = 50;

export const CATEGORY_MESSAGES = {
  /** spec admin §5 */
  empty: "Category name cannot be empty!",
  tooLong: `Category name must be at most ${CATEGORY_NAME_MAX} characters.`,
  controls: "Category name must be one line of text, without control characters.",
  /** spec admin §8 */
  added: "Category added successfully!",
  removed: "Category removed successfully!",
  addFailed: "Failed to add category",
  removeFailed: "Failed to remove category",
  /** spec admin §2 */
  confirm: (name: string) => `Are you sure you want to delete "${name}"?`,
  signIn: "Please sign in to manage categories.",
  loadingList: "Loading categories...",
  loadFailed: (message: string) => `Error loading categories: ${message}`,
  none: "No categories found.",
};

/** "1 course", "3 posts". */
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 courses and 1 post use it" (only the parts that are not zero); null when nothing uses it. */
export function usedBy({ courses, posts }: { courses: number; posts: number }): string | null {
  const parts = [
    courses > 0 ? countOf(courses, "course", "courses") : null,
    posts > 0 ? countOf(posts, "post", "posts") : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return `${parts.join(" and ")} ${courses + posts === 1 ? "uses" : "use"} it`;
}

const figures = (item: Readonly<Record<string, unknown>>) => ({
  courses: Number(item.courses ?? 0),
  posts: Number(item.posts ?? 0),
});

/**
 * /admin/categories on the admin kit (decision 029): a name added or removed, never edited (courses
 * and posts hold the name itself); each row says how many courses and posts use it, and one in use is
 * not removed (the service refuses and says how many use it; decision 020).
 */
export const CATEGORIES: ResourceSpec<"name"> = {
  key: "categories",
  adminPath: "/admin/categories",
  fields: [
    {
      name: "name",
      label: "Category name",
      kind: "text",
      required: true,
      max: CATEGORY_NAME_MAX,
      hint: `At most ${CATEGORY_NAME_MAX} characters.`,
      oneLine: true,
      messages: {
        required: CATEGORY_MESSAGES.empty,
        tooLong: CATEGORY_MESSAGES.tooLong,
        control: CATEGORY_MESSAGES.controls,
      },
    },
  ],
  list: {
    title: "name",
    columns: [
      {
        key: "courses",
        header: "Courses",
        alignEnd: true,
        cell: (c) => countOf(figures(c).courses, "course", "courses"),
      },
      { key: "posts", header: "Posts", alignEnd: true, cell: (c) => countOf(figures(c).posts, "post", "posts") },
    ],
  },
  ordered: false,
  addOnly: true,
  texts: {
    ...NO_EDIT_TEXTS,
    one: "category",
    many: "All categories",
    title: "Categories",
    lead: "The one list of categories that courses and blog posts choose from.",
    added: CATEGORY_MESSAGES.added,
    deleted: CATEGORY_MESSAGES.removed,
    // spec admin §8: "failures show the server message or 'Failed to add category' / 'Failed to remove category'"
    addFailed: (m) => m || CATEGORY_MESSAGES.addFailed,
    deleteFailed: (m) => m || CATEGORY_MESSAGES.removeFailed,
    confirmDelete: CATEGORY_MESSAGES.confirm,
    deleteLabel: "Remove",
    deleteNote: (c) => {
      const users = usedBy(figures(c));
      return users ? `${users}: it cannot be removed while they do.` : undefined;
    },
    empty: CATEGORY_MESSAGES.none,
    notFound: "Category not found",
    add: "Add category",
    loading: CATEGORY_MESSAGES.loadingList,
    loadFailed: (reason) => CATEGORY_MESSAGES.loadFailed(reason ?? "The list could not be read. Please try again."),
  },
};
