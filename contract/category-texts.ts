// The categories admin's texts (spec admin-back-office §2 "Categories admin", §5, §8), without zod: the
// page's browser code and the sign-in page import them (the schema is in ./catalog.ts).

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
};
