// The admin kit's delete of one row of a list that is not a declared resource (the contact requests, the
// newsletter's subscribers): the action half of <RowDelete> / <RowDeleteAnswer>
// (app/components/admin/row-delete.tsx). The row's Delete posts `intent=delete`, `id` and `label`; until
// it carries `confirmed=yes` (the dialog adds it; without JavaScript the page asks, ConfirmOnPage) the
// answer is the question. Then the service's remove: a success goes back to the same list with its
// message (redirectWithMessage), a refusal stays on the page beside the list.
import type { AppContext } from "./context.ts";
import { redirectWithMessage } from "./flash.server.ts";
import type { FormBody } from "./forms.server.ts";
import { pageAddressOf } from "./guards.server.ts";
import { refusalOf } from "./page-errors.server.ts";
import type { RowDeleteResult } from "./row-delete.ts";

export interface RowDeleteTexts {
  /** the question, 'Are you sure you want to delete …?' */
  question: (label: string) => string;
  /** the success message ('Contact deleted successfully') */
  deleted: string;
  /** the start of a refusal's message ('Failed to delete contact: ') */
  failed: string;
}

/** True when the post is a row's delete (`intent=delete`). */
export const isRowDelete = (body: FormBody) => body.fields.intent === "delete";

/**
 * Answers a row's delete: its question, or the delete (`remove(id)`, the service's, which checks who may)
 * and the way back to the same list with its message, or the refusal.
 */
export async function rowDeleteAction(
  ctx: AppContext,
  request: Request,
  body: FormBody,
  texts: RowDeleteTexts,
  remove: (id: string) => Promise<unknown>,
): Promise<RowDeleteResult | Response> {
  const field = (name: string) => (typeof body.fields[name] === "string" ? (body.fields[name] as string) : "");
  const id = field("id").trim().slice(0, 100);
  const label = field("label").trim().slice(0, 254);
  if (body.fields.confirmed !== "yes") {
    return { ok: true, intent: "row.confirm", message: texts.question(label), values: { id, label } };
  }
  const refused = await refusalOf(() => remove(id));
  if (refused) {
    return {
      ok: false,
      intent: "row.delete",
      formError: `${texts.failed}${refused.message}`,
      fieldErrors: {},
      values: { id, label },
    };
  }
  return redirectWithMessage(ctx, pageAddressOf(request), texts.deleted);
}
