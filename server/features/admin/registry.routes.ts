// The API operations of the declared resources the kit serves (./resource.ts registerResourceRoutes;
// decision 071): one set for each table of server/db/resource-tables.ts, in the registry's order.
// Resources with services of their own (events, categories, the hero) register theirs in their features.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { RESOURCES } from "../../../contract/admin/resources.ts";
import { RESOURCE_TABLES } from "../../db/resource-tables.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import type { KitServices } from "./registry.service.ts";
import { registerResourceRoutes, type ResourceService } from "./resource.ts";

export function registerKitRoutes(app: OpenAPIHono<BackendEnv>, kit: KitServices) {
  const services: Readonly<Record<string, ResourceService<string>>> = kit;
  for (const spec of RESOURCES) {
    if (Object.hasOwn(RESOURCE_TABLES, spec.key)) registerResourceRoutes(app, services[spec.key]!);
  }
}
