// The texts of the blog's signed-in actions (spec public-area §2 "Single post page" actions panel and
// comments, §4 "Save toggle", "Feature toggle", "Delete post", "Comment sending", §8 "Post and comment
// actions") and the comment length limit, without zod, so that the post page's browser code reads them
// without bringing zod along (as contract/blog/blog-texts.ts does for the reads).

/** The longest comment kept, counted after trimming (the spec applies no limit; an endless one is abuse). */
export const COMMENT_MAX = 2000;

/** The most saved posts the saved list shows (newest saved first). */
export const SAVED_POSTS_MAX = 200;

export const BLOG_ACTION_MESSAGES = {
  // spec §8, quoted exactly
  commentPosted: "Comment posted successfully",
  commentError: "Error posting comment!",
  commentDeleted: "Comment deleted successfully",
  logInToComment: "Please log in to comment!",
  postDeleted: "Post deleted successfully!",
  savedFetchFailed: "Saved post fetching failed!",
  // spec §4: appended to an optimistic comment, and shown on a button during its request
  sending: " (Sending...)",
  inProgress: "(in progress)",
  // ours (the spec gives no words for these)
  commentEmpty: "Please write a comment first.",
  commentTooLong: `A comment can be at most ${COMMENT_MAX} characters.`,
  commentRequired: "The comment (desc) is required and must be text.",
  commentNotFound: "Comment not found!",
  postIdRequired: "postId is required and must be text.",
  notCommentAuthor: "Only the comment's author or an admin can delete it.",
  notPostAuthor: "Only the post's author or an admin can delete it.",
  confirmDeletePost: "Are you sure you want to delete this post?",
  confirmNeeded: "Please confirm that you want to delete this post.",
  unknownAction: "That action could not be read. Please use the buttons of the page.",
  postSaved: "Post saved.",
  postUnsaved: "Post removed from your saved posts.",
  postFeatured: "Post featured.",
  postUnfeatured: "Post no longer featured.",
  noSavedPosts: "You have not saved any posts yet.",
} as const;
