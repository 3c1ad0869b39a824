import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { CategorySchema, CourseSchema } from "../../../contract/catalog.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse } from "../../http/define-route.ts";
import type { CatalogService } from "./catalog.service.ts";

const tags = ["Courses"];

const listCourses = defineRoute({
  access: "public",
  operationId: "listCourses",
  method: "get",
  path: "/api/courses",
  tags,
  summary: "List courses",
  responses: {
    200: { description: "All courses", content: { "application/json": { schema: z.array(CourseSchema) } } },
  },
});

const getCourse = defineRoute({
  access: "public",
  operationId: "getCourse",
  method: "get",
  path: "/api/courses/{id}",
  tags,
  summary: "One course",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: { description: "The course", content: { "application/json": { schema: CourseSchema } } },
    404: errorResponse("No such course"),
  },
});

const listCategories = defineRoute({
  access: "public",
  operationId: "listCategories",
  method: "get",
  path: "/api/categories",
  tags,
  summary: "List course categories",
  responses: {
    200: { description: "All categories", content: { "application/json": { schema: z.array(CategorySchema) } } },
  },
});

export function registerCatalogRoutes(app: OpenAPIHono<BackendEnv>, catalog: CatalogService) {
  app.openapi(listCourses, async (c) => c.json(await catalog.listCourses(), 200));
  app.openapi(getCourse, async (c) => c.json(await catalog.getCourse(c.req.valid("param").id), 200));
  app.openapi(listCategories, async (c) => c.json(await catalog.listCategories(), 200));
}
