// The coupons admin's API (spec admin-back-office §7 "Coupons": GET/POST /api/coupons, PUT/DELETE
// /api/coupons/{id}, GET /api/coupons/{couponId}; issue 17). Admins only: the original sent no auth
// header for these; we enforce it (architecture "Identity"). And the checkout's calls, open to all:
// checking a code (GET /api/coupons/validate/{code}) and the spec's usage log (the payments claim one
// with a reference).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { CouponSchema, CouponUpdateSchema, NewCouponSchema } from "../../../contract/coupons/coupons.ts";
import {
  CouponUsageLogSchema,
  CouponValidationSchema,
  PurchaseLogResultSchema,
} from "../../../contract/payments/payments.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { CouponsService } from "./coupons.service.ts";

const tags = ["Coupons"];
/** the checkout's calls stay under the API document's "Payments" heading */
const checkoutTags = ["Payments"];

const validateCoupon = defineRoute({
  access: "public",
  operationId: "validateCoupon",
  method: "get",
  path: "/api/coupons/validate/{code}",
  tags: checkoutTags,
  summary: "Check a coupon code for a course",
  description: "Codes are case-insensitive. Valid when active and either general or for this course.",
  request: {
    params: z.object({ code: z.string().max(100) }),
    query: z.object({ courseId: z.string().max(100).optional() }),
  },
  responses: {
    200: jsonResponse(
      "The validation result (valid false with a message when it does not apply)",
      CouponValidationSchema,
    ),
  },
});

const logCouponUsage = defineRoute({
  access: "public",
  operationId: "logCouponUsage",
  method: "post",
  path: "/api/coupons/log-usage/{couponId}",
  tags: checkoutTags,
  summary: "Record a coupon's use (intent only; paid comes from verification)",
  request: {
    params: z.object({ couponId: z.string().max(100) }),
    body: { content: { "application/json": { schema: CouponUsageLogSchema } }, required: true },
  },
  responses: {
    201: jsonResponse("Recorded", PurchaseLogResultSchema),
    404: errorResponse("No such coupon, course or payment"),
  },
});
// (one name for the one path: the spec writes {couponId} for the detail and {id} for the writes)
const IdParams = z.object({ couponId: z.string().max(100) });

const listCoupons = defineRoute({
  access: "admin",
  operationId: "listCoupons",
  method: "get",
  path: "/api/coupons",
  tags,
  summary: "Every coupon, newest first, with its usage records",
  responses: { 200: jsonResponse("The coupons", z.array(CouponSchema)) },
});

const getCoupon = defineRoute({
  access: "admin",
  operationId: "getCoupon",
  method: "get",
  path: "/api/coupons/{couponId}",
  tags,
  summary: "One coupon with its usage records (the coupon detail page)",
  request: { params: IdParams },
  responses: { 200: jsonResponse("The coupon", CouponSchema), 404: errorResponse("No such coupon") },
});

const createCoupon = defineRoute({
  access: "admin",
  operationId: "createCoupon",
  method: "post",
  path: "/api/coupons",
  tags,
  summary: "Add a coupon",
  description:
    "discount: a whole number from 0 to 100; courseId: a course, or null for every course; code: optional " +
    "(3 to 30 letters, digits, - or _, kept in upper case), made by the server when absent; usageLimit: a " +
    "whole number of 1 or more, or null for no limit; expiresAt: an ISO 8601 date-time with its offset (or a " +
    "date), or null for never (decision 034).",
  request: { body: { required: true, content: { "application/json": { schema: NewCouponSchema } } } },
  responses: {
    201: jsonResponse("The new coupon", CouponSchema),
    409: errorResponse("A coupon with that code (in any case) exists already"),
    422: errorResponse(
      "'Please enter a valid discount percentage (0-100)', a bad code, an unknown course, a bad usage limit or expiry",
    ),
  },
});

const updateCoupon = defineRoute({
  access: "admin",
  operationId: "updateCoupon",
  method: "put",
  path: "/api/coupons/{couponId}",
  tags,
  summary: "Validate or invalidate a coupon (isValid), or change its discount, code, course, usage limit and expiry",
  request: {
    params: IdParams,
    body: { required: true, content: { "application/json": { schema: CouponUpdateSchema } } },
  },
  responses: {
    200: jsonResponse("The coupon as it is now", CouponSchema),
    404: errorResponse("No such coupon"),
    409: errorResponse("Another coupon has that code"),
    422: errorResponse("A field is not valid"),
  },
});

const deleteCoupon = defineRoute({
  access: "admin",
  operationId: "deleteCoupon",
  method: "delete",
  path: "/api/coupons/{couponId}",
  tags,
  summary: "Delete a coupon and its usage records (payments keep what they charged)",
  request: { params: IdParams },
  responses: {
    200: jsonResponse("Deleted", z.object({ message: z.string(), _id: z.string() })),
    404: errorResponse("No such coupon"),
  },
});

export function registerCouponsRoutes(
  app: OpenAPIHono<BackendEnv>,
  coupons: CouponsService,
  payments: Pick<PaymentsService, "logCouponUsage">,
) {
  // (answers about one checkout: never kept by a cache)
  app.openapi(validateCoupon, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await coupons.validate(c.req.valid("param").code, c.req.valid("query").courseId), 200);
  });
  app.openapi(logCouponUsage, async (c) =>
    c.json(await payments.logCouponUsage(c.req.valid("param").couponId, c.req.valid("json")), 201),
  );
  app.openapi(listCoupons, async (c) => c.json(await coupons.admin.list(c.get("actor")), 200));
  app.openapi(getCoupon, async (c) =>
    c.json(await coupons.admin.detail(c.get("actor"), c.req.valid("param").couponId), 200),
  );
  app.openapi(createCoupon, async (c) => c.json(await coupons.admin.create(c.get("actor"), c.req.valid("json")), 201));
  app.openapi(updateCoupon, async (c) =>
    c.json(await coupons.admin.update(c.get("actor"), c.req.valid("param").couponId, c.req.valid("json")), 200),
  );
  app.openapi(deleteCoupon, async (c) =>
    c.json(await coupons.admin.remove(c.get("actor"), c.req.valid("param").couponId), 200),
  );
}
