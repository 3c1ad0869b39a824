// Identity at the HTTP edge: Better Auth's own routes, the acting user of each request, and the
// cross-site check for cookie-authenticated writes.
import type { Context, MiddlewareHandler } from "hono";
import type { Role } from "../../contract/account/auth.ts";
import type { Actor } from "../features/auth/actor.ts";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from "../features/auth/auth.ts";
import { isOpenAuthRoute } from "../features/auth/auth-rules.ts";
import { errorBody } from "./backend.ts";
import { clientIp } from "./client-ip.ts";
import type { AppEnv } from "./middleware.ts";

export { clientIp };

/** The request with the client address in the one header Better Auth trusts for rate limiting. */
function withClientIp(c: Context): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c));
  return new Request(c.req.raw, { headers });
}

/**
 * Better Auth's routes under /backend/api/auth/* (sign-up, sign-in, sign-out, verification, reset,
 * the user's own password, username, image and sessions). Only the routes auth-rules.ts opens reach
 * it; the others (its admin plugin's /admin/*, delete-user, change-email…) are unknown paths here,
 * with the same 404 as any other.
 */
export function authHandler(auth: Auth) {
  return async (c: Context) => {
    // The path as sent (not decoded), which is what Better Auth's router matches.
    const pathname = new URL(c.req.url).pathname;
    const route = pathname.startsWith(AUTH_BASE_PATH) ? pathname.slice(AUTH_BASE_PATH.length) : "";
    if (!isOpenAuthRoute(c.req.method, route)) {
      return c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404);
    }
    return withErrorShape(await auth.handler(withClientIp(c)));
  };
}

const ERROR_CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "too_large",
  415: "unsupported_media_type",
  422: "invalid",
  429: "too_many_requests",
};

/**
 * Better Auth answers a refusal with `{ code, message }` (sometimes with no body at all); the rest of
 * the API with `{ error: { code, message } }` (conventions §5). Its own fields stay, for its clients,
 * and ours are added, so every /backend error has the one shape the OpenAPI document promises.
 */
export async function withErrorShape(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // no body, or not JSON: our shape alone
  }
  const code = res.status >= 500 ? "internal" : (ERROR_CODES[res.status] ?? "bad_request");
  const message =
    res.status >= 500
      ? "Something went wrong on our side. Please try again."
      : typeof body.message === "string" && body.message
        ? body.message
        : res.statusText || "The request was refused.";
  const headers = new Headers(res.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  const shaped = res.status >= 500 ? errorBody(code, message) : { ...body, ...errorBody(code, message) };
  return new Response(JSON.stringify(shaped), { status: res.status, headers });
}

function sessionCookiePresent(cookie: string | undefined): boolean {
  return !!cookie && cookie.includes("academy.session_token=");
}

const STATIC_PATHS = /^\/(assets|media)\//;

/**
 * Sets `actor` for every request: the signed-in user from the session cookie or the bearer token, or
 * null. Anonymous requests (no cookie, no token) never touch the database.
 */
export function loadActor(auth: Auth): MiddlewareHandler<AppEnv> {
  // (plain functions that return next(): no async frame per request when there is no session to look up)
  const lookUp: MiddlewareHandler<AppEnv> = async (c, next) => {
    const found = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (found) c.set("actor", toActor(found));
    return next();
  };
  return (c, next) => {
    c.set("actor", null);
    // Build assets and images are the same for everyone: no session lookup per file.
    if (STATIC_PATHS.test(c.req.path)) return next();
    const bearer = c.req.header("authorization")?.startsWith("Bearer ");
    if (bearer || sessionCookiePresent(c.req.header("cookie"))) return lookUp(c, next);
    return next();
  };
}

type Found = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

function toActor({ user, session }: Found): Actor {
  const verifiedAt = (session as { verifiedAt?: Date | string | null }).verifiedAt;
  return {
    id: user.id,
    username: user.username ?? user.name,
    email: user.email,
    image: user.image ?? null,
    role: (user.role === "admin" ? "admin" : "user") satisfies Role,
    sessionId: session.id,
    verifiedAt: verifiedAt ? new Date(verifiedAt) : null,
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery: a state-changing request that carries the session cookie must come from
 * one of our own pages (Origin, or Sec-Fetch-Site for browsers that omit Origin). Bearer-token
 * clients are not at risk (a browser never adds the header by itself). Better Auth checks its own
 * routes the same way.
 */
export function sameOriginWrites(trusted: (origin: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.header("authorization")?.startsWith("Bearer ")) return next();
    if (!sessionCookiePresent(c.req.header("cookie"))) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const ok = origin ? trusted(origin) : fetchSite === "same-origin" || fetchSite === "none";
    if (!ok) {
      return c.json(
        errorBody("forbidden", "Cross-site request refused: submit the form from this site, or use a bearer token."),
        403,
      );
    }
    return next();
  };
}
