// The refund of a purchase on an admin page's purchase table (issue 17 "Refunds"; decision 035): the
// page action's part, for any page that mounts the refund row action (app/components/admin/
// refund-action.tsx): /admin/course/{id} today, the event page as well. The same service as
// POST /api/admin/payments/{reference}/refund (ctx.services.refunds), on the one form → result → message
// path: the question (asked in the page without JavaScript), the step-up when the password is old, the
// refusal said, and a redirect with the message on success.
//
//   // in the route's action
//   if (isRefundIntent(body.fields.intent)) return refundPageAction(ctx, actor, body, (m) => redirectWithMessage(ctx, here, m));
import { ACCESS_MESSAGES } from "../../contract/auth.ts";
import { formatNaira } from "../../contract/money.ts";
import { REFUND_MESSAGES, REFUND_REASON_MAX } from "../../contract/refunds.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import type { ActionResult } from "./action-result.ts";
import { appContext, type AppContext } from "./context.ts";
import { redirectWithMessage } from "./flash.server.ts";
import { readFormBody, type FormBody } from "./forms.server.ts";
import { pageAddressOf, requireAdminPage } from "./guards.server.ts";
import { refusalOf } from "./page-errors.server.ts";

/** The intents the refund posts: the row's Refund (asked, then `confirmed=yes`) and the step-up's confirmation. */
export const REFUND_INTENTS = { refund: "refund", confirm: "refund.confirm", stepUp: "refund.step-up" } as const;

/** What the refund action answers: its failures are tagged `refund` (code step_up_required: the prompt). */
export type RefundActionResult = ActionResult<
  "password" | "reason",
  { reference: string; label: string; reason: string },
  { reference: string; label: string; reason: string }
>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Whether a page's post is the refund's (the route hands it to refundPageAction). */
export function isRefundIntent(intent: unknown): boolean {
  return intent === REFUND_INTENTS.refund || intent === REFUND_INTENTS.stepUp;
}

/**
 * Refunds the purchase whose payment `reference` the form posts, with its optional `reason`: asked
 * first (`confirmed=yes`, which the dialog sends; without JavaScript the page asks), then the password
 * again when the last proof is too old (the StepUpPrompt posts `intent=refund.step-up` with the
 * password), then the refund. `success(message)` is the page's redirect.
 */
export async function refundPageAction(
  ctx: AppContext,
  actor: Actor,
  body: FormBody,
  success: (message: string) => Promise<Response>,
): Promise<RefundActionResult | Response> {
  const reference = text(body.fields.reference).trim().slice(0, 100);
  const reason = text(body.fields.reason).trim();
  const found = await ctx.services.refunds.summary(actor, reference).catch(() => null);
  const label = found ? `${found.email}, ${formatNaira(found.amount, { decimals: 2 })}` : reference;
  const values = { reference, label, reason: reason.slice(0, REFUND_REASON_MAX + 1) };
  const failed = (formError: string, extra: Partial<RefundActionResult & { ok: false }> = {}): RefundActionResult => ({
    ok: false,
    intent: REFUND_INTENTS.refund,
    formError,
    fieldErrors: {},
    values,
    ...extra,
  });
  if (reason.length > REFUND_REASON_MAX)
    return failed(REFUND_MESSAGES.reason, { fieldErrors: { reason: REFUND_MESSAGES.reason } });
  const stepUp = (error?: string) =>
    failed(ACCESS_MESSAGES.stepUp, { code: "step_up_required", fieldErrors: error ? { password: error } : {} });

  let acting = actor;
  if (body.fields.intent === REFUND_INTENTS.stepUp) {
    const refused = await refusalOf(async () => {
      const { verifiedAt } = await ctx.services.users.verifyPassword(actor, text(body.fields.password));
      // this request's actor was read before the proof: it carries the session's new time from here on
      acting = { ...actor, verifiedAt: new Date(verifiedAt) };
    });
    if (refused) return stepUp(refused.message);
  } else if (body.fields.confirmed !== "yes") {
    const question = found
      ? REFUND_MESSAGES.confirm(found.email, formatNaira(found.amount, { decimals: 2 }))
      : REFUND_MESSAGES.noReference;
    return { ok: true, intent: REFUND_INTENTS.confirm, message: question, values };
  }
  let message = "";
  const refused = await refusalOf(async () => {
    message = (await ctx.services.refunds.refund(acting, reference, reason ? { reason } : {})).message;
  });
  if (refused?.code === "step_up_required") return stepUp();
  if (refused) return failed(refused.message);
  return success(message);
}

/**
 * The action of a page with a purchase table (/admin/course/{id}, /admin/event/{id}): its refunds, a
 * success back to the table at `#anchor` with its message; any other post is refused.
 */
export async function purchaseTableAction(
  { request, context }: { request: Request; context: { get: (key: typeof appContext) => AppContext } },
  anchor: string,
): Promise<RefundActionResult | Response> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const body = await readFormBody(request);
  if (isRefundIntent(body.fields.intent)) {
    return refundPageAction(ctx, actor, body, (message) =>
      redirectWithMessage(ctx, `${pageAddressOf(request)}#${anchor}`, message),
    );
  }
  return {
    ok: false,
    intent: REFUND_INTENTS.refund,
    formError: REFUND_MESSAGES.unknownForm,
    fieldErrors: {},
    values: { reference: "", label: "", reason: "" },
  };
}
