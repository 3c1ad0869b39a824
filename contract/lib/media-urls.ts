// The addresses of /media pictures, as the pages and the server write them (docs/images.md; decisions
// 026, 027, 028): resized copies snapped to the steps of ./media.ts, their srcset, the blurred
// placeholder, absolute addresses for social sites and feeds. No React and no server code: the pages
// (app/components/ui/media-image.tsx, app/lib/meta.ts), the post page's body pictures
// (server/features/blog/post-body.ts) and the feeds (server/http/feeds.ts) share these.
import { MAX_DIMENSION, snapBox } from "./media.ts";

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

/** The size the server makes for `size` (snapped and capped, contract/lib/media.ts snapBox). */
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

// ---------------------------------------------------------------------------------------------------
// Link previews (issue 15): the picture social sites and feed readers fetch. Decision 028.

/**
 * The card picture: 1200×630 (the size Facebook and WhatsApp show large, 1.91:1), cropped from the
 * centre, as JPEG (what every link-preview client reads; WebP is not). An explicit `f-jpg`, so that the
 * declared type is what /media serves for the URL; the RSS enclosure uses the same derivative.
 */
export const SOCIAL_IMAGE = { tr: "w-1200,h-630,f-jpg", width: 1200, height: 630, type: "image/jpeg" } as const;

export interface SocialImage {
  /** absolute http(s) address */
  url: string;
  alt: string;
  /** known only for our own /media pictures (then the large card) */
  type?: string;
  width?: number;
  height?: number;
}

/**
 * The card picture of `src`: one of our /media pictures as the 1200×630 JPEG, an outside http(s) picture
 * as it is (its type and size unknown, so no large card); null for no picture or not a picture address.
 */
export function socialImage(src: string | null | undefined, alt: string, origin: string): SocialImage | null {
  // (a "." or ".." segment would name another file once the URL is resolved)
  if (!src || !isImageAddress(src) || /\/\.{1,2}(\/|$)/.test(src)) return null;
  if (isResizable(src)) {
    const url = absoluteMediaUrl(src, SOCIAL_IMAGE.tr, origin);
    if (!url) return null;
    return { url, alt, type: SOCIAL_IMAGE.type, width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height };
  }
  return /^https?:\/\//i.test(src) ? { url: src, alt } : null;
}

/** The first of `sources` that makes a card picture (pages offer their pictures in order of preference). */
export function firstSocialImage(
  sources: ReadonlyArray<{ src: string | null | undefined; alt: string }>,
  origin: string,
): SocialImage | null {
  for (const { src, alt } of sources) {
    const image = socialImage(src, alt, origin);
    if (image) return image;
  }
  return null;
}
