// A declared admin resource on the server (architecture "Admin resources (declared)", issue 16; decisions
// 029, 071). A binding names the declaration (contract/admin/admin-resource.ts) and its table; from it come
//  - the service: the public list in the admins' order, the admin's paged list, and create / update /
//    delete / move, each checked against the contract, written through `writeContent` (the content
//    version of the declaration's scope moves) and recorded in the audit log in the same transaction;
//  - the API operations (`defineRoute`, so OpenAPI and the access guard know them): GET /api/{key}
//    (public), POST /api/{key}, PUT and DELETE /api/{key}/{id}, and POST /api/{key}/{id}/move for an
//    ordered list (admin), named by operationIdsOf (contract/admin/resources.ts).
// The registry (./registry.service.ts) makes one for each table of server/db/resource-tables.ts. A
// resource needs code of its own only where the spec makes it different.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { count, eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTableWithColumns } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  RESOURCE_PAGE_SIZE,
  type ResourceItem,
  type ResourceScope,
  type ResourceSpec,
} from "../../../contract/admin/admin-resource.ts";
import {
  DeletedSchema,
  describeResourceIssues,
  MoveSchema,
  resourceInputSchema,
  resourceItemSchema,
} from "../../../contract/admin/admin-resource-schema.ts";
import { describeIssues } from "../../../contract/lib/common.ts";
import { offsetOf, pageQuerySchema, pageSchema, type Page, type PageQuery } from "../../../contract/lib/paging.ts";
import { operationIdsOf } from "../../../contract/admin/resources.ts";
import { writeContent, type ContentTx } from "../../db/content-version.ts";
import type { ResourceTable } from "../../db/resource-tables.ts";
import type { Db } from "../../db/client.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import { Invalid, NotFound } from "../../lib/errors.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import { recordAudit } from "./audit.ts";

export type { ResourceTable } from "../../db/resource-tables.ts";

/** A declared resource (contract/admin/resources.ts) and its table (server/db/resource-tables.ts). */
export interface ResourceBinding<N extends string> {
  spec: ResourceSpec<N>;
  /** its id and position (its declared fields' columns are checked in server/db/resource-tables.ts) */
  table: ResourceTable<never>;
}

/** The OpenAPI tag of a resource's operations, by the pages that show it. */
const TAGS: Record<ResourceScope, string> = {
  home: "Home content",
  about: "About content",
  events: "Showcase",
  categories: "Categories",
};

const ID = /^[0-9a-f]{24}$/;

type Row = Record<string, unknown> & { id: string; position?: number };

/** The declared table as drizzle's query builders take any table (the binding's type checked the columns). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = PgTableWithColumns<any>;

export function createResourceService<N extends string>(db: Db, binding: ResourceBinding<N>) {
  const spec = binding.spec;
  const table = binding.table as unknown as AnyTable;
  const names = spec.fields.map((f) => f.name);
  const inputSchema = resourceInputSchema(spec);
  const position = table.position as PgColumn | undefined;
  const order: SQL[] = position ? [sql`${position} asc`, sql`${table.id} asc`] : [sql`${table.id} asc`];

  const toItem = (row: Row): ResourceItem<N> =>
    ({ _id: row.id, ...Object.fromEntries(names.map((n) => [n, String(row[n] ?? "")])) }) as ResourceItem<N>;
  /** What the audit log keeps of an item: its declared fields. */
  const valuesOf = (row: Row) => Object.fromEntries(names.map((n) => [n, row[n] ?? ""]));
  const labelOf = (row: Row) => String(row[spec.list.title] ?? "");

  /** The contract's check; a missing required field says the spec's one message (admin §5). */
  function parse(body: unknown): Record<N, string> {
    const parsed = inputSchema.safeParse(body ?? {});
    if (parsed.success) return parsed.data as Record<N, string>;
    throw Invalid(describeResourceIssues(spec, parsed.error.issues));
  }

  /** spec admin §5 (carousel): a short id is 'Invalid item ID'; any id not ours is not found. */
  function checkId(id: string): string {
    if (spec.idMinLength !== undefined && id.length < spec.idMinLength) throw Invalid(spec.invalidId ?? "Invalid ID");
    if (!ID.test(id)) throw NotFound(spec.texts.notFound);
    return id;
  }

  async function lockRow(tx: ContentTx, id: string): Promise<Row> {
    const [row] = await tx
      .select()
      .from(table)
      .where(eq(table.id, checkId(id)))
      .for("update");
    if (!row) throw NotFound(spec.texts.notFound);
    return row as Row;
  }

  return {
    spec,

    /** The public list, in the admins' order (GET /api/{key}). */
    async list(): Promise<Array<ResourceItem<N>>> {
      const rows = await db
        .select()
        .from(table)
        .orderBy(...order);
      return (rows as Row[]).map(toItem);
    },

    /** The admin screen's list, a page at a time, in the same order. */
    async listPage(actor: Actor | null, query: PageQuery): Promise<Page<ResourceItem<N>>> {
      requireAdmin(actor);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(table)
          .orderBy(...order)
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(table),
      ]);
      return { items: (rows as Row[]).map(toItem), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
    },

    /** One item, for the admin form's Edit (404 when it is gone). */
    async get(actor: Actor | null, id: string): Promise<ResourceItem<N>> {
      requireAdmin(actor);
      const [row] = await db
        .select()
        .from(table)
        .where(eq(table.id, checkId(id)));
      if (!row) throw NotFound(spec.texts.notFound);
      return toItem(row as Row);
    },

    /** POST /api/{key}: a new item, last in an ordered list. */
    async create(actor: Actor | null, body: unknown): Promise<ResourceItem<N>> {
      const admin = requireAdmin(actor);
      const values = parse(body);
      return writeContent(db, [spec.scope], async (tx) => {
        const extra: Record<string, unknown> = {};
        if (position) {
          const [last] = await tx.select({ p: sql<number>`coalesce(max(${position}), -1)::int` }).from(table);
          extra.position = Number(last?.p ?? -1) + 1;
        }
        const [row] = (await tx
          .insert(table)
          .values({ ...values, ...extra } as never)
          .returning()) as Row[];
        await recordAudit(tx, admin, {
          action: "create",
          resource: spec.key,
          itemId: row!.id,
          itemLabel: labelOf(row!),
          before: null,
          after: valuesOf(row!),
        });
        return toItem(row!);
      });
    },

    /** PUT /api/{key}/{id}: every declared field replaced. */
    async update(actor: Actor | null, id: string, body: unknown): Promise<ResourceItem<N>> {
      const admin = requireAdmin(actor);
      checkId(id);
      const values = parse(body);
      return writeContent(db, [spec.scope], async (tx) => {
        const before = await lockRow(tx, id);
        const [row] = (await tx
          .update(table)
          .set({ ...values, updatedAt: new Date() } as never)
          .where(eq(table.id, id))
          .returning()) as Row[];
        await recordAudit(tx, admin, {
          action: "update",
          resource: spec.key,
          itemId: id,
          itemLabel: labelOf(row!),
          before: valuesOf(before),
          after: valuesOf(row!),
        });
        return toItem(row!);
      });
    },

    /** DELETE /api/{key}/{id}. */
    async remove(actor: Actor | null, id: string): Promise<z.infer<typeof DeletedSchema>> {
      const admin = requireAdmin(actor);
      checkId(id);
      return writeContent(db, [spec.scope], async (tx) => {
        const before = await lockRow(tx, id);
        await tx.delete(table).where(eq(table.id, id));
        await recordAudit(tx, admin, {
          action: "delete",
          resource: spec.key,
          itemId: id,
          itemLabel: labelOf(before),
          before: valuesOf(before),
          after: null,
        });
        return { message: spec.texts.deleted, _id: id };
      });
    },

    /**
     * POST /api/{key}/{id}/move: one place up or down in an ordered list; the first cannot go up nor
     * the last down (nothing changes, nothing is recorded). Answers the whole list in its new order.
     */
    async move(actor: Actor | null, id: string, body: unknown): Promise<Array<ResourceItem<N>>> {
      const admin = requireAdmin(actor);
      if (!position) throw NotFound(`${spec.texts.many} have no order to change`);
      checkId(id);
      const parsed = MoveSchema.safeParse(body ?? {});
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { direction } = parsed.data;
      return writeContent(db, [spec.scope], async (tx) => {
        // Every row locked, in order: two moves at once are applied one after the other.
        const rows = (await tx
          .select()
          .from(table)
          .orderBy(...order)
          .for("update")) as Row[];
        const from = rows.findIndex((r) => r.id === id);
        if (from < 0) throw NotFound(spec.texts.notFound);
        const to = direction === "up" ? from - 1 : from + 1;
        if (to >= 0 && to < rows.length) {
          const moved = rows.splice(from, 1)[0]!;
          rows.splice(to, 0, moved);
          // positions 0..n-1 in the new order; only rows whose position changes are written
          for (const [index, row] of rows.entries()) {
            if (row.position !== index)
              await tx
                .update(table)
                .set({ position: index } as never)
                .where(eq(table.id, row.id));
          }
          await recordAudit(tx, admin, {
            action: "move",
            resource: spec.key,
            itemId: id,
            itemLabel: labelOf(moved),
            before: { position: from + 1 },
            after: { position: to + 1 },
          });
        }
        return rows.map(toItem);
      });
    },
  };
}

export type ResourceService<N extends string> = ReturnType<typeof createResourceService<N>>;

const IdParams = z.object({ id: z.string().min(1).max(100) });

/** The API operations of a declared resource (admin-back-office §7 "Home content"), from its service. */
export function registerResourceRoutes(app: OpenAPIHono<BackendEnv>, service: ResourceService<string>) {
  const spec = service.spec;
  const ops = operationIdsOf(spec);
  const tag = TAGS[spec.scope];
  const path = `/api/${spec.key}`;
  const Item = resourceItemSchema(spec);
  const Input = resourceInputSchema(spec);
  const one = spec.texts.one;
  const tags = [tag];
  const body = { body: { required: true, content: { "application/json": { schema: Input } } } };
  const idRule =
    spec.idMinLength !== undefined
      ? ` An id shorter than ${spec.idMinLength} characters is '${spec.invalidId}' (422).`
      : "";
  const invalid = `A field is missing or not valid${spec.texts.required ? ` ('${spec.texts.required}')` : ""}`;

  const list = defineRoute({
    access: "public",
    operationId: ops.list,
    method: "get",
    path,
    tags,
    summary: `List ${spec.texts.many.toLowerCase()}${spec.ordered ? ", in display order" : ""}`,
    responses: { 200: jsonResponse(`All ${spec.texts.many.toLowerCase()}`, z.array(Item)) },
  });
  const page = defineRoute({
    access: "admin",
    operationId: ops.page,
    method: "get",
    path: `/api/admin/${spec.key}`,
    tags,
    summary: `A page of ${spec.texts.many.toLowerCase()} for the back office`,
    request: { query: pageQuerySchema({ pageSize: RESOURCE_PAGE_SIZE }) },
    responses: { 200: jsonResponse("The page", pageSchema(Item)) },
  });
  const create = defineRoute({
    access: "admin",
    operationId: ops.create,
    method: "post",
    path,
    tags,
    summary: `Add a ${one}${spec.ordered ? " (last in the order)" : ""}`,
    request: body,
    responses: { 201: jsonResponse(`The new ${one}`, Item), 422: errorResponse(invalid) },
  });
  const update = defineRoute({
    access: "admin",
    operationId: ops.update,
    method: "put",
    path: `${path}/{id}`,
    tags,
    summary: `Change a ${one} (every field is replaced)`,
    request: { params: IdParams, ...body },
    responses: {
      200: jsonResponse(`The ${one} as saved`, Item),
      404: errorResponse(spec.texts.notFound),
      422: errorResponse(invalid),
    },
  });
  const remove = defineRoute({
    access: "admin",
    operationId: ops.remove,
    method: "delete",
    path: `${path}/{id}`,
    tags,
    summary: `Delete a ${one}`,
    description: `Answers '${spec.texts.deleted}' and the id.${idRule}`,
    request: { params: IdParams },
    responses: {
      200: jsonResponse("Deleted", DeletedSchema),
      404: errorResponse(spec.texts.notFound),
      ...(spec.idMinLength !== undefined ? { 422: errorResponse(spec.invalidId ?? "Invalid ID") } : {}),
    },
  });

  // A refused body says what the service would say (the spec's one message for a missing field).
  const hook = (result: {
    success: boolean;
    error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
  }) => {
    if (result.success) return undefined;
    const message = describeResourceIssues(spec, result.error?.issues ?? []);
    return Response.json({ error: { code: "invalid", message } }, { status: 422 });
  };

  app.openapi(list, async (c) => c.json(await service.list(), 200));
  app.openapi(page, async (c) => c.json(await service.listPage(c.get("actor"), c.req.valid("query")), 200));
  app.openapi(
    create,
    async (c) => c.json(await service.create(c.get("actor"), c.req.valid("json")), 201),
    hook as never,
  );
  app.openapi(
    update,
    async (c) => c.json(await service.update(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 200),
    hook as never,
  );
  app.openapi(remove, async (c) => c.json(await service.remove(c.get("actor"), c.req.valid("param").id), 200));

  if (spec.ordered) {
    const move = defineRoute({
      access: "admin",
      operationId: ops.move,
      method: "post",
      path: `${path}/{id}/move`,
      tags,
      summary: `Move a ${one} one place up or down`,
      description: "The first item does not go up nor the last down: the list is answered unchanged.",
      request: { params: IdParams, body: { required: true, content: { "application/json": { schema: MoveSchema } } } },
      responses: {
        200: jsonResponse("The whole list in its new order", z.array(Item)),
        404: errorResponse(spec.texts.notFound),
      },
    });
    app.openapi(
      move,
      async (c) => c.json(await service.move(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 200),
      hook as never,
    );
  }
}
