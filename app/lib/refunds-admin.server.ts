// /admin/refunds (issue 29 "Crash, memory and abuse"; decision 051): the refunds not settled, for an
// admin to see and finish. The loader lists them (refunds.unsettled); the action's Retry
// (`intent=refund.retry`) resumes a refund left pending through the same exactly-once work as its job
// (refunds.retry), and a failed one's "Try refund again" is the purchase tables' refund
// (refundPageAction: the question, the step-up). A success returns to the page with its message.
import { REFUND_MESSAGES, REFUND_RETRY_INTENT } from "../../contract/refunds.ts";
import { formatLagosDateTime } from "../../contract/dates.ts";
import type { RefundActionResult } from "./refund-action.server.ts";
import { isRefundIntent, refundPageAction, REFUND_INTENTS } from "./refund-action.server.ts";
import { appContext, type AppContext } from "./context.ts";
import { redirectWithMessage } from "./flash.server.ts";
import { readFormBody } from "./forms.server.ts";
import { requireAdminPage } from "./guards.server.ts";
import { refusalOf } from "./page-errors.server.ts";

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

export async function refundsAction({ request, context }: Args): Promise<RefundActionResult | Response> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const body = await readFormBody(request);
  const back = (message: string) => redirectWithMessage(ctx, HERE, message);
  if (isRefundIntent(body.fields.intent)) return refundPageAction(ctx, actor, body, back);
  const reference = typeof body.fields.reference === "string" ? body.fields.reference.trim().slice(0, 100) : "";
  const values = { reference, label: reference, reason: "" };
  if (body.fields.intent !== REFUND_RETRY_INTENT) {
    return {
      ok: false,
      intent: REFUND_INTENTS.refund,
      formError: REFUND_MESSAGES.unknownForm,
      fieldErrors: {},
      values,
    };
  }
  let message = "";
  const refused = await refusalOf(async () => {
    message = (await ctx.services.refunds.retry(actor, reference)).message;
  });
  if (refused) return { ok: false, intent: REFUND_INTENTS.refund, formError: refused.message, fieldErrors: {}, values };
  return back(message);
}
