// Writing posts (admin-back-office §7 "POST /posts (bearer), body img, title, category[], desc,
// content; response has slug"): any signed-in user, with the session cookie or a bearer token. Editing
// one (issue 29: "PUT /posts/{id} beside the spec's DELETE /posts/{id}"): its author or an admin.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { CreatePostSchema, PostDetailSchema } from "../../../contract/blog/blog.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import { requireUser } from "../auth/actor.ts";
import type { PostWriteService } from "./posts-write.service.ts";

const createPost = defineRoute({
  access: "user",
  operationId: "createPost",
  method: "post",
  path: "/posts",
  tags: ["Blog"],
  summary: "Write a post; the answer carries its slug",
  description:
    "`title` and `content` are required ('Title and content are required!' when either is empty once " +
    "tags and spaces are removed; a body holding only a picture or a video counts). `content` is HTML, " +
    "kept to the post allow-list (what is not allowed is removed, not refused). `title` and `desc` are " +
    "text, stored as typed (`<div>` stays `<div>`) and escaped wherever they are shown. `category` is a list of at most 5 names of the category list (a single " +
    "name is read as a list of one). `img` is empty, an uploaded picture's /media path or an http(s) " +
    "address. The slug is made from the title; when taken, -2, -3... is added.",
  request: { body: { content: { "application/json": { schema: CreatePostSchema } }, required: true } },
  responses: { 201: jsonResponse("The new post, as GET /posts/{slug} answers it", PostDetailSchema) },
});

const updatePost = defineRoute({
  access: "user",
  operationId: "updatePost",
  method: "put",
  path: "/posts/{slug}",
  tags: ["Blog"],
  summary: "Edit a post: its author or an admin; the address is kept",
  description:
    "The parameter is the post's **id** (as DELETE /posts/{id}; named `slug` because GET /posts/{slug} " +
    "shares the path). The body is POST /posts's, under the same rules (required fields, the sanitizer, " +
    "the categories, the cover) and replaces the post's cover, title, categories, description and body; " +
    "the slug, the author and the featured flag stay. An admin's edit is recorded in the audit log.",
  request: {
    params: z.object({ slug: z.string().max(100).describe("the post's id") }),
    body: { content: { "application/json": { schema: CreatePostSchema } }, required: true },
  },
  responses: {
    200: jsonResponse("The post as edited, as GET /posts/{slug} answers it", PostDetailSchema),
    403: errorResponse("Neither the post's author nor an admin, or a cross-site request"),
    404: errorResponse("No such post"),
  },
});

export function registerPostWriteRoutes(app: OpenAPIHono<BackendEnv>, write: PostWriteService) {
  app.openapi(createPost, async (c) =>
    c.json(await write.createPost(requireUser(c.get("actor")), c.req.valid("json")), 201),
  );
  app.openapi(updatePost, async (c) =>
    c.json(await write.updatePost(requireUser(c.get("actor")), c.req.valid("param").slug, c.req.valid("json")), 200),
  );
}
