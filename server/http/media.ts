// /media: seeded images from DATA_DIR/media and uploads from the media store (architecture "Media";
// local disk or S3-compatible, the route does not know which). With ?tr=… or ImageKit's path form
// /media/tr:…/<path> an image is served resized (ImageKit's grammar, planned and capped before any
// pixel is decoded, rendered in a bounded queue, kept in a size-capped disk cache: decision 026).
// Without it a file is served whole or, a video asked for with `Range: bytes=…` (a player seeking), in
// part: 206 with Content-Range, 416 when the range starts past the end (decision 021).
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Env } from "../env.ts";
import type { Deps } from "../services.ts";
import { createDerivatives, type Derivatives } from "../integrations/media/derivatives.ts";
import {
  parseTransform,
  RenderAbortedError,
  RenderTimeoutError,
  TransformError,
  UndecodableImageError,
  type Transform,
} from "../integrations/media/image-transform.ts";
import { mediaRoot } from "../integrations/media/media-root.ts";
import { RenderCancelledError, RenderQueueFullError } from "../integrations/media/render-queue.ts";
import { STORE_KEY, type MediaStore } from "../integrations/media/store.ts";
import { errorBody } from "./backend.ts";

const TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

/**
 * Lessons' files (issue 31): transcoded videos and their posters, uploaded sources and materials are
 * kept in the store but served only by the learning API, to those who may open the lesson (decision 073).
 */
const PRIVATE_FOLDER = /^(videos|video-sources|materials)(\/|$)/;

/** The file path under /media/ of a URL path, percent-decoded; null when it cannot be (or holds a NUL). */
export function decodeMediaPath(pathname: string): string | null {
  try {
    const rel = decodeURIComponent(pathname.replace(/^\/media\/?/, ""));
    return rel.includes("\0") ? null : rel;
  } catch {
    return null;
  }
}

const VIDEO = new Set([".mp4", ".webm"]);

/** If-None-Match matches when it lists the ETag (or is "*"). */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag;
  });
}

export type ByteRange = { start: number; end: number };

/**
 * The part of a `size`-byte file a Range header asks for (end inclusive); "unsatisfiable" for a range
 * starting past the end (or a zero-byte suffix), null when the header is not one single byte range
 * (then the whole file is served, as RFC 9110 allows).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (header === undefined) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === "" ? Infinity : Number(m[2]);
  if (last < start) return null; // not valid syntax: ignored
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(last, size - 1) };
}

/** ImageKit's path form: the first segment after /media/ is `tr:<transform>`. */
const PATH_TRANSFORM = /^tr:([^/]*)\/(.*)$/s;

/** The derivatives' settings from the environment (decision 026). */
export function derivativeOptions(env: Env) {
  return {
    dataDir: env.DATA_DIR,
    maxPixels: env.MEDIA_MAX_PIXELS,
    cacheMaxBytes: env.MEDIA_CACHE_MAX_BYTES,
    renderSlots: env.MEDIA_RENDER_SLOTS,
    renderQueue: env.MEDIA_RENDER_QUEUE,
    renderTimeoutSeconds: env.MEDIA_RENDER_TIMEOUT_SECONDS,
  };
}

export function createMediaRoutes(
  deps: Pick<Deps, "env">,
  store: MediaStore,
  derivatives: Derivatives = createDerivatives(derivativeOptions(deps.env)),
) {
  const root = mediaRoot(deps.env.DATA_DIR);
  const media = new Hono();
  media.get("/*", async (c) => {
    // Decoded once, from the raw URL: malformed percent-encoding ("%", "%E0%A4%A") or a NUL is a 400.
    let rel = decodeMediaPath(new URL(c.req.url).pathname);
    if (rel === null) {
      return c.json(errorBody("bad_request", "The media address is not valid: check its percent-encoding."), 400);
    }
    let tr = c.req.query("tr");
    const inPath = PATH_TRANSFORM.exec(rel);
    if (inPath) {
      if (tr !== undefined) {
        return c.json(
          errorBody("bad_request", "Give the transformation once: either /media/tr:…/<path> or ?tr=…, not both."),
          400,
        );
      }
      tr = inPath[1]!;
      rel = inPath[2]!;
    }
    const file = path.resolve(root, rel);
    const type = TYPES[path.extname(file).toLowerCase()];
    if (!file.startsWith(root + path.sep) || !type || PRIVATE_FOLDER.test(path.relative(root, file))) {
      return c.json(errorBody("not_found", "No such media file"), 404);
    }
    // The transform is checked before the file is looked for: a bad one is a 400 even for a missing file.
    let transform: Transform | null = null;
    if (tr !== undefined) {
      try {
        transform = parseTransform(tr);
      } catch (err) {
        if (err instanceof TransformError) return c.json(errorBody("bad_request", err.message), 400);
        throw err;
      }
      if (VIDEO.has(path.extname(file).toLowerCase())) {
        return c.json(errorBody("bad_request", "Videos cannot be transformed: remove tr from the address."), 400);
      }
    }
    const relative = path.relative(root, file); // one spelling per file ("a/./b.png" is "a/b.png")
    // Seeded files are on disk under DATA_DIR/media; anything else (uploads) is asked of the store.
    const onDisk = await stat(file).catch(() => null);
    const found = onDisk?.isFile()
      ? { file, size: onDisk.size, mtimeMs: onDisk.mtimeMs }
      : STORE_KEY.test(relative)
        ? await store.localFile(relative)
        : null;
    if (!found) return c.json(errorBody("not_found", "No such media file"), 404);
    const info = { size: found.size, mtimeMs: found.mtimeMs };
    const cacheControl = c.req.query("v") ? "public, max-age=31536000, immutable" : "public, max-age=86400";
    if (transform) {
      try {
        const prepared = await derivatives.prepare({ rel: relative, ...found }, transform);
        if (matches(c.req.header("if-none-match"), prepared.etag)) {
          return c.body(null, 304, { "Cache-Control": cacheControl, ETag: prepared.etag });
        }
        const derivative = await derivatives.get(prepared, c.req.raw.signal);
        const headers = { "Content-Type": prepared.contentType, "Cache-Control": cacheControl, ETag: prepared.etag };
        if ("bytes" in derivative) {
          return c.body(new Uint8Array(derivative.bytes), 200, {
            ...headers,
            "Content-Length": String(derivative.bytes.length),
          });
        }
        if (c.req.method === "HEAD") {
          // no body will be read: the open file is closed now rather than when it is collected
          await derivative.file.handle.close();
          return c.body(null, 200, { ...headers, "Content-Length": String(derivative.file.size) });
        }
        const stream = derivative.file.handle.createReadStream();
        return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
          ...headers,
          "Content-Length": String(derivative.file.size),
        });
      } catch (err) {
        return renderFailure(c, err);
      }
    }
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    // Videos are served in parts for seeking; pictures (some compressed on the way out) always whole.
    const isVideo = VIDEO.has(path.extname(file).toLowerCase());
    const headers: Record<string, string> = {
      "Content-Type": type,
      "Cache-Control": cacheControl,
      ETag: etag,
      ...(isVideo ? { "Accept-Ranges": "bytes" } : {}),
      "Content-Length": String(info.size),
    };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    // With If-Range the whole file: our only validator is a weak ETag, which If-Range may not match
    // (RFC 9110 §13.1.5; browsers send If-Range only with a strong one, so players never see this).
    const range =
      isVideo && c.req.header("if-range") === undefined ? parseRange(c.req.header("range"), info.size) : null;
    if (range === "unsatisfiable") {
      return c.body(null, 416, { ...headers, "Content-Range": `bytes */${info.size}`, "Content-Length": "0" });
    }
    if (range) {
      const part = {
        ...headers,
        "Content-Range": `bytes ${range.start}-${range.end}/${info.size}`,
        "Content-Length": String(range.end - range.start + 1),
      };
      const stream = createReadStream(found.file, { start: range.start, end: range.end });
      return c.body(Readable.toWeb(stream) as ReadableStream, 206, part);
    }
    return c.body(Readable.toWeb(createReadStream(found.file)) as ReadableStream, 200, headers);
  });
  return media;
}

/** The answer to a transform that could not be made (the route's catch). */
function renderFailure(c: Context, err: unknown): Response {
  if (err instanceof UndecodableImageError) return c.json(errorBody("unprocessable", err.message), 422);
  if (err instanceof RenderQueueFullError) {
    c.header("Retry-After", String(err.retryAfterSeconds));
    c.header("Cache-Control", "no-store");
    return c.json(errorBody("unavailable", err.message), 503);
  }
  if (err instanceof RenderTimeoutError) {
    c.header("Retry-After", "10");
    c.header("Cache-Control", "no-store");
    return c.json(errorBody("unavailable", err.message), 503);
  }
  // The client has gone: nobody reads this answer.
  if (err instanceof RenderCancelledError || err instanceof RenderAbortedError) return c.body(null, 499 as 400);
  throw err;
}

/** The paths a browser on another site may call (MEDIA_CORS_ORIGINS): pictures, and the upload calls. */
function corsPath(pathname: string): "get" | "post" | null {
  if (pathname === "/media" || pathname.startsWith("/media/")) return "get";
  if (pathname === "/backend/posts/upload-auth") return "get";
  if (pathname === "/backend/api/v1/files/upload") return "post";
  return null;
}

/**
 * CORS for the origins in MEDIA_CORS_ORIGINS (none by default), on /media, GET /backend/posts/upload-auth
 * and POST /backend/api/v1/files/upload, with their preflights: a front end on another origin can show
 * our pictures in a canvas, ask for an upload token (with a bearer token: no cookies cross-site) and
 * upload, as ImageKit's browser SDK does. Other origins get no CORS headers at all.
 */
export function mediaCors(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins);
  const withCors: MiddlewareHandler = async (c, next) => {
    const origin = c.req.header("origin");
    const kind = corsPath(c.req.path)!;
    if (!origin || !allowed.has(origin)) {
      await next();
      // the answer differs by Origin: a shared cache must not give one origin's answer to another
      c.res.headers.append("Vary", "Origin");
      return;
    }
    const methods = kind === "post" ? "POST, OPTIONS" : "GET, HEAD, OPTIONS";
    if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
      return c.body(null, 204, {
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Allow-Methods": methods,
        "Access-Control-Allow-Headers": "Authorization, Content-Type, Range, If-None-Match",
        "Access-Control-Max-Age": "600",
        Vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
      });
    }
    await next();
    c.res.headers.set("Access-Control-Allow-Origin", origin);
    c.res.headers.append("Vary", "Origin");
    if (kind === "get") c.res.headers.set("Access-Control-Expose-Headers", "ETag, Content-Range, Accept-Ranges");
  };
  // (no async frame per request for the paths without CORS)
  return (c, next) => (allowed.size > 0 && corsPath(c.req.path) ? withCors(c, next) : next());
}
