// The contact form (public-area §7 "POST /api/contact", §5).
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ErrorSchema } from "../../../contract/common.ts";
import { ContactInputSchema, ContactResultSchema } from "../../../contract/messaging.ts";
import type { BackendEnv } from "../../http/backend.ts";
import type { ContactsService } from "./contacts.service.ts";

const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

const createContact = createRoute({
  method: "post",
  path: "/api/contact",
  tags: ["Contact"],
  summary: "Send a contact request",
  request: { body: { required: true, content: { "application/json": { schema: ContactInputSchema } } } },
  responses: {
    201: { description: "Saved", content: { "application/json": { schema: ContactResultSchema } } },
    400: error("The body is not valid JSON"),
    413: error("The body is too large"),
    415: error("The body is not JSON"),
    422: error("A field is missing or not valid"),
  },
});

export function registerContactsRoutes(app: OpenAPIHono<BackendEnv>, contacts: ContactsService) {
  app.openapi(createContact, async (c) => c.json(await contacts.create(c.req.valid("json")), 201));
}
