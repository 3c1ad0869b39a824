// The declared resources' services, from the one registry (contract/admin/resources.ts; decision 071): the
// kit's audited service (./resource.ts) for each table of server/db/resource-tables.ts, beside the
// services of their own that server/services.ts hands in (events, categories) and the single records
// (the about page's hero). The admin screens reach every one of them by key, typed as below.
import type { Page, PageQuery } from "../../../contract/lib/paging.ts";
import { RESOURCES, type FieldsOf } from "../../../contract/admin/resources.ts";
import type { Db } from "../../db/client.ts";
import { RESOURCE_TABLES, type KitKey, type ResourceTable } from "../../db/resource-tables.ts";
import type { Actor } from "../auth/actor.ts";
import { createResourceService, type ResourceService } from "./resource.ts";

/** An item as an admin list shows it: its id and its values (a category's figures are numbers). */
export type AdminItem = { _id: string } & Readonly<Record<string, unknown>>;

/** What an admin screen asks of a list (app/lib/admin-resource.server.ts): the kit's service, or its own. */
export interface ListService {
  listPage(actor: Actor | null, query: PageQuery): Promise<Page<AdminItem>>;
  get(actor: Actor | null, id: string): Promise<AdminItem>;
  create(actor: Actor | null, body: unknown): Promise<unknown>;
  /** absent from an add-only list (categories) */
  update?(actor: Actor | null, id: string, body: unknown): Promise<unknown>;
  remove(actor: Actor | null, id: string): Promise<unknown>;
  /** absent from a list the admins do not order */
  move?(actor: Actor | null, id: string, body: unknown): Promise<unknown>;
}

/** What an admin screen asks of a single record (the hero): read, saved over, blanked. */
export interface SingleService {
  get(): Promise<Readonly<Record<string, string>> | null>;
  save(actor: Actor | null, body: unknown): Promise<unknown>;
  clear(actor: Actor | null): Promise<unknown>;
}

/** The kit's services, by key, each typed with its declared fields (resources.faqs.list(): FAQs). */
export type KitServices = { [K in KitKey]: ResourceService<FieldsOf<K>> };

// The tables by any key (their columns were checked against their declarations in resource-tables.ts).
const tables: Readonly<Record<string, ResourceTable<never>>> = RESOURCE_TABLES;

/** The kit's service of each declared resource that has a table in server/db/resource-tables.ts. */
export function createKitServices(db: Db): KitServices {
  const made: Record<string, ResourceService<string>> = {};
  for (const spec of RESOURCES) {
    const table = Object.hasOwn(tables, spec.key) ? tables[spec.key] : undefined;
    if (table) made[spec.key] = createResourceService<string>(db, { spec, table });
  }
  // (the loop over the registry makes exactly the keys of RESOURCE_TABLES, each with its declaration)
  return made as KitServices;
}

/**
 * Every declared resource has its service: a list one in `lists`, a single record one in `singles`.
 * Thrown at start-up (a declaration without a table nor a service of its own is a mistake, said by name).
 */
export function checkRegistry(
  lists: Readonly<Record<string, ListService>>,
  singles: Readonly<Record<string, SingleService>>,
): void {
  for (const spec of RESOURCES) {
    const found = spec.single ? Object.hasOwn(singles, spec.key) : Object.hasOwn(lists, spec.key);
    if (!found)
      throw new Error(
        `The declared resource "${spec.key}" has no ${spec.single ? "single-record service" : "table in server/db/resource-tables.ts nor a service of its own"}`,
      );
  }
}
