// The loader and action of admin screens built on declared resources (contract/admin/admin-resource.ts;
// decisions 029, 071). A screen names the resources it shows, each one's service found by its key in
// `services.resources` (typed: ListService, SingleService); this reads each one's page of items and the
// item being edited (`?edit=<id>`), and answers every form of those sections: save (add or update),
// delete (after its confirmation) and move, on the one action kernel (app/lib/action.server.ts):
//  - success: a redirect to the screen without `?edit` (the form is cleared and leaves edit mode; a
//    reload posts nothing again) with the spec's message as a flash (app/lib/flash.server.ts);
//  - failure: an intent-tagged ActionResult with the field errors, the form-level message (the spec's
//    'Failed to save FAQ: …') and what was typed, shown beside the section that posted it.
// The same code serves browsers with and without JavaScript.
import {
  isOnlyList,
  pageParamOf,
  RESOURCE_PAGE_SIZE,
  uploadFieldOf,
  type ResourceField,
  type ResourceSpec,
} from "../../contract/admin/admin-resource.ts";
import { resourceInputSchema } from "../../contract/admin/admin-resource-schema.ts";
import { readPageNumber, type Page } from "../../contract/lib/paging.ts";
import type { AdminItem, ListService, SingleService } from "../../server/features/admin/registry.service.ts";
import type { ActionResult } from "./action-result.ts";
import { failure, readAction, refuse, runAction } from "./action.server.ts";
import { appContext, type AppContext } from "./context.ts";
import type { FormBody } from "./forms.server.ts";
import { pageAddressOf, requireAdminPage } from "./guards.server.ts";
import { isAccessRefusal, toPageError } from "./page-errors.server.ts";

type Args = { request: Request; context: { get: (key: typeof appContext) => AppContext } };
type Item = AdminItem;
export type { AdminItem };

/** The action's answer: a failure, or the question before a delete (no JavaScript), with the item's id and label. */
export type ResourceActionResult = ActionResult<string, Partial<Record<string, string>>, { id: string; label: string }>;

/** What a section of the screen shows: a page of the list, and the item in the form when editing. */
export interface ResourceView {
  page: Page<Item>;
  editing: Item | null;
  /** the list could not be read: its message instead of the rows */
  error: string | null;
}

/** The service of a list, by its declaration's key (server/features/admin/registry.service.ts). */
function serviceOf(ctx: AppContext, spec: ResourceSpec): ListService {
  const lists: Readonly<Record<string, ListService>> = ctx.services.resources;
  const service = Object.hasOwn(lists, spec.key) ? lists[spec.key] : undefined;
  if (!service) throw new Error(`The declared resource "${spec.key}" has no service`);
  return service;
}

/** The service of a single record (the hero), by its declaration's key. */
function singleOf(ctx: AppContext, spec: ResourceSpec): SingleService {
  const singles: Readonly<Record<string, SingleService>> = ctx.services.singles;
  const service = Object.hasOwn(singles, spec.key) ? singles[spec.key] : undefined;
  if (!service) throw new Error(`The declared record "${spec.key}" has no service`);
  return service;
}

/** The sections' lists and the item being edited, for the screen's loader. */
export async function loadResources(
  { request, context }: Args,
  specs: ReadonlyArray<ResourceSpec>,
): Promise<Record<string, ResourceView>> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const alone = isOnlyList(specs);
  const views = await Promise.all(
    specs.map(async (spec): Promise<[string, ResourceView]> => {
      if (spec.single) {
        // the one record, always in its form (blank fields when none is saved)
        const current = await singleOf(ctx, spec).get();
        const blank = Object.fromEntries(spec.fields.map((f) => [f.name, ""]));
        const editing = { ...blank, ...(current ?? {}), _id: "" } as Item;
        return [
          spec.key,
          { page: { items: [], page: 1, pageSize: RESOURCE_PAGE_SIZE, total: 0 }, editing, error: null },
        ];
      }
      const service = serviceOf(ctx, spec);
      const asked = url.searchParams.get(pageParamOf(spec.key, alone)) ?? "";
      const page = readPageNumber(new URLSearchParams({ page: asked }));
      const editing = editId && !spec.addOnly ? await service.get(actor, editId).catch(() => null) : null;
      try {
        return [
          spec.key,
          { page: await service.listPage(actor, { page, pageSize: RESOURCE_PAGE_SIZE }), editing, error: null },
        ];
      } catch (error) {
        const refused = toPageError(error);
        if (isAccessRefusal(refused)) throw error;
        console.error(`admin ${spec.key}: loading the list failed`, error);
        const empty = { items: [], page, pageSize: RESOURCE_PAGE_SIZE, total: 0 };
        const reason = refused?.message;
        const said = spec.texts.loadFailed?.(reason) ?? `The list could not be read: ${reason ?? "please try again."}`;
        return [spec.key, { page: empty, editing, error: said }];
      }
    }),
  );
  return Object.fromEntries(views);
}

/** Where a section's success leads: the same screen and page, without `?edit`, at the section. */
function backTo(request: Request, spec: ResourceSpec): string {
  return `${pageAddressOf(request, ["edit"])}#${spec.key}`;
}

/**
 * Files posted without JavaScript: uploaded through the media pipeline, their addresses put in the
 * fields (an image or video field's file comes as `uploadFieldOf(name)`). Answers the upload problems by field.
 */
export async function uploadPosted(
  ctx: AppContext,
  actor: ReturnType<typeof requireAdminPage>,
  fields: ReadonlyArray<Pick<ResourceField, "name" | "kind">>,
  body: FormBody,
) {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.kind !== "image" && field.kind !== "video" && field.kind !== "images") continue;
    const file = body.files[uploadFieldOf(field.name)];
    if (!file) continue;
    try {
      const auth = await ctx.services.uploads.issueToken(actor);
      const done = await ctx.services.uploads.upload({
        file,
        token: auth.token,
        expire: String(auth.expire),
        signature: auth.signature,
      });
      const path = new URL(done.url).pathname;
      // a list of pictures (an event's photos) gets one more line; a picture field, the address
      const before = typeof body.fields[field.name] === "string" ? String(body.fields[field.name]).trim() : "";
      body.fields[field.name] = field.kind === "images" && before ? `${before}\n${path}` : path;
    } catch (error) {
      const refused = toPageError(error);
      if (!refused) throw error;
      errors[field.name] = `Image upload failed! ${refused.message}`;
    }
  }
  return errors;
}

/**
 * The action of a screen of declared resources: the posted `resource` picks the section, `intent`
 * the form (save, delete, move), each on the one action kernel (app/lib/action.server.ts). Answers an
 * ActionResult tagged `{key}.{intent}`, or redirects.
 */
export async function resourceAction(
  args: Args,
  specs: ReadonlyArray<ResourceSpec>,
): Promise<ResourceActionResult | Response> {
  const call = await readAction(args, "admin");
  const { ctx, actor, intent } = call;
  const spec = specs.find((s) => s.key === call.body.fields.resource);
  const notOurs = () =>
    failure(undefined, { formError: "This form is not one of this page's. Please reload the page." }, {});
  if (!spec) return notOurs();
  const id = spec.single ? "" : call.text("id").trim();
  // an add-only list (categories) has its add and its delete, no update nor move
  if (spec.addOnly && intent !== "delete" && (intent === "move" || id !== "")) return notOurs();
  const t = spec.texts;
  const tag = (name: string) => `${spec.key}.${name}`;
  const single = spec.single ? singleOf(ctx, spec) : null;
  const service = spec.single ? null : serviceOf(ctx, spec);
  // every success: back to the screen without `?edit`, at the section; an unexpected failure too is said
  // on the screen with the spec's text, its cause logged (issue 29)
  const common = (name: string) => ({
    intent: tag(name),
    back: backTo(call.request, spec),
    logAs: `admin ${spec.key}: the ${name} failed`,
  });

  if (intent === "delete") {
    // spec admin §5 (carousel): a short id is refused before any call
    if (service && spec.idMinLength !== undefined && id.length < spec.idMinLength) {
      return failure(tag("delete"), { formError: spec.invalidId ?? "Invalid ID" }, { id });
    }
    return runAction(call, {
      ...common("delete"),
      values: { id },
      // Without JavaScript the Delete button posts at once: its question, answered on the page; or, for
      // an item the server would refuse (a category in use), that refusal at once, with no question first.
      confirm: async () => {
        const item = service ? await service.get(actor, id).catch(() => null) : null;
        const refused = item ? t.deleteRefused?.(item) : undefined;
        if (refused) return refuse({ formError: refused.message });
        const label = String(item?.[spec.list.title] ?? "") || t.one;
        return { question: t.confirmDelete(label), values: { id, label } };
      },
      run: () => (single ? single.clear(actor) : service!.remove(actor, id)),
      refused: (refused) => t.deleteFailed(refused.message),
      done: () => t.deleted,
    });
  }

  if (intent === "move" && service) {
    const move = service.move;
    if (!move) return notOurs();
    return runAction(call, {
      ...common("move"),
      values: { id },
      run: () => move.call(service, actor, id, { direction: call.text("direction") }),
      done: () => t.moved,
    });
  }

  // save: an update when the form carries the id of the item being edited (or the single record), else an add
  const updating = single !== null || id !== "";
  const update = service?.update;
  if (id !== "" && !single && !update) return notOurs();
  const names = spec.fields.map((f) => f.name);
  const labels = Object.fromEntries(spec.fields.map((f) => [f.name, f.label]));
  return runAction(call, {
    ...common("save"),
    values: id ? { id } : {},
    precheck: () => uploadPosted(ctx, actor, spec.fields, call.body),
    form: { schema: resourceInputSchema(spec), fields: names, labels, keep: names },
    invalid: ({ formError, fieldErrors }) => {
      // spec admin §5: 'All fields are required' above the form, and beside each empty field what it needs
      // (only fields with that message: without a declared one, `undefined === undefined` once marked
      // every field without a problem "… is required", the checkbox too; issue 29)
      const required = t.required;
      const missing = required !== undefined && Object.values(fieldErrors).includes(required);
      const said = { ...fieldErrors };
      for (const field of spec.fields) {
        if (required !== undefined && said[field.name] === required) said[field.name] = `${field.label} is required`;
      }
      return { formError: missing ? required : formError, fieldErrors: said };
    },
    run: (data) =>
      single
        ? single.save(actor, data)
        : id && update
          ? update.call(service, actor, id, data)
          : service!.create(actor, data),
    refused: (refused) => (updating ? t.updateFailed : t.addFailed)(refused.message),
    done: () => (updating ? t.updated : t.added),
  });
}
