// Page guards. The root middleware (page-access.server.ts) already enforces each page's declared access
// (app/pages.ts) before any loader runs; loaders and actions of signed-in and admin pages call these
// again (defence in depth, and to get the actor). Signed out → /login, and back here after sign-in;
// signed in without the role → the 'Access Denied: Admins only.' page with status 403.
import { data, redirect } from "react-router";
import { ADMINS_ONLY } from "../../contract/account/auth.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import { safeRedirectTo } from "../../server/lib/safe-redirect.ts";
import type { AppContext } from "./context.ts";

/**
 * Where /login sends the user after signing in: a path on this site only, checked once normalised
 * (server/lib/safe-redirect.ts: "/.//evil.example" is refused, not turned into "//evil.example").
 */
export { safeRedirectTo };

/**
 * The page a request is about, as a same-site path with its query. A client-side navigation or form
 * post asks for the page's data at `/path.data?_routes=…` (`/_root.data` for the home page): the page
 * is the address without that. A request path such as "//evil.example/x" comes back as the home page,
 * never as another site.
 */
export function pageAddressOf(request: Request, drop: readonly string[] = []): string {
  const url = new URL(request.url);
  let path = url.pathname.replace(/\.data$/, "");
  if (path === "/_root") path = "/";
  for (const name of ["_routes", "index", ...drop]) url.searchParams.delete(name);
  const search = url.searchParams.toString();
  return safeRedirectTo(path + (search ? `?${search}` : ""));
}

/** /login with the page to come back to. */
export function loginUrl(request: Request): string {
  return `/login?redirectTo=${encodeURIComponent(pageAddressOf(request))}`;
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
