// The contact form (public-area §7 "POST /api/contact", §5) and the contact requests admin
// (admin-back-office §7 "Contacts and newsletter": GET /api/admin/contacts, DELETE
// /api/admin/contacts/{id}, POST /api/admin/respond with contactId, response, email).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  ContactPageSchema,
  ContactsQuerySchema,
  RespondInputSchema,
  RespondResultSchema,
} from "../../../contract/messaging/contacts.ts";
import { ContactInputSchema, ContactResultSchema } from "../../../contract/messaging/messaging.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
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

const listContacts = defineRoute({
  access: "admin",
  operationId: "listContactRequests",
  method: "get",
  path: "/api/admin/contacts",
  tags: ["Contact"],
  summary: "The contact requests, newest first, with their responses",
  description: "Filter by status (new, responded) and subject; `search` finds a part of the e-mail address.",
  request: { query: ContactsQuerySchema },
  responses: {
    200: jsonResponse("A page of requests", ContactPageSchema),
    422: errorResponse("A filter or the paging is not valid"),
  },
});

const deleteContact = defineRoute({
  access: "admin",
  operationId: "deleteContactRequest",
  method: "delete",
  path: "/api/admin/contacts/{id}",
  tags: ["Contact"],
  summary: "Delete a contact request and its responses",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: jsonResponse("Deleted", z.object({ message: z.string(), _id: z.string() })),
    404: errorResponse("No such request"),
  },
});

const respond = defineRoute({
  access: "admin",
  operationId: "respondToContactRequest",
  method: "post",
  path: "/api/admin/respond",
  tags: ["Contact"],
  summary: "E-mail a response to the requester and keep it with the request",
  description:
    "The e-mail answers the request's subject ('Re: …') through the mail queue; the request becomes " +
    "`responded`. `email`, when given, must be the request's own address.",
  request: { body: { required: true, content: { "application/json": { schema: RespondInputSchema } } } },
  responses: {
    200: jsonResponse("Sent", RespondResultSchema),
    404: errorResponse("No such request"),
    422: errorResponse("The response is empty or too long, or the e-mail is not the request's"),
  },
});

export function registerContactsRoutes(app: OpenAPIHono<BackendEnv>, contacts: ContactsService) {
  app.openapi(createContact, async (c) => c.json(await contacts.create(c.req.valid("json")), 201));
  app.openapi(listContacts, async (c) => c.json(await contacts.listPage(c.get("actor"), c.req.valid("query")), 200));
  app.openapi(deleteContact, async (c) => c.json(await contacts.remove(c.get("actor"), c.req.valid("param").id), 200));
  app.openapi(respond, async (c) => c.json(await contacts.respond(c.get("actor"), c.req.valid("json")), 200));
}
