// Newsletter subscription (public-area §7 "POST /api/newsletter", §8).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { NewsletterInputSchema, NewsletterResultSchema } from "../../../contract/messaging.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse } from "../../http/define-route.ts";
import type { NewsletterService } from "./newsletter.service.ts";

const subscribe = defineRoute({
  access: "public",
  operationId: "subscribeToNewsletter",
  method: "post",
  path: "/api/newsletter",
  tags: ["Newsletter"],
  summary: "Subscribe an e-mail address to the newsletter",
  request: { body: { required: true, content: { "application/json": { schema: NewsletterInputSchema } } } },
  responses: {
    201: { description: "Subscribed", content: { "application/json": { schema: NewsletterResultSchema } } },
    409: errorResponse("The address is already subscribed"),
    422: errorResponse("The e-mail address is missing or not valid"),
  },
});

export function registerNewsletterRoutes(app: OpenAPIHono<BackendEnv>, newsletter: NewsletterService) {
  app.openapi(subscribe, async (c) => c.json(await newsletter.subscribe(c.req.valid("json")), 201));
}
