// On-demand image derivatives for /media (architecture "Media"; issue 8 "Delivery"; issue 15; decision 026).
// The grammar is ImageKit's (https://imagekit.io/docs/image-resize-and-crop): comma-separated `key-value`
// pairs, steps chained with ":" and applied in order. A transform is turned into a plan from the
// source's size (read from its header) BEFORE anything is decoded: every step's output size is known,
// snapped to the size steps of contract/lib/media.ts and capped (both sides and the area), so that no URL
// can make sharp draw more than a few megapixels, however long or thin the source is.
import type { Sharp } from "sharp";
import { capBox, DEFAULT_QUALITY, MAX_DIMENSION, snapQuality, snapSize } from "../../../contract/lib/media.ts";
import { loadSharp } from "./sharp.ts";

export { MAX_DIMENSION };

/** Longest `tr` value accepted: a few steps of a few pairs, not a payload. */
const MAX_TR_LENGTH = 300;
/** Most chained steps (`:`) in one transform. */
const MAX_STEPS = 5;
/** Largest sharp `density` for an SVG (its raster is also held to the pixel limit). */
const MAX_SVG_DENSITY = 2400;

export type CropMode = "maintain_ratio" | "force" | "at_max" | "at_max_enlarge" | "at_least";
export type OutputFormat = "webp" | "avif" | "jpg" | "png";
/** ImageKit's `fo`: where a cropping resize keeps the picture; `auto` finds its most salient part. */
export type Focus =
  "center" | "top" | "left" | "bottom" | "right" | "top_left" | "top_right" | "bottom_left" | "bottom_right" | "auto";

/** A size as asked: pixels, or (ImageKit's 0 < v < 1) a fraction of the incoming side. */
export type Size = { px: number } | { fraction: number };

export interface Step {
  w?: Size;
  h?: Size;
  /** ImageKit's `ar-16-9`: width / height, used when only one of w and h is given */
  ar?: [number, number];
  dpr?: number;
  c?: CropMode;
  cm?: "pad_resize";
  fo?: Focus;
  /** background of pad_resize, RGBA */
  bg?: [number, number, number, number];
  bl?: number;
  /** clockwise quarter turns after the resize (rt-90, rt-180, rt-270; rt-auto and rt-0/360 are none) */
  rt?: 0 | 90 | 180 | 270;
  grayscale?: true;
  q?: number;
  f?: OutputFormat;
}

/** A parsed `tr`: its steps in order, and the output's quality and format (the last step giving them). */
export interface Transform {
  steps: Step[];
  q: number;
  f: OutputFormat;
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
const CROPS: CropMode[] = ["maintain_ratio", "force", "at_max", "at_max_enlarge", "at_least"];
const FOCUSES: Focus[] = [
  "center",
  "top",
  "left",
  "bottom",
  "right",
  "top_left",
  "top_right",
  "bottom_left",
  "bottom_right",
  "auto",
];
const ROTATIONS: Record<string, Step["rt"]> = {
  "0": 0,
  "90": 90,
  "180": 180,
  "270": 270,
  "360": 0,
  N90: 270,
  N180: 180,
  N270: 90,
  auto: 0, // every source is turned upright by its EXIF orientation anyway
};
const NAMED_COLOURS: Record<string, string> = {
  white: "FFFFFF",
  black: "000000",
  red: "FF0000",
  green: "008000",
  blue: "0000FF",
  yellow: "FFFF00",
  gray: "808080",
  grey: "808080",
};
const KEYS = "w, h, ar, dpr, q, f, c, cm, fo, bg, bl, rt and e-grayscale";

export class TransformError extends Error {}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

function wholeNumber(key: string, value: string): number {
  if (!/^\d{1,12}$/.test(value)) {
    throw new TransformError(`"${key}-${value}" in tr: ${key} takes a whole number, as in ${key}-600.`);
  }
  return Number(value);
}

/** w and h: whole pixels (clamped to 1…MAX_DIMENSION), or a fraction of the source such as 0.5. */
function size(key: string, value: string): Size {
  if (/^0?\.\d{1,6}$/.test(value) && Number(value) > 0) return { fraction: Number(value) };
  if (!/^\d{1,12}$/.test(value)) {
    throw new TransformError(
      `"${key}-${value}" in tr: ${key} takes a whole number of pixels (${key}-600) or a fraction of the original (${key}-0.5).`,
    );
  }
  return { px: clamp(Number(value), 1, MAX_DIMENSION) };
}

function colour(value: string): [number, number, number, number] {
  const hex = NAMED_COLOURS[value.toLowerCase()] ?? value;
  const m = /^([0-9a-f]{6})(\d{2})?$/i.exec(hex);
  if (!m) {
    throw new TransformError(
      `"bg-${value}" in tr: the background is a hex colour (bg-F3F4F6, or bg-F3F4F650 for 50 % opacity) or one of ${Object.keys(NAMED_COLOURS).join(", ")}.`,
    );
  }
  const n = parseInt(m[1]!, 16);
  // ImageKit's 8-character form: the last two digits are the opacity in percent (00…99)
  const alpha = m[2] === undefined ? 1 : Number(m[2]) / 100;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
}

function parseStep(text: string): Step {
  const step: Step = {};
  const seen = new Set<string>();
  for (const part of text.split(",")) {
    const dash = part.indexOf("-");
    if (dash <= 0 || dash === part.length - 1) {
      throw new TransformError(`"${part}" in tr is not a key-value pair: write them as w-600,h-400.`);
    }
    const key = part.slice(0, dash);
    const value = part.slice(dash + 1);
    if (seen.has(key)) throw new TransformError(`"${key}" is given twice in one step of tr.`);
    seen.add(key);
    switch (key) {
      case "w":
      case "h":
        step[key] = size(key, value);
        break;
      case "ar": {
        const m = /^(\d{1,4})-(\d{1,4})$/.exec(value);
        if (!m || Number(m[1]) === 0 || Number(m[2]) === 0) {
          throw new TransformError(`"ar-${value}" in tr: the aspect ratio is width-height, as in ar-16-9.`);
        }
        step.ar = [Number(m[1]), Number(m[2])];
        break;
      }
      case "dpr":
        if (value === "auto") break; // no client hints here: auto is 1
        if (!/^\d(\.\d{1,2})?$/.test(value) || Number(value) < 0.1 || Number(value) > 5) {
          throw new TransformError(
            `"dpr-${value}" in tr: the device pixel ratio is a number from 0.1 to 5, as in dpr-2.`,
          );
        }
        step.dpr = Number(value);
        break;
      case "q":
        step.q = snapQuality(clamp(wholeNumber(key, value), 1, 100));
        break;
      case "bl":
        step.bl = clamp(wholeNumber(key, value), 1, 100);
        break;
      case "f": {
        const f = FORMATS[value.toLowerCase()];
        if (!f)
          throw new TransformError(`"f-${value}" in tr: the format is one of ${Object.keys(FORMATS).join(", ")}.`);
        step.f = f;
        break;
      }
      case "c":
        if (!CROPS.includes(value as CropMode)) {
          throw new TransformError(`"c-${value}" in tr: the crop is one of ${CROPS.join(", ")}.`);
        }
        step.c = value as CropMode;
        break;
      case "cm":
        if (value !== "pad_resize")
          throw new TransformError(`"cm-${value}" in tr: the crop mode can only be pad_resize.`);
        step.cm = "pad_resize";
        break;
      case "fo":
        if (!FOCUSES.includes(value as Focus)) {
          throw new TransformError(`"fo-${value}" in tr: the focus is one of ${FOCUSES.join(", ")}.`);
        }
        step.fo = value as Focus;
        break;
      case "bg":
        step.bg = colour(value);
        break;
      case "rt": {
        const rt = ROTATIONS[value];
        if (rt === undefined) {
          throw new TransformError(
            `"rt-${value}" in tr: the rotation is one of 0, 90, 180, 270, 360, N90, N180, N270 or auto.`,
          );
        }
        step.rt = rt;
        break;
      }
      case "e":
        // imagekit@6's effectGray: true writes e-grayscale-true (issue 29); later SDKs write e-grayscale
        if (value !== "grayscale" && value !== "grayscale-true")
          throw new TransformError(`"e-${value}" in tr: the only effect is e-grayscale.`);
        step.grayscale = true;
        break;
      default:
        throw new TransformError(`Unknown transformation "${key}" in tr: use ${KEYS}.`);
    }
  }
  if (step.ar && step.w === undefined && step.h === undefined) {
    throw new TransformError("ar in tr needs a width or a height in the same step, as in w-600,ar-16-9.");
  }
  return step;
}

/**
 * Parses a `tr` value ("w-600,h-400,q-20", or steps chained with ":" such as "w-300,h-200:rt-90").
 * Sizes are clamped to 1…MAX_DIMENSION, blur to 1…100, quality snapped to its steps; anything unknown,
 * repeated or malformed throws a TransformError naming it. The output's format and quality are the
 * last ones given in any step (WebP, 80 by default).
 */
export function parseTransform(tr: string): Transform {
  if (tr.length > MAX_TR_LENGTH) throw new TransformError(`tr is too long (at most ${MAX_TR_LENGTH} characters).`);
  const texts = tr.split(":");
  if (texts.length > MAX_STEPS) throw new TransformError(`tr chains at most ${MAX_STEPS} steps with ":".`);
  const steps = texts.map((text) => {
    if (text === "")
      throw new TransformError('An empty step in tr: write steps as w-300,h-200:rt-90, with no ":" at either end.');
    return parseStep(text);
  });
  let q = DEFAULT_QUALITY;
  let f: OutputFormat = "webp";
  for (const step of steps) {
    if (step.q !== undefined) q = step.q;
    if (step.f !== undefined) f = step.f;
  }
  return { steps, q, f };
}

// ---- Plans: what each step does to the picture, in pixels, decided from the source's size alone ----

type Position =
  "centre" | "north" | "south" | "east" | "west" | "northeast" | "northwest" | "southeast" | "southwest" | "attention";
const POSITIONS: Record<Focus, Position> = {
  center: "centre",
  top: "north",
  bottom: "south",
  left: "west",
  right: "east",
  top_left: "northwest",
  top_right: "northeast",
  bottom_left: "southwest",
  bottom_right: "southeast",
  auto: "attention",
};

/** One step's work: its output size and how to reach it. */
export interface PlannedStep {
  /** the size after the resize (before a quarter turn) */
  width: number;
  height: number;
  /**
   * fill: stretch to width × height (also for resizes that keep the shape: their size is already computed);
   * cover: scale to cover and crop at `position`; contain: fit inside and pad with `background`
   */
  fit: "fill" | "cover" | "contain";
  position?: Position;
  background?: [number, number, number, number];
  rotate?: 90 | 180 | 270;
  grayscale?: true;
  /** sharp's blur sigma */
  blur?: number;
}

export interface Plan {
  steps: PlannedStep[];
  format: OutputFormat;
  quality: number;
  /** the final size */
  width: number;
  height: number;
}

const px = (s: Size | undefined, side: number) =>
  s === undefined ? undefined : "px" in s ? s.px : Math.max(1, Math.round(s.fraction * side));

/** The size a step asks for, relative sizes, aspect ratio and dpr applied, then snapped up to the steps. */
function askedBox(step: Step, width: number, height: number): { w?: number; h?: number } {
  let w = px(step.w, width);
  let h = px(step.h, height);
  if (step.ar && (w === undefined) !== (h === undefined)) {
    const [aw, ah] = step.ar;
    if (w !== undefined) h = Math.max(1, Math.round((w * ah) / aw));
    else w = Math.max(1, Math.round((h! * aw) / ah));
  }
  if (step.dpr !== undefined) {
    if (w !== undefined) w = Math.max(1, Math.round(w * step.dpr));
    if (h !== undefined) h = Math.max(1, Math.round(h * step.dpr));
  }
  // Snapped as contract/lib/media.ts says (the width, and the height in proportion; or the height alone):
  // a page's srcset names these exact sizes.
  if (w !== undefined) {
    const snapped = snapSize(w);
    if (h !== undefined) h = Math.max(1, Math.round((h * snapped) / w));
    w = snapped;
  } else if (h !== undefined) {
    h = snapSize(h);
  }
  return { w, h };
}

/** One step planned on an incoming width × height; the output is capped (capBox) whatever was asked. */
function planStep(step: Step, width: number, height: number): PlannedStep {
  const { w, h } = askedBox(step, width, height);
  const ratio = width / height;
  const effects = {
    ...(step.rt ? { rotate: step.rt } : {}),
    ...(step.grayscale ? { grayscale: true as const } : {}),
    ...(step.bl !== undefined ? { blur: Math.max(0.3, step.bl / 2) } : {}),
  };
  // The exact box for modes that fill one: the missing side follows the incoming shape.
  const box = () => ({ bw: w ?? Math.round(h! * ratio), bh: h ?? Math.round(w! / ratio) });
  const scaled = (scale: number) => {
    const out = capBox(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
    return { width: out.w, height: out.h, fit: "fill" as const, ...effects };
  };
  if (w === undefined && h === undefined) return scaled(1);
  if (step.cm === "pad_resize") {
    const { bw, bh } = box();
    const out = capBox(bw, bh);
    const background = step.bg ?? [255, 255, 255, 1];
    return { width: out.w, height: out.h, fit: "contain", background, ...effects };
  }
  const scales = [w !== undefined ? w / width : null, h !== undefined ? h / height : null].filter(
    (s): s is number => s !== null,
  );
  switch (step.c) {
    case "force": {
      const { bw, bh } = box();
      const out = capBox(bw, bh);
      return { width: out.w, height: out.h, fit: "fill", ...effects };
    }
    case "at_max":
      return scaled(Math.min(1, ...scales));
    case "at_max_enlarge":
      return scaled(Math.min(...scales));
    case "at_least":
      return scaled(Math.max(...scales));
    default: {
      if (w === undefined || h === undefined) return scaled(scales[0]!);
      const out = capBox(w, h);
      const position = POSITIONS[step.fo ?? "center"];
      return { width: out.w, height: out.h, fit: "cover", position, ...effects };
    }
  }
}

/**
 * The plan of `t` on a source of width × height (upright): every step's output size, snapped and capped,
 * known before a pixel is decoded.
 */
export function planTransform(t: Transform, width: number, height: number): Plan {
  const steps: PlannedStep[] = [];
  let w = width;
  let h = height;
  for (const step of t.steps) {
    const planned = planStep(step, w, h);
    steps.push(planned);
    const turned = planned.rotate === 90 || planned.rotate === 270;
    w = turned ? planned.height : planned.width;
    h = turned ? planned.width : planned.height;
  }
  return { steps, format: t.f, quality: t.q, width: w, height: h };
}

/** The one spelling of a plan: equal plans share a derivative (w-0.5 of a 1000 px source is w-500). */
export function planKey(plan: Plan): string {
  return JSON.stringify(plan);
}

// ---- Rendering ----

export class UndecodableImageError extends Error {}
/** The render took longer than the render timeout (or was given up because nobody waits for it). */
export class RenderTimeoutError extends Error {}
export class RenderAbortedError extends Error {}

export interface SourceInfo {
  /** upright width and height (an EXIF quarter turn swapped) */
  width: number;
  height: number;
  format: string;
  /** the SVG's size at 72 dpi, when the source is an SVG */
  svg?: { width: number; height: number };
}

/** The size and format of a source from its header: no pixels decoded. Throws UndecodableImageError. */
export async function readSourceInfo(source: string, maxPixels: number): Promise<SourceInfo> {
  const sharp = await loadSharp();
  let meta;
  try {
    meta = await sharp(source, { limitInputPixels: false, animated: false }).metadata();
  } catch {
    throw new UndecodableImageError(decodeMessage());
  }
  if (!meta.width || !meta.height) throw new UndecodableImageError(decodeMessage());
  if (meta.width * meta.height > maxPixels) throw new UndecodableImageError(tooManyPixelsMessage(maxPixels));
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    format: meta.format ?? "",
    ...(meta.format === "svg" ? { svg: { width: meta.width, height: meta.height } } : {}),
  };
}

export function tooManyPixelsMessage(maxPixels: number) {
  return `The image is too large to transform (more than ${Math.round(maxPixels / 1_000_000)} megapixels).`;
}

function decodeMessage(): string {
  return "The file cannot be decoded as an image, so it cannot be transformed.";
}

export interface RenderOptions {
  maxPixels: number;
  /** the render fails with RenderTimeoutError after this many seconds */
  timeoutSeconds: number;
  /** checked between passes: the work stops once it aborts (nobody waits for the result any more) */
  signal?: AbortSignal;
}

/** Renders one plan to bytes; kept on an object so that tests can count (or hold) calls. */
export const imageRenderer = {
  async render(source: string, info: SourceInfo, plan: Plan, options: RenderOptions): Promise<Buffer> {
    const sharp = await loadSharp();
    const deadline = Date.now() + options.timeoutSeconds * 1000;
    const check = () => {
      if (options.signal?.aborted) throw new RenderAbortedError("Nobody is waiting for this image any more.");
      if (Date.now() >= deadline) throw new RenderTimeoutError(timeoutMessage());
    };
    // sharp's own timeout (whole seconds) stops libvips inside a pass.
    const timed = (image: Sharp) => image.timeout({ seconds: Math.max(1, Math.ceil((deadline - Date.now()) / 1000)) });
    const input = {
      limitInputPixels: options.maxPixels,
      animated: false,
      failOn: "truncated" as const,
      autoOrient: true,
    };
    // An SVG is drawn at the density its first step needs (72 dpi by default would be blurry), never
    // beyond the pixel limit.
    let density: number | undefined;
    if (info.svg) {
      const first = plan.steps[0]!;
      const need = Math.max(first.width / info.svg.width, first.height / info.svg.height, 1);
      const most = Math.sqrt(options.maxPixels / (info.svg.width * info.svg.height));
      density = clamp(Math.floor(72 * Math.min(need, most)), 1, MAX_SVG_DENSITY);
    }
    try {
      check();
      let image = sharp(source, { ...input, density });
      let size = await currentSize(source, info, density);
      for (const [i, step] of plan.steps.entries()) {
        check();
        image = await resizeStep(image, size, step, timed);
        if (step.grayscale) image = image.grayscale();
        if (step.blur !== undefined) image = image.blur(step.blur);
        if (step.rotate) {
          // a quarter turn after the resize (ImageKit's order): a pass of its own
          image = await nextPass(timed(image));
          image = image.rotate(step.rotate);
        }
        size = step.rotate === 90 || step.rotate === 270 ? { width: step.height, height: step.width } : step;
        if (i < plan.steps.length - 1) image = await nextPass(timed(image));
      }
      check();
      return await timed(encode(image, plan)).toBuffer();
    } catch (err) {
      if (err instanceof RenderAbortedError || err instanceof RenderTimeoutError) throw err;
      if (err instanceof Error && /timeout/i.test(err.message)) throw new RenderTimeoutError(timeoutMessage());
      throw new UndecodableImageError(
        err instanceof Error && /pixel limit/i.test(err.message)
          ? tooManyPixelsMessage(options.maxPixels)
          : decodeMessage(),
      );
    }
  },
};

function timeoutMessage() {
  return "Making this image took too long. Try again in a moment, or ask for a smaller size.";
}

/** The size of the decoded source (an SVG drawn at `density` is larger than its nominal size). */
async function currentSize(source: string, info: SourceInfo, density: number | undefined) {
  if (!info.svg || density === undefined) return { width: info.width, height: info.height };
  const sharp = await loadSharp();
  const meta = await sharp(source, { density }).metadata();
  return { width: meta.width ?? info.width, height: meta.height ?? info.height };
}

/** The pixels so far as a new raw input: the next operation then runs after the previous ones. */
async function nextPass(image: Sharp): Promise<Sharp> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const sharp = await loadSharp();
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/**
 * Resizes to the step's size. A cover crop that enlarges (a 4000×40 strip asked 2000×2000) would scale the
 * whole source first (to 200,000×2,000): it crops at the source's scale first, then enlarges only the crop.
 */
async function resizeStep(
  image: Sharp,
  incoming: { width: number; height: number },
  step: PlannedStep,
  timed: (image: Sharp) => Sharp,
): Promise<Sharp> {
  if (step.fit === "fill" && incoming.width === step.width && incoming.height === step.height) return image;
  const enlarging = Math.max(step.width / incoming.width, step.height / incoming.height) > 1;
  if (step.fit === "cover" && enlarging) {
    const fit = Math.min(incoming.width / step.width, incoming.height / step.height);
    const crop = {
      width: clamp(Math.round(step.width * fit), 1, incoming.width),
      height: clamp(Math.round(step.height * fit), 1, incoming.height),
    };
    const cropped = await nextPass(timed(image.resize({ ...crop, fit: "cover", position: step.position })));
    return cropped.resize({ width: step.width, height: step.height, fit: "fill" });
  }
  if (step.fit === "contain") {
    const [r, g, b, alpha] = step.background!;
    return image.resize({ width: step.width, height: step.height, fit: "contain", background: { r, g, b, alpha } });
  }
  return image.resize({ width: step.width, height: step.height, fit: step.fit, position: step.position });
}

function encode(image: Sharp, plan: Plan): Sharp {
  switch (plan.format) {
    case "avif":
      return image.avif({ quality: plan.quality, effort: 2 });
    case "jpg":
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: plan.quality, mozjpeg: true });
    case "png":
      return image.png({ quality: plan.quality, compressionLevel: 8 });
    default:
      return image.webp({ quality: plan.quality });
  }
}
