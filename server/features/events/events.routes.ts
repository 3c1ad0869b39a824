// Showcase events: the public list (public-area §7), the events admin (admin-back-office §7 "Events and
// talents": POST /api/events, PUT/DELETE /api/events/{id}, GET /api/events/{id} and its purchases; the
// original sent no auth header, we require an admin; issue 18) and the check-in at the door (beyond the
// spec; decision 036). The talents' operations are the kit's (server/features/admin/registry.routes.ts).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  AdminEventSchema,
  CheckInRequestSchema,
  CheckInResultSchema,
  EventInputSchema,
  EventPurchaseSchema,
  EventSchema,
  EVENT_MESSAGES,
} from "../../../contract/showcase/events.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import type { CheckInService } from "./check-in.service.ts";
import type { EventsAdminService } from "./events-admin.service.ts";
import type { EventsService } from "./events.service.ts";

const tags = ["Showcase"];
const IdParams = z.object({ id: z.string().min(1).max(100) });
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});

const listEvents = defineRoute({
  access: "public",
  operationId: "listEvents",
  method: "get",
  path: "/api/events",
  tags,
  summary: "List showcase events (hidden ones left out; never their streaming link)",
  responses: { 200: { description: "All events", content: { "application/json": { schema: z.array(EventSchema) } } } },
});

const createEvent = defineRoute({
  access: "admin",
  operationId: "createEvent",
  method: "post",
  path: "/api/events",
  tags,
  summary: "Add an event",
  description:
    "`startsAt` is an ISO 8601 instant with its offset or a Lagos wall-clock time (`2030-03-14T16:00`); `streamUrl` is https only and never public.",
  request: body(EventInputSchema),
  responses: {
    201: jsonResponse("The new event", AdminEventSchema),
    422: errorResponse("A field is missing or not valid"),
  },
});

const getEvent = defineRoute({
  access: "admin",
  operationId: "getEvent",
  method: "get",
  path: "/api/events/{id}",
  tags,
  summary: "One event as admins see it (streaming link and hidden flag included)",
  request: { params: IdParams },
  responses: { 200: jsonResponse("The event", AdminEventSchema), 404: errorResponse(EVENT_MESSAGES.notFound) },
});

const updateEvent = defineRoute({
  access: "admin",
  operationId: "updateEvent",
  method: "put",
  path: "/api/events/{id}",
  tags,
  summary: "Change an event (every field is replaced)",
  description:
    "A new start time reschedules the streaming-link e-mails of its tickets: 24 hours before the new start, at once when that has passed; none is sent twice.",
  request: { params: IdParams, ...body(EventInputSchema) },
  responses: {
    200: jsonResponse("The event as saved", AdminEventSchema),
    404: errorResponse(EVENT_MESSAGES.notFound),
    422: errorResponse("A field is missing or not valid"),
  },
});

const deleteEvent = defineRoute({
  access: "admin",
  operationId: "deleteEvent",
  method: "delete",
  path: "/api/events/{id}",
  tags,
  summary: "Delete an event without paid tickets",
  request: { params: IdParams },
  responses: {
    200: jsonResponse("Deleted", z.object({ message: z.string(), _id: z.string() })),
    404: errorResponse(EVENT_MESSAGES.notFound),
    409: errorResponse("The event has paid tickets: hide it from the showcase instead"),
  },
});

const listEventPurchases = defineRoute({
  access: "admin",
  operationId: "listEventPurchases",
  method: "get",
  path: "/api/events/{id}/purchases",
  tags,
  summary: "An event's tickets, newest first (paid, being refunded, refunded), with how many are in",
  request: { params: IdParams },
  responses: {
    200: jsonResponse("The tickets", z.array(EventPurchaseSchema)),
    404: errorResponse(EVENT_MESSAGES.notFound),
  },
});

const checkIn = defineRoute({
  access: "admin",
  operationId: "checkInTicket",
  method: "post",
  path: "/api/admin/events/{id}/check-in",
  tags,
  summary: "Check a ticket in at the door: one scan, one admission",
  description:
    "`code` is the ticket's signed code (its QR code); `scanId` the scan's own id, made by the client: the same scan sent again gets the same answer and never admits twice. A ticket of quantity N admits N, one scan each.",
  request: { params: IdParams, ...body(CheckInRequestSchema) },
  responses: {
    200: jsonResponse("admitted, already_used, wrong_event, refunded, unpaid or forged", CheckInResultSchema),
    404: errorResponse(EVENT_MESSAGES.notFound),
    422: errorResponse("The code or the scan id is missing or not valid"),
  },
});

export function registerEventsRoutes(
  app: OpenAPIHono<BackendEnv>,
  services: { events: EventsService; eventsAdmin: EventsAdminService; checkIn: CheckInService },
) {
  const { events, eventsAdmin } = services;
  app.openapi(listEvents, async (c) => c.json(await events.listEvents(), 200));
  app.openapi(createEvent, async (c) => c.json(await eventsAdmin.create(c.get("actor"), c.req.valid("json")), 201));
  app.openapi(getEvent, async (c) => c.json(await eventsAdmin.get(c.get("actor"), c.req.valid("param").id), 200));
  app.openapi(updateEvent, async (c) =>
    c.json(await eventsAdmin.update(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(deleteEvent, async (c) => c.json(await eventsAdmin.remove(c.get("actor"), c.req.valid("param").id), 200));
  app.openapi(listEventPurchases, async (c) =>
    c.json(await eventsAdmin.purchases(c.get("actor"), c.req.valid("param").id), 200),
  );
  app.openapi(checkIn, async (c) =>
    c.json(await services.checkIn.checkIn(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 200),
  );
}
