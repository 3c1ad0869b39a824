import type { CSSProperties } from "react";

// Images under /media are resized on request (issue 8 "Delivery"; README "Images"): pages ask for the
// size they show, with a srcset for sharper screens, and a tiny blurred copy stays underneath as the
// CSS background until the real image covers it. No JavaScript is needed for any of it.

/** Largest width or height the server makes (server/integrations/media/image-transform.ts). */
const MAX_DIMENSION = 2000;
/** The placeholder: 24 pixels wide, low quality, blurred (a few hundred bytes). */
export const PLACEHOLDER_TR = "w-24,q-20,bl-10";

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

/**
 * `src` asked at the given size. Uploads have unique names that are never reused (decision 014), so
 * their URLs get `v=1` and are cached as immutable; other images are cached for a day.
 */
export function mediaUrl(src: string, tr: Resize | string): string {
  if (!isResizable(src)) return src;
  let value = tr;
  if (typeof tr !== "string") {
    const scale = tr.w > MAX_DIMENSION ? MAX_DIMENSION / tr.w : 1;
    value = `w-${Math.round(tr.w * scale)}`;
    if (tr.h !== undefined) value += `,h-${Math.round(tr.h * scale)}`;
  }
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
 * The `srcset`: with `widths`, one candidate per width (`600w`), heights in proportion when `crop`;
 * without, the shown size at 1x and 2x.
 */
export function mediaSrcSet(
  src: string,
  { width, height, crop = true, widths }: { width: number; height: number; crop?: boolean; widths?: number[] },
): string | undefined {
  if (!isResizable(src)) return undefined;
  const size = (w: number): Resize => (crop ? { w, h: Math.round((w * height) / width) } : { w });
  if (widths) {
    const unique = [...new Set(widths.map((w) => Math.min(Math.round(w), MAX_DIMENSION)))].sort((a, b) => a - b);
    return unique.map((w) => `${mediaUrl(src, size(w))} ${w}w`).join(", ");
  }
  const double = Math.min(width * 2, MAX_DIMENSION);
  return `${mediaUrl(src, size(width))} 1x, ${mediaUrl(src, size(double))} 2x`;
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
