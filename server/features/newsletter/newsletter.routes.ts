// Newsletter subscription (public-area §7 "POST /api/newsletter", §8).
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ErrorSchema } from "../../../contract/common.ts";
import { NewsletterInputSchema, NewsletterResultSchema } from "../../../contract/messaging.ts";
import type { BackendEnv } from "../../http/backend.ts";
import type { NewsletterService } from "./newsletter.service.ts";

const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

const subscribe = createRoute({
  method: "post",
  path: "/api/newsletter",
  tags: ["Newsletter"],
  summary: "Subscribe an e-mail address to the newsletter",
  request: { body: { required: true, content: { "application/json": { schema: NewsletterInputSchema } } } },
  responses: {
    201: { description: "Subscribed", content: { "application/json": { schema: NewsletterResultSchema } } },
    400: error("The body is not valid JSON"),
    409: error("The address is already subscribed"),
    413: error("The body is too large"),
    415: error("The body is not JSON"),
    422: error("The e-mail address is missing or not valid"),
  },
});

export function registerNewsletterRoutes(app: OpenAPIHono<BackendEnv>, newsletter: NewsletterService) {
  app.openapi(subscribe, async (c) => c.json(await newsletter.subscribe(c.req.valid("json")), 201));
}
