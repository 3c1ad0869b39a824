// Resized images for /media (decision 026): a transform is planned from the source's header, named by a
// hash of the source and the plan, served from the size-capped disk cache, or rendered in a bounded
// queue with a timeout. Requests for one derivative that arrive together share one render; when every
// one of them has gone (the clients closed their connections), the render is dropped from the queue or
// stopped at its next pass.
import { createHash } from "node:crypto";
import path from "node:path";
import { createDerivativeCache, type CachedFile } from "./derivative-cache.ts";
import {
  CONTENT_TYPES,
  imageRenderer,
  RenderTimeoutError,
  UndecodableImageError,
  planKey,
  planTransform,
  readSourceInfo,
  type Plan,
  type SourceInfo,
  type Transform,
} from "./image-transform.ts";
import { createRenderQueue, RenderCancelledError } from "./render-queue.ts";

/** Sources whose size is remembered (a header read per request otherwise). */
const INFO_CACHE_ENTRIES = 1000;
/**
 * A render that failed is not tried again for a while: a picture that takes longer than the timeout
 * (or cannot be decoded) would otherwise hold a slot for the whole timeout on every request.
 */
const FAILURE_MEMORY_MS = { timeout: 60_000, undecodable: 10 * 60_000 };
const FAILURE_ENTRIES = 1000;

/** DATA_DIR/cache/media: derivatives, safe to delete at any time (they are made again on demand). */
export function derivativeRoot(dataDir: string) {
  return path.resolve(dataDir, "cache", "media");
}

export interface DerivativeOptions {
  dataDir: string;
  /** the one pixel limit of sources (MEDIA_MAX_PIXELS), the same as uploads' */
  maxPixels: number;
  /** the cache's size cap (MEDIA_CACHE_MAX_BYTES) */
  cacheMaxBytes: number;
  /** renders at once, and renders waiting, before a 503 (MEDIA_RENDER_SLOTS, MEDIA_RENDER_QUEUE) */
  renderSlots: number;
  renderQueue: number;
  /** a render longer than this fails (MEDIA_RENDER_TIMEOUT_SECONDS) */
  renderTimeoutSeconds: number;
}

export interface SourceFile {
  /** the path under the media root, one spelling per file: part of the derivative's name */
  rel: string;
  /** a file on this machine */
  file: string;
  size: number;
  mtimeMs: number;
}

export interface Prepared {
  source: SourceFile;
  info: SourceInfo;
  plan: Plan;
  /** the cache file's name: a hash of the source (path, size, mtime) and the plan */
  name: string;
  /** strong: the name is a hash of everything that decides the bytes */
  etag: string;
  contentType: string;
}

export type Derivative = { file: CachedFile } | { bytes: Buffer };

interface Job {
  promise: Promise<Buffer>;
  controller: AbortController;
  waiters: number;
}

export function createDerivatives(options: DerivativeOptions) {
  const root = derivativeRoot(options.dataDir);
  const cache = createDerivativeCache(root, options.cacheMaxBytes);
  const queue = createRenderQueue({ slots: options.renderSlots, waiting: options.renderQueue });
  const infos = new Map<string, SourceInfo>();
  const inFlight = new Map<string, Job>();
  const failures = new Map<string, { error: Error; until: number }>();

  function rememberFailure(name: string, error: unknown) {
    const ms =
      error instanceof RenderTimeoutError
        ? FAILURE_MEMORY_MS.timeout
        : error instanceof UndecodableImageError
          ? FAILURE_MEMORY_MS.undecodable
          : 0;
    if (ms === 0) return;
    if (failures.size >= FAILURE_ENTRIES) failures.delete(failures.keys().next().value!);
    failures.set(name, { error: error as Error, until: Date.now() + ms });
  }

  async function sourceInfo(source: SourceFile): Promise<SourceInfo> {
    const key = JSON.stringify([source.file, source.size, Math.floor(source.mtimeMs)]);
    const known = infos.get(key);
    if (known) return known;
    const info = await readSourceInfo(source.file, options.maxPixels);
    if (infos.size >= INFO_CACHE_ENTRIES) infos.delete(infos.keys().next().value!);
    infos.set(key, info);
    return info;
  }

  function startJob(prepared: Prepared): Job {
    const controller = new AbortController();
    const promise = queue
      .run(async () => {
        const bytes = await imageRenderer.render(prepared.source.file, prepared.info, prepared.plan, {
          maxPixels: options.maxPixels,
          timeoutSeconds: options.renderTimeoutSeconds,
          signal: controller.signal,
        });
        await cache.put(prepared.name, bytes);
        return bytes;
      }, controller.signal)
      .catch((error: unknown) => {
        rememberFailure(prepared.name, error);
        throw error;
      })
      .finally(() => {
        if (inFlight.get(prepared.name) === job) inFlight.delete(prepared.name);
      });
    promise.catch(() => undefined); // (each waiter handles the failure; none may be left)
    const job: Job = { promise, controller, waiters: 0 };
    return job;
  }

  return {
    cache,
    queue,

    /**
     * The plan and the name of `t` on `source`, from its header only (a revalidation never renders).
     * Throws UndecodableImageError for a source that is not a picture or has more than maxPixels.
     */
    async prepare(source: SourceFile, t: Transform): Promise<Prepared> {
      const info = await sourceInfo(source);
      const plan = planTransform(t, info.width, info.height);
      const name = createHash("sha256")
        .update(JSON.stringify([source.rel, source.size, Math.floor(source.mtimeMs), planKey(plan)]))
        .digest("hex")
        .slice(0, 40);
      return {
        source,
        info,
        plan,
        name: `${name}.${plan.format}`,
        etag: `"${name}"`,
        contentType: CONTENT_TYPES[plan.format],
      };
    },

    /**
     * The derivative: the cached file, or rendered now (in the queue). Rejects with
     * RenderQueueFullError, RenderTimeoutError, UndecodableImageError, or RenderCancelledError once
     * `signal` (the request's) aborts.
     */
    async get(prepared: Prepared, signal?: AbortSignal): Promise<Derivative> {
      const cached = await cache.get(prepared.name);
      if (cached) return { file: cached };
      const failed = failures.get(prepared.name);
      if (failed && failed.until > Date.now()) throw failed.error;
      if (failed) failures.delete(prepared.name);
      let job = inFlight.get(prepared.name);
      if (!job) {
        job = startJob(prepared);
        inFlight.set(prepared.name, job);
      }
      const shared = job;
      shared.waiters++;
      let onAbort: (() => void) | undefined;
      try {
        const gone = new Promise<never>((_, reject) => {
          onAbort = () => reject(new RenderCancelledError("the client went away"));
          if (signal?.aborted) onAbort();
          else signal?.addEventListener("abort", onAbort, { once: true });
        });
        return { bytes: await Promise.race([shared.promise, gone]) };
      } finally {
        if (onAbort) signal?.removeEventListener("abort", onAbort);
        shared.waiters--;
        // Nobody waits any more: drop the job from the queue, or stop it at its next pass (a later
        // request for the same image starts afresh rather than joining a job being stopped).
        if (shared.waiters === 0) {
          if (inFlight.get(prepared.name) === shared) inFlight.delete(prepared.name);
          shared.controller.abort();
        }
      }
    },
  };
}

export type Derivatives = ReturnType<typeof createDerivatives>;
