// The one place that picks the media store (issue 8 "Stores"): S3-compatible when S3_ENDPOINT and
// the other four S3_* settings are given (env.ts checks they come together), local disk otherwise.
import type { Env } from "../../env.ts";
import { createLocalStore } from "./local-store.ts";
import { createS3Store } from "./s3-store.ts";
import type { MediaStore } from "./store.ts";

export function createMediaStore(env: Env): MediaStore {
  if (env.S3) return createS3Store(env.S3, env.DATA_DIR);
  return createLocalStore(env.DATA_DIR);
}
