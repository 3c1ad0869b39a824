// The categories admin's writes (spec admin-back-office §7 "Authoring": POST /posts/category, body name;
// DELETE /posts/category/{name}; §7 "Courses and categories": POST /api/categories, body name; DELETE
// /api/categories/{id}). Both pairs are the same service calls, so the same rules: the name trimmed, not
// blank, unique in any case; one in use is not removed; each write in writeContent and the audit log. The
// list itself is GET /posts/categories (the blog's routes) and GET /api/categories (the catalog's).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { CategorySchema, NewCategorySchema } from "../../../contract/courses/catalog.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import type { CategoriesService } from "./categories.service.ts";

const tags = ["Categories"];

const addCategory = defineRoute({
  access: "admin",
  operationId: "addCategory",
  method: "post",
  path: "/posts/category",
  tags,
  summary: "Add a category to the list shared by courses and posts",
  description: "The name is trimmed; it must not be blank and is at most 50 characters, on one line.",
  request: { body: { required: true, content: { "application/json": { schema: NewCategorySchema } } } },
  responses: {
    201: jsonResponse("The new category", CategorySchema),
    409: errorResponse("A category of that name exists already (in any case)"),
    422: errorResponse("The name is blank ('Category name cannot be empty!'), too long or not one line"),
  },
});

const removeCategory = defineRoute({
  access: "admin",
  operationId: "removeCategory",
  method: "delete",
  path: "/posts/category/{name}",
  tags,
  summary: "Remove a category no course or post uses",
  description:
    "The name is matched in any case. While courses or posts use the category it stays, and the 409 " +
    "says how many use it (decision 020).",
  request: { params: z.object({ name: z.string().min(1).max(200) }) },
  responses: {
    200: jsonResponse("The removed category", CategorySchema),
    404: errorResponse("No category has that name"),
    409: errorResponse("Courses or posts use the category"),
  },
});

const createCourseCategory = defineRoute({
  access: "admin",
  operationId: "createCategory",
  method: "post",
  path: "/api/categories",
  tags,
  summary: "Add a category (the course manager's call; the same list as POST /posts/category)",
  description:
    "The name is trimmed; it must not be blank and is at most 50 characters, on one line. Courses and posts " +
    "share the one list (GET /api/categories, GET /posts/categories).",
  request: { body: { required: true, content: { "application/json": { schema: NewCategorySchema } } } },
  responses: {
    201: jsonResponse("The new category", CategorySchema),
    409: errorResponse("A category of that name exists already (in any case)"),
    422: errorResponse("The name is blank ('Category name cannot be empty!'), too long or not one line"),
  },
});

const deleteCourseCategory = defineRoute({
  access: "admin",
  operationId: "deleteCategory",
  method: "delete",
  path: "/api/categories/{id}",
  tags,
  summary: "Remove a category no course or post uses, by its id",
  description:
    "The id is the `_id` of GET /api/categories. While courses or posts use the category it stays, and the " +
    "409 says how many use it (decision 020).",
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    200: jsonResponse("The removed category", CategorySchema),
    404: errorResponse("No category has that id ('Category not found')"),
    409: errorResponse("Courses or posts use the category"),
  },
});

export function registerCategoriesRoutes(app: OpenAPIHono<BackendEnv>, categories: CategoriesService) {
  app.openapi(addCategory, async (c) => c.json(await categories.create(c.get("actor"), c.req.valid("json")), 201));
  app.openapi(removeCategory, async (c) =>
    c.json(await categories.removeByName(c.get("actor"), c.req.valid("param").name), 200),
  );
  app.openapi(createCourseCategory, async (c) =>
    c.json(await categories.create(c.get("actor"), c.req.valid("json")), 201),
  );
  app.openapi(deleteCourseCategory, async (c) =>
    c.json(await categories.remove(c.get("actor"), c.req.valid("param").id), 200),
  );
}
