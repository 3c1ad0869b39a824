// The refund of a purchase on an admin page's purchase table (issue 17 "Refunds"; decision 035): the
// page action's part, for any page that mounts the refund row action (app/components/admin/
// refund-action.tsx): /admin/course/{id}, the event page, /admin/refunds. The same service as
// POST /api/admin/payments/{reference}/refund (ctx.services.refunds), on the one action kernel
// (app/lib/action.server.ts): the question (asked in the page without JavaScript), the step-up when the
// password is old, the refusal said, and a redirect with the message on success.
//
//   // in the route's action
//   if (isRefundIntent(call.intent)) return refundPageAction(call, here);
import { formatNaira } from "../../../contract/lib/money.ts";
import { REFUND_MESSAGES, REFUND_REASON_MAX } from "../../../contract/payments/refunds.ts";
import type { Actor } from "../../../server/features/auth/actor.ts";
import type { ActionResult } from "../../lib/action-result.ts";
import { failure, readAction, runAction, type ActionCall } from "../../lib/action.server.ts";
import type { appContext, AppContext } from "../../lib/context.ts";
import { pageAddressOf } from "../../lib/guards.server.ts";

/** The intents the refund posts: the row's Refund (asked, then `confirmed=yes`) and the step-up's confirmation. */
export const REFUND_INTENTS = { refund: "refund", confirm: "refund.confirm", stepUp: "refund.step-up" } as const;

/** What the refund action answers: its failures are tagged `refund` (code step_up_required: the prompt). */
export type RefundActionResult = ActionResult<
  "password" | "reason",
  { reference: string; label: string; reason: string },
  { reference: string; label: string; reason: string }
>;

/** Whether a page's post is the refund's (the route hands it to refundPageAction). */
export function isRefundIntent(intent: unknown): boolean {
  return intent === REFUND_INTENTS.refund || intent === REFUND_INTENTS.stepUp;
}

/**
 * Refunds the purchase whose payment `reference` the form posts, with its optional `reason`: asked
 * first (`confirmed=yes`, which the dialog sends; without JavaScript the page asks), then the password
 * again when the last proof is too old (the StepUpPrompt posts `intent=refund.step-up` with the
 * password), then the refund. A success goes to `back` with the refund's message.
 */
export async function refundPageAction(call: ActionCall<Actor>, back: string): Promise<RefundActionResult | Response> {
  const { ctx, actor } = call;
  const reference = call.text("reference").trim().slice(0, 100);
  const reason = call.text("reason").trim();
  const found = await ctx.services.refunds.summary(actor, reference).catch(() => null);
  const label = found ? `${found.email}, ${formatNaira(found.amount, { decimals: 2 })}` : reference;
  return runAction(call, {
    intent: REFUND_INTENTS.refund,
    values: { reference, label, reason: reason.slice(0, REFUND_REASON_MAX + 1) },
    precheck: () => (reason.length > REFUND_REASON_MAX ? { reason: REFUND_MESSAGES.reason } : {}),
    invalid: ({ fieldErrors }) => ({ formError: REFUND_MESSAGES.reason, fieldErrors }),
    confirm: {
      question: found
        ? REFUND_MESSAGES.confirm(found.email, formatNaira(found.amount, { decimals: 2 }))
        : REFUND_MESSAGES.noReference,
    },
    stepUp: { posts: REFUND_INTENTS.stepUp },
    run: (_, acting) => ctx.services.refunds.refund(acting, reference, reason ? { reason } : {}),
    back,
    done: ({ message }) => message,
  });
}

/**
 * The action of a page with a purchase table (/admin/course/{id}, /admin/event/{id}): its refunds, a
 * success back to the table at `#anchor` with its message; any other post is refused.
 */
export async function purchaseTableAction(
  args: { request: Request; context: { get: (key: typeof appContext) => AppContext } },
  anchor: string,
): Promise<RefundActionResult | Response> {
  const call = await readAction(args, "admin");
  if (isRefundIntent(call.intent)) return refundPageAction(call, `${pageAddressOf(call.request)}#${anchor}`);
  return failure(
    REFUND_INTENTS.refund,
    { formError: REFUND_MESSAGES.unknownForm },
    { reference: "", label: "", reason: "" },
  );
}
