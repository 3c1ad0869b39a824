// Messages after a redirect (issue 16 "messages after a redirect shown once by the root"; Epic Stack's
// redirectWithToast). An action that succeeds redirects (the form is cleared, a reload does not post
// again) and leaves its message in a short-lived signed cookie; the root loader reads it once and
// clears it, and the root shows it: a toast with JavaScript, a notice in the page without. One path
// for every screen, with or without JavaScript.
import { createCookie, redirect } from "react-router";
import type { AppContext } from "./context.ts";

export type FlashKind = "success" | "error";

export interface Flash {
  message: string;
  kind: FlashKind;
  /**
   * The section the redirect lands on (its address's `#fragment`): the notice shows at its top without
   * JavaScript (app/components/ui/flash-message.tsx), not at the top of the page above it.
   */
  at?: string;
}

/** A section's id as a fragment names it. */
const SECTION_ID = /^[A-Za-z][\w-]{0,79}$/;

/** A message only lives until the next page load: a minute is plenty. */
const MAX_AGE_SECONDS = 60;
const MESSAGE_MAX = 500;

function flashCookie(ctx: Pick<AppContext, "cookieSecret" | "secureCookies">) {
  return createCookie("flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: MAX_AGE_SECONDS,
    secure: ctx.secureCookies,
    secrets: [ctx.cookieSecret],
  });
}

function isFlash(value: unknown): value is Flash {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.message === "string" &&
    (v.kind === "success" || v.kind === "error") &&
    (v.at === undefined || (typeof v.at === "string" && SECTION_ID.test(v.at)))
  );
}

/** A redirect to `to` that shows `message` on the page it leads to. */
export async function redirectWithMessage(
  ctx: Pick<AppContext, "cookieSecret" | "secureCookies">,
  to: string,
  message: string,
  kind: FlashKind = "success",
): Promise<Response> {
  const at = to.includes("#") ? to.slice(to.indexOf("#") + 1) : "";
  const flash: Flash = { message: message.slice(0, MESSAGE_MAX), kind, ...(SECTION_ID.test(at) ? { at } : {}) };
  return redirect(to, { headers: { "Set-Cookie": await flashCookie(ctx).serialize(flash) } });
}

/**
 * The message left for this request, if any (a cookie not signed by us is ignored), and the header
 * that clears it so it shows once.
 */
export async function takeFlash(
  request: Request,
  ctx: Pick<AppContext, "cookieSecret" | "secureCookies">,
): Promise<{ flash: Flash | null; headers?: HeadersInit }> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("flash=")) return { flash: null };
  const cookie = flashCookie(ctx);
  const value: unknown = await cookie.parse(header).catch(() => null);
  const clear = { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) };
  return {
    flash: isFlash(value)
      ? { message: value.message.slice(0, MESSAGE_MAX), kind: value.kind, ...(value.at ? { at: value.at } : {}) }
      : null,
    headers: clear,
  };
}
