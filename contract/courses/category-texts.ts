// The categories admin's texts (spec admin-back-office §2 "Categories admin", §5, §8) and its declaration
// (decision 029), without zod: the page's browser code and the sign-in page import them (the schema is
// made from the declaration, in ./catalog.ts).
import { NO_EDIT_TEXTS, type ResourceSpec } from "../admin/admin-resource.ts";

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
  /** decision 020: the refusal of a category in use (the server's, and the page's before it asks) */
  inUse: (name: string, used: { courses: number; posts: number }) =>
    `Cannot delete "${name}": ${usedBy(used)}. Move ${used.courses + used.posts === 1 ? "it" : "them"} to another category first.`,
  /** beside the Remove of a category in use (issue 29) */
  inUseNote: (used: { courses: number; posts: number }) => `In use by ${usageOf(used)}`,
  signIn: "Please sign in to manage categories.",
  loadingList: "Loading categories...",
  loadFailed: (message: string) => `Error loading categories: ${message}`,
  none: "No categories found.",
};

/** "1 course", "3 posts". */
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 courses and 1 post" (only the parts that are not zero); "" when nothing uses it. */
function usageOf({ courses, posts }: { courses: number; posts: number }): string {
  return [
    courses > 0 ? countOf(courses, "course", "courses") : null,
    posts > 0 ? countOf(posts, "post", "posts") : null,
  ]
    .filter(Boolean)
    .join(" and ");
}

/** "3 courses and 1 post use it" (only the parts that are not zero); null when nothing uses it. */
function usedBy(used: { courses: number; posts: number }): string | null {
  const parts = usageOf(used);
  if (!parts) return null;
  return `${parts} ${used.courses + used.posts === 1 ? "uses" : "use"} it`;
}

const figures = (item: Readonly<Record<string, unknown>>) => ({
  courses: Number(item.courses ?? 0),
  posts: Number(item.posts ?? 0),
});

/**
 * /admin/categories on the admin kit (decision 029): a name added or removed, never edited (courses
 * and posts hold the name itself); each row says how many courses and posts use it, and one in use is
 * not removed (the service refuses and says how many use it; decision 020): its Remove is shown
 * muted with the reason, and says the refusal without asking the server (decision 064).
 */
export const CATEGORIES: ResourceSpec<"name", "categories"> = {
  key: "categories",
  adminPath: "/admin/categories",
  scope: "categories",
  nav: "blogcat",
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
    // one in use is refused by the server (decision 020): its Remove says so before anything is sent
    deleteRefused: (c) => {
      const used = figures(c);
      if (used.courses + used.posts === 0) return undefined;
      return { note: CATEGORY_MESSAGES.inUseNote(used), message: CATEGORY_MESSAGES.inUse(String(c.name ?? ""), used) };
    },
    empty: CATEGORY_MESSAGES.none,
    notFound: "Category not found",
    add: "Add category",
    loading: CATEGORY_MESSAGES.loadingList,
    loadFailed: (reason) => CATEGORY_MESSAGES.loadFailed(reason ?? "The list could not be read. Please try again."),
  },
};
