import type { PostDetail } from "../../../contract/blog.ts";

/**
 * The post's actions block (spec public-area §2 "a post actions block receiving the whole post"; the
 * "Actions panel": Save for signed-in users, Feature for admins, Delete for the author and admins).
 * Those need signed-in calls that arrive with the next issue, which fills this in; until then it shows
 * nothing, so that no button on the page pretends to work.
 */
export function PostActions(_props: { post: PostDetail }) {
  return null;
}
