// Home and about page content, read-only for the public (public-area §7).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  BlogTeaserSchema,
  CarouselSlideSchema,
  ExpertSchema,
  FaqSchema,
  HeroSchema,
  InstructorCtaSchema,
} from "../../../contract/content.ts";
import type { BackendEnv } from "../../http/backend.ts";
import { defineRoute, jsonResponse } from "../../http/define-route.ts";
import type { ContentService } from "./content.service.ts";

const home = ["Home content"];
const about = ["About content"];

const listCarousel = defineRoute({
  access: "public",
  operationId: "listCarouselSlides",
  method: "get",
  path: "/api/carousel",
  tags: home,
  summary: "List carousel slides, in display order",
  responses: { 200: jsonResponse("All slides", z.array(CarouselSlideSchema)) },
});

const listBlogTeasers = defineRoute({
  access: "public",
  operationId: "listBlogTeasers",
  method: "get",
  path: "/api/blogTeasers",
  tags: home,
  summary: "List blog teasers",
  responses: { 200: jsonResponse("All blog teasers", z.array(BlogTeaserSchema)) },
});

const listInstructorCtas = defineRoute({
  access: "public",
  operationId: "listInstructorCtas",
  method: "get",
  path: "/api/instructorCTAs",
  tags: home,
  summary: "List instructor calls to action",
  responses: { 200: jsonResponse("All instructor calls to action", z.array(InstructorCtaSchema)) },
});

const listFaqs = defineRoute({
  access: "public",
  operationId: "listFaqs",
  method: "get",
  path: "/api/faqs",
  tags: home,
  summary: "List frequently asked questions, in display order",
  responses: { 200: jsonResponse("All FAQs", z.array(FaqSchema)) },
});

const getHero = defineRoute({
  access: "public",
  operationId: "getHero",
  method: "get",
  path: "/api/hero",
  tags: about,
  summary: "The hero banner of the about page (null when none has been set)",
  responses: { 200: jsonResponse("The hero banner, or null: the page then shows its defaults", HeroSchema.nullable()) },
});

const listExperts = defineRoute({
  access: "public",
  operationId: "listExperts",
  method: "get",
  path: "/api/experts",
  tags: about,
  summary: "List experts",
  responses: { 200: jsonResponse("All experts", z.array(ExpertSchema)) },
});

export function registerContentRoutes(app: OpenAPIHono<BackendEnv>, content: ContentService) {
  app.openapi(listCarousel, async (c) => c.json(await content.listCarousel(), 200));
  app.openapi(listBlogTeasers, async (c) => c.json(await content.listBlogTeasers(), 200));
  app.openapi(listInstructorCtas, async (c) => c.json(await content.listInstructorCtas(), 200));
  app.openapi(listFaqs, async (c) => c.json(await content.listFaqs(), 200));
  app.openapi(getHero, async (c) => c.json(await content.getHero(), 200));
  app.openapi(listExperts, async (c) => c.json(await content.listExperts(), 200));
}
