// One way to declare an API operation: its contract and who may call it, side by side (issue 7 "Access,
// declared on each route, denied by default"; decision 013). `defineRoute` is `createRoute` of
// @hono/zod-openapi with three things added from the declared access and the contract, so that the
// OpenAPI document says what the server does:
// - `security`: none for public operations (`security: []`), else the bearer token or the session cookie;
// - `x-access`: the declared level, which the access guard (access-policy.ts) enforces before the
//   handler runs; an operation without it is refused;
// - the 4xx answers every operation of its kind can give (401/403 for guarded ones, 422 when it validates
//   input, 400/413/415 for a JSON body, 403 for a cross-site write with the session cookie, 429 for the
//   calls server/http/rate-limit.ts counts), and 431 on every operation (Node's HTTP server refuses
//   headers over its limit before any route runs; issue 29). The
//   operation adds its own (404, 409...) in `responses`; one given there wins over the generated one.
import { maxHeaderSize } from "node:http";
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { z } from "zod";
import { ErrorSchema } from "../../contract/lib/common.ts";
import { limitOf } from "./rate-limit.ts";

/** Who may call an operation (or open a page: app/pages.ts uses the same three levels). */
export type Access = "public" | "user" | "admin";

export const ACCESS_LEVELS: readonly Access[] = ["public", "user", "admin"];

/** The OpenAPI extension field that carries the declared access of an operation. */
export const ACCESS_FIELD = "x-access";

/** The security schemes of guarded operations (registered by createBackend). */
export const SIGNED_IN_SECURITY: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { cookieAuth: [] }];

const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

type DeclaredConfig = Omit<RouteConfig, "security" | "operationId" | "summary"> & {
  access: Access;
  /** camelCase and unique in the API: generated clients name their methods after it */
  operationId: string;
  summary: string;
  /** a public operation that answers differently when signed in (GET /api/me): the credentials are optional */
  optionalSignIn?: boolean;
};

/**
 * The error body as one named schema: the document refers to it instead of repeating it. (zod's own
 * `meta`: `.openapi()` exists only on schemas made after @hono/zod-openapi is loaded.)
 */
const ErrorBody = ErrorSchema.meta({ id: "Error" });

/** A 4xx (or 5xx) answer: `{ error: { code, message } }` (conventions §5). */
/** A JSON answer of the operation, described in the OpenAPI document with its schema. */
export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorBody } },
});

/**
 * 431 Request Header Fields Too Large: Node's HTTP server answers it, before the app sees the request,
 * when the request line and headers exceed its limit (`http.maxHeaderSize`, 16 KB unless Node is started
 * with --max-http-header-size), typically after too many or too large cookies; it has no body, and the
 * connection is closed. Any operation may get it (issue 29: it was not in the document).
 */
const HEADERS_TOO_LARGE = {
  description:
    `The request's headers are too large (over ${Math.floor(maxHeaderSize / 1024)} KB in all, often too many cookies): ` +
    "answered by the HTTP server before the API, with no body; send fewer or smaller headers",
};

/** The 4xx answers the platform gives before the handler runs, from the access and the contract. */
function platformResponses(config: DeclaredConfig): RouteConfig["responses"] {
  const request = config.request ?? {};
  const validates = Boolean(request.params || request.query || request.headers || request.cookies || request.body);
  const write = config.method !== "get" && config.method !== "head" && config.method !== "options";
  const responses: RouteConfig["responses"] = {};
  if (request.body) {
    responses[400] = errorResponse("The body is not valid JSON");
    responses[413] = errorResponse("The body is too large");
    responses[415] = errorResponse("The body is not JSON");
  }
  if (config.access !== "public") responses[401] = errorResponse("Not signed in");
  const refusals = [
    config.access === "admin" ? "Not an admin" : null,
    write ? "A cross-site request carrying the session cookie" : null,
  ].filter(Boolean);
  if (refusals.length > 0) responses[403] = errorResponse(refusals.join(", or "));
  if (validates) responses[422] = errorResponse("A parameter or field is missing or not valid");
  responses[431] = HEADERS_TOO_LARGE;
  if (limitOf(config.method.toUpperCase(), config.path)) {
    responses[429] = errorResponse(
      "Too many calls in a short time by this user, browser or address, or from the address as a whole (Retry-After says when to try again)",
    );
  }
  return responses;
}

/**
 * `createRoute` with the declared access. Register the result with `app.openapi(route, handler)` as usual.
 *
 * @example
 * const listUsers = defineRoute({ access: "admin", operationId: "listUsers", method: "get",
 *   path: "/api/admin/users", summary: "Accounts, newest first", responses: { 200: ... } });
 */
export function defineRoute<P extends string, R extends DeclaredConfig & { path: P }>(config: R) {
  const { access, optionalSignIn, ...route } = config;
  if (!OPERATION_ID.test(route.operationId)) {
    throw new Error(`operationId "${route.operationId}" of ${route.method} ${route.path} must be camelCase`);
  }
  return createRoute({
    ...route,
    security: access !== "public" ? SIGNED_IN_SECURITY : optionalSignIn ? [{}, ...SIGNED_IN_SECURITY] : [],
    [ACCESS_FIELD]: access,
    responses: { ...platformResponses(config), ...route.responses },
  } as Omit<R, "access" | "optionalSignIn"> & { security: typeof SIGNED_IN_SECURITY; [ACCESS_FIELD]: Access });
}
