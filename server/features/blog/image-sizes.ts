// The width and height of the pictures in post bodies, read from the files themselves when a body is
// shown (decision 027): a picture's box is kept before it loads (no layout shift), and the page asks
// for sizes it has. Read from the image's header only (sharp's metadata: about 1 ms for a 2400×1600
// JPEG), once per picture: kept in a bounded in-memory cache, least recently used out first. Uploads
// never change under their name (decision 014); a picture that is missing or not decodable is asked
// again after a minute.
import { stat } from "node:fs/promises";
import path from "node:path";
import { mediaRoot } from "../../integrations/media/media-root.ts";
import { loadSharp } from "../../integrations/media/sharp.ts";
import { STORE_KEY, type MediaStore } from "../../integrations/media/store.ts";

export interface ImageSize {
  /** as shown: EXIF orientations that turn the picture a quarter swap the stored sides */
  width: number;
  height: number;
  /**
   * Whether /media?tr= may be asked for smaller copies: not an SVG (one file is sharp at every width),
   * not an animated GIF or WebP (a copy would keep only the first frame), not over the transform limit.
   */
  resizable: boolean;
}

export interface ImageSizes {
  /** The sizes of /media/... paths; null for a picture that cannot be read (or not in time). */
  lookupMany(mediaPaths: readonly string[]): Promise<Map<string, ImageSize | null>>;
}

export interface ImageSizesOptions {
  dataDir: string;
  store: MediaStore;
  /** the most pixels /media transforms (MEDIA_MAX_PIXELS): a larger picture is shown as its file */
  maxPixels: number;
  /** pictures remembered (a few dozen bytes each) */
  maxEntries?: number;
  /** how long "cannot be read" is remembered */
  missMs?: number;
  /** how long a page waits for one picture (a remote store may be slow); the lookup goes on meanwhile */
  waitMs?: number;
  /** the most pictures of one body that are looked up (the rest are shown lazily, unsized) */
  maxPerBody?: number;
}

interface Entry {
  size: ImageSize | null;
  /** for a miss: when it is asked again */
  until?: number;
}

export function createImageSizes({
  dataDir,
  store,
  maxPixels,
  maxEntries = 5000,
  missMs = 60_000,
  waitMs = 2000,
  maxPerBody = 100,
}: ImageSizesOptions): ImageSizes {
  const root = mediaRoot(dataDir);
  const cache = new Map<string, Entry>();
  const running = new Map<string, Promise<ImageSize | null>>();

  function remember(key: string, size: ImageSize | null) {
    cache.delete(key);
    cache.set(key, size ? { size } : { size, until: Date.now() + missMs });
    // a Map keeps insertion order: the first key is the one used least recently
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
  }

  function cached(key: string): Entry | undefined {
    const entry = cache.get(key);
    if (!entry) return undefined;
    if (entry.until !== undefined && entry.until <= Date.now()) {
      cache.delete(key);
      return undefined;
    }
    cache.delete(key);
    cache.set(key, entry);
    return entry;
  }

  /** The file of a /media path, found as /media finds it: seeded files on disk, the rest in the store. */
  async function fileOf(mediaPath: string): Promise<string | null> {
    const rel = mediaPath.replace(/^\/media\//, "");
    const file = path.resolve(root, rel);
    if (!file.startsWith(root + path.sep)) return null;
    const onDisk = await stat(file).catch(() => null);
    if (onDisk?.isFile()) return file;
    const key = path.relative(root, file);
    return STORE_KEY.test(key) ? ((await store.localFile(key))?.file ?? null) : null;
  }

  async function read(mediaPath: string): Promise<ImageSize | null> {
    const file = await fileOf(mediaPath);
    if (!file) return null;
    const sharp = await loadSharp();
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    const animated = (meta.pages ?? 1) > 1;
    return {
      width,
      height,
      resizable: meta.format !== "svg" && !animated && width * height <= maxPixels,
    };
  }

  function lookup(mediaPath: string): Promise<ImageSize | null> {
    const hit = cached(mediaPath);
    if (hit) return Promise.resolve(hit.size);
    let job = running.get(mediaPath);
    if (!job) {
      job = read(mediaPath)
        .catch(() => null)
        .then((size) => {
          remember(mediaPath, size);
          running.delete(mediaPath);
          return size;
        });
      running.set(mediaPath, job);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
      timer.unref();
    });
    return Promise.race([job, late]).finally(() => clearTimeout(timer));
  }

  return {
    async lookupMany(mediaPaths) {
      const unique = [...new Set(mediaPaths)].slice(0, maxPerBody);
      const sizes = await Promise.all(unique.map(lookup));
      return new Map(unique.map((p, i) => [p, sizes[i]!]));
    },
  };
}
