// /admin/refunds (issue 29 "Crash, memory and abuse"; decision 051): the refunds not settled, for an
// admin to see and finish. The loader lists them (refunds.unsettled); the action's Retry
// (`intent=refund.retry`) resumes a refund left pending through the same exactly-once work as its job
// (refunds.retry), and a failed one's "Try refund again" is the purchase tables' refund
// (refundPageAction: the question, the step-up). A success returns to the page with its message.
import { REFUND_MESSAGES, REFUND_RETRY_INTENT } from "../../../contract/payments/refunds.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import type { RefundActionResult } from "./refund-action.server.ts";
import { isRefundIntent, refundPageAction, REFUND_INTENTS } from "./refund-action.server.ts";
import { failure, readAction, runAction } from "../../lib/action.server.ts";
import { appContext, type AppContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";

const HERE = "/admin/refunds";

type Args = { request: Request; context: { get: (key: typeof appContext) => AppContext } };

export async function loadRefunds({ request, context }: Args) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const items = await ctx.services.refunds.unsettled(actor);
  return {
    refunds: items.map((r) => ({ ...r, sinceText: formatLagosDateTime(new Date(r.since)) })),
  };
}

export async function refundsAction(args: Args): Promise<RefundActionResult | Response> {
  const call = await readAction(args, "admin");
  if (isRefundIntent(call.intent)) return refundPageAction(call, HERE);
  const reference = call.text("reference").trim().slice(0, 100);
  const values = { reference, label: reference, reason: "" };
  if (call.intent !== REFUND_RETRY_INTENT) {
    return failure(REFUND_INTENTS.refund, { formError: REFUND_MESSAGES.unknownForm }, values);
  }
  return runAction(call, {
    intent: REFUND_INTENTS.refund,
    values,
    run: () => call.ctx.services.refunds.retry(call.actor, reference),
    back: HERE,
    done: ({ message }) => message,
  });
}
