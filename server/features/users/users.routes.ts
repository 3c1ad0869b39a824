// The signed-in user, the step-up, and the back office's user list, role changes and dashboard.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  AdminUserSchema,
  DashboardSchema,
  SetRoleSchema,
  StepUpSchema,
  ViewerSchema,
} from "../../../contract/account/auth.ts";
import { pageSchema } from "../../../contract/lib/paging.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import { toViewer } from "../auth/actor.ts";
import { UsersQuerySchema, type UsersService } from "./users.service.ts";

const me = defineRoute({
  access: "public",
  operationId: "getMe",
  method: "get",
  path: "/api/me",
  tags: ["Account"],
  summary: "The signed-in user (null when signed out)",
  // Open to all: signed out it answers null, so the credentials are optional.
  optionalSignIn: true,
  responses: { 200: jsonResponse("The user, or null", ViewerSchema.nullable()) },
});

const verify = defineRoute({
  access: "user",
  operationId: "verifyPassword",
  method: "post",
  path: "/api/session/verify",
  tags: ["Account"],
  summary: "Step-up: confirm the password before a dangerous admin action",
  request: { body: { required: true, content: { "application/json": { schema: StepUpSchema } } } },
  responses: {
    200: jsonResponse("Verified", z.object({ verifiedAt: z.string() })),
    422: errorResponse("Wrong or missing password"),
    429: errorResponse("Too many attempts: wait a minute"),
  },
});

const forget = defineRoute({
  access: "user",
  operationId: "forgetPasswordProof",
  method: "delete",
  path: "/api/session/verify",
  tags: ["Account"],
  summary: "Step-up: forget this session's confirmed password, so the next dangerous action asks for it again",
  description:
    "For a shared computer: the session stays signed in, and the next role change, bulk e-mail, course delete or refund asks for the password first. It only ever takes a permission away.",
  responses: {
    200: jsonResponse("Forgotten", z.object({ verifiedAt: z.null() })),
  },
});

const listUsers = defineRoute({
  access: "admin",
  operationId: "listUsers",
  method: "get",
  path: "/api/admin/users",
  tags: ["Admin"],
  summary: "Accounts, newest first",
  request: { query: UsersQuerySchema },
  responses: {
    200: jsonResponse("A page of accounts", pageSchema(AdminUserSchema)),
  },
});

const setRole = defineRoute({
  access: "admin",
  operationId: "setUserRole",
  method: "put",
  path: "/api/admin/users/{id}/role",
  tags: ["Admin"],
  summary: "Grant or revoke the admin role (needs a password from the last 60 minutes)",
  request: {
    params: z.object({ id: z.string().max(100) }),
    body: { required: true, content: { "application/json": { schema: SetRoleSchema } } },
  },
  responses: {
    200: jsonResponse("The account with its new role", AdminUserSchema),
    403: errorResponse(
      "Not an admin, the password must be confirmed first (code step_up_required), or a cross-site request carrying the session cookie",
    ),
    404: errorResponse("No such account"),
    409: errorResponse("It would leave no admin"),
    422: errorResponse("Not a role"),
  },
});

const dashboard = defineRoute({
  access: "admin",
  operationId: "getDashboard",
  method: "get",
  path: "/api/admin/dashboard",
  tags: ["Admin"],
  summary: "Today's new subscribers, contact requests and users (Lagos time), and totals",
  responses: { 200: jsonResponse("The figures", DashboardSchema) },
});

export function registerUsersRoutes(app: OpenAPIHono<BackendEnv>, users: UsersService) {
  app.openapi(me, (c) => {
    c.header("Cache-Control", "private, no-store");
    const actor = c.get("actor");
    return c.json(actor ? toViewer(actor) : null, 200);
  });
  app.openapi(verify, async (c) =>
    c.json(await users.verifyPassword(c.get("actor"), c.req.valid("json").password), 200),
  );
  app.openapi(forget, async (c) => c.json(await users.forgetPasswordProof(c.get("actor")), 200));
  app.openapi(listUsers, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await users.list(c.get("actor"), c.req.valid("query")), 200);
  });
  app.openapi(setRole, async (c) =>
    c.json(await users.setRole(c.get("actor"), c.req.valid("param").id, c.req.valid("json").role), 200),
  );
  app.openapi(dashboard, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await users.dashboard(c.get("actor")), 200);
  });
}
