// The /backend REST API: routes from each feature, validation errors and domain errors mapped once
// to { error: { code, message } } (conventions §5).
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Deps, Services } from "../services.ts";
import { DomainError, STATUS_BY_CODE } from "../lib/errors.ts";
import { dataErrorToDomain, safeErrorFields } from "../db/errors.ts";
import type { BackendEnv } from "./backend-env.ts";
import { etag } from "./middleware.ts";
import { describeIssues } from "../../contract/lib/common.ts";
import { registerCatalogRoutes } from "../features/catalog/catalog.routes.ts";
import { registerCategoriesRoutes } from "../features/catalog/categories.routes.ts";
import { registerContactsRoutes } from "../features/contacts/contacts.routes.ts";
import { registerContentRoutes } from "../features/content/content.routes.ts";
import { registerEventsRoutes } from "../features/events/events.routes.ts";
import { registerKitRoutes } from "../features/admin/registry.routes.ts";
import { registerNewsletterRoutes } from "../features/newsletter/newsletter.routes.ts";
import { registerUsersRoutes } from "../features/users/users.routes.ts";
import { registerUploadsRoutes } from "../features/uploads/uploads.routes.ts";
import { registerBlogRoutes } from "../features/blog/blog.routes.ts";
import { registerPostActionsRoutes } from "../features/blog/post-actions.routes.ts";
import { registerPostWriteRoutes } from "../features/blog/posts-write.routes.ts";
import { registerPaymentsRoutes } from "../features/payments/payments.routes.ts";
import { registerCouponsRoutes } from "../features/coupons/coupons.routes.ts";
import { registerAccountRoutes } from "../features/account/account.routes.ts";
import { registerAuditRoutes } from "../features/admin/audit.routes.ts";
import { accessGuard, BETTER_AUTH_DECLARATIONS } from "./access-policy.ts";
import { rateLimits } from "./rate-limit.ts";
import { registerLearningRoutes } from "../features/learning/learning.routes.ts";
import { registerQuizRoutes } from "../features/learning/quiz.routes.ts";
import { registerCertificatesRoutes } from "../features/certificates/certificates.routes.ts";
import { defineRoute } from "./define-route.ts";

/** Request bodies over the configured limit get 413, on the API and on page form posts alike. */
export function limitBody(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: (c) =>
      c.json(errorBody("too_large", `The request body is too large (limit ${Math.round(maxSize / 1024)} KB).`), 413),
  });
  // GET and HEAD carry no body; skipping them spares building a full Request object per page view.
  return (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limit(c, next));
}

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

const HTTP_ERRORS: Partial<Record<number, { code: string; message?: string }>> = {
  400: { code: "bad_request" },
  401: { code: "unauthorized" },
  403: { code: "forbidden" },
  413: { code: "too_large" },
  415: {
    code: "unsupported_media_type",
    message: "Send the request body as JSON, with Content-Type: application/json.",
  },
};

export function handleError(err: Error, c: Context, deps: Pick<Deps, "logger">) {
  if (err instanceof DomainError) {
    return c.json(errorBody(err.code, err.message), STATUS_BY_CODE[err.code]);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const known = HTTP_ERRORS[status];
    const message =
      status === 400 && /JSON/i.test(err.message)
        ? "The request body is not valid JSON."
        : (known?.message ?? (err.message || "Bad request"));
    return c.json(errorBody(known?.code ?? (status >= 500 ? "internal" : "bad_request"), message), status);
  }
  // A value the database refuses (SQLSTATE class 22: "\0" in text, a malformed number) is bad input.
  const refused = dataErrorToDomain(err);
  if (refused) return c.json(errorBody(refused.code, refused.message), STATUS_BY_CODE[refused.code]);
  // Never the message as it is: a query error's message carries the submitted values (personal data).
  deps.logger.error("unhandled error", {
    requestId: c.get("requestId"),
    method: c.req.method,
    path: c.req.path,
    ...safeErrorFields(err),
  });
  return c.json(errorBody("internal", "Something went wrong on our side. Please try again."), 500);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

type OpenApiDoc = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;
type Operation = { summary?: string; tags?: string[] };

/** GET /backend/docs: the operations of the OpenAPI document as one self-contained page (no scripts, no CDN). */
export function renderApiDocs(doc: OpenApiDoc): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      rows.push(
        `<tr><td class="m ${method}">${method.toUpperCase()}</td><td><code>/backend${escapeHtml(path)}</code></td>` +
          `<td>${escapeHtml(op.summary ?? "")}</td><td>${escapeHtml((op.tags ?? []).join(", "))}</td></tr>`,
      );
    }
  }
  const title = escapeHtml(doc.info.title);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#111}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
.m{font-weight:700;font-family:monospace}.get{color:#0a6}.post{color:#06c}.put,.patch{color:#a60}.delete{color:#c00}</style>
</head><body><h1>${title}</h1>
<p>The machine-readable description is at <a href="/backend/openapi.json">/backend/openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi)}).
Errors are JSON: <code>{ "error": { "code", "message" } }</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Tag</th></tr></thead><tbody>
${rows.join("\n")}
</tbody></table></body></html>`;
}

const HealthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
  engine: z.string(),
});

const health = defineRoute({
  access: "public",
  operationId: "getHealth",
  method: "get",
  path: "/health",
  tags: ["Platform"],
  summary: "Health of the server and its database",
  description: "For load balancers and monitoring: 200 when the database answers, 503 when it does not.",
  responses: {
    200: { description: "Up", content: { "application/json": { schema: HealthSchema } } },
    503: { description: "The database does not answer", content: { "application/json": { schema: HealthSchema } } },
  },
});

const ReadySchema = z.object({
  ready: z.boolean(),
  state: z.enum(["starting", "ready", "draining"]),
  database: z.enum(["up", "down"]),
});

const readiness = defineRoute({
  access: "public",
  operationId: "getReadiness",
  method: "get",
  path: "/ready",
  tags: ["Platform"],
  summary: "Whether this process takes new requests",
  description:
    "For a reverse proxy or orchestrator choosing where to send traffic: 200 once the process listens and its " +
    "database answers; 503 while it is starting, while it drains after SIGTERM (a rolling restart), or when " +
    "the database does not answer. Liveness is /health.",
  responses: {
    200: { description: "Ready", content: { "application/json": { schema: ReadySchema } } },
    503: { description: "Not taking new requests", content: { "application/json": { schema: ReadySchema } } },
  },
});

const openApiDocument = defineRoute({
  access: "public",
  operationId: "getOpenApiDocument",
  method: "get",
  path: "/openapi.json",
  tags: ["Platform"],
  summary: "This API described in OpenAPI 3.1",
  responses: {
    200: {
      description: "The OpenAPI document",
      content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
    },
  },
});

const apiDocs = defineRoute({
  access: "public",
  operationId: "getApiDocs",
  method: "get",
  path: "/docs",
  tags: ["Platform"],
  summary: "The operations of this API as one HTML page",
  responses: { 200: { description: "The page", content: { "text/html": { schema: z.string() } } } },
});

export function createBackend(services: Services, deps: Deps) {
  const api = new OpenAPIHono<BackendEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(errorBody("invalid", describeIssues(result.error.issues)), 422);
      }
    },
  });

  api.use("/api/*", etag());
  api.use("/posts/*", etag());
  api.use("/comments/*", etag());
  // Denied by default: a route runs only when it declared its access (decision 013).
  api.use("*", accessGuard(api, { logger: deps.logger, also: BETTER_AUTH_DECLARATIONS }));
  // Paying and writing, per user, device or address and per address (server/http/rate-limit.ts): after the
  // access guard, so that only calls their caller may make count, and before every route.
  api.use("*", rateLimits(services.rateLimits, { secureCookies: deps.env.PUBLIC_URL.startsWith("https:") }));
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "The session token of Better Auth's bearer plugin (the `set-auth-token` header of a sign-in)",
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: "academy.session_token",
    description: "The session cookie set by signing in on the site",
  });

  api.openapi(health, async (c) => {
    const up = await deps.database.ping();
    return c.json(
      {
        status: up ? ("ok" as const) : ("degraded" as const),
        database: up ? ("up" as const) : ("down" as const),
        engine: deps.database.engine,
      },
      up ? 200 : 503,
    );
  });

  api.openapi(readiness, async (c) => {
    const state = deps.lifecycle?.state ?? "ready";
    const up = await deps.database.ping();
    const ready = state === "ready" && up;
    c.header("Cache-Control", "no-store");
    return c.json({ ready, state, database: up ? ("up" as const) : ("down" as const) }, ready ? 200 : 503);
  });

  // Before any /posts/{slug} route: "/posts/upload-auth" must not be read as a post's slug.
  registerUploadsRoutes(api, services.uploads);
  registerCatalogRoutes(api, services.catalog);
  registerLearningRoutes(api, {
    learning: services.learning,
    authoring: services.authoring,
    store: services.mediaStore,
    videoMaxBytes: deps.env.LESSON_VIDEO_MAX_BYTES,
  });
  registerQuizRoutes(api, services.learning);
  registerCertificatesRoutes(api, services.certificates);
  // Before /posts/{slug}: "/posts/category" is the categories admin, not a post.
  registerCategoriesRoutes(api, services.categories);
  registerContentRoutes(api, services.content);
  registerEventsRoutes(api, services);
  // every declared resource the kit serves (contract/admin/resources.ts; decision 071)
  registerKitRoutes(api, services.resources);
  registerNewsletterRoutes(api, services.newsletter);
  registerContactsRoutes(api, services.contacts);
  registerUsersRoutes(api, services.users);
  registerPaymentsRoutes(api, services, services.paymentParts.sandboxCheckout);
  registerCouponsRoutes(api, services.coupons, services.payments);
  registerAccountRoutes(api, services.account);
  registerAuditRoutes(api, services.audit);
  // After the uploads routes, and /posts/categories before /posts/{slug}.
  registerBlogRoutes(api, services.blog);
  // PATCH /posts/feature and DELETE /posts/{id} never meet GET /posts/{slug}: other methods.
  registerPostActionsRoutes(api, services.postActions);
  registerPostWriteRoutes(api, services.postWrite);

  const docConfig = {
    openapi: "3.1.0",
    info: {
      title: `${deps.env.SITE_NAME} API`,
      version: "1",
      description:
        "The REST API of the academy's public site and back office. Errors are JSON: " +
        '`{ "error": { "code", "message" } }`. Operations marked with a security requirement need a ' +
        "signed-in user (the session cookie or a bearer token); `x-access` says which role: `user` or `admin`. " +
        "Sign-up, sign-in and sessions are Better Auth's, under `/backend/api/auth/*`.",
    },
    servers: [{ url: "/backend", description: "This server" }],
  };
  // Every route is registered by the first request, so each document is built once.
  let doc: ReturnType<typeof api.getOpenAPI31Document> | undefined;
  const document = () => (doc ??= api.getOpenAPI31Document(docConfig));
  let docsHtml: string | undefined;
  api.openapi(openApiDocument, (c) => c.json(document(), 200));
  api.openapi(apiDocs, (c) => c.html((docsHtml ??= renderApiDocs(document())), 200));

  api.notFound((c) => c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404));
  api.onError((err, c) => handleError(err, c, deps));
  return api;
}
