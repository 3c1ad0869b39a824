// The audit log's API (issue 16 "Audit log"; beyond the spec): what admins did, for the back office.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { AuditFiltersSchema, AuditPageSchema, AuditQuerySchema } from "../../../contract/admin/audit.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import type { AuditService } from "./audit.service.ts";

const tags = ["Admin"];

const listAudit = defineRoute({
  access: "admin",
  operationId: "listAuditEntries",
  method: "get",
  path: "/api/admin/audit",
  tags,
  summary: "What admins did, newest first",
  description:
    "Each admin write: who, when, what, the item and each changed field's value before and after (secrets " +
    "are never recorded). Filter by admin (actorId), resource, and Lagos calendar days from/to (YYYY-MM-DD, " +
    "`to` included); `href` is where the item is now, null when it is gone.",
  request: { query: AuditQuerySchema },
  responses: {
    200: jsonResponse("A page of entries", AuditPageSchema),
    422: errorResponse("A page, page size or date that cannot be read, or from later than to"),
  },
});

const auditFilters = defineRoute({
  access: "admin",
  operationId: "getAuditFilters",
  method: "get",
  path: "/api/admin/audit/filters",
  tags,
  summary: "The admins and resources that appear in the audit log",
  responses: { 200: jsonResponse("The filters' choices", AuditFiltersSchema) },
});

export function registerAuditRoutes(app: OpenAPIHono<BackendEnv>, audit: AuditService) {
  app.openapi(listAudit, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await audit.listPage(c.get("actor"), c.req.valid("query")), 200);
  });
  app.openapi(auditFilters, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await audit.filters(c.get("actor")), 200);
  });
}
