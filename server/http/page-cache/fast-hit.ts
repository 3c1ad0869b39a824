// A page-cache hit answered next to the socket (issue 35; decision 049). A cached page used to cost a
// whole trip through Hono: Web Request and Response objects, undici's headers, the adapter's conversion
// and a dozen middleware, about 150 µs for an answer that is a buffer already made. Here the Node
// request is looked at directly: when it is an anonymous GET or HEAD of a copy this process holds, the
// answer is written at once with the headers the middleware chain gives it (the security headers, the
// CSP allowing the page's scripts by their hashes, the request id, the request's log line). Anything
// else, and anything unusual about the request (an odd host or address, a percent sign, a cookie of a
// page's own, a first visit to a page that hands out a device id), goes the whole way as before, so
// the middleware chain stays the one place where the rules are made; this is their shortcut.
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import { addressKey } from "../../lib/address.ts";
import type { Logger } from "../../lib/logger.ts";
import { newRequestId, saneRequestId } from "../../lib/request-context.ts";
import { PAYING_PAGES, deviceIdOf } from "../device.ts";
import { mayBePage, securityHeaderList, type SecurityOptions } from "../middleware.ts";
import type { CachedPage } from "./store.ts";
import {
  answerHeaders,
  encodingOf,
  notModified,
  onlyDeviceCookie,
  saveDataOn,
  type Encoding,
  type Hit,
  type PageCache,
} from "./page-cache.ts";

export interface FastHitOptions {
  pageCache: PageCache;
  security: SecurityOptions;
  logger: Logger;
  /** the pages that give a browser its device id (device.ts): a first visit there goes the whole way */
  payingPages?: readonly string[];
}

/** Answers the request from the page cache and returns true, or returns false having written nothing. */
export type FastHit = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * A request target the Node adapter takes as it is (no percent-decoding, no dot segments, no fragment):
 * then Hono's path is the text up to "?", and the cache key made here is the middleware's.
 */
const PLAIN_TARGET = /^\/[\w\-.~!$&'()*+,;=:@/]*(?:\?[\w\-.~!$&'()*+,;=:@/?]*)?$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
/** A host name the adapter does not rewrite (lower case, an optional port). */
const PLAIN_HOST = /^[a-z0-9.-]{1,253}(?::\d{1,5})?$/;
/** The index of an answer's form among a copy's prepared headers: its encoding, then 304 or not. */
const FORMS: Record<Encoding, number> = { br: 0, gzip: 2, identity: 4 };
/** The hosts seen, and whether an address made with them parses (rejectBadHost's test). */
const MAX_HOSTS = 64;

export function createFastHit(options: FastHitOptions): FastHit {
  const { pageCache, security, logger } = options;
  const paying = new Set(options.payingPages ?? PAYING_PAGES);
  const logLines = logger.enabled?.("info") ?? true;
  const hosts = new Map<string, boolean>();
  /** Each copy's headers per form of answer (FORMS), made once: the copy never changes. */
  const prepared = new WeakMap<CachedPage, Array<string[] | undefined>>();

  function goodHost(host: string | undefined): boolean {
    if (!host || !PLAIN_HOST.test(host)) return false;
    let good = hosts.get(host);
    if (good === undefined) {
      good = URL.canParse(`http://${host}/`);
      if (hosts.size >= MAX_HOSTS) hosts.clear();
      hosts.set(host, good);
    }
    return good;
  }

  /**
   * The headers of an answer from `hit` in a form, as one flat list whose last value is the request id's
   * slot: made once per copy and form, and written with the slot filled in (writeHead reads the list
   * before it returns, so one list serves every answer).
   */
  function headersOf(hit: Hit, path: string, encoding: Encoding, unchanged: boolean): string[] {
    let forms = prepared.get(hit.page);
    if (!forms) prepared.set(hit.page, (forms = []));
    const form = FORMS[encoding] + (unchanged ? 1 : 0);
    let flat = forms[form];
    if (!flat) {
      const type = hit.page.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? null;
      const list = [
        ...answerHeaders(hit.page, hit.family, encoding, false, unchanged),
        ...securityHeaderList(security, mayBePage(path), type, "", hit.page.scriptHashes),
        ["X-Request-Id", ""],
      ];
      flat = list.flat();
      forms[form] = flat;
    }
    return flat;
  }

  const visitorOf = (req: IncomingMessage) => ({
    ip: addressKey(req.socket.remoteAddress),
    userAgent: req.headers["user-agent"] ?? "",
  });
  /**
   * The post each connection's reader was last counted for, in which second and as which browser: a
   * reader reading a post again within the second is the same visit (the database counts one a reader
   * and hour, and the cache hands one reader's repeats within a batch over once), so it is not worked
   * out again (issue 35: a post page's hits were the slowest).
   */
  const lastVisit = new WeakMap<object, { second: number; slug: string; userAgent: string | undefined }>();
  function visitorFor(hit: Hit, req: IncomingMessage) {
    const slug = hit.family.visitsPost;
    if (slug === undefined) return null;
    const second = Math.floor(Date.now() / 1000);
    const userAgent = req.headers["user-agent"];
    const last = lastVisit.get(req.socket);
    if (last && last.second === second && last.slug === slug && last.userAgent === userAgent) return null;
    lastVisit.set(req.socket, { second, slug, userAgent });
    return visitorOf;
  }

  return (req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const target = req.url ?? "";
    if (!PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target)) return false;
    const h = req.headers;
    if (h.authorization !== undefined || !onlyDeviceCookie(h.cookie) || !goodHost(h.host)) return false;
    const q = target.indexOf("?");
    const path = q < 0 ? target : target.slice(0, q);
    // a first visit to a page with a payment dialog is given its device id on the way back
    if (paying.has(path) && !deviceIdOf(h.cookie)) return false;
    const hit = pageCache.peek(path, q < 0 ? "" : target.slice(q), saveDataOn(h["save-data"] as string | undefined));
    if (!hit) return false;

    const start = logLines ? performance.now() : 0;
    const requestId = saneRequestId(h["x-request-id"] as string | undefined) ?? newRequestId();
    const encoding = encodingOf(h["accept-encoding"]);
    const unchanged = notModified(h["if-none-match"], hit.page.hash);
    const status = unchanged ? 304 : hit.page.status;
    const headers = headersOf(hit, path, encoding, unchanged);
    headers[headers.length - 1] = requestId;
    res.writeHead(status, headers);
    if (unchanged || method === "HEAD") res.end();
    else res.end(hit.page[encoding]);
    pageCache.counted(hit, visitorFor(hit, req), req);
    if (logLines) {
      const line = { requestId, method, path, status };
      const headersMs = Math.round((performance.now() - start) * 10) / 10;
      res.once("close", () => {
        const ms = Math.round((performance.now() - start) * 10) / 10;
        logger.info("request", { ...line, ms, headersMs, ...(res.writableFinished ? {} : { aborted: true }) });
      });
    }
    return true;
  };
}

/**
 * node:http's createServer for the Node adapter (@hono/node-server's `createServer` option): each
 * request is offered to `fastHit` first, and goes to the adapter's listener when it is not a hit.
 */
export function serverWithFastHit(fastHit: FastHit | null) {
  return (options: ServerOptions, listener: RequestListener) =>
    createServer(options, fastHit ? (req, res) => fastHit(req, res) || listener(req, res) : listener);
}
