// The disk cache of resized images, DATA_DIR/cache/media (issue 15 "The resize cache never shrinks";
// decision 026): at most `maxBytes`, the least recently used derivatives deleted first. The index
// (name → size, in order of use) lives in memory; it is rebuilt from the folder at start (oldest
// modification first) and a hit moves a file to the end, and touches its mtime now and then so that the
// order survives a restart. Another process on the same folder keeps its own index: at worst one
// deletes a file the other still lists, which is then simply made again.
import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm, stat, utimes, writeFile, type FileHandle } from "node:fs/promises";
import path from "node:path";

/** A hit refreshes the file's mtime at most this often (the order kept across restarts). */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface CachedFile {
  /** the open file: it stays readable even if it is evicted while being sent */
  handle: FileHandle;
  size: number;
}

interface Entry {
  size: number;
  touchedAt: number;
}

export function createDerivativeCache(root: string, maxBytes: number) {
  // Map order is the use order: the first entry is the least recently used.
  const index = new Map<string, Entry>();
  let total = 0;
  let loaded: Promise<void> | null = null;

  function load(): Promise<void> {
    loaded ??= (async () => {
      const names = await readdir(root).catch(() => [] as string[]);
      const found: { name: string; size: number; mtimeMs: number }[] = [];
      for (const name of names) {
        const file = path.join(root, name);
        if (name.endsWith(".tmp")) {
          await rm(file, { force: true }); // left by a process that stopped mid-write
          continue;
        }
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) found.push({ name, size: info.size, mtimeMs: info.mtimeMs });
      }
      found.sort((a, b) => a.mtimeMs - b.mtimeMs);
      for (const f of found) {
        if (!index.has(f.name)) {
          index.set(f.name, { size: f.size, touchedAt: f.mtimeMs });
          total += f.size;
        }
      }
      await evict();
    })();
    return loaded;
  }

  async function evict(): Promise<void> {
    while (total > maxBytes && index.size > 0) {
      const [name, entry] = index.entries().next().value!;
      index.delete(name);
      total -= entry.size;
      await rm(path.join(root, name), { force: true });
    }
  }

  function forget(name: string) {
    const entry = index.get(name);
    if (entry) {
      index.delete(name);
      total -= entry.size;
    }
  }

  return {
    /** The cached file opened for reading, marked as just used; null when it is not there. */
    async get(name: string): Promise<CachedFile | null> {
      await load();
      const handle = await open(path.join(root, name), "r").catch(() => null);
      if (!handle) {
        forget(name);
        return null;
      }
      const size = (await handle.stat()).size;
      const entry = index.get(name);
      const now = Date.now();
      // (a file another process made is adopted; a hit moves it to the end)
      forget(name);
      index.set(name, { size, touchedAt: entry?.touchedAt ?? now });
      total += size;
      if (!entry || now - entry.touchedAt > TOUCH_EVERY_MS) {
        index.get(name)!.touchedAt = now;
        const date = new Date(now);
        await utimes(path.join(root, name), date, date).catch(() => undefined);
      }
      if (total > maxBytes) await evict();
      return { handle, size };
    },

    /**
     * Stores `bytes` as `name` (through a temporary file and a rename: no reader sees half a file), then
     * deletes the least recently used files until the cache fits `maxBytes` again.
     */
    async put(name: string, bytes: Uint8Array): Promise<void> {
      await load();
      await mkdir(root, { recursive: true });
      const file = path.join(root, name);
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temp, bytes);
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      forget(name);
      index.set(name, { size: bytes.length, touchedAt: Date.now() });
      total += bytes.length;
      await evict();
    },

    /** Bytes the index counts (for tests and the decision record's measurements). */
    async size(): Promise<{ bytes: number; files: number }> {
      await load();
      return { bytes: total, files: index.size };
    },

    /** Names from least to most recently used. */
    async names(): Promise<string[]> {
      await load();
      return [...index.keys()];
    },
  };
}

export type DerivativeCache = ReturnType<typeof createDerivativeCache>;
