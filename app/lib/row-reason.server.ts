// The action half of a declared table's row actions that need a reason (contract/admin/admin-resource.ts
// RowReasonSpec; issue 32's certificates), on the one action kernel: `{intent}` with the row's `id` and its
// `reason`, run by the feature's handler; a success comes back to `back` with its message, a refusal (no
// reason, already revoked) is the form's failure.
import type { DetailTableSpec } from "../../contract/admin/admin-resource.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import { runAction, type ActionAnswer, type ActionCall } from "./action.server.ts";

/** The table's own intents, or null for any other (the page's other forms). */
export function rowReasonAction<T>(
  call: ActionCall<Actor>,
  spec: DetailTableSpec<T>,
  handlers: Record<string, (id: string, reason: string) => Promise<unknown>>,
  back: string,
): Promise<ActionAnswer | Response> | null {
  const action = spec.rowActions?.find((a) => a.intent === call.intent);
  const handler = action ? handlers[action.intent] : undefined;
  if (!action || !handler) return null;
  return runAction(call, {
    intent: action.intent,
    values: { id: call.rowId },
    run: () => handler(call.rowId, call.text("reason")),
    back,
    done: () => action.done,
  });
}
