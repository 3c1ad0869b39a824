// The admin kit's delete of one row of a list that is not a declared resource (the contact requests, the
// newsletter's subscribers, the posts): the action half of <RowDelete> / <RowDeleteAnswer>
// (app/components/admin/row-delete.tsx), on the one action kernel (app/lib/action.server.ts). The row's
// Delete posts `intent=delete`, `id` and `label`; until it carries `confirmed=yes` (the dialog adds it;
// without JavaScript the page asks, ConfirmOnPage) the answer is the question (`row.confirm`). Then the
// service's remove: a success goes back to the same list with its message, a refusal (`row.delete`)
// stays on the page beside the list.
import type { Actor } from "../../server/features/auth/actor.ts";
import { runAction, type ActionCall } from "./action.server.ts";
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
export const isRowDelete = (call: Pick<ActionCall, "intent">) => call.intent === "delete";

/**
 * Answers a row's delete: its question, or the delete (`remove(id)`, the service's, which checks who may)
 * and the way back to the same list with its message, or the refusal.
 */
export async function rowDeleteAction(
  call: ActionCall<Actor>,
  texts: RowDeleteTexts,
  remove: (id: string) => Promise<unknown>,
): Promise<RowDeleteResult | Response> {
  const id = call.rowId;
  const label = call.text("label").trim().slice(0, 254);
  return runAction(call, {
    intent: "row.delete",
    values: { id, label },
    confirm: { question: texts.question(label) },
    run: () => remove(id),
    refused: (refused) => `${texts.failed}${refused.message}`,
    done: () => texts.deleted,
  });
}
