// The rendered-page cache for anonymous visitors (architecture "Caching"; issue 20; decision 044).
//
// A GET (or HEAD) of a page or public API call that a family declares (which content scopes it shows),
// asked without a session, is answered from the cache when a copy made from the same content exists:
// the key is (URL with its query, the Save-Data preference, the versions of the family's scopes). The
// copy holds the bytes already compressed (brotli and gzip) with a strong ETag per encoding, so a hit
// costs no rendering, no database query and no compression; If-None-Match gets a 304. The versions are
// kept current in memory (live-versions.ts), so the cache is exact: the first anonymous request after
// a content write is made afresh. Signed-in requests, requests carrying any cookie of ours but the
// device id (a flash message, a sign-in), and answers that set cookies or are not 200 are never cached.
//
// Several requests for one missing page wait for one rendering. A cached page's inline scripts carry
// the nonce of the request that made it; it is answered with a CSP that allows those scripts by their
// hashes instead, so no nonce is ever sent twice as a valid one.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";
import { DEVICE_COOKIE } from "../device.ts";
import { matchesTag, type AppEnv } from "../middleware.ts";
import { trackContentVersions, type LiveVersions } from "./live-versions.ts";
import { memoryStore, redisStore, type CachedPage, type LruPages, type PageStore } from "./store.ts";

/** What a cacheable address shows. */
export interface CacheFamily {
  /** the content scopes its answer is made from ("site" is added: every page depends on it) */
  scopes: readonly string[];
  /** a post's page: each answer, cached or not, counts a visit of the post with this address */
  visitsPost?: string;
  /** a page (HTML or its data), not an API call: answered with the pages' CDN policy and Vary */
  page?: boolean;
}

/** The family of a path, or null when its answers are not cached. */
export type FamilyOf = (path: string) => CacheFamily | null;

export interface PageCacheOptions {
  database: Database;
  logger: Logger;
  familyOf: FamilyOf;
  /** the bytes the process keeps (compressed and plain copies together) */
  maxBytes: number;
  /** the oldest copy served, in seconds: bounds how long the words "3 minutes ago" stay as they were */
  maxAgeSeconds: number;
  /** with it, copies are shared between processes through Redis */
  redisUrl?: string;
  /** sets one site's copies in Redis apart from another's (processes of one site share it) */
  namespace: string;
  /**
   * counts visits of the posts at these addresses (the post page's loader counts one when it renders);
   * the cache gathers its hits' visits and hands them over once a second (and when it closes)
   */
  countVisits(visits: Array<{ slug: string; visitor: { ip: string; userAgent: string } }>): Promise<void>;
  /** the client's address as the rate limits see it */
  clientIp(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string;
}

/**
 * What a CDN in front may do with a public page: keep it briefly, then serve it stale while it asks
 * again (the ETag makes that a 304 when nothing changed).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=300";

/** Addresses whose key the fast path remembers (any more, and it starts again). */
const MAX_KNOWN_ADDRESSES = 4096;

/** Visits of cached post pages are written together, once a second or by this many. */
const VISIT_FLUSH_MS = 1_000;
const VISIT_BATCH = 500;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Headers of the made answer that are not kept: the request's own, lengths, encodings, cookies. */
const NOT_KEPT = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "etag",
  "vary",
  "cache-control",
  "date",
  "x-request-id",
  "content-security-policy",
  "transfer-encoding",
  "connection",
  "keep-alive",
]);

/** Only answers of these types are kept: pages, their data, JSON. */
const KEPT_TYPES = /^(text\/html|application\/json|text\/x-script|text\/plain)/;

/** The inline <script>s of a page (React Router's context and module scripts), for their CSP hashes. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

export function scriptHashesOf(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes = "", body = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || body === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** Only the device id (given to every browser) may come with a cached request: any other cookie of a page's own may change it. */
export function onlyDeviceCookie(cookie: string | undefined): boolean {
  if (!cookie) return true;
  // one pass without splitting (every cache hit asks): each ";"-separated part's name, trimmed
  let start = 0;
  while (start <= cookie.length) {
    let end = cookie.indexOf(";", start);
    if (end < 0) end = cookie.length;
    let eq = cookie.indexOf("=", start);
    if (eq < 0 || eq > end) eq = end;
    const name = cookie.slice(start, eq).trim();
    if (name !== "" && name !== DEVICE_COOKIE) return false;
    start = end + 1;
  }
  return true;
}

export type Encoding = "br" | "gzip" | "identity";

export function encodingOf(accept: string | undefined): Encoding {
  if (!accept) return "identity";
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return "identity";
}

const SUFFIX: Record<Encoding, string> = { br: "-br", gzip: "-gz", identity: "" };

/** If-None-Match names this page in any of its encodings (the same content), or is "*". */
export function notModified(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  return Object.values(SUFFIX).some((suffix) => matchesTag(ifNoneMatch, `"${hash}${suffix}"`));
}

/** A copy the cache holds for a request, found without waiting (page-cache/fast-hit.ts). */
export interface Hit {
  page: CachedPage;
  family: CacheFamily;
}

/** The Save-Data preference a request states ("on"): such a visitor gets a copy of its own. */
export function saveDataOn(header: string | undefined): boolean {
  return header !== undefined && /^on$/i.test(header);
}

/** A copy's key: the address as asked, the Save-Data preference and the versions of what it shows. */
function keyOf(path: string, query: string, saveData: boolean, family: CacheFamily, versions: LiveVersions): string {
  return `${path}${query}\n${saveData ? "s" : ""}\n${versions.keyOf(["site", ...family.scopes])}`;
}

export interface PageCache {
  middleware: MiddlewareHandler<AppEnv>;
  /**
   * The fresh copy this process holds for an anonymous GET or HEAD of `path` + `query` ("" or "?…"),
   * or null (none, not cacheable, the cache not started): a synchronous look into the process's own
   * copies, for answering before the middleware chain. The caller has checked that the request carries
   * no cookie but the device id and no Authorization.
   */
  peek(path: string, query: string, saveData: boolean): Hit | null;
  /**
   * Counts a hit answered from `peek`, and the post visit it stands for (`visitor(of)` is asked only then;
   * without a visitor, the hit is a reader's repeat already handed over and only the hit counts).
   */
  counted<T>(hit: Hit, visitor: ((of: T) => { ip: string; userAgent: string }) | null, of: T): void;
  /** resolves once the cache answers (until then requests pass through to be made afresh) */
  ready: Promise<void>;
  /** writes the visits gathered so far (tests; close does it too) */
  flushVisits(): Promise<void>;
  /** the process's copies: their count and bytes (for the bench and tests) */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  close(): Promise<void>;
}

/**
 * The headers of an answer from a copy (with a body in `encoding`, or a 304 when `notModified`), besides
 * the security headers and the request id: the copy's own, its ETag, Vary, Cache-Control and X-Cache.
 */
export function answerHeaders(
  page: CachedPage,
  family: CacheFamily,
  encoding: Encoding,
  made: boolean,
  notModified: boolean,
): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ...page.headers,
    ["ETag", `"${page.hash}${SUFFIX[encoding]}"`],
    ["Vary", family.page ? "Accept-Encoding, Save-Data" : "Accept-Encoding"],
    ["Cache-Control", family.page ? PUBLIC_PAGE_CACHE_CONTROL : "public, max-age=0, must-revalidate"],
    ["X-Cache", made ? "MISS" : "HIT"],
  ];
  if (notModified) return headers;
  if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", String(page[encoding].length)]);
  return headers;
}

interface Known {
  generation: number;
  family: CacheFamily | null;
  key: string;
  /** the last answer found for it (one object for every hit on the same copy) */
  hit?: Hit;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { familyOf, logger, maxAgeSeconds } = options;
  let versions: LiveVersions | undefined;
  let store: (PageStore & { lru: LruPages }) | undefined;
  let hits = 0;
  let misses = 0;
  const starting = (async () => {
    store = options.redisUrl
      ? await redisStore(options.redisUrl, options.namespace, options.maxBytes, logger)
      : memoryStore(options.maxBytes);
    versions = await trackContentVersions(options.database, logger);
  })();
  starting.catch((error: unknown) =>
    logger.error("page cache did not start: pages are made afresh for every request", { error: String(error) }),
  );
  /** Visits of cached post pages not yet written. */
  let visits: Array<{ slug: string; visitor: { ip: string; userAgent: string } }> = [];
  /**
   * The readers already in `visits`: one reader's repeats within a batch are counted once by the database
   * anyway (a visit a reader and hour), so they are not handed over again (issue 35: a busy post page
   * wrote hundreds of identical visits a second).
   */
  const inBatch = new Set<string>();
  let flushing: Promise<void> = Promise.resolve();
  function flushVisits(): Promise<void> {
    if (visits.length === 0) return flushing;
    const batch = visits;
    visits = [];
    inBatch.clear();
    flushing = flushing
      .then(() => options.countVisits(batch))
      .catch((error: unknown) =>
        logger.warn("page cache: visits not counted", { visits: batch.length, error: String(error) }),
      );
    return flushing;
  }
  const visitTimer = setInterval(() => void flushVisits(), VISIT_FLUSH_MS);
  visitTimer.unref();
  /** A copy no older than the cache's maximum age (older ones are made again). */
  const fresh = (page: CachedPage, now = Date.now()) => now - page.madeAt <= maxAgeSeconds * 1000;

  /** The renderings under way: a second request for the same copy waits for the first. */
  const making = new Map<string, Promise<CachedPage | null>>();

  async function make(response: Response): Promise<CachedPage | null> {
    if (response.status !== 200 || response.headers.has("set-cookie") || response.headers.has("content-encoding")) {
      return null;
    }
    const type = response.headers.get("content-type") ?? "";
    if (!KEPT_TYPES.test(type)) return null;
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (/\b(private|no-store|no-cache)\b/i.test(cacheControl)) return null;
    const identity = Buffer.from(await response.arrayBuffer());
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip(identity, { level: 9 }),
    ]);
    const headers: Array<[string, string]> = [];
    response.headers.forEach((value, name) => {
      if (!NOT_KEPT.has(name.toLowerCase())) headers.push([name, value]);
    });
    return {
      status: 200,
      headers,
      hash: createHash("sha1").update(identity).digest("base64url"),
      scriptHashes: type.startsWith("text/html") ? scriptHashesOf(identity.toString("utf8")) : [],
      identity,
      gzip: gz,
      br,
      madeAt: Date.now(),
    };
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || !versions || !store) return next();
    if (c.get("actor")) {
      await next();
      // a signed-in answer is no one else's: no shared cache may keep it
      if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "private, no-cache");
      return;
    }
    const family = familyOf(c.req.path);
    if (!family || !onlyDeviceCookie(c.req.header("cookie")) || c.req.header("authorization")) return next();

    // the path and query as asked (no URL parsed on the answer's path)
    const url = c.req.url;
    const query = url.indexOf("?");
    const key = keyOf(
      c.req.path,
      query < 0 ? "" : url.slice(query),
      saveDataOn(c.req.header("save-data")),
      family,
      versions,
    );

    let page = await store.get(key);
    if (page && !fresh(page)) page = undefined;
    let made = false;
    if (!page) {
      if (method === "HEAD") return next();
      const pending = making.get(key);
      if (pending) {
        page = (await pending) ?? undefined;
        if (!page) return next();
      } else {
        misses++;
        let settle!: (value: CachedPage | null) => void;
        making.set(key, new Promise((resolve) => (settle = resolve)));
        try {
          await next();
          page = (await make(c.res.clone())) ?? undefined;
          if (page) await store.set(key, page);
        } catch (error) {
          logger.warn("page cache: not kept", { path: c.req.path, error: String(error) });
          page = undefined;
        } finally {
          making.delete(key);
          settle(page ?? null);
        }
        if (!page) return;
        made = true;
      }
    }
    // the visit the post page's loader would have counted: written with the others of this second, in
    // one statement, off the answer's path
    if (!made)
      counted(
        { page, family },
        (of) => ({ ip: options.clientIp(of), userAgent: of.req.header("user-agent") ?? "" }),
        c,
      );
    // The answer from the copy (also for the request that made it: one form for all).
    const encoding = encodingOf(c.req.header("accept-encoding"));
    const unchanged = notModified(c.req.header("if-none-match"), page.hash);
    const headers = new Headers(answerHeaders(page, family, encoding, made, unchanged));
    if (!made) c.set("scriptHashes", page.scriptHashes);
    c.res = undefined;
    if (unchanged) {
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    const body = page[encoding];
    c.res = new Response(method === "HEAD" ? null : (body as Buffer<ArrayBuffer>), { status: page.status, headers });
  };

  /**
   * Each address's family, key and last hit, made at a generation of the versions (the fast path's work
   * saved), apart for Save-Data visitors.
   */
  const keys = [new Map<string, Known>(), new Map<string, Known>()] as const;

  function peek(path: string, query: string, saveData: boolean): Hit | null {
    if (!versions || !store) return null;
    const known = knownOf(path, query, saveData, versions);
    if (!known.family) return null;
    const now = Date.now();
    const page = store.lru.get(known.key, now);
    if (!page || !fresh(page, now)) return null;
    if (known.hit?.page !== page) known.hit = { page, family: known.family };
    return known.hit;
  }

  function knownOf(path: string, query: string, saveData: boolean, versions: LiveVersions): Known {
    const map = keys[saveData ? 1 : 0];
    const address = query === "" ? path : path + query;
    let known = map.get(address);
    if (!known || known.generation !== versions.generation) {
      const family = familyOf(path);
      known = {
        generation: versions.generation,
        family,
        key: family ? keyOf(path, query, saveData, family, versions) : "",
      };
      if (map.size >= MAX_KNOWN_ADDRESSES) map.clear();
      map.set(address, known);
    }
    return known;
  }

  function counted<T>(hit: Hit, visitor: ((of: T) => { ip: string; userAgent: string }) | null, of: T) {
    hits++;
    if (hit.family.visitsPost === undefined || !visitor) return;
    const reader = visitor(of);
    const key = `${hit.family.visitsPost}\n${reader.ip}\n${reader.userAgent}`;
    if (inBatch.has(key)) return;
    inBatch.add(key);
    visits.push({ slug: hit.family.visitsPost, visitor: reader });
    if (visits.length >= VISIT_BATCH) void flushVisits();
  }

  return {
    middleware,
    peek,
    counted,
    ready: starting.catch(() => {}),
    flushVisits,
    stats: () => ({ entries: store?.lru.count ?? 0, bytes: store?.lru.size ?? 0, hits, misses }),
    close: async () => {
      clearInterval(visitTimer);
      await flushVisits();
      await starting.catch(() => {});
      await versions?.stop();
      await store?.close();
    },
  };
}
