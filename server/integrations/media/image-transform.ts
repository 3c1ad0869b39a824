// On-demand image derivatives for /media/<path>?tr=… (architecture "Media"; issue 8 "Delivery").
// The grammar is a subset of ImageKit's (https://imagekit.io/docs/image-resize-and-crop): comma-separated
// `key-value` pairs. Each derivative is made once by sharp and kept on disk under
// DATA_DIR/cache/media, named by a hash of the source path, its size and mtime and the normalized
// transform: a changed source gets new derivatives, and a name never points at other pixels.
import { createHash } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata, type ResizeOptions } from "sharp";

/** Largest width or height a derivative may have; larger asks are clamped to it. */
export const MAX_DIMENSION = 2000;
/** Quality when `q` is not given (ImageKit's default is 80). */
export const DEFAULT_QUALITY = 80;
/** Sources with more pixels than this are refused (a "decompression bomb" in a few bytes). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Derivatives made at the same time; the rest wait (2 cores shared with the app). */
export const MAX_PARALLEL_RENDERS = 2;
/** Longest `tr` value accepted: a handful of pairs, not a payload. */
const MAX_TR_LENGTH = 200;

// One libvips thread per image: renders run side by side rather than each grabbing every core.
sharp.concurrency(1);

export type CropMode = "maintain_ratio" | "force" | "at_max" | "at_least";
export type OutputFormat = "webp" | "avif" | "jpg" | "png";

export interface Transform {
  w?: number;
  h?: number;
  q: number;
  f: OutputFormat;
  c: CropMode;
  /** ImageKit's `cm-pad_resize`: fit inside w×h and pad the rest (white) to exactly w×h */
  cm?: "pad_resize";
  bl?: number;
}

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  png: "image/png",
};

const FORMATS: Record<string, OutputFormat> = {
  auto: "webp", // one derivative for every browser: all the ones we support read WebP
  webp: "webp",
  avif: "avif",
  jpg: "jpg",
  jpeg: "jpg",
  png: "png",
};
const CROPS: CropMode[] = ["maintain_ratio", "force", "at_max", "at_least"];

export class TransformError extends Error {}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

function wholeNumber(key: string, value: string): number {
  if (!/^\d{1,12}$/.test(value)) {
    throw new TransformError(`"${key}-${value}" in tr: ${key} takes a whole number, as in ${key}-600.`);
  }
  return Number(value);
}

/**
 * Parses and normalizes a `tr` value ("w-600,h-400,q-20"). Sizes are clamped to 1…MAX_DIMENSION,
 * quality and blur to 1…100; anything unknown, repeated or malformed throws a TransformError naming it.
 */
export function parseTransform(tr: string): Transform {
  if (tr.length > MAX_TR_LENGTH) throw new TransformError(`tr is too long (at most ${MAX_TR_LENGTH} characters).`);
  if (tr.includes(":")) {
    throw new TransformError('Chained transformations (":" in tr) are not supported: give one set, as in w-600,h-400.');
  }
  const out: Transform = { q: DEFAULT_QUALITY, f: "webp", c: "maintain_ratio" };
  const seen = new Set<string>();
  for (const part of tr.split(",")) {
    const dash = part.indexOf("-");
    if (dash <= 0 || dash === part.length - 1) {
      throw new TransformError(`"${part}" in tr is not a key-value pair: write them as w-600,h-400.`);
    }
    const key = part.slice(0, dash);
    const value = part.slice(dash + 1);
    if (seen.has(key)) throw new TransformError(`"${key}" is given twice in tr.`);
    seen.add(key);
    switch (key) {
      case "w":
      case "h":
        out[key] = clamp(wholeNumber(key, value), 1, MAX_DIMENSION);
        break;
      case "q":
        out.q = clamp(wholeNumber(key, value), 1, 100);
        break;
      case "bl":
        out.bl = clamp(wholeNumber(key, value), 1, 100);
        break;
      case "f": {
        const f = FORMATS[value.toLowerCase()];
        if (!f)
          throw new TransformError(`"f-${value}" in tr: the format is one of ${Object.keys(FORMATS).join(", ")}.`);
        out.f = f;
        break;
      }
      case "c":
        if (!CROPS.includes(value as CropMode)) {
          throw new TransformError(`"c-${value}" in tr: the crop is one of ${CROPS.join(", ")}.`);
        }
        out.c = value as CropMode;
        break;
      case "cm":
        if (value !== "pad_resize")
          throw new TransformError(`"cm-${value}" in tr: the crop mode can only be pad_resize.`);
        out.cm = "pad_resize";
        break;
      default:
        throw new TransformError(`Unknown transformation "${key}" in tr: use w, h, q, f, c, cm or bl.`);
    }
  }
  return out;
}

/** The one spelling of a transform, in a fixed key order: equal transforms share a derivative. */
export function normalizeTransform(t: Transform): string {
  const parts = [
    t.w !== undefined && `w-${t.w}`,
    t.h !== undefined && `h-${t.h}`,
    `q-${t.q}`,
    `f-${t.f}`,
    `c-${t.c}`,
    t.cm && `cm-${t.cm}`,
    t.bl !== undefined && `bl-${t.bl}`,
  ];
  return parts.filter(Boolean).join(",");
}

/** sharp's resize options for a transform (ImageKit's crop strategies, see the README). */
function resizeOptions(t: Transform): ResizeOptions | null {
  if (t.w === undefined && t.h === undefined) return null;
  const size = { width: t.w, height: t.h };
  if (t.cm === "pad_resize") return { ...size, fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 1 } };
  switch (t.c) {
    case "force":
      return { ...size, fit: "fill" };
    case "at_max":
      return { ...size, fit: "inside", withoutEnlargement: true };
    case "at_least":
      return { ...size, fit: "outside" };
    default:
      return { ...size, fit: "cover", position: "centre" };
  }
}

export class UndecodableImageError extends Error {}

/** Renders one derivative to bytes; kept on an object so that tests can count calls. */
export const imageRenderer = {
  async render(source: string, t: Transform): Promise<Buffer> {
    const input = { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: "truncated" as const };
    let meta: Metadata;
    try {
      meta = await sharp(source, input).metadata();
    } catch (err) {
      throw new UndecodableImageError(decodeMessage(err));
    }
    // SVG is drawn at 72 dpi by default: draw it big enough for the size asked, so it stays sharp.
    let density: number | undefined;
    if (meta.format === "svg" && meta.width && meta.height) {
      const scale = Math.max((t.w ?? 0) / meta.width, (t.h ?? 0) / meta.height, 1);
      density = clamp(Math.ceil(72 * scale), 72, 2400);
    }
    try {
      let image = sharp(source, { ...input, density }).rotate();
      const resize = resizeOptions(t);
      if (resize) image = image.resize(resize);
      // sharp's sigma is 0.3…1000; ImageKit's bl is 1…100 (bl-10 is a soft placeholder)
      if (t.bl !== undefined) image = image.blur(Math.max(0.3, t.bl / 2));
      switch (t.f) {
        case "avif":
          return await image.avif({ quality: t.q, effort: 2 }).toBuffer();
        case "jpg":
          return await image.flatten({ background: "#ffffff" }).jpeg({ quality: t.q, mozjpeg: true }).toBuffer();
        case "png":
          return await image.png({ quality: t.q, compressionLevel: 8 }).toBuffer();
        default:
          return await image.webp({ quality: t.q }).toBuffer();
      }
    } catch (err) {
      throw new UndecodableImageError(decodeMessage(err));
    }
  },
};

function decodeMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : "";
  if (/pixel limit/i.test(text)) {
    return `The image is too large to transform (more than ${MAX_INPUT_PIXELS.toLocaleString("en")} pixels).`;
  }
  return "The file cannot be decoded as an image, so it cannot be transformed.";
}

/** DATA_DIR/cache/media: derivatives, safe to delete at any time (they are made again on demand). */
export function derivativeRoot(dataDir: string) {
  return path.resolve(dataDir, "cache", "media");
}

export interface Derivative {
  file: string;
  size: number;
  /** strong: the name is a hash of everything that decides the bytes */
  etag: string;
  contentType: string;
}

/** The derivative's name: a hash of the source path, its size and mtime, and the normalized transform. */
function derivativeKey(rel: string, info: { size: number; mtimeMs: number }, t: Transform): string {
  return createHash("sha256")
    .update(JSON.stringify([rel, info.size, Math.floor(info.mtimeMs), normalizeTransform(t)]))
    .digest("hex")
    .slice(0, 40);
}

/** The strong ETag of a derivative, known before it is made: a revalidation never renders. */
export function derivativeEtag(rel: string, info: { size: number; mtimeMs: number }, t: Transform): string {
  return `"${derivativeKey(rel, info, t)}"`;
}

// Renders under way, by cache file: concurrent first requests share one render.
const inFlight = new Map<string, Promise<void>>();
let running = 0;
const waiting: (() => void)[] = [];

async function withRenderSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_RENDERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * The derivative of `source` (an absolute path already checked to be inside the media root, whose
 * `stat` is `info`) for `t`: from the cache, or made now. Written to a temporary file and renamed,
 * so no request (in this process or another) ever reads a half-written derivative.
 */
export async function getDerivative(
  dataDir: string,
  rel: string,
  source: string,
  info: { size: number; mtimeMs: number },
  t: Transform,
): Promise<Derivative> {
  const key = derivativeKey(rel, info, t);
  const dir = derivativeRoot(dataDir);
  const file = path.join(dir, `${key}.${t.f}`);
  const done = { file, etag: `"${key}"`, contentType: CONTENT_TYPES[t.f] };
  const cached = await stat(file).catch(() => null);
  if (cached?.isFile()) return { ...done, size: cached.size };

  let job = inFlight.get(file);
  if (!job) {
    job = withRenderSlot(async () => {
      const bytes = await imageRenderer.render(source, t);
      await mkdir(dir, { recursive: true });
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        await writeFile(temp, bytes);
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    }).finally(() => inFlight.delete(file));
    inFlight.set(file, job);
  }
  await job;
  const made = await stat(file);
  return { ...done, size: made.size };
}
