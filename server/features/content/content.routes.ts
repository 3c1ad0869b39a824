// Home and about content (admin-back-office §7 "Home content"): the five declared lists' operations come
// from the registry (server/features/admin/registry.routes.ts); the hero's three are here.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { HeroSchema } from "../../../contract/content/content.ts";
import { HERO } from "../../../contract/content/content-resources.ts";
import { resourceInputSchema } from "../../../contract/admin/admin-resource-schema.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, jsonResponse } from "../../http/define-route.ts";
import type { ContentService } from "./content.service.ts";

const about = ["About content"];

const getHero = defineRoute({
  access: "public",
  operationId: "getHero",
  method: "get",
  path: "/api/hero",
  tags: about,
  summary: "The hero banner of the about page (null when none has been set)",
  responses: { 200: jsonResponse("The hero banner, or null: the page then shows its defaults", HeroSchema.nullable()) },
});

const saveHero = defineRoute({
  access: "admin",
  operationId: "saveHero",
  method: "put",
  path: "/api/hero",
  tags: about,
  summary: "Save the about page's hero (title, subtitle, videoUrl, buttonText, buttonLink)",
  description: "Blank fields show the page's defaults. Addresses must be http(s) or a path of this site.",
  request: { body: { required: true, content: { "application/json": { schema: resourceInputSchema(HERO) } } } },
  responses: { 200: jsonResponse("The hero as saved", HeroSchema) },
});

const deleteHero = defineRoute({
  access: "admin",
  operationId: "deleteHero",
  method: "delete",
  path: "/api/hero",
  tags: about,
  summary: "Blank every field of the hero: the about page shows its defaults",
  responses: { 200: jsonResponse("The blanked hero", HeroSchema) },
});

export function registerContentRoutes(app: OpenAPIHono<BackendEnv>, content: ContentService) {
  app.openapi(getHero, async (c) => c.json(await content.getHero(), 200));
  app.openapi(saveHero, async (c) => c.json(await content.saveHero(c.get("actor"), c.req.valid("json")), 200));
  app.openapi(deleteHero, async (c) => c.json(await content.clearHero(c.get("actor")), 200));
}
