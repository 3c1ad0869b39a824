// Who may call what, declared on each operation and enforced before it runs (public-area §7,
// admin-back-office §7; issue 7 "Access, declared on each route, denied by default"; decision 013).
// The original product trusted the browser for roles. Here each operation declares `public`, `user` or
// `admin` where it is defined (defineRoute, define-route.ts); the guard below looks at the routes a
// request reaches and refuses it when one of them declares nothing, so a route registered without a
// declaration can never run. Finer rules (a post's author may delete it) stay in the services, which
// receive the actor. The access decided for calls not built yet is in decision 007.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { RouterRoute } from "hono/types";
import { requireAdmin, requireUser } from "../features/auth/actor.ts";
import { NotFound } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import { ACCESS_FIELD, ACCESS_LEVELS, type Access } from "./define-route.ts";
import type { AppEnv } from "./middleware.ts";

export type { Access } from "./define-route.ts";

export interface Declaration {
  /** upper case, as Hono stores it: GET, POST... */
  method: string;
  /** relative to where the API is mounted, in Hono's form (`/api/courses/:id`); a trailing `/*` covers a subtree */
  path: string;
  access: Access;
  operationId: string;
}

/**
 * Better Auth's routes (sign-up, sign-in, sessions...), mounted on /backend/api/auth/* by server/app.ts
 * ahead of the API: one public declaration. Better Auth checks its own calls (and its admin endpoints are
 * closed or guarded where they are mounted).
 */
export const BETTER_AUTH_DECLARATIONS: readonly Declaration[] = ["GET", "POST"].map((method) => ({
  method,
  path: "/api/auth/*",
  access: "public",
  operationId: "betterAuth",
}));

const RANK: Record<Access, number> = { public: 0, user: 1, admin: 2 };

/** The strictest of several levels: a request that reaches two declared routes needs both. */
export function strictest(levels: readonly Access[]): Access {
  return levels.reduce<Access>((a, b) => (RANK[b] > RANK[a] ? b : a), "public");
}

function isAccess(value: unknown): value is Access {
  return ACCESS_LEVELS.includes(value as Access);
}

/** OpenAPI's `/api/courses/{id}` as Hono routes it: `/api/courses/:id`. */
export function honoPath(openApiPath: string): string {
  return openApiPath.replaceAll(/\/{(.+?)}/g, "/:$1");
}

/** The declared operations of an API: its OpenAPI registry, where `app.openapi(defineRoute(...))` puts them. */
export function declarationsOf(api: OpenAPIHono<AppEnv>): Declaration[] {
  const found: Declaration[] = [];
  for (const definition of api.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const route = definition.route as typeof definition.route & Record<string, unknown>;
    const access = route[ACCESS_FIELD];
    if (!isAccess(access)) continue; // declared nothing: the guard refuses it
    found.push({
      method: route.method.toUpperCase(),
      path: honoPath(route.path),
      access,
      operationId: route.operationId ?? "",
    });
  }
  return found;
}

/** The declarations in an OpenAPI document (its operations' `x-access`), for the tests that walk it. */
export function declarationsOfDocument(doc: { paths?: Record<string, Record<string, unknown>> }): Declaration[] {
  const found: Declaration[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const op = operation as { operationId?: string } & Record<string, unknown>;
      if (!isAccess(op[ACCESS_FIELD])) continue;
      found.push({
        method: method.toUpperCase(),
        path: honoPath(path),
        access: op[ACCESS_FIELD],
        operationId: op.operationId ?? "",
      });
    }
  }
  return found;
}

/** `use()` middleware (every method, a wildcard path) runs around routes; it is not an operation itself. */
function isMiddleware(route: Pick<RouterRoute, "method" | "path">): boolean {
  return route.method === "ALL" && route.path.endsWith("*");
}

/** The route's path relative to the mount point of its API. */
function relativePath(path: string, mount: string): string {
  const relative = mount === "/" ? path : path.slice(mount.replace(/\/$/, "").length);
  return relative || "/";
}

/** The declaration of a registered route: the same method and path, or a `/*` declaration over it. */
function declarationFor(declarations: readonly Declaration[], method: string, path: string): Declaration | undefined {
  return (
    declarations.find((d) => d.method === method && d.path === path) ??
    declarations.find((d) => d.method === method && d.path.endsWith("/*") && path.startsWith(d.path.slice(0, -1)))
  );
}

/**
 * Every route of `app` under `mount` (a Hono app, e.g. the whole server) that no declaration covers,
 * as "METHOD path". Middleware (`use`) is not a route. The access test fails on any of these.
 */
export function undeclaredRoutes(app: Hono<AppEnv>, declarations: readonly Declaration[], mount = "/"): string[] {
  const under = mount.replace(/\/$/, "");
  return app.routes
    .filter((r) => mount === "/" || r.path === under || r.path.startsWith(`${under}/`))
    .filter((r) => !isMiddleware(r))
    .filter((r) => !declarationFor(declarations, r.method, relativePath(r.path, mount)))
    .map((r) => `${r.method} ${r.path}`)
    .filter((entry, i, all) => all.indexOf(entry) === i);
}

/**
 * The API's guard, mounted with `api.use("*", accessGuard(api, { logger }))` before any route: it finds
 * the routes under the API's mount point that the request reaches (Hono's own match, so what it checks
 * is what would run). A reached route without a declaration: 404, as if it did not exist (and a warning
 * in the log). Otherwise the strictest declared level applies: signed out → 401, no admin role → 403.
 */
export function accessGuard(
  api: OpenAPIHono<AppEnv>,
  options: { logger?: Logger; also?: readonly Declaration[] } = {},
): MiddlewareHandler<AppEnv> {
  const { logger, also = [] } = options;
  // Read on the first request: the routes are registered after this middleware, all before serving.
  let declarations: Declaration[] | undefined;
  // (a plain function: what it throws reaches the app's error handler all the same, through Hono's compose)
  return (c, next) => {
    declarations ??= [...declarationsOf(api), ...also];
    const matched = matchedRoutes(c);
    const mount = matched[c.req.routeIndex]?.basePath ?? "/";
    // Every route under the API's mount point: its own, those of apps mounted inside it, and any the
    // enclosing app adds there later (Better Auth's answer before this guard runs: `also` declares them).
    const under = mount.replace(/\/$/, "");
    const ours = (r: RouterRoute) => mount === "/" || r.path === under || r.path.startsWith(`${under}/`);
    const reached = matched.filter((r) => ours(r) && !isMiddleware(r));
    const levels: Access[] = [];
    for (const route of reached) {
      const declaration = declarationFor(declarations, route.method, relativePath(route.path, mount));
      if (!declaration) {
        logger?.warn("route without an access declaration refused", { method: route.method, path: route.path });
        throw NotFound(`No API route for ${c.req.method} ${c.req.path}`);
      }
      levels.push(declaration.access);
    }
    const access = strictest(levels);
    if (access === "user") requireUser(c.get("actor"));
    if (access === "admin") requireAdmin(c.get("actor"));
    return next();
  };
}
