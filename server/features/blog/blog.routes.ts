// The blog's public reads (spec public-area §7): GET /posts, /posts/categories, /posts/{slug},
// /comments/{postId}.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { CommentSchema, PostDetailSchema, PostListSchema, PostsQuerySchema } from "../../../contract/blog/blog.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse } from "../../http/define-route.ts";
import { clientIp } from "../../http/client-ip.ts";
import type { BlogService } from "./blog.service.ts";

const tags = ["Blog"];
const slugParam = z.object({ slug: z.string().min(1).max(200) });

const listPosts = defineRoute({
  access: "public",
  operationId: "listPosts",
  method: "get",
  path: "/posts",
  tags,
  summary: "A page of posts, filtered, searched and sorted",
  description:
    "`search` is a web-style full-text query (quoted phrases, `or`, `-word`) over title, short " +
    "description and body, ranked (title first) when no `sort` is given. `sort`: newest (default), " +
    "popular (most visits), trending (most visits in the last 7 days), oldest. `cat=general` is every " +
    "category. `limit` is 10 by default and at most 50; `page` at most 1000.",
  request: { query: PostsQuerySchema },
  responses: {
    200: {
      description: "The page, and whether more follow",
      content: { "application/json": { schema: PostListSchema } },
    },
  },
});

const listPostCategories = defineRoute({
  access: "public",
  operationId: "listPostCategories",
  method: "get",
  path: "/posts/categories",
  tags,
  summary: "The category names (the one list shared with courses)",
  responses: {
    200: { description: "Category names", content: { "application/json": { schema: z.array(z.string()) } } },
  },
});

const getPost = defineRoute({
  access: "public",
  operationId: "getPost",
  method: "get",
  path: "/posts/{slug}",
  tags,
  summary: "One post, its body sanitized; counts a visit (once per reader and hour)",
  request: { params: slugParam },
  responses: {
    200: { description: "The post", content: { "application/json": { schema: PostDetailSchema } } },
    404: errorResponse("No post has this slug"),
  },
});

const listComments = defineRoute({
  access: "public",
  operationId: "listComments",
  method: "get",
  path: "/comments/{id}",
  tags,
  summary: "A post's comments, newest first",
  description:
    "`id` is the post's id (the spec's GET /comments/{postId}; DELETE /comments/{id} shares the path, " +
    "and OpenAPI gives a path one parameter name).",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: { description: "The comments", content: { "application/json": { schema: z.array(CommentSchema) } } },
    404: errorResponse("No such post"),
  },
});

export function registerBlogRoutes(app: OpenAPIHono<BackendEnv>, blog: BlogService) {
  app.openapi(listPosts, async (c) => c.json(await blog.listPosts(c.req.valid("query")), 200));
  app.openapi(listPostCategories, async (c) => c.json(await blog.listCategoryNames(), 200));
  app.openapi(getPost, async (c) =>
    c.json(
      await blog.readPost(c.req.valid("param").slug, {
        userId: c.get("actor")?.id ?? null,
        ip: clientIp(c),
        userAgent: c.req.header("user-agent") ?? "",
      }),
      200,
    ),
  );
  app.openapi(listComments, async (c) => c.json(await blog.listComments(c.req.valid("param").id), 200));
}
