// The one place that picks the media store (issue 8 "Stores"): S3-compatible when S3_ENDPOINT and
// the other four S3_* settings are given (env.ts checks they come together), local disk otherwise.
import type { Env } from "../../env.ts";
import { createLocalStore } from "./local-store.ts";
import type { S3Settings } from "./s3-store.ts";
import type { MediaStore } from "./store.ts";

export function createMediaStore(env: Env): MediaStore {
  if (env.S3) return lazyS3Store(env.S3, env.DATA_DIR);
  return createLocalStore(env.DATA_DIR);
}

/**
 * The S3 store, its SDK (about 4 MB of heap) imported on the first call rather than with this file:
 * a server that keeps its media on disk never loads it (decision 039).
 */
function lazyS3Store(settings: S3Settings, dataDir: string): MediaStore {
  let store: Promise<MediaStore> | undefined;
  const open = () => (store ??= import("./s3-store.ts").then((m) => m.createS3Store(settings, dataDir)));
  return {
    put: async (key, bytes, contentType) => (await open()).put(key, bytes, contentType),
    get: async (key) => (await open()).get(key),
    has: async (key) => (await open()).has(key),
    delete: async (key) => (await open()).delete(key),
    localFile: async (key) => (await open()).localFile(key),
  };
}
