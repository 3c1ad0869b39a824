// The /backend REST API: routes from each feature, validation errors and domain errors mapped once
// to { error: { code, message } } (conventions §5).
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { etag } from "hono/etag";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Deps, Services } from "../services.ts";
import { DomainError, STATUS_BY_CODE } from "../lib/errors.ts";
import type { AppEnv } from "./middleware.ts";
import { registerCatalogRoutes } from "../features/catalog/catalog.routes.ts";

export type BackendEnv = AppEnv;

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

function humanIssue(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

export function handleError(err: Error, c: Context, deps: Pick<Deps, "logger">) {
  if (err instanceof DomainError) {
    return c.json(errorBody(err.code, err.message), STATUS_BY_CODE[err.code]);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code = status === 413 ? "too_large" : status === 401 ? "unauthorized" : status === 403 ? "forbidden" : "bad_request";
    const message =
      status === 400 && /JSON/i.test(err.message) ? "The request body is not valid JSON." : err.message || "Bad request";
    return c.json(errorBody(code, message), status);
  }
  deps.logger.error("unhandled error", {
    requestId: c.get("requestId"),
    path: c.req.path,
    error: err.message,
    stack: err.stack,
  });
  return c.json(errorBody("internal", "Something went wrong on our side. Please try again."), 500);
}

export function createBackend(services: Services, deps: Deps) {
  const api = new OpenAPIHono<BackendEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = result.error.issues;
        const message = issues.map(humanIssue).join("; ") || "Invalid request";
        return c.json(errorBody("invalid", message), 422);
      }
    },
  });

  api.use(
    "*",
    bodyLimit({
      maxSize: deps.env.BODY_LIMIT_BYTES,
      onError: (c) =>
        c.json(
          errorBody("too_large", `The request body is too large (limit ${Math.round(deps.env.BODY_LIMIT_BYTES / 1024)} KB).`),
          413,
        ),
    }),
  );
  api.use("/api/*", etag());

  api.get("/health", async (c) => {
    const up = await deps.database.ping();
    return c.json({ status: up ? "ok" : "degraded", database: up ? "up" : "down", engine: deps.database.engine }, up ? 200 : 503);
  });

  registerCatalogRoutes(api, services.catalog);

  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: `${deps.env.SITE_NAME} API`, version: "1" },
    servers: [{ url: "/backend" }],
  });

  api.notFound((c) => c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404));
  api.onError((err, c) => handleError(err, c, deps));
  return api;
}
