import type { CSSProperties } from "react";
import { MAX_DIMENSION, snapBox } from "../../../contract/media.ts";

// Images under /media are resized on request (issue 8 "Delivery"; README "Images"): pages ask for the
// size they show, with a srcset for sharper screens, and a tiny blurred copy stays underneath as the
// CSS background until the real image covers it. No JavaScript is needed for any of it. Sizes are
// asked as the server makes them, snapped up to the steps of contract/media.ts (decision 026): every
// URL a page writes names a derivative the server keeps, never one it would make anew.

/** The placeholder: 32 pixels wide (the smallest step above 24), low quality, blurred (a few hundred bytes). */
export const PLACEHOLDER_TR = "w-32,q-20,bl-10";

export interface Resize {
  w: number;
  /** omitted: the height follows the source's aspect ratio */
  h?: number;
}

/** Only our own images can be resized; outside URLs and ones already carrying a query stay as they are. */
export function isResizable(src: string): boolean {
  return MEDIA_PATH.test(src);
}

/** A path of ours under /media: letters, digits and - _ . ~ / only (nothing to break out of a URL or CSS). */
const MEDIA_PATH = /^\/media\/[A-Za-z0-9._~/-]+$/;

/** What an <img> may load: our own media, or an outside http(s) picture; never javascript:, data: and the like. */
export function isImageAddress(src: string): boolean {
  return MEDIA_PATH.test(src.replace(/\?[\w=&,.~%-]*$/, "")) || /^https?:\/\/[^\s"'<>()]+$/i.test(src);
}

/** The size the server makes for `size` (snapped and capped, contract/media.ts snapBox). */
function snapped(size: Resize): Resize {
  return snapBox(size.w, size.h);
}

/**
 * `src` asked at the given size (snapped up to a step: what the server makes). Uploads have unique
 * names that are never reused (decision 014), so their URLs get `v=1` and are cached as immutable;
 * other images are cached for a day.
 */
export function mediaUrl(src: string, tr: Resize | string): string {
  if (!isResizable(src)) return src;
  return resizedUrl(src, typeof tr === "string" ? tr : snapped(tr));
}

function resizedUrl(src: string, tr: Resize | string): string {
  const value = typeof tr === "string" ? tr : `w-${tr.w}${tr.h !== undefined ? `,h-${tr.h}` : ""}`;
  return `${src}?tr=${value}${src.startsWith("/media/uploads/") ? "&v=1" : ""}`;
}

/**
 * `src` at the given size as an absolute http(s) URL on `origin` (for social sites and feeds, which
 * fetch from outside), or null when `src` is not a picture address at all.
 */
export function absoluteMediaUrl(src: string, tr: Resize | string, origin: string): string | null {
  try {
    const url = new URL(mediaUrl(src, tr), `${origin.replace(/\/+$/, "")}/`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The `srcset`: with `widths`, one candidate per width, snapped up to a step and described by the
 * width the server makes (`640w`), heights in proportion when `crop`; without, the shown size at 1x
 * and 2x.
 */
export function mediaSrcSet(
  src: string,
  { width, height, crop = true, widths }: { width: number; height: number; crop?: boolean; widths?: number[] },
): string | undefined {
  if (!isResizable(src)) return undefined;
  const size = (w: number): Resize => snapped(crop ? { w, h: (w * height) / width } : { w });
  if (widths) {
    const made = new Map<number, Resize>();
    for (const w of widths) {
      const box = size(Math.min(w, MAX_DIMENSION));
      made.set(box.w, box);
    }
    return [...made.values()]
      .sort((a, b) => a.w - b.w)
      .map((box) => `${resizedUrl(src, box)} ${box.w}w`)
      .join(", ");
  }
  const double = Math.min(width * 2, MAX_DIMENSION);
  return `${resizedUrl(src, size(width))} 1x, ${resizedUrl(src, size(double))} 2x`;
}

/**
 * Once the real image is there, drop the placeholder (it would show through a transparent image). The
 * ref covers images that finished loading before hydration; without JavaScript it simply stays under.
 */
function reveal(img: HTMLImageElement | null) {
  if (img?.complete && img.naturalWidth > 0) img.style.backgroundImage = "none";
}

export interface MediaImageProps {
  src: string;
  alt: string;
  /** the shown width and height in CSS pixels (also the width/height attributes: no layout shift) */
  width: number;
  height: number;
  /** false: ask only for a width and let the height follow the source (for `object-cover` boxes of another shape) */
  crop?: boolean;
  /** widths to offer in srcset, with `sizes`; omitted: 1x and 2x of `width` */
  widths?: number[];
  sizes?: string;
  /** above the fold: load at once, with high priority */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
  "data-testid"?: string;
}

export function MediaImage({
  src,
  alt,
  width,
  height,
  crop = true,
  widths,
  sizes,
  priority = false,
  className,
  style,
  "data-testid": testId,
}: MediaImageProps) {
  // a stored address that is not a picture (an old row, another tool's write) shows nothing
  if (!isImageAddress(src)) return null;
  const resizable = isResizable(src);
  const placeholder: CSSProperties | undefined = resizable
    ? {
        backgroundImage: `url("${mediaUrl(src, PLACEHOLDER_TR)}")`,
        backgroundSize: "cover",
        backgroundPosition: "center",
        backgroundRepeat: "no-repeat",
      }
    : undefined;
  return (
    <img
      src={mediaUrl(src, crop ? { w: width, h: height } : { w: width })}
      srcSet={mediaSrcSet(src, { width, height, crop, widths })}
      sizes={widths ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      ref={resizable ? reveal : undefined}
      onLoad={resizable ? (event) => reveal(event.currentTarget) : undefined}
      className={className}
      data-testid={testId}
      style={{ ...placeholder, ...style }}
    />
  );
}
