// Upload tokens and the ImageKit-compatible upload endpoint (admin-back-office §7; decision 014).
// The upload's refusals carry ImageKit's top-level `message` beside our `{ error: { code, message } }`:
// ImageKit's clients read the former.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { describeIssues } from "../../../contract/lib/common.ts";
import {
  UploadAuthSchema,
  UploadErrorSchema,
  UploadFormSchema,
  UploadResultSchema,
} from "../../../contract/lib/uploads.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import { DomainError, STATUS_BY_CODE } from "../../lib/errors.ts";
import type { UploadsService } from "./uploads.service.ts";

/** Where ImageKit's clients post (their upload URL with this site's /backend in front). */
export const UPLOAD_PATH = "/api/v1/files/upload";

const uploadError = (description: string) => jsonResponse(description, UploadErrorSchema);

type Refusal = 400 | 403 | 413 | 415 | 422;

function refuse<S extends Refusal>(c: Context, status: S, code: string, message: string) {
  c.header("Cache-Control", "no-store");
  return c.json({ error: { code, message }, message }, status);
}

/** Before the form is read: anything but multipart/form-data is a 415 that says what to send. */
const multipartOnly: MiddlewareHandler = async (c, next) => {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? "")) {
    return refuse(
      c,
      415,
      "unsupported_media_type",
      "Send the upload as multipart/form-data with the fields file, fileName, token, expire and signature.",
    );
  }
  await next();
};

const uploadAuth = defineRoute({
  access: "user",
  operationId: "getUploadAuth",
  method: "get",
  path: "/posts/upload-auth",
  tags: ["Media"],
  summary: "A single-use upload token, its expiry and their signature",
  description:
    "For an ImageKit client's authenticator: `signature` is HMAC-SHA1 of `token` + `expire` (Unix seconds, " +
    "30 minutes ahead) with the server's key. Each token uploads one file.",
  responses: { 200: jsonResponse("A fresh token", UploadAuthSchema) },
});

const upload = defineRoute({
  access: "public",
  operationId: "uploadFile",
  method: "post",
  path: UPLOAD_PATH,
  tags: ["Media"],
  summary: "Upload an image or a video with an upload token (ImageKit's upload API)",
  description:
    "The token from GET /posts/upload-auth is the credential. Images (JPEG, PNG, WebP, GIF, AVIF; decoded in " +
    "full) and videos (MP4, WebM) up to the configured sizes; stored under a unique name and served at `url`. " +
    "ImageKit's `folder` puts the file under /uploads/<folder>/ (`filePath`), and its comma-separated `tags` are " +
    "kept with the file and answered as `tags` (decision 065).",
  middleware: [multipartOnly] as const,
  request: {
    body: { required: true, content: { "multipart/form-data": { schema: UploadFormSchema } } },
  },
  responses: {
    200: jsonResponse("Stored", UploadResultSchema),
    400: errorResponse(
      "The multipart body cannot be read, or `folder` or `tags` break ImageKit's rules (the message names the field; " +
        "such a refusal also carries ImageKit's top-level `message`)",
    ),
    403: uploadError("The signature is wrong, or the token expired, is unknown or was used"),
    413: uploadError("The file (or the request) is larger than the configured limit"),
    415: uploadError("The body is not multipart/form-data"),
    422: uploadError("A field is missing, or the file is not an accepted image or video"),
    429: uploadError("Too many uploads in a short time from this user or address (UPLOAD_RATE_LIMIT; Retry-After)"),
  },
});

export function registerUploadsRoutes(app: OpenAPIHono<BackendEnv>, uploads: UploadsService) {
  app.openapi(uploadAuth, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await uploads.issueToken(c.get("actor")), 200);
  });
  app.openapi(
    upload,
    async (c) => {
      const form = c.req.valid("form");
      try {
        return c.json(await uploads.upload(form), 200);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return refuse(c, STATUS_BY_CODE[error.code] as Refusal, error.code, error.message);
      }
    },
    (result, c) => {
      if (!result.success) return refuse(c, 422, "invalid", describeIssues(result.error.issues));
    },
  );
}
