// The contact form (public-area §7 "POST /api/contact", §5).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { ContactInputSchema, ContactResultSchema } from "../../../contract/messaging.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse } from "../../http/define-route.ts";
import type { ContactsService } from "./contacts.service.ts";

const createContact = defineRoute({
  access: "public",
  operationId: "createContactRequest",
  method: "post",
  path: "/api/contact",
  tags: ["Contact"],
  summary: "Send a contact request",
  request: { body: { required: true, content: { "application/json": { schema: ContactInputSchema } } } },
  responses: {
    201: { description: "Saved", content: { "application/json": { schema: ContactResultSchema } } },
    422: errorResponse("A field is missing or not valid"),
  },
});

export function registerContactsRoutes(app: OpenAPIHono<BackendEnv>, contacts: ContactsService) {
  app.openapi(createContact, async (c) => c.json(await contacts.create(c.req.valid("json")), 201));
}
