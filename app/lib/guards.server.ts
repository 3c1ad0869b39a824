// Page guards. The root middleware (page-access.server.ts) already enforces each page's declared access
// (app/pages.ts) before any loader runs; loaders and actions of signed-in and admin pages call these
// again (defence in depth, and to get the actor). Signed out → /login, and back here after sign-in;
// signed in without the role → the 'Access Denied: Admins only.' page with status 403.
import { data, redirect } from "react-router";
import { ADMINS_ONLY } from "../../contract/auth.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import { safeRedirectTo } from "../../server/lib/safe-redirect.ts";
import type { AppContext } from "./context.ts";

/**
 * Where /login sends the user after signing in: a path on this site only, checked once normalised
 * (server/lib/safe-redirect.ts: "/.//evil.example" is refused, not turned into "//evil.example").
 */
export { safeRedirectTo };

/**
 * /login with the page to come back to. A client-side navigation asks for the page's data at
 * `/path.data?_routes=…` (`/_root.data` for the home page): the way back is the page, not its data.
 */
export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname.replace(/\.data$/, "");
  if (path === "/_root") path = "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  // (a request path such as "//evil.example/x" comes back as the home page, never as another site)
  const back = safeRedirectTo(path + (search ? `?${search}` : ""));
  return `/login?redirectTo=${encodeURIComponent(back)}`;
}

export function requireUserPage(request: Request, ctx: AppContext): Actor {
  if (!ctx.actor) throw redirect(loginUrl(request));
  return ctx.actor;
}

export function requireAdminPage(request: Request, ctx: AppContext): Actor {
  const actor = requireUserPage(request, ctx);
  if (actor.role !== "admin") throw data(ADMINS_ONLY, { status: 403, statusText: "Forbidden" });
  return actor;
}
