// The loader parts and the action of a screen on a service of its own (issue 30; contract/admin-resource.ts
// AdaptedSpec: the coupons): the action answers the add form (`{key}.create`), the inline edit's Save
// (`{key}.save`, with `id`), the toggle (`{key}.toggle`) and Delete after its question (`{key}.delete`) on
// the one action kernel (app/lib/action.server.ts), through the feature's service adapter; a success
// goes back to the screen without `?edit` with its message, a failure is an intent-tagged ActionResult
// with the field errors and what was typed.
import { data } from "react-router";
import type { z } from "zod";
import type { AdaptedSpec } from "../../contract/admin-resource.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import type { ActionResult } from "./action-result.ts";
import { readAction, runAction } from "./action.server.ts";
import { appContext, type AppContext } from "./context.ts";
import { pageAddressOf, requireAdminPage } from "./guards.server.ts";
import { toPageError } from "./page-errors.server.ts";

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
    if (refused?.status === 401 || refused?.status === 403) throw result.reason;
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
    if (refused?.status === 401 || refused?.status === 403) throw error;
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
  const id = call.text("id").trim().slice(0, 100);
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
