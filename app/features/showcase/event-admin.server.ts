// The event admin screens' loaders and actions (spec admin-back-office §2 "Event admin detail", §8
// "Detail pages"; issue 18; decision 036): /admin/event/{id} (the event, its ticket figures and
// purchases) and /admin/event/{id}/check-in (the door: a typed code posted without JavaScript comes here;
// the camera calls the API itself). The services through the request context.
import { data } from "react-router";
import { formatLagosDateTime, formatLagosLong } from "../../../contract/lib/dates.ts";
import { EVENT_MESSAGES, eventStats } from "../../../contract/showcase/events.ts";
import { appContext, type AppContext } from "../../lib/context.ts";
import { readAction } from "../../lib/action.server.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { purchaseTableAction } from "../payments/refund-action.server.ts";
import { isAccessRefusal, toPageError } from "../../lib/page-errors.server.ts";

type Args = {
  request: Request;
  params?: Record<string, string | undefined>;
  context: { get: (key: typeof appContext) => AppContext };
};

/** The page's 404 (the error page's title says 'Event not found', handle.errorTexts). */
function eventNotFound(): never {
  throw data({ code: "not_found", message: EVENT_MESSAGES.mayBeDeleted }, { status: 404, statusText: "Not Found" });
}

/** A refusal of the event's reads: the 404 page, the guard's own refusals, else 'Failed to load event details'. */
function loadFailure(error: unknown): never {
  const refused = toPageError(error);
  if (isAccessRefusal(refused)) throw error;
  if (refused?.status === 404) eventNotFound();
  console.error("admin event detail: loading failed", error);
  throw data({ code: "unavailable", message: EVENT_MESSAGES.mayBeDeleted }, { status: 500 });
}

/** /admin/event/{id}: the event, its tickets (newest first) and their figures. */
export async function loadEventDetail({ request, params, context }: Args) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const id = params?.id ?? "";
  const [event, purchases] = await Promise.all([
    ctx.services.eventsAdmin.get(actor, id),
    ctx.services.eventsAdmin.purchases(actor, id),
  ]).catch(loadFailure);
  return {
    event: { ...event, startsText: event.startsAt ? formatLagosLong(event.startsAt) : null },
    stats: eventStats(purchases),
    purchases: purchases.map((p) => ({ ...p, purchasedAtText: formatLagosDateTime(p.purchasedAt) })),
  };
}

/** /admin/event/{id}: the purchase table's refunds (decision 035, app/features/payments/refund-action.server.ts). */
export const eventDetailAction = (args: Args) => purchaseTableAction(args, "event-purchases");

/** A fresh scan id for the form (the same form posted again, a retried post, is the same scan). */
const newScanId = () => crypto.randomUUID();

/** /admin/event/{id}/check-in: the event's name and figures of the door, and a scan id for the typed form. */
export async function loadCheckIn({ request, params, context }: Args) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const id = params?.id ?? "";
  const [event, purchases] = await Promise.all([
    ctx.services.eventsAdmin.get(actor, id),
    ctx.services.eventsAdmin.purchases(actor, id),
  ]).catch(loadFailure);
  const stats = eventStats(purchases);
  return {
    event: { _id: event._id, name: event.name },
    checkedIn: stats.checkedIn,
    expected: stats.quantity,
    scanId: newScanId(),
  };
}

/**
 * The typed code, posted (with or without JavaScript): the door's answer, and the next scan's id. Not a
 * form's ActionResult: the door's verdict on a ticket, the camera's answer too (decision 069).
 */
export async function checkInAction(args: Args) {
  const { ctx, actor, text } = await readAction(args, "admin");
  const code = text("code");
  const scanId = text("scanId");
  try {
    const answer = await ctx.services.checkIn.checkIn(actor, args.params?.id ?? "", { code, scanId });
    return { ok: true as const, answer, code: code.trim(), nextScanId: newScanId() };
  } catch (error) {
    const refused = toPageError(error);
    if (!refused || isAccessRefusal(refused)) throw error;
    if (refused.status === 404) eventNotFound();
    return { ok: false as const, message: refused.message, code, nextScanId: newScanId() };
  }
}
