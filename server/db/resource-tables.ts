// The tables of the declared admin resources that the kit serves (server/features/admin/resource.ts;
// decision 071), by resource key: each schema module lists its own beside its tables. A declared
// resource (contract/admin/resources.ts) has a table here, or a service of its own (server/services.ts), or is
// a single record; the compiler checks that each table has the declared fields as columns.
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FieldsOf, ResourceKey } from "../../contract/admin/resources.ts";
import { CONTENT_RESOURCE_TABLES } from "./schema/content.ts";
import { SHOWCASE_RESOURCE_TABLES } from "./schema/events.ts";

/** A table holding a declared resource: an id, the declared fields, and a position when ordered. */
export type ResourceTable<N extends string> = PgTable & { id: PgColumn; position?: PgColumn } & Record<N, PgColumn>;

export const RESOURCE_TABLES = {
  ...CONTENT_RESOURCE_TABLES,
  ...SHOWCASE_RESOURCE_TABLES,
} satisfies { [K in ResourceKey]?: ResourceTable<FieldsOf<K>> };

/** The keys of the resources the kit serves. */
export type KitKey = keyof typeof RESOURCE_TABLES & ResourceKey;
