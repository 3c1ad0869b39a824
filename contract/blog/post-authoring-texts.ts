// The texts and limits of writing a post (admin-back-office §2 "Write post", §3 "Post (create payload)",
// §5, §8 "Authoring"), without zod, for the write page's browser code; contract/blog/blog.ts re-exports them
// next to the create schema. A file of their own, not blog-texts.ts: that one is in the home page's
// JavaScript, and these are for the write page only.

/** The longest title, short description and body (HTML) a post may have, and the most categories. */
export const POST_TITLE_MAX = 200;
export const POST_DESC_MAX = 500;
export const POST_CONTENT_MAX = 200_000;
export const POST_CATEGORIES_MAX = 5;

export const AUTHORING_MESSAGES = {
  /** spec §5, on the server and on the page */
  required: "Title and content are required!",
  /** spec §8 */
  created: "Post has been created",
  failed: (message: string) => `Failed to create post: ${message}`,
  /** editing a post (issue 29: its author or an admin, in the same editor) */
  updated: "Post has been updated",
  updateFailed: (message: string) => `Failed to update post: ${message}`,
  notYourPost: "Only the post's author or an admin may edit it",
  /** spec §2 */
  signedOut: "You must be logged in to create a post!",
  titleTooLong: `The title must be at most ${POST_TITLE_MAX} characters`,
  descTooLong: `The short description must be at most ${POST_DESC_MAX} characters`,
  contentTooLong: `The content is too long: at most ${POST_CONTENT_MAX / 1000} KB of text and markup`,
  tooManyCategories: `A post may have at most ${POST_CATEGORIES_MAX} categories: send at most ${POST_CATEGORIES_MAX} names in category`,
  unknownCategory: (name: string) => `"${name}" is not one of the categories`,
  badImage: "img must be an uploaded picture (/media/...) or an http(s) address",
  /** a body picture or video whose address is on this site but names no file it serves (issue 29) */
  badBodyMedia: (src: string) =>
    `“${src.slice(0, 200)}” is not a picture or video of this site: upload it, or use its /media/… address or an http(s) address`,
  /** spec §8 "'Image upload failed!' (toast) on upload error" */
  uploadFailed: "Image upload failed!",
  /** the same for a video uploaded into the body (decision 021) */
  videoUploadFailed: "Video upload failed!",
  /**
   * An uploaded picture in the body without alt text (decision 027; Ghost asks for it too): the server's
   * 422 and the page's refusal to send. An outside picture or one of the site's own is not asked.
   */
  altMissing: "Every uploaded picture needs alt text: a short description of it for readers who cannot see it.",
  /** the page adds where to give it */
  altHowTo: "Select the picture in the editor and choose “Alt text”.",
  /** the alt text prompt was applied empty */
  altEmpty: "Describe the picture in a few words: it is read to those who cannot see it.",
  /** the video button's prompt got something that is not a YouTube or Vimeo link */
  badVideoLink: "Paste a YouTube or Vimeo link, or upload an MP4 or WebM video",
} as const;

/** The admins' posts list (issue 29): its page size, filters and texts. */
export const ADMIN_POSTS_PAGE_SIZE = 25;

export const ADMIN_POSTS_MESSAGES = {
  title: "Posts",
  lead: "Every post, newest first: find one by author, category or words of its title, then edit or delete it.",
  empty: "No posts yet.",
  emptyFiltered: "No post matches these filters.",
  fetchFailed: "Error loading posts: ",
  confirmDelete: (title: string) => `Are you sure you want to delete the post “${title}” with its comments?`,
  deleted: "Post deleted successfully!",
  deleteFailed: "Failed to delete post: ",
} as const;

/** One row of the admins' posts list. */
export interface AdminPostRow {
  _id: string;
  slug: string;
  title: string;
  author: string;
  categories: string[];
  isFeatured: boolean;
  createdAt: string;
}
