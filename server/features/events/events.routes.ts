// Showcase events, read-only for the public (public-area §7). The talents' operations, GET /api/talents
// among them, come from their declared resource (events.service.ts TALENTS_BINDING).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { EventSchema } from "../../../contract/events.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute } from "../../http/define-route.ts";
import type { EventsService } from "./events.service.ts";

const tags = ["Showcase"];

const listEvents = defineRoute({
  access: "public",
  operationId: "listEvents",
  method: "get",
  path: "/api/events",
  tags,
  summary: "List showcase events",
  responses: { 200: { description: "All events", content: { "application/json": { schema: z.array(EventSchema) } } } },
});

export function registerEventsRoutes(app: OpenAPIHono<BackendEnv>, events: EventsService) {
  app.openapi(listEvents, async (c) => c.json(await events.listEvents(), 200));
}
