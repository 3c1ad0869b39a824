// Where rendered pages are kept (decision 044): a bounded in-process LRU of compressed bytes, and, with
// REDIS_URL, Redis behind it, shared by every process. Keys name the content versions a page was made
// from, so an entry never needs to be removed when content changes: it is simply never asked for again,
// and falls out of the LRU (or expires in Redis).
import { createHash } from "node:crypto";
import type { Logger } from "../../lib/logger.ts";

/** A rendered answer, ready to send in each encoding. */
export interface CachedPage {
  status: number;
  /** the headers to send again (no cookies, no lengths, no per-request ones) */
  headers: Array<[string, string]>;
  /** the identity body's SHA-1, base64url: the ETag's base */
  hash: string;
  /** CSP hash sources of the page's inline scripts ("'sha256-…'"): a cached page has no fresh nonce */
  scriptHashes: string[];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** when it was made (ms): entries older than the cache's maximum age are made again */
  madeAt: number;
}

export function sizeOf(page: CachedPage): number {
  return page.identity.length + page.gzip.length + page.br.length + 512;
}

export interface PageStore {
  get(key: string): Promise<CachedPage | undefined>;
  set(key: string, page: CachedPage): Promise<void>;
  close(): Promise<void>;
}

/**
 * The least recently used entries go first once the entries' bytes pass `maxBytes`. Recency is kept to
 * the second: an entry read again within the second it was last moved stays where it is, so a page read
 * thousands of times a second is not taken out of the map and put back each time (issue 35).
 */
export class LruPages {
  private readonly entries = new Map<string, CachedPage>();
  /** the second (Date.now() / 1000) each entry was last moved to the newest end */
  private readonly movedAt = new WeakMap<CachedPage, number>();
  private bytes = 0;
  private readonly maxBytes: number;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.entries.get(key);
    if (page) {
      const second = Math.floor(now / 1000);
      if (this.movedAt.get(page) !== second) {
        this.entries.delete(key);
        this.entries.set(key, page);
        this.movedAt.set(page, second);
      }
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    const size = sizeOf(page);
    if (size > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(old);
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(old);
  }

  /** the bytes held now */
  get size(): number {
    return this.bytes;
  }

  get count(): number {
    return this.entries.size;
  }
}

/** One entry as one Redis value: a length-prefixed JSON head, then the three bodies. */
export function encodeEntry(page: CachedPage): Buffer {
  const head = Buffer.from(
    JSON.stringify({
      status: page.status,
      headers: page.headers,
      hash: page.hash,
      scriptHashes: page.scriptHashes,
      madeAt: page.madeAt,
      lengths: [page.identity.length, page.gzip.length, page.br.length],
    }),
  );
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(head.length);
  return Buffer.concat([prefix, head, page.identity, page.gzip, page.br]);
}

export function decodeEntry(value: Buffer): CachedPage | undefined {
  try {
    const headLength = value.readUInt32BE(0);
    const head = JSON.parse(value.subarray(4, 4 + headLength).toString("utf8")) as Omit<
      CachedPage,
      "identity" | "gzip" | "br"
    > & { lengths: [number, number, number] };
    let at = 4 + headLength;
    const [a, b, c] = head.lengths;
    const identity = value.subarray(at, (at += a));
    const gzip = value.subarray(at, (at += b));
    const br = value.subarray(at, (at += c));
    if (at !== value.length) return undefined;
    return {
      status: head.status,
      headers: head.headers,
      hash: head.hash,
      scriptHashes: head.scriptHashes,
      madeAt: head.madeAt,
      identity,
      gzip,
      br,
    };
  } catch {
    return undefined;
  }
}

/** The process's LRU alone. */
export function memoryStore(maxBytes: number): PageStore & { lru: LruPages } {
  const lru = new LruPages(maxBytes);
  return {
    lru,
    get: async (key) => lru.get(key),
    set: async (key, page) => lru.set(key, page),
    close: async () => {},
  };
}

/** How long an entry is kept in Redis (a page made from old versions is never asked for again). */
const REDIS_TTL_SECONDS = 600;
const REDIS_PREFIX = "academy:page:";

/**
 * The LRU in front of Redis: a page one process made is served by all. Redis being down never fails a
 * request: the LRU answers alone (and the failure is logged once per outage).
 */
export async function redisStore(
  url: string,
  namespace: string,
  maxBytes: number,
  logger: Logger,
): Promise<PageStore & { lru: LruPages }> {
  // one site's copies apart from another's sharing the Redis; keys of a bounded length
  const keyOf = (key: string) => `${REDIS_PREFIX}${namespace}:${createHash("sha256").update(key).digest("base64url")}`;
  const { createClient, RESP_TYPES } = await import("@redis/client");
  const client = createClient({
    url,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries: number) => Math.min(retries * 200, 5_000) },
  }).withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  let down = false;
  const failed = (error: unknown) => {
    if (!down) logger.warn("page cache: Redis unavailable, using this process's cache only", { error: String(error) });
    down = true;
  };
  client.on("error", failed);
  client.on("ready", () => {
    if (down) logger.info("page cache: Redis available again");
    down = false;
  });
  await client.connect().catch(failed);
  const lru = new LruPages(maxBytes);
  return {
    lru,
    async get(key) {
      const local = lru.get(key);
      if (local || !client.isReady) return local;
      try {
        const value = (await client.get(keyOf(key))) as Buffer | null;
        const page = value ? decodeEntry(value) : undefined;
        if (page) lru.set(key, page);
        return page;
      } catch (error) {
        failed(error);
        return undefined;
      }
    },
    async set(key, page) {
      lru.set(key, page);
      if (!client.isReady) return;
      await client.set(keyOf(key), encodeEntry(page), { EX: REDIS_TTL_SECONDS }).catch(failed);
    },
    async close() {
      await client.close().catch(() => {});
    },
  };
}
