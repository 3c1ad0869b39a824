// The loader parts and the action of a screen on a service of its own (issue 30; contract/admin/admin-resource.ts
// AdaptedSpec: the coupons): the action answers the add form (`{key}.create`), the inline edit's Save
// (`{key}.save`, with `id`), the toggle (`{key}.toggle`) and Delete after its question (`{key}.delete`) on
// the one action kernel (app/lib/action.server.ts), through the feature's service adapter; a success
// goes back to the screen without `?edit` with its message, a failure is an intent-tagged ActionResult
// with the field errors and what was typed.
import { data } from "react-router";
import type { z } from "zod";
import {
  RESOURCE_PAGE_SIZE,
  type AdaptedSpec,
  type ManagerSpec,
  type NameListSpec,
  type PageFormSpec,
  type RecordListSpec,
} from "../../contract/admin/admin-resource.ts";
import { readPageNumber, type Page } from "../../contract/lib/paging.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import type { ActionResult } from "./action-result.ts";
import { failure, readAction, runAction, type ActionAnswer, type ActionCall } from "./action.server.ts";
import { uploadPosted } from "./admin-resource.server.ts";
import { appContext, type AppContext } from "./context.ts";
import { pageAddressOf, requireAdminPage } from "./guards.server.ts";
import { isAccessRefusal, toPageError } from "./page-errors.server.ts";

export type Args = {
  request: Request;
  params?: Record<string, string | undefined>;
  context: { get: (key: typeof appContext) => AppContext };
};

/** A failure tagged `{key}.create`, `.save` (with `values.id`), `.toggle` or `.delete`, or a delete's question (its `id` and name). */
export type AdaptedActionResult<N extends string> = ActionResult<
  N,
  Partial<Record<N | "id", string>>,
  Record<string, string>
>;

/** The feature's service as the kit calls it: the form's schema, and its writes by the admin. */
export interface ServiceAdapter<S extends z.ZodType, T> {
  schema: S;
  create: (ctx: AppContext, actor: Actor, data: z.output<S>) => Promise<T>;
  update: (
    ctx: AppContext,
    actor: Actor,
    id: string,
    change: Partial<z.output<S>> | Record<string, boolean>,
  ) => Promise<T>;
  remove: (ctx: AppContext, actor: Actor, id: string) => Promise<unknown>;
}

/** The admin, and reads side by side: each one's value, or undefined when it failed (logged); a refusal is thrown. */
export async function loadSide<R extends Record<string, (ctx: AppContext, actor: Actor) => Promise<unknown>>>(
  { request, context }: Args,
  reads: R,
  logAs: string,
): Promise<{ [K in keyof R]: Awaited<ReturnType<R[K]>> | undefined }> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const keys = Object.keys(reads) as Array<keyof R>;
  const settled = await Promise.allSettled(keys.map((k) => reads[k]!(ctx, actor)));
  const out = {} as { [K in keyof R]: Awaited<ReturnType<R[K]>> | undefined };
  settled.forEach((result, i) => {
    if (result.status === "fulfilled") return void (out[keys[i]!] = result.value as never);
    const refused = toPageError(result.reason);
    if (isAccessRefusal(refused)) throw result.reason;
    console.error(`${logAs}: loading failed`, result.reason);
  });
  return out;
}

/** One item for its own page: a refusal is thrown, a 404 is the not-found page, anything else the 500 page; both say `message`. */
export async function loadOrErrorPage<T>(
  { request, context }: Args,
  read: (ctx: AppContext, actor: Actor) => Promise<T>,
  message: string,
  logAs: string,
): Promise<T> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  try {
    return await read(ctx, actor);
  } catch (error) {
    const refused = toPageError(error);
    if (isAccessRefusal(refused)) throw error;
    if (refused?.status === 404) throw data({ code: "not_found", message }, { status: 404, statusText: "Not Found" });
    console.error(`${logAs}: loading failed`, error);
    throw data({ code: "unavailable", message }, { status: 500 });
  }
}

/** The edited row named by `?edit=<id>`, when it is one of `rows`. */
export function editingOf(request: Request, rows: ReadonlyArray<{ _id: string }>): string | null {
  const id = new URL(request.url).searchParams.get("edit");
  return id && rows.some((r) => r._id === id) ? id : null;
}

/** The action of an adapted screen: see the top of this file. */
export async function adaptedAction<N extends string, S extends z.ZodType, T extends { _id: string }>(
  args: Args,
  spec: AdaptedSpec<N, T>,
  service: ServiceAdapter<S, T>,
): Promise<AdaptedActionResult<N> | Response> {
  const call = await readAction(args, "admin");
  const { ctx, actor, intent } = call;
  const t = spec.texts;
  const tag = (op: string) => `${spec.key}.${op}`;
  const nameOf = (row: T) => String((row as Record<string, unknown>)[spec.nameField] ?? "");
  const id = call.rowId;
  // back to the list as it was, without the inline edit
  const back = pageAddressOf(call.request, ["edit"]);
  const logAs = `admin ${spec.key}: the ${intent.slice(spec.key.length + 1) || "save"} failed`;

  if (spec.toggle && intent === tag("toggle")) {
    const { field } = spec.toggle;
    return runAction(call, {
      intent,
      values: { id },
      run: () => service.update(ctx, actor, id, { [field]: call.text(field) === "true" }),
      logAs,
      refused: (refused) => `${t.toggleFailed} ${refused.message}`.trim(),
      back,
      done: (row) => (spec.toggle!.isOn(row) ? t.turnedOn : t.turnedOff)(nameOf(row)),
    });
  }

  if (intent === tag("delete")) {
    const name = call.text(spec.nameField).trim().slice(0, 100);
    return runAction(call, {
      intent,
      values: { id },
      confirm: { question: t.confirmDelete, values: { id, [spec.nameField]: name } },
      run: () => service.remove(ctx, actor, id),
      logAs,
      refused: (refused) => `${t.deleteFailed} ${refused.message}`,
      back,
      done: () => t.deleted,
    });
  }

  // the add form, or the inline edit's Save of `id`
  const editing = intent === tag("save");
  const prefix = editing ? t.saveFailed : t.createFailed;
  const fields = spec.fields.map((f) => f.name);
  const labels = Object.fromEntries(spec.fields.map((f) => [f.name, f.label])) as Record<N, string>;
  const fieldOf = (message: string, status: number) =>
    fields.find((f) => spec.refusals?.[f]?.some((m) => message.includes(m))) ??
    (status === 409 ? spec.conflictField : undefined);
  return runAction(call, {
    intent: editing ? tag("save") : tag("create"),
    values: editing ? { id } : {},
    form: { schema: service.schema, fields, labels, keep: fields },
    invalid: ({ formError, fieldErrors }) => ({ formError: prefix + (formError ?? t.checkFields), fieldErrors }),
    run: (data) => (editing ? service.update(ctx, actor, id, data) : service.create(ctx, actor, data)),
    logAs,
    refused: ({ message, status }) => {
      const field = fieldOf(message, status);
      return { formError: prefix + message, fieldErrors: field ? { [field]: message } : {} };
    },
    back,
    done: (row) => (editing ? t.saved : t.created)(nameOf(row)),
  });
}

/**
 * A page form's save (contract/admin/admin-resource.ts PageFormSpec, `{key}.save`): the files of its upload
 * fields first, then the form parsed with the contract's schema; an add, or an update of `id`. A failure
 * is said after `texts.saveFailed` (an unexpected one too, its cause logged as `logAs`); a success goes
 * to `back` with `texts.added` or `texts.saved`.
 */
export function pageFormAction<N extends string, S extends z.ZodType, T>(
  call: ActionCall<Actor>,
  spec: PageFormSpec<N>,
  service: {
    schema: S;
    create: (data: z.output<S>) => Promise<T>;
    update: (id: string, data: z.output<S>) => Promise<T>;
  },
  { id, back, logAs }: { id: string; back: string; logAs: string },
): Promise<ActionAnswer | Response> {
  const t = spec.texts;
  const fields = spec.fields.map((f) => f.name);
  const labels = Object.fromEntries(spec.fields.map((f) => [f.name, f.label])) as Record<N, string>;
  const uploads = spec.fields.filter((f) => f.kind === "upload").map((f) => ({ name: f.name, kind: "image" as const }));
  return runAction(call, {
    intent: `${spec.key}.save`,
    values: id ? { id } : {},
    precheck: () => (uploads.length > 0 ? uploadPosted(call.ctx, call.actor, uploads, call.body) : {}),
    form: { schema: service.schema, fields, labels, keep: fields },
    invalid: ({ formError, fieldErrors }) => ({ formError: t.saveFailed + (formError ?? t.checkFields), fieldErrors }),
    run: (data) => (id ? service.update(id, data) : service.create(data)),
    logAs,
    refused: (refused) => t.saveFailed + refused.message,
    back,
    done: () => (id ? t.saved : t.added),
  });
}

/**
 * A name list's add (`{key}.add`, parsed with `schema`; a refusal beside the name) and its remove
 * (`{key}.remove` after its question, `{key}.confirm` without JavaScript); a success goes to `back`.
 */
export function nameListAction<S extends z.ZodType<{ name: string }>>(
  call: ActionCall<Actor>,
  spec: NameListSpec<never>,
  service: { schema: S; add: (name: string) => Promise<unknown>; remove: (name: string) => Promise<unknown> },
  back: string,
): Promise<ActionAnswer | Response> {
  const t = spec.texts;
  if (call.intent === `${spec.key}.remove`) {
    const name = call.text("name").trim().slice(0, 200);
    return runAction(call, {
      intent: `${spec.key}.remove`,
      values: { name },
      confirm: { question: t.confirmRemove(name), values: { id: name, label: name } },
      run: () => service.remove(name),
      refused: (refused) => t.removeFailed + refused.message,
      back,
      done: () => t.removed,
    });
  }
  return runAction(call, {
    intent: `${spec.key}.add`,
    form: { schema: service.schema, fields: ["name"], labels: { name: spec.field.label }, keep: ["name"] },
    run: (data) => service.add(data.name),
    refused: (refused) => ({ fieldErrors: { name: t.addFailed + refused.message } }),
    back,
    done: () => t.added,
  });
}

/**
 * A record list's delete (`{key}.delete`) after its question (without JavaScript the page asks it) and,
 * when the last password proof is too old, after the password (the step-up's form posts `confirm` with
 * the id; the kernel checks it, then the delete goes through). A success goes to `back`.
 */
export async function recordDeleteAction<T extends { _id: string }>(
  call: ActionCall<Actor>,
  spec: RecordListSpec<T>,
  service: { get: (id: string) => Promise<T>; remove: (actor: Actor, id: string) => Promise<unknown> },
  { back, logAs }: { back: string; logAs: string },
): Promise<ActionAnswer | Response> {
  const t = spec.texts;
  const id = call.rowId;
  const row = await service.get(id).catch(() => null);
  const name = row ? spec.name(row) : call.text("name").trim().slice(0, 200);
  return runAction(call, {
    intent: `${spec.key}.delete`,
    values: { id, name },
    confirm: { question: t.confirmDelete(name), values: { id, label: name } },
    stepUp: { posts: "confirm" },
    run: (_, acting) => service.remove(acting, id),
    logAs,
    refused: (refused) => t.deleteFailed + refused.message,
    back,
    done: () => t.deleted,
  });
}

/** The item a page form edits, by the route's `id` (none: an add), or the not-found page saying `message`. */
export async function loadFormItem<T, V>(
  { request, params, context }: Args,
  read: (ctx: AppContext, id: string) => Promise<T>,
  view: (item: T) => V,
  message: string,
): Promise<{ editing: V | null }> {
  const ctx = context.get(appContext);
  requireAdminPage(request, ctx);
  if (params?.id === undefined) return { editing: null };
  const item = await read(ctx, params.id).catch((error: unknown) => {
    if (toPageError(error)?.status !== 404) throw error;
    throw data({ code: "not_found", message }, { status: 404, statusText: "Not Found" });
  });
  return { editing: view(item) };
}

/** What a manager screen's sections call (by the admin of the request). */
export interface ManagerServices<S extends z.ZodType, T, C extends z.ZodType<{ name: string }>> {
  form: {
    schema: S;
    create: (data: z.output<S>) => Promise<unknown>;
    update: (id: string, data: z.output<S>) => Promise<unknown>;
  };
  list: { get: (id: string) => Promise<T>; remove: (actor: Actor, id: string) => Promise<unknown> };
  names: { schema: C; add: (name: string) => Promise<unknown>; remove: (name: string) => Promise<unknown> };
}

/**
 * A manager screen's action (contract/admin/admin-resource.ts ManagerSpec): its form's save (`{form}.save`),
 * its list's delete (`{list}.delete`, the step-up's `confirm`) and its name list's add and remove, each
 * coming back to its own section (`#{form}-form`, `#{list}-list`, `#{names.id}`) out of edit mode.
 */
export async function managerAction<
  N extends string,
  T extends { _id: string },
  C extends { _id: string; name: string },
  S extends z.ZodType,
  CS extends z.ZodType<{ name: string }>,
>(
  args: Args,
  spec: ManagerSpec<N, T, C>,
  services: (ctx: AppContext, actor: Actor) => ManagerServices<S, T, CS>,
): Promise<ActionAnswer | Response> {
  const call = await readAction(args, "admin");
  const { intent } = call;
  const { form, list, names } = services(call.ctx, call.actor);
  const back = (anchor: string) => `${pageAddressOf(call.request, ["edit"])}#${anchor}`;
  const logAs = (op: string) => `admin ${spec.noun}: the ${op} failed`;
  if (intent === `${spec.form.key}.save`) {
    const id = call.rowId;
    return pageFormAction(call, spec.form, form, {
      id,
      back: back(`${spec.form.key}-form`),
      logAs: logAs("save"),
    });
  }
  if (intent === `${spec.list.key}.delete` || intent === "confirm") {
    return recordDeleteAction(call, spec.list, list, { back: back(`${spec.list.key}-list`), logAs: logAs("delete") });
  }
  if (intent === `${spec.names.key}.add` || intent === `${spec.names.key}.remove`) {
    return nameListAction(call, spec.names, names, back(spec.names.id));
  }
  return failure(undefined, { formError: spec.unknownForm }, {});
}

/**
 * A manager screen's data: a page of its list (`?page=`), its name list, and the item in its form as
 * the form shows it (`?edit=<id>`; one that is gone leaves the form empty, as the declared screens do).
 */
export async function loadManager<T, C, V>(
  { request, context }: Args,
  reads: {
    page: (ctx: AppContext, actor: Actor, query: { page: number; pageSize: number }) => Promise<Page<T>>;
    names: (ctx: AppContext, actor: Actor) => Promise<readonly C[]>;
    item: (ctx: AppContext, id: string) => Promise<V>;
  },
): Promise<{ page: Page<T>; names: readonly C[]; editing: V | null }> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const [page, names, editing] = await Promise.all([
    reads.page(ctx, actor, { page: readPageNumber(url.searchParams), pageSize: RESOURCE_PAGE_SIZE }),
    reads.names(ctx, actor),
    editId ? reads.item(ctx, editId).catch(() => null) : null,
  ]);
  return { page, names, editing };
}
