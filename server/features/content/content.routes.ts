// Home and about content (admin-back-office §7 "Home content"): the five declared lists' operations come
// from their declarations (server/features/admin/resource.ts); the hero's three are here.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { HeroSchema } from "../../../contract/content.ts";
import { HERO } from "../../../contract/content-resources.ts";
import { resourceInputSchema } from "../../../contract/admin-resource-schema.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, jsonResponse } from "../../http/define-route.ts";
import { registerResourceRoutes } from "../admin/resource.ts";
import { CONTENT_RESOURCES, type ContentService } from "./content.service.ts";

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
  const R = CONTENT_RESOURCES;
  registerResourceRoutes(app, R.carousel, content.carousel);
  registerResourceRoutes(app, R.blogTeasers, content.blogTeasers);
  registerResourceRoutes(app, R.instructorCtas, content.instructorCtas);
  registerResourceRoutes(app, R.faqs, content.faqs);
  registerResourceRoutes(app, R.experts, content.experts);
  app.openapi(getHero, async (c) => c.json(await content.getHero(), 200));
  app.openapi(saveHero, async (c) => c.json(await content.saveHero(c.get("actor"), c.req.valid("json")), 200));
  app.openapi(deleteHero, async (c) => c.json(await content.clearHero(c.get("actor")), 200));
}
