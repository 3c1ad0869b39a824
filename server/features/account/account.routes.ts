// The signed-in learner's purchases (issue 9 "/account"; decision 018).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { AccountPurchasesSchema } from "../../../contract/account/account.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, jsonResponse } from "../../http/define-route.ts";
import { requireUser } from "../auth/actor.ts";
import type { AccountService } from "./account.service.ts";

const purchases = defineRoute({
  access: "user",
  operationId: "getAccountPurchases",
  method: "get",
  path: "/api/account/purchases",
  tags: ["Account"],
  summary: "The signed-in user's paid courses, tickets (with their signed ticket codes) and receipts",
  description:
    "Payments started while signed in, and those made with the user's e-mail address once it is verified. " +
    "Only paid ones, newest first. A refunded one stays, with `status` `refunded`, `refundedAt` and " +
    "`refundedAmount`: no longer an enrolment or a valid ticket (its `code` is null), its receipt still listed. " +
    "A ticket's `code` is what its QR code encodes (the same as in the ticket e-mail).",
  responses: { 200: jsonResponse("The purchases", AccountPurchasesSchema) },
});

export function registerAccountRoutes(app: OpenAPIHono<BackendEnv>, account: AccountService) {
  app.openapi(purchases, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await account.getAccountPurchases(requireUser(c.get("actor")).id), 200);
  });
}
