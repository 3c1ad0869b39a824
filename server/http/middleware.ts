import { hash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler, Next } from "hono";
import type { Actor } from "../features/auth/actor.ts";
import type { Logger } from "../lib/logger.ts";
import { newRequestId, saneRequestId, withRequestId } from "../lib/request-context.ts";
import { VIDEO_HOSTS } from "../lib/sanitize.ts";

/**
 * Per-request values: the request id, the CSP nonce of a page, the signed-in user (or null), and, for a
 * page answered from the rendered-page cache, the hashes of its inline scripts (its nonce is not this
 * request's: page-cache/page-cache.ts).
 */
export type AppVariables = { requestId: string; nonce: string; actor: Actor | null; scriptHashes?: string[] };
export type AppEnv = { Variables: AppVariables };

/**
 * A request id (taken from X-Request-Id when sane) and one JSON log line per request. The id is the
 * current request id while the request is handled (server/lib/request-context.ts): the log lines of the
 * request and of the jobs it queues carry it. `ms` is the time to the end of the body (a streamed page
 * is timed until its last byte is handed to the socket), `headersMs` the time to the headers; a client
 * that left before the end is logged with `aborted: true`. On the Node server the end is the response's
 * `close` event; elsewhere (app.request in tests) there is no socket, and the line is written at the headers.
 */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = saneRequestId(c.req.header("x-request-id")) ?? newRequestId();
    c.set("requestId", requestId);
    const start = performance.now();
    await withRequestId(requestId, next);
    c.res.headers.set("X-Request-Id", requestId);
    const elapsed = () => Math.round((performance.now() - start) * 10) / 10;
    const line = { requestId, method: c.req.method, path: c.req.path, status: c.res.status };
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (!outgoing || typeof outgoing.once !== "function") {
      logger.info("request", { ...line, ms: elapsed() });
      return;
    }
    const headersMs = elapsed();
    outgoing.once("close", () => {
      const aborted = !outgoing.writableFinished;
      logger.info("request", { ...line, ms: elapsed(), headersMs, ...(aborted ? { aborted } : {}) });
    });
  };
}

/** The players a post may embed: exactly the hosts the sanitizer lets through. */
const VIDEO_FRAMES = Object.keys(VIDEO_HOSTS)
  .map((host) => `https://${host}`)
  .join(" ");

/** Paths that never render a page: no inline script, so no nonce and the strictest policy. */
const NOT_PAGES = /^\/(backend|media)(\/|$)/;

/**
 * What Paystack's inline pop-up (@paystack/inline-js, bundled with our code) needs when
 * PAYMENT_PROVIDER=paystack: its checkout in an iframe, and its API for loading the transaction.
 */
export const PAYSTACK_CSP = {
  frames: "https://checkout.paystack.com https://standard.paystack.co",
  connect: "https://api.paystack.co",
};

export interface SecurityOptions {
  csp: boolean;
  paystack?: boolean;
}

/** Whether a path may render a page (only those carry a nonce and the page's policy). */
export function mayBePage(path: string): boolean {
  return !NOT_PAGES.test(path);
}

export function securityHeaders(options: SecurityOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const page = mayBePage(c.req.path);
    const nonce = page ? randomBytes(16).toString("base64") : "";
    c.set("nonce", nonce);
    await next();
    const h = c.res.headers;
    const list = securityHeaderList(options, page, h.get("Content-Type"), nonce, c.get("scriptHashes"));
    for (const [name, value] of list) h.set(name, value);
  };
}

/**
 * The security headers of an answer: the same for every answer but the CSP, which depends on whether the
 * path renders pages, the answer's type, and the scripts it allows (this request's nonce, or the hashes
 * of a cached page's inline scripts). Also used for cached pages served before the middleware chain
 * (page-cache/fast-hit.ts).
 */
export function securityHeaderList(
  options: SecurityOptions,
  page: boolean,
  contentType: string | null,
  nonce: string,
  scriptHashes: string[] | undefined,
): Array<[string, string]> {
  const list: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    // the camera for this site's own pages only: the door's check-in scans tickets with it (decision 036);
    // a page reached by client-side navigation keeps the first document's policy, so it is site-wide
    ["Permissions-Policy", "camera=(self), microphone=(), geolocation=()"],
  ];
  if (!page && !contentType?.startsWith("text/html")) {
    // JSON, images: nothing in them may load or run anything (SVG images included).
    list.push(["Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"]);
  } else if (options.csp) {
    list.push([
      "Content-Security-Policy",
      [
        "default-src 'self'",
        scriptSource(nonce, scriptHashes),
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        // hls.js plays a lesson's video through Media Source Extensions: a blob: address (issue 31)
        "media-src 'self' https: blob:",
        "font-src 'self' data:",
        // the QR scanner's decoder runs in a worker made from a Blob URL (qr-scanner; decision 036)
        "worker-src 'self' blob:",
        options.paystack ? `connect-src 'self' ${PAYSTACK_CSP.connect}` : "connect-src 'self'",
        options.paystack ? `frame-src ${VIDEO_FRAMES} ${PAYSTACK_CSP.frames}` : `frame-src ${VIDEO_FRAMES}`,
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ].join("; "),
    ]);
  } else {
    list.push(["Content-Security-Policy", "frame-ancestors 'none'"]);
  }
  return list;
}

/** script-src: this request's nonce, or the hashes of a cached page's inline scripts. */
function scriptSource(nonce: string, hashes: string[] | undefined): string {
  if (hashes) return ["script-src 'self'", ...hashes].join(" ");
  return nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'";
}

/** Fingerprinted build assets never change: cache them for a year, immutable. */
export function immutableAssets(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  };
}

/**
 * A strong ETag (SHA-1 of the JSON, hashed synchronously) on successful GET and HEAD JSON responses,
 * and 304 Not Modified when If-None-Match already holds it. It wraps `c.json` instead of reading the
 * finished response back: the body is hashed as it is made, and the response stays a plain string that
 * the Node adapter writes out directly (reading a body back costs a stream per request).
 */
export function etag(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const json = c.json;
    const withTag = (object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) => {
      const status = typeof arg === "number" ? arg : (arg?.status ?? 200);
      if (status !== 200) return json(object as never, arg as never, headers);
      const body = JSON.stringify(object);
      const tag = `"${hash("sha1", body, "base64url")}"`;
      c.header("ETag", tag);
      if (matchesTag(c.req.header("if-none-match"), tag)) return c.body(null, 304);
      c.header("Content-Type", "application/json");
      return c.body(body, arg as never, headers);
    };
    c.json = withTag as typeof c.json;
    await next();
  };
}

/** If-None-Match holds the tag (weak comparison, as RFC 9110 asks for GET) or is "*". */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((t) => {
    const candidate = t.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === tag;
  });
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;

/** Replaces the response whole: Hono's `c.res =` would copy the old headers over the new ones. */
function replaceResponse(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}

/** brotli or gzip for text responses, chosen from Accept-Encoding; small bodies are left as they are. */
export function compression(): MiddlewareHandler {
  // What the request allows is known before the handler runs: a plain pass-through (no async frame)
  // for HEAD and for clients that accept neither encoding.
  return (c, next) => {
    if (c.req.method === "HEAD") return next();
    const accept = c.req.header("accept-encoding") ?? "";
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
    return encoding ? compress(c, next, encoding) : next();
  };
}

async function compress(c: Context, next: Next, encoding: "br" | "gzip"): Promise<void> {
  await next();
  // Cheapest checks first: reading `res.body` turns the adapter's plain-string response into a stream.
  const res = c.res;
  const type = res.headers.get("Content-Type") ?? "";
  if (!COMPRESSIBLE.test(type) || res.headers.has("Content-Encoding") || !res.body) return;
  const headers = new Headers(res.headers);
  headers.append("Vary", "Accept-Encoding");
  const etag = headers.get("ETag");
  if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);

  // Streamed pages (no length) are compressed as they stream; everything else is measured first.
  if (!res.headers.has("Content-Length") && type.startsWith("text/html")) {
    const compressor =
      encoding === "br"
        ? zlib.createBrotliCompress({
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
            flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          })
        : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
    const body = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream).pipe(compressor);
    headers.delete("Content-Length");
    headers.set("Content-Encoding", encoding);
    replaceResponse(c, new Response(Readable.toWeb(body) as ReadableStream, { status: res.status, headers }));
    return;
  }
  const raw = Buffer.from(await res.arrayBuffer());
  if (raw.length < 1024) {
    replaceResponse(c, new Response(raw, { status: res.status, headers: res.headers }));
    return;
  }
  const packed =
    encoding === "br"
      ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzip(raw, { level: 6 });
  headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(packed.length));
  replaceResponse(c, new Response(packed, { status: res.status, headers }));
}
