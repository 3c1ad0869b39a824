// The writing limits (decision 025) on the page side: a page action that writes what an API call writes
// (a comment, a post) counts in that call's limit (COMMENT_RATE_LIMIT, POST_RATE_LIMIT), so that the page
// is no way around it. Over it, the form's own failure with the limit's message comes back as a 429 with
// Retry-After (the route's `headers` passes it on: `retryAfterOf` in meta.ts). The /contact form counts in
// CONTACT_RATE_LIMIT with POST /backend/api/contact, per client as the API counts it (issue 29).
import { data } from "react-router";
import type { Actor } from "../../../server/features/auth/actor.ts";
import { deviceIdOf } from "../../../server/http/device.ts";
import type { Caller, LimitName } from "../../../server/http/rate-limit.ts";
import type { AppContext } from "../../lib/context.ts";
import { STATUS_TEXT } from "../../lib/page-errors.server.ts";

/** Null while `actor` is within the limit (this call counted); else `failure(the limit's message)` as a 429. */
export async function overWriteLimit<T>(
  ctx: Pick<AppContext, "services" | "clientIp">,
  limit: "comment" | "post" | "edit",
  actor: Actor,
  failure: (message: string) => T,
) {
  return overLimit(ctx, limit, { userId: actor.id, address: ctx.clientIp }, failure);
}

/**
 * A page's form that anyone may send (no account): counted per client as the API counts it, the signed-in
 * user, else the browser's device cookie, else the address.
 */
export function overPublicLimit<T>(
  ctx: Pick<AppContext, "services" | "clientIp" | "actor">,
  limit: "contact",
  request: Request,
  failure: (message: string) => T,
) {
  const caller: Caller = {
    userId: ctx.actor?.id ?? null,
    deviceId: deviceIdOf(request.headers.get("cookie") ?? undefined),
    address: ctx.clientIp,
  };
  return overLimit(ctx, limit, caller, failure);
}

async function overLimit<T>(
  ctx: Pick<AppContext, "services">,
  limit: LimitName,
  caller: Caller,
  failure: (message: string) => T,
) {
  const turn = await ctx.services.rateLimits.hit(limit, caller);
  if (turn.ok) return null;
  return data(failure(turn.message), {
    status: 429,
    statusText: STATUS_TEXT[429],
    headers: { "Retry-After": String(turn.retryAfterSeconds) },
  });
}

/**
 * A post or an edit counted by overWriteLimit was refused (required fields, a bad category…): it
 * published nothing, so it does not count (issue 29; as the API's refused calls, rate-limit.ts).
 */
export async function giveBackWrite(
  ctx: Pick<AppContext, "services" | "clientIp">,
  limit: "post" | "edit",
  actor: Actor,
): Promise<void> {
  await ctx.services.rateLimits.giveBack(limit, { userId: actor.id, address: ctx.clientIp });
}
