// The one registry of declared admin resources (issue 30; decision 071). Every declaration module lists
// its own (CONTENT_RESOURCES, SHOWCASE_RESOURCES, CATEGORIES) and this joins them; from RESOURCES come
// the operation ids (below), the services and API routes (server/features/admin/registry.service.ts),
// the audit log's words (contract/admin/audit.ts), the admin navigation (app/components/admin/admin-nav.ts),
// the screens of their own (app/pages.ts), the cache families of their public lists
// (server/http/page-cache/api-families.ts) and the content versions of their tables
// (server/db/content-version.ts). Adding a resource: docs/adding-a-screen.md.
import type { ResourceSpec } from "./admin-resource.ts";
import { CATEGORIES } from "../courses/category-texts.ts";
import { CONTENT_RESOURCES } from "../content/content-resources.ts";
import { SHOWCASE_RESOURCES } from "../showcase/showcase-resources.ts";

export const RESOURCES = [...CONTENT_RESOURCES, ...SHOWCASE_RESOURCES, CATEGORIES] as const;

export type DeclaredResource = (typeof RESOURCES)[number];
export type ResourceKey = DeclaredResource["key"];
/** The declared fields of the resource `K` ("question" | "answer" for the FAQs). */
export type FieldsOf<K extends ResourceKey> =
  Extract<DeclaredResource, { key: K }> extends ResourceSpec<infer N, K> ? N : never;

/** The resources shown on the screen at `adminPath`, in the registry's order. */
export function resourcesAt(adminPath: string): ResourceSpec[] {
  return RESOURCES.filter((spec) => spec.adminPath === adminPath);
}

/** The resources of a navigation entry (its own screen shows them; the others have screens of their own). */
export function resourcesOfNav(nav: string): ResourceSpec[] {
  return RESOURCES.filter((spec) => spec.nav === nav);
}

export interface OperationIds {
  list: string;
  page: string;
  create: string;
  update: string;
  remove: string;
  move: string;
}

/**
 * A list's operation ids (camelCase: generated clients name their methods after them), by one rule: the
 * noun is the key's singular capitalised (faqs → Faq), or the declared `operationNoun` (CarouselSlide).
 */
export function operationIdsOf(spec: Pick<ResourceSpec, "key" | "operationNoun">): OperationIds {
  const noun = spec.operationNoun ?? `${spec.key.charAt(0).toUpperCase()}${spec.key.slice(1).replace(/s$/, "")}`;
  return {
    list: `list${noun}s`,
    page: `list${noun}sForAdmin`,
    create: `create${noun}`,
    update: `update${noun}`,
    remove: `delete${noun}`,
    move: `move${noun}`,
  };
}
