// The loader part and the row actions of a paged list on a service of its own (issue 30;
// contract/admin/admin-resource.ts AdaptedListSpec: the contact requests, the subscribers): the filters read
// from the address, the page read through the feature's ListAdapter (a failure said above the list, not
// an error page), a row's Delete after its question (app/lib/row-delete.server.ts) and a row's own posts
// (`{intent}` with `id`, their answer data shown above the list) on the one action kernel.
import type { AdaptedListSpec } from "../../contract/admin/admin-resource.ts";
import { readPageNumber, type Page } from "../../contract/lib/paging.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import type { ActionResult } from "./action-result.ts";
import { runAction, stay, type ActionCall } from "./action.server.ts";
import { appContext, type AppContext } from "./context.ts";
import { requireAdminPage } from "./guards.server.ts";
import { isAccessRefusal, toPageError } from "./page-errors.server.ts";
import { isRowDelete, rowDeleteAction } from "./row-delete.server.ts";
import type { RowDeleteResult } from "./row-delete.ts";
import { readFilters } from "../components/admin/filter-form.tsx";
import type { Args } from "./adapted-resource.server.ts";

/** What a row's own post answers: done (its message) or refused (why), with the row's id. */
export type RowPostAnswer = ActionResult<never, { id: string }, { id: string }>;

/** The feature's service as the list calls it. */
export interface ListAdapter<T, F extends string, P extends Page<T> = Page<T>> {
  list: (ctx: AppContext, actor: Actor, query: Record<F, string> & { page: number }) => Promise<P>;
  /** the page shown when the list could not be read */
  empty: (page: number) => P;
  /** the start of the message when it could not ("Failed to fetch contacts: "), and the reason when none is known */
  failed: string;
  unknown: string;
  /** the screen's name in the log */
  logAs: string;
  remove?: (ctx: AppContext, actor: Actor, id: string) => Promise<unknown>;
  /** the writes of the spec's row posts, by intent */
  posts?: Readonly<Record<string, (ctx: AppContext, actor: Actor, id: string) => Promise<{ message: string }>>>;
}

/** The list's filters and page from the address, and the page read; a refusal to read is thrown. */
export async function loadList<T extends { _id: string }, F extends string, P extends Page<T>>(
  { request, context }: Args,
  spec: AdaptedListSpec<T, F>,
  adapter: ListAdapter<T, F, P>,
): Promise<{ filters: Record<F, string>; list: P; error: string | null }> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const url = new URL(request.url);
  const filters = readFilters(
    url,
    spec.filters.controls.map((c) => c.name),
  );
  const page = readPageNumber(url.searchParams);
  try {
    return { filters, list: await adapter.list(ctx, actor, { ...filters, page }), error: null };
  } catch (error) {
    const refused = toPageError(error);
    if (isAccessRefusal(refused)) throw error;
    if (!refused) console.error(`${adapter.logAs}: loading the list failed`, error);
    return { filters, list: adapter.empty(page), error: `${adapter.failed}${refused?.message ?? adapter.unknown}` };
  }
}

/** The list's answer to a row's Delete or own post; undefined when the post is the page's other business. */
export function listAction<T extends { _id: string }, F extends string, P extends Page<T>>(
  call: ActionCall<Actor>,
  spec: AdaptedListSpec<T, F>,
  adapter: ListAdapter<T, F, P>,
): Promise<RowDeleteResult | RowPostAnswer | Response> | undefined {
  const { ctx, actor } = call;
  if (isRowDelete(call) && spec.remove && adapter.remove) {
    const remove = adapter.remove;
    return rowDeleteAction(call, spec.remove, (id) => remove(ctx, actor, id));
  }
  const post = spec.posts?.find((p) => p.intent === call.intent);
  const write = post && adapter.posts?.[post.intent];
  if (!post || !write) return undefined;
  const id = call.rowId;
  return runAction(call, {
    intent: post.intent,
    values: { id },
    run: () => write(ctx, actor, id),
    refused: (refused) => `${post.failed}${refused.message}`,
    done: ({ message }) => stay(message, { id }),
  });
}
