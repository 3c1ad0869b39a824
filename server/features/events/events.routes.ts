// Showcase events and talents, read-only for the public (public-area §7).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { EventSchema, TalentSchema } from "../../../contract/events.ts";
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

const listTalents = defineRoute({
  access: "public",
  operationId: "listTalents",
  method: "get",
  path: "/api/talents",
  tags,
  summary: "List showcase talents",
  responses: {
    200: { description: "All talents", content: { "application/json": { schema: z.array(TalentSchema) } } },
  },
});

export function registerEventsRoutes(app: OpenAPIHono<BackendEnv>, events: EventsService) {
  app.openapi(listEvents, async (c) => c.json(await events.listEvents(), 200));
  app.openapi(listTalents, async (c) => c.json(await events.listTalents(), 200));
}
