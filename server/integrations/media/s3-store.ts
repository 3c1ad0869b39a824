// The media store on any S3-compatible service (AWS S3, MinIO, R2, …; issue 8 "Stores"), chosen by
// createMediaStore when the five S3_* settings are given. Path-style addresses (bucket in the path)
// so that endpoints without per-bucket DNS work. /media needs a file on disk to stream and resize, so
// an object it serves is copied once under DATA_DIR/cache/media-originals (upload keys are unique and
// never rewritten, so the copy cannot go stale; delete removes it too).
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertStoreKey, type MediaStore } from "./store.ts";

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Where copies of S3 objects served by /media are kept on this machine. */
export function originalsCacheRoot(dataDir: string) {
  return path.resolve(dataDir, "cache", "media-originals");
}

function isMissing(error: unknown) {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

export function createS3Store(settings: S3Settings, dataDir: string): MediaStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;
  const cacheRoot = originalsCacheRoot(dataDir);
  const copyOf = (key: string) => path.join(cacheRoot, key); // (key already checked: no "..", no leading "/")

  const store: MediaStore = {
    async put(key, bytes, contentType) {
      assertStoreKey(key);
      // A PUT is atomic in S3: readers see the old object or the whole new one.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      assertStoreKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return {
          bytes: await out.Body.transformToByteArray(),
          contentType: out.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      assertStoreKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        // (a HEAD answer has no body: a missing object comes back as NotFound / 404)
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      assertStoreKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      await rm(copyOf(key), { force: true });
    },
    async localFile(key) {
      assertStoreKey(key);
      const file = copyOf(key);
      const cached = await stat(file).catch(() => null);
      if (cached?.isFile()) return { file, size: cached.size, mtimeMs: cached.mtimeMs };
      const object = await store.get(key);
      if (!object) return null;
      await mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString("hex")}`);
      try {
        await writeFile(temp, object.bytes, { flag: "wx" });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      const made = await stat(file);
      return { file, size: made.size, mtimeMs: made.mtimeMs };
    },
  };
  return store;
}
