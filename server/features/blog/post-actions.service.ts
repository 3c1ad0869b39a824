// The blog's signed-in actions (spec public-area §2 "Single post page" actions panel and comments; §4
// "Save toggle", "Feature toggle", "Delete post", "Comment sending"; §6 roles; §7 POST /comments/{postId},
// DELETE /comments/{id}, GET /users/saved, PATCH /users/save, PATCH /posts/feature, DELETE /posts/{id}).
//
// Who may do what (§6, enforced here: a door never decides): any signed-in user comments and saves;
// the comment's author or an admin deletes a comment; the post's author (posts.user_id) or an admin
// deletes a post (its comments, saves and visits go with it); only admins feature. Each change is one
// conditional statement (or, for the save toggle, one per user at a time), so two requests at once can
// never leave a half-done state: deletes say "where id = … and (author or admin) returning", the
// feature toggle flips the column in place, the save toggle runs under a lock of the user's row. An
// admin's post delete and feature toggle are recorded in the audit log with the write (issue 16).
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Comment, PostListItem } from "../../../contract/blog/blog.ts";
import {
  BLOG_ACTION_MESSAGES as M,
  SAVED_POSTS_MAX,
  type CommentInput,
  type Deleted,
  type FeatureToggleResult,
  type SaveToggleResult,
} from "../../../contract/blog/blog-actions.ts";
import { BLOG_MESSAGES } from "../../../contract/blog/blog-texts.ts";
import type { Db } from "../../db/client.ts";
import { postScope, writeContent, type ContentScope, type ContentTx } from "../../db/content-version.ts";
import { sqlState } from "../../db/errors.ts";
import { comments, posts, savedPosts, user } from "../../db/schema.ts";
import { Forbidden, NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import { isAdmin, requireAdmin, requireUser, type Actor } from "../auth/actor.ts";
import { recordAudit } from "../admin/audit.ts";
import { listColumns, toPostListItem } from "./blog.service.ts";

/** The name shown for an author whose account has no username (as blog.service.ts does). */
const NO_USERNAME = "anonymous";

/** The cache scopes of these posts' pages (decision 044). */
async function pageScopesOf(tx: ContentTx, postIds: readonly string[]): Promise<ContentScope[]> {
  if (postIds.length === 0) return [];
  const rows = await tx
    .select({ slug: posts.slug })
    .from(posts)
    .where(inArray(posts.id, [...postIds]));
  return rows.map((r) => postScope(r.slug));
}

export function createPostActionsService(db: Db) {
  /** 404 unless `postId` names a post. */
  async function requirePost(postId: string): Promise<string> {
    if (!isId(postId)) throw NotFound(BLOG_MESSAGES.postNotFound);
    const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
    if (!row) throw NotFound(BLOG_MESSAGES.postNotFound);
    return row.id;
  }

  return {
    /**
     * POST /comments/{postId}: the signed-in user's comment, plain text (trimmed, 1 to COMMENT_MAX
     * characters: the contract checks). 404 when the post does not exist (or was deleted meanwhile).
     */
    async addComment(actor: Actor | null, postId: string, input: CommentInput): Promise<Comment> {
      const me = requireUser(actor);
      await requirePost(postId);
      let row: typeof comments.$inferSelect | undefined;
      try {
        // the post's page and the lists' comment counts (decision 044)
        row = await writeContent(db, ["posts"], async (tx, alsoScopes) => {
          const [inserted] = await tx.insert(comments).values({ postId, userId: me.id, desc: input.desc }).returning();
          alsoScopes(...(await pageScopesOf(tx, [postId])));
          return inserted;
        });
      } catch (error) {
        // the post was deleted between the check and the insert
        if (sqlState(error) === "23503") throw NotFound(BLOG_MESSAGES.postNotFound);
        throw error;
      }
      return {
        _id: row!.id,
        postId: row!.postId,
        desc: row!.desc,
        createdAt: row!.createdAt.toISOString(),
        user: { username: me.username || NO_USERNAME, img: me.image || null },
      };
    },

    /** DELETE /comments/{id}: by its author or an admin (403 for anyone else, 404 when there is none). */
    async deleteComment(actor: Actor | null, id: string): Promise<Deleted> {
      const me = requireUser(actor);
      if (!isId(id)) throw NotFound(M.commentNotFound);
      const gone = await writeContent(db, ["posts"], async (tx, alsoScopes) => {
        const rows = await tx
          .delete(comments)
          .where(and(eq(comments.id, id), isAdmin(me) ? undefined : eq(comments.userId, me.id)))
          .returning({ id: comments.id, postId: comments.postId });
        alsoScopes(
          ...(await pageScopesOf(
            tx,
            rows.map((c) => c.postId),
          )),
        );
        return rows;
      });
      if (gone.length > 0) return { message: M.commentDeleted };
      const [exists] = await db.select({ id: comments.id }).from(comments).where(eq(comments.id, id));
      if (exists) throw Forbidden(M.notCommentAuthor);
      throw NotFound(M.commentNotFound);
    },

    /**
     * DELETE /posts/{id}: by its author or an admin; its comments, saves and visits go with it. Every
     * delete by an admin, of anyone's post (their own included: the log answers "what did the admins
     * do", whichever hat they wore), is recorded in the audit log in the same transaction (issue 16):
     * the post's title, address, author, categories and featured flag before, nothing after.
     */
    async deletePost(actor: Actor | null, id: string): Promise<Deleted> {
      const me = requireUser(actor);
      if (!isId(id)) throw NotFound(BLOG_MESSAGES.postNotFound);
      const admin = isAdmin(me);
      const gone = await writeContent(db, ["posts"], async (tx, alsoScopes) => {
        const rows = await tx
          .delete(posts)
          .where(and(eq(posts.id, id), admin ? undefined : eq(posts.userId, me.id)))
          .returning({
            id: posts.id,
            title: posts.title,
            slug: posts.slug,
            userId: posts.userId,
            categories: posts.categories,
            isFeatured: posts.isFeatured,
          });
        const [post] = rows;
        if (post) alsoScopes(postScope(post.slug));
        if (admin && post) {
          const [author] = await tx
            .select({ username: user.username, email: user.email })
            .from(user)
            .where(eq(user.id, post.userId));
          await recordAudit(tx, me, {
            action: "delete",
            resource: "posts",
            itemId: post.id,
            itemLabel: post.title,
            before: {
              title: post.title,
              slug: post.slug,
              author: author ? author.username || author.email : null,
              categories: post.categories,
              isFeatured: post.isFeatured,
            },
            after: null,
          });
        }
        return rows;
      });
      if (gone.length > 0) return { message: M.postDeleted };
      const [exists] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id));
      if (exists) throw Forbidden(M.notPostAuthor);
      throw NotFound(BLOG_MESSAGES.postNotFound);
    },

    /** PATCH /posts/feature (admins only): flips isFeatured in one statement; two at once flip twice. */
    async toggleFeature(actor: Actor | null, postId: string): Promise<FeatureToggleResult> {
      const admin = requireAdmin(actor);
      if (!isId(postId)) throw NotFound(BLOG_MESSAGES.postNotFound);
      const row = await writeContent(db, ["posts"], async (tx, alsoScopes) => {
        const [flipped] = await tx
          .update(posts)
          .set({ isFeatured: sql`not ${posts.isFeatured}` })
          .where(eq(posts.id, postId))
          .returning({ id: posts.id, isFeatured: posts.isFeatured, title: posts.title, slug: posts.slug });
        // The audit row (issue 16), in the flip's transaction: the flag before is the opposite of after.
        if (flipped) {
          alsoScopes(postScope(flipped.slug));
          await recordAudit(tx, admin, {
            action: "feature",
            resource: "posts",
            itemId: flipped.id,
            itemLabel: flipped.title,
            before: { isFeatured: !flipped.isFeatured },
            after: { isFeatured: flipped.isFeatured },
          });
        }
        return flipped;
      });
      if (!row) throw NotFound(BLOG_MESSAGES.postNotFound);
      return { postId: row.id, isFeatured: row.isFeatured };
    },

    /**
     * PATCH /users/save: saves the post, or unsaves it when saved. One user's toggles run one at a time
     * (a lock of their user row for the transaction), so two at once end where they started, never with
     * a duplicate or a lost toggle. The insert takes the post from the posts table, so a post deleted
     * meanwhile is a 404, never a foreign-key error.
     */
    async toggleSave(actor: Actor | null, postId: string): Promise<SaveToggleResult> {
      const me = requireUser(actor);
      if (!isId(postId)) throw NotFound(BLOG_MESSAGES.postNotFound);
      const saved = await db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, me.id)).for("no key update");
        const removed = await tx
          .delete(savedPosts)
          .where(and(eq(savedPosts.userId, me.id), eq(savedPosts.postId, postId)))
          .returning({ postId: savedPosts.postId });
        if (removed.length > 0) return false;
        const added = await tx
          .insert(savedPosts)
          .select(
            tx
              .select({
                userId: sql<string>`${me.id}`.as("user_id"),
                postId: posts.id,
                createdAt: sql<Date>`now()`.as("created_at"),
              })
              .from(posts)
              .where(eq(posts.id, postId)),
          )
          .onConflictDoNothing()
          .returning({ postId: savedPosts.postId });
        if (added.length === 0) throw NotFound(BLOG_MESSAGES.postNotFound);
        return true;
      });
      return { postId, saved };
    },

    /** GET /users/saved: the ids of the user's saved posts, newest saved first. */
    async savedPostIds(actor: Actor | null): Promise<string[]> {
      const me = requireUser(actor);
      const rows = await db
        .select({ postId: savedPosts.postId })
        .from(savedPosts)
        .where(eq(savedPosts.userId, me.id))
        .orderBy(desc(savedPosts.createdAt), desc(savedPosts.postId));
      return rows.map((r) => r.postId);
    },

    /** Whether the user saved this post (the post page's bookmark). */
    async isSaved(actor: Actor | null, postId: string): Promise<boolean> {
      const me = requireUser(actor);
      const [row] = await db
        .select({ postId: savedPosts.postId })
        .from(savedPosts)
        .where(and(eq(savedPosts.userId, me.id), eq(savedPosts.postId, postId)));
      return Boolean(row);
    },

    /** The saved posts themselves, newest saved first, at most SAVED_POSTS_MAX (the /saved page). */
    async savedPosts(actor: Actor | null): Promise<PostListItem[]> {
      const me = requireUser(actor);
      const rows = await db
        .select(listColumns)
        .from(savedPosts)
        .innerJoin(posts, eq(posts.id, savedPosts.postId))
        .innerJoin(user, eq(user.id, posts.userId))
        .where(eq(savedPosts.userId, me.id))
        .orderBy(desc(savedPosts.createdAt), desc(savedPosts.postId))
        .limit(SAVED_POSTS_MAX);
      return rows.map(toPostListItem);
    },

    /** Which of these comments the user may delete (theirs, or all of them for an admin). */
    async deletableComments(actor: Actor | null, ids: string[]): Promise<string[]> {
      if (!actor || ids.length === 0) return [];
      if (isAdmin(actor)) return ids;
      const rows = await db
        .select({ id: comments.id })
        .from(comments)
        .where(and(inArray(comments.id, ids), eq(comments.userId, actor.id)));
      return rows.map((r) => r.id);
    },

    /** Whether the user may delete this post (its author, or an admin). */
    async canDeletePost(actor: Actor | null, postId: string): Promise<boolean> {
      if (!actor) return false;
      if (isAdmin(actor)) return true;
      const [row] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.id, postId), eq(posts.userId, actor.id)));
      return Boolean(row);
    },
  };
}

export type PostActionsService = ReturnType<typeof createPostActionsService>;
