// The blog's signed-in actions (spec public-area §7): POST /comments/{postId}, DELETE /comments/{id},
// GET /users/saved, PATCH /users/save, PATCH /posts/feature, DELETE /posts/{id}. Who may do what is the
// service's to decide (post-actions.service.ts); the access here is the guard before it.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { CommentSchema } from "../../../contract/blog/blog.ts";
import {
  CommentInputSchema,
  DeletedSchema,
  FeatureToggleResultSchema,
  PostIdBodySchema,
  SavedPostIdsSchema,
  SaveToggleResultSchema,
} from "../../../contract/blog/blog-actions.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import type { PostActionsService } from "./post-actions.service.ts";

const tags = ["Blog"];
const idParam = z.object({ id: z.string().max(100) });
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

const addComment = defineRoute({
  access: "user",
  operationId: "addComment",
  method: "post",
  path: "/comments/{id}",
  tags,
  summary: "Comment on a post (plain text, 1 to 2000 characters after trimming)",
  description: "`id` is the post's id (the spec's POST /comments/{postId}; see GET /comments/{id}).",
  request: { params: idParam, body: json(CommentInputSchema) },
  responses: {
    201: jsonResponse("The comment as the list shows it", CommentSchema),
    404: errorResponse("No such post"),
  },
});

const deleteComment = defineRoute({
  access: "user",
  operationId: "deleteComment",
  method: "delete",
  path: "/comments/{id}",
  tags,
  summary: "Delete a comment: its author or an admin",
  request: { params: idParam },
  responses: {
    200: jsonResponse("Deleted: 'Comment deleted successfully'", DeletedSchema),
    403: errorResponse("Neither the comment's author nor an admin, or a cross-site request"),
    404: errorResponse("No such comment"),
  },
});

const listSavedPosts = defineRoute({
  access: "user",
  operationId: "listSavedPosts",
  method: "get",
  path: "/users/saved",
  tags,
  summary: "The ids of the signed-in user's saved posts, newest saved first",
  responses: { 200: jsonResponse("Post ids", SavedPostIdsSchema) },
});

const toggleSavedPost = defineRoute({
  access: "user",
  operationId: "toggleSavedPost",
  method: "patch",
  path: "/users/save",
  tags,
  summary: "Save a post, or unsave it when saved",
  request: { body: json(PostIdBodySchema) },
  responses: {
    200: jsonResponse("Whether the post is saved now", SaveToggleResultSchema),
    404: errorResponse("No such post"),
  },
});

const toggleFeaturedPost = defineRoute({
  access: "admin",
  operationId: "toggleFeaturedPost",
  method: "patch",
  path: "/posts/feature",
  tags,
  summary: "Feature a post, or unfeature it when featured (admins)",
  request: { body: json(PostIdBodySchema) },
  responses: {
    200: jsonResponse("Whether the post is featured now", FeatureToggleResultSchema),
    404: errorResponse("No such post"),
  },
});

const deletePost = defineRoute({
  access: "user",
  operationId: "deletePost",
  method: "delete",
  path: "/posts/{slug}",
  tags,
  summary: "Delete a post with its comments and saves: its author or an admin",
  description:
    "The parameter is the post's **id** (the spec's DELETE /posts/{id}). It is named `slug` because " +
    "GET /posts/{slug} shares the path and OpenAPI gives a path one parameter name.",
  request: { params: z.object({ slug: z.string().max(100).describe("the post's id") }) },
  responses: {
    200: jsonResponse("Deleted: 'Post deleted successfully!'", DeletedSchema),
    403: errorResponse("Neither the post's author nor an admin, or a cross-site request"),
    404: errorResponse("No such post"),
  },
});

export function registerPostActionsRoutes(app: OpenAPIHono<BackendEnv>, actions: PostActionsService) {
  app.openapi(addComment, async (c) =>
    c.json(await actions.addComment(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 201),
  );
  app.openapi(deleteComment, async (c) =>
    c.json(await actions.deleteComment(c.get("actor"), c.req.valid("param").id), 200),
  );
  app.openapi(listSavedPosts, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await actions.savedPostIds(c.get("actor")), 200);
  });
  app.openapi(toggleSavedPost, async (c) =>
    c.json(await actions.toggleSave(c.get("actor"), c.req.valid("json").postId), 200),
  );
  app.openapi(toggleFeaturedPost, async (c) =>
    c.json(await actions.toggleFeature(c.get("actor"), c.req.valid("json").postId), 200),
  );
  app.openapi(deletePost, async (c) =>
    c.json(await actions.deletePost(c.get("actor"), c.req.valid("param").slug), 200),
  );
}
