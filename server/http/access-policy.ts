// One server-side guard for every admin and signed-in call of both spec documents (public-area §7,
// admin-back-office §7), including the calls the spec lists as sending no auth header. The original
// product trusted the browser for roles; here the table below decides, before any route runs, so a
// route added later cannot forget its check. Finer rules (a post's author may delete it) stay in the
// services, which receive the actor.
import type { MiddlewareHandler } from "hono";
import { requireAdmin, requireUser } from "../features/auth/actor.ts";
import type { AppEnv } from "./middleware.ts";

export type Access = "public" | "user" | "admin";

export interface Rule {
  method: string;
  /** a path under /backend, with `:param` segments and an optional trailing `*` */
  path: string;
  access: Access;
}

// First match wins: public exceptions come before the admin rule that would otherwise cover them.
export const ACCESS_RULES: readonly Rule[] = [
  // Learners (spec public-area §7): enrol, pay, buy tickets, validate coupons without an account.
  { method: "GET", path: "/api/coupons/validate/:code", access: "public" },
  { method: "POST", path: "/api/coupons/log-usage/:couponId", access: "public" },
  { method: "POST", path: "/api/courses/:courseId/purchases", access: "public" },
  { method: "POST", path: "/api/events/:id/purchases", access: "public" },

  // Signed-in users (public-area §6, admin §6 "Signed-in user: may create posts").
  { method: "GET", path: "/users/saved", access: "user" },
  { method: "PATCH", path: "/users/save", access: "user" },
  { method: "POST", path: "/posts", access: "user" },
  { method: "GET", path: "/posts/upload-auth", access: "user" },
  { method: "DELETE", path: "/posts/:id", access: "user" }, // the author or an admin (service)
  { method: "POST", path: "/comments/:postId", access: "user" },
  { method: "DELETE", path: "/comments/:id", access: "user" }, // the author or an admin (service)
  { method: "POST", path: "/api/session/verify", access: "user" },

  // Admins (public-area §6 feature toggle; admin-back-office §7).
  { method: "PATCH", path: "/posts/feature", access: "admin" },
  { method: "POST", path: "/posts/category", access: "admin" },
  { method: "DELETE", path: "/posts/category/:name", access: "admin" },
  { method: "POST", path: "/api/courses", access: "admin" },
  { method: "PUT", path: "/api/courses/:id", access: "admin" },
  { method: "DELETE", path: "/api/courses/:id", access: "admin" },
  { method: "GET", path: "/api/courses/:id/purchases", access: "admin" },
  { method: "POST", path: "/api/categories", access: "admin" },
  { method: "DELETE", path: "/api/categories/:id", access: "admin" },
  { method: "GET", path: "/api/coupons", access: "admin" },
  { method: "POST", path: "/api/coupons", access: "admin" },
  { method: "GET", path: "/api/coupons/:id", access: "admin" },
  { method: "PUT", path: "/api/coupons/:id", access: "admin" },
  { method: "DELETE", path: "/api/coupons/:id", access: "admin" },
  { method: "POST", path: "/api/events", access: "admin" },
  { method: "PUT", path: "/api/events/:id", access: "admin" },
  { method: "DELETE", path: "/api/events/:id", access: "admin" },
  { method: "GET", path: "/api/events/:id/purchases", access: "admin" },
  { method: "POST", path: "/api/talents", access: "admin" },
  { method: "PUT", path: "/api/talents/:id", access: "admin" },
  { method: "DELETE", path: "/api/talents/:id", access: "admin" },
  { method: "PUT", path: "/api/hero", access: "admin" },
  { method: "DELETE", path: "/api/hero", access: "admin" },
  { method: "POST", path: "/api/experts", access: "admin" },
  { method: "PUT", path: "/api/experts/:id", access: "admin" },
  { method: "DELETE", path: "/api/experts/:id", access: "admin" },
  { method: "POST", path: "/api/blogTeasers", access: "admin" },
  { method: "PUT", path: "/api/blogTeasers/:id", access: "admin" },
  { method: "DELETE", path: "/api/blogTeasers/:id", access: "admin" },
  { method: "POST", path: "/api/instructorCTAs", access: "admin" },
  { method: "PUT", path: "/api/instructorCTAs/:id", access: "admin" },
  { method: "DELETE", path: "/api/instructorCTAs/:id", access: "admin" },
  { method: "POST", path: "/api/faqs", access: "admin" },
  { method: "PUT", path: "/api/faqs/:id", access: "admin" },
  { method: "DELETE", path: "/api/faqs/:id", access: "admin" },
  { method: "POST", path: "/api/carousel", access: "admin" },
  { method: "PUT", path: "/api/carousel/:id", access: "admin" },
  { method: "DELETE", path: "/api/carousel/:id", access: "admin" },
  // Contacts, newsletter, users, outbox, dashboard: everything under /api/admin.
  { method: "*", path: "/api/admin/*", access: "admin" },
  // Coupons are the back office's, bar the two public exceptions at the top.
  { method: "*", path: "/api/coupons/*", access: "admin" },
];

interface CompiledRule extends Rule {
  pattern: RegExp;
}

function compile(rule: Rule): CompiledRule {
  const body = rule.path
    .split("/")
    .map((segment) => {
      if (segment === "*") return ".*";
      if (segment.startsWith(":")) return "[^/]+";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { ...rule, pattern: new RegExp(`^${body}/?$`) };
}

const COMPILED = ACCESS_RULES.map(compile);

/** The access a /backend request needs (path relative to /backend); unlisted calls are public. */
export function accessFor(method: string, path: string): Access {
  const m = method === "HEAD" ? "GET" : method;
  for (const rule of COMPILED) {
    if ((rule.method === "*" || rule.method === m) && rule.pattern.test(path)) return rule.access;
  }
  return "public";
}

/** Mounted on /backend: 401 when a sign-in is needed, 403 when the role is missing. */
export function enforceAccess(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path.replace(/^\/backend/, "") || "/";
    const access = accessFor(c.req.method, path);
    if (access === "user") requireUser(c.get("actor"));
    if (access === "admin") requireAdmin(c.get("actor"));
    await next();
  };
}
