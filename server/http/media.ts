// /media: seeded images from DATA_DIR/media and uploads from the media store (architecture "Media";
// local disk or S3-compatible, the route does not know which). With ?tr=… an image is
// served resized (ImageKit's grammar, server/integrations/media/image-transform.ts), from a disk cache.
// Without it a file is served whole or, a video asked for with `Range: bytes=…` (a player seeking), in
// part: 206 with Content-Range, 416 when the range starts past the end (decision 021).
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import type { Deps } from "../services.ts";
import {
  derivativeEtag,
  getDerivative,
  parseTransform,
  TransformError,
  UndecodableImageError,
  type Transform,
} from "../integrations/media/image-transform.ts";
import { mediaRoot } from "../integrations/media/media-root.ts";
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

export function createMediaRoutes(deps: Pick<Deps, "env">, store: MediaStore) {
  const root = mediaRoot(deps.env.DATA_DIR);
  const media = new Hono();
  media.get("/*", async (c) => {
    // Decoded once, from the raw URL: malformed percent-encoding ("%", "%E0%A4%A") or a NUL is a 400.
    const rel = decodeMediaPath(new URL(c.req.url).pathname);
    if (rel === null) {
      return c.json(errorBody("bad_request", "The media address is not valid: check its percent-encoding."), 400);
    }
    const file = path.resolve(root, rel);
    const type = TYPES[path.extname(file).toLowerCase()];
    if (!file.startsWith(root + path.sep) || !type) {
      return c.json(errorBody("not_found", "No such media file"), 404);
    }
    // The transform is checked before the file is looked for: a bad one is a 400 even for a missing file.
    const tr = c.req.query("tr");
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
      const etag = derivativeEtag(relative, info, transform);
      if (matches(c.req.header("if-none-match"), etag)) {
        return c.body(null, 304, { "Cache-Control": cacheControl, ETag: etag });
      }
      let derivative;
      try {
        derivative = await getDerivative(deps.env.DATA_DIR, relative, found.file, info, transform);
      } catch (err) {
        if (err instanceof UndecodableImageError) return c.json(errorBody("unprocessable", err.message), 422);
        throw err;
      }
      const headers = {
        "Content-Type": derivative.contentType,
        "Cache-Control": cacheControl,
        ETag: derivative.etag,
        "Content-Length": String(derivative.size),
      };
      return c.body(Readable.toWeb(createReadStream(derivative.file)) as ReadableStream, 200, headers);
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
