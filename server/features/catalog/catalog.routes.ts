import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { CategorySchema, CourseSchema } from "../../../contract/courses/catalog.ts";
import {
  CourseIdsSchema,
  CourseInputSchema,
  CoursePurchaseSchema,
  CourseUpdateSchema,
} from "../../../contract/courses/courses.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import type { CatalogService } from "./catalog.service.ts";

const tags = ["Courses"];

const listCourses = defineRoute({
  access: "public",
  operationId: "listCourses",
  method: "get",
  path: "/api/courses",
  tags,
  summary: "List courses",
  description:
    "All courses, oldest first; with `ids` (comma-separated, at most 100) only those of them that exist " +
    "(spec admin §7: the coupon detail's course names; a missing one is a deleted course).",
  request: { query: z.object({ ids: CourseIdsSchema.optional() }) },
  responses: {
    200: { description: "The courses", content: { "application/json": { schema: z.array(CourseSchema) } } },
    422: errorResponse("ids is not a list of course ids"),
  },
});

const IdParams = z.object({ id: z.string().max(100) });
const DeletedCourseSchema = z.object({ message: z.string(), _id: z.string() });

const createCourse = defineRoute({
  access: "admin",
  operationId: "createCourse",
  method: "post",
  path: "/api/courses",
  tags,
  summary: "Add a course",
  description:
    "Prices in naira (at most 2 decimals, kept in kobo); the discount price below the price; rating 0–5; " +
    "the category one of the list's (GET /api/categories); the image an http(s) address or a path of this site.",
  request: { body: { required: true, content: { "application/json": { schema: CourseInputSchema } } } },
  responses: {
    201: jsonResponse("The new course", CourseSchema),
    422: errorResponse("A field is missing or wrong; the message says which"),
  },
});

const updateCourse = defineRoute({
  access: "admin",
  operationId: "updateCourse",
  method: "put",
  path: "/api/courses/{id}",
  tags,
  summary: "Change a course",
  description: "The fields given change; the others stay as they are. The price rules apply to the result.",
  request: {
    params: IdParams,
    body: { required: true, content: { "application/json": { schema: CourseUpdateSchema } } },
  },
  responses: {
    200: jsonResponse("The course as it is now", CourseSchema),
    404: errorResponse("No such course"),
    422: errorResponse("A field is wrong; the message says which"),
  },
});

const deleteCourse = defineRoute({
  access: "admin",
  operationId: "deleteCourse",
  method: "delete",
  path: "/api/courses/{id}",
  tags,
  summary: "Delete a course (needs a password from the last 60 minutes)",
  description: "Its purchase records stay (shown as 'Deleted Course'); coupons made for it no longer apply.",
  request: { params: IdParams },
  responses: {
    200: jsonResponse("Deleted", DeletedCourseSchema),
    403: errorResponse("Not an admin, or the password must be confirmed first (code step_up_required)"),
    404: errorResponse("No such course"),
  },
});

const coursePurchases = defineRoute({
  access: "admin",
  operationId: "listCoursePurchases",
  method: "get",
  path: "/api/courses/{courseId}/purchases",
  tags,
  summary: "A course's purchase records, newest first",
  description: "Every record, paid or not (spec admin §4: paid shows Paid, anything else Not Paid); amounts in naira.",
  request: { params: z.object({ courseId: z.string().max(100) }) },
  responses: {
    200: jsonResponse("The purchase records", z.array(CoursePurchaseSchema)),
    404: errorResponse("No such course, and no purchase records of a deleted one"),
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
  app.openapi(listCourses, async (c) => {
    const { ids } = c.req.valid("query");
    return c.json(ids === undefined ? await catalog.listCourses() : await catalog.coursesByIds(ids), 200);
  });
  app.openapi(getCourse, async (c) => c.json(await catalog.getCourse(c.req.valid("param").id), 200));
  app.openapi(createCourse, async (c) => c.json(await catalog.createCourse(c.get("actor"), c.req.valid("json")), 201));
  app.openapi(updateCourse, async (c) =>
    c.json(await catalog.updateCourse(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(deleteCourse, async (c) =>
    c.json(await catalog.deleteCourse(c.get("actor"), c.req.valid("param").id), 200),
  );
  app.openapi(coursePurchases, async (c) =>
    c.json(await catalog.coursePurchases(c.get("actor"), c.req.valid("param").courseId), 200),
  );
  app.openapi(listCategories, async (c) => c.json(await catalog.listCategories(), 200));
}
