// The page side of "access declared on each route, denied by default" (issue 7; decision 013; the API
// side is server/http/access-policy.ts). The root route's middleware matches every page request (and its
// `.data` twin) against the page table (app/pages.ts) with React Router's own matcher, before any loader
// or action runs:
// - a matched page or layout without a declared access: 404, as if the page did not exist;
// - signed out on a `user` or `admin` page: /login, and back here after signing in;
// - signed in without the role on an `admin` page: 403 'Access Denied: Admins only.'.
// Loaders do not run when the middleware refuses, so the denial carries the frame of the error page
// (page-denial.ts).
import { createContext, data, matchRoutes, redirect, type MiddlewareFunction, type RouteObject } from "react-router";
import { ADMINS_ONLY } from "../../contract/account/auth.ts";
import { strictest } from "../../server/http/access-policy.ts";
import { ACCESS_LEVELS, type Access } from "../../server/http/define-route.ts";
import type { PageEntry } from "../pages.ts";
import { appContext } from "./context.ts";
import { loginUrl } from "./guards.server.ts";
import { PAGE_NOT_FOUND, type PageDenial } from "./page-denial.ts";

function isAccess(value: unknown): value is Access {
  return ACCESS_LEVELS.includes(value as Access);
}

type PageRoute = RouteObject & { handle: PageEntry };

/** The page table as React Router route objects (the same nesting app/routes.ts gives the router). */
function toRouteObjects(pages: readonly PageEntry[]): PageRoute[] {
  return pages.map((page) => {
    const base = { handle: page, caseSensitive: false };
    if (page.index) return { ...base, index: true };
    return { ...base, path: page.path, children: page.children ? toRouteObjects(page.children) : undefined };
  }) as PageRoute[];
}

/** The entries a path reaches, outermost first (empty when none). */
export function pageChain(pages: readonly PageEntry[] | PageRoute[], pathname: string): PageEntry[] {
  const routes = isRouteObjects(pages) ? pages : toRouteObjects(pages);
  return (matchRoutes(routes, pathname) ?? []).map((m) => (m.route as PageRoute).handle);
}

function isRouteObjects(pages: readonly PageEntry[] | PageRoute[]): pages is PageRoute[] {
  return pages.length > 0 && "handle" in pages[0]!;
}

/** Every entry of the table without a valid access, as its path (or its file for a layout). */
export function undeclaredPages(pages: readonly PageEntry[], parent = ""): string[] {
  return pages.flatMap((page) => {
    const where = page.index ? `${parent}/ (index)` : page.path !== undefined ? `${parent}/${page.path}` : page.file;
    const own = isAccess(page.access) ? [] : [where];
    const base = page.path !== undefined ? `${parent}/${page.path}` : parent;
    return [...own, ...undeclaredPages(page.children ?? [], base)];
  });
}

/** The level a request needs, or null when something on the way declares nothing. */
function accessOf(chain: readonly PageEntry[]): Access | null {
  if (chain.length === 0 || chain.some((page) => !isAccess(page.access))) return null;
  return strictest(chain.map((page) => page.access));
}

/** The entries the request's path reaches, found once per request by the first of the two steps. */
const reachedPages = createContext<PageEntry[]>([]);

/**
 * The root route's middleware for a page table (app/root.tsx: `export const middleware =
 * createPageAccess(PAGES)`): the guard, wrapped in a step that keeps every guarded answer (the page, the
 * redirect, the denial) out of shared caches. (Two steps: an answer the guard throws reaches only the
 * step before it.)
 */
export function createPageAccess(pages: readonly PageEntry[]): MiddlewareFunction<Response>[] {
  const routes = toRouteObjects(pages);

  const privateWhenGuarded: MiddlewareFunction<Response> = async ({ url, context }, next) => {
    const chain = pageChain(routes, url.pathname);
    context.set(reachedPages, chain);
    const response = await next();
    if (accessOf(chain) !== "public") response.headers.set("Cache-Control", "private, no-store");
    return response;
  };

  const guard: MiddlewareFunction<Response> = ({ request, context }) => {
    const { actor, siteName, viewer } = context.get(appContext);
    const chain = context.get(reachedPages);
    const access = accessOf(chain);
    const deny = (status: 403 | 404, message: string) =>
      data<PageDenial>(
        { message, siteName, viewer },
        { status, statusText: status === 403 ? "Forbidden" : "Not Found" },
      );

    if (access === null) throw deny(404, PAGE_NOT_FOUND);
    const reading = request.method === "GET" || request.method === "HEAD";
    if (access !== "public" && !actor && !(reading && chain.at(-1)?.whenSignedOut === "render")) {
      throw redirect(loginUrl(request));
    }
    if (access === "admin" && actor && actor.role !== "admin") throw deny(403, ADMINS_ONLY);
  };

  return [privateWhenGuarded, guard];
}
