// The media store on local disk: DATA_DIR/media/<key>, served by /media (decision 014). A file is
// written to a temporary name in its folder and renamed into place, so /media never serves half a file.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { mediaRoot } from "./media-root.ts";
import { assertStoreKey, type MediaStore } from "./store.ts";

const TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

export function createLocalStore(dataDir: string): MediaStore {
  const root = mediaRoot(dataDir);
  const fileOf = (key: string) => {
    assertStoreKey(key);
    const file = path.resolve(root, key);
    // (the key pattern already forbids "..": this is the second lock)
    if (!file.startsWith(root + path.sep)) throw new Error(`media key outside the store: ${key}`);
    return file;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString("hex")}`);
      try {
        await writeFile(temp, bytes, { flag: "wx" });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      if (!bytes) return null;
      return {
        bytes: new Uint8Array(bytes),
        contentType: TYPES[path.extname(file)] ?? "application/octet-stream",
      };
    },
    async has(key) {
      const info = await stat(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
        throw error;
      });
      return !!info?.isFile();
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async localFile(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? { file, size: info.size, mtimeMs: info.mtimeMs } : null;
    },
  };
}
