// /media: seeded images from DATA_DIR/media and uploads from the media store (architecture "Media";
// local disk or S3-compatible, the route does not know which). With ?tr=… an image is
// served resized (ImageKit's grammar, server/integrations/media/image-transform.ts), from a disk cache.
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
    const headers = {
      "Content-Type": type,
      "Cache-Control": cacheControl,
      ETag: etag,
      "Content-Length": String(info.size),
    };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    return c.body(Readable.toWeb(createReadStream(found.file)) as ReadableStream, 200, headers);
  });
  return media;
}
