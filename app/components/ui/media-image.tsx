import type { CSSProperties } from "react";
import {
  isImageAddress,
  isResizable,
  mediaSrcSet,
  mediaUrl,
  PLACEHOLDER_TR,
} from "../../../contract/lib/media-urls.ts";
import { saveDataSizes, useSaveData } from "../../lib/save-data.ts";
import { FIRST_SCREEN_TIMING } from "../../lib/first-screen.ts";

// Images under /media are resized on request (issue 8 "Delivery"; docs/images.md): pages ask for the
// size they show, with a srcset for sharper screens, and a tiny blurred copy stays underneath as the
// CSS background until the real image covers it. No JavaScript is needed for any of it. Sizes are
// asked as the server makes them, snapped up to the steps of contract/lib/media.ts (decision 026): every
// URL a page writes names a derivative the server keeps, never one it would make anew.

/**
 * A `sizes` condition for a picture as wide as a phone's screen: dense screens (2.5× and up) are given
 * about twice the density, as the post pictures are (decision 027): a 412 px phone at 2.6× takes an 828
 * copy instead of the 1200 one, about half the bytes for a difference nobody sees (decision 042). Put
 * it just before the last, full-width size: `"(min-width: 640px) 50vw, ${DENSE_FULL_WIDTH}, 100vw"`.
 */
export const DENSE_FULL_WIDTH = "(min-resolution: 2.5dppx) 67vw";

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
  // Save-Data (decision 042): half the width from a srcset with `sizes`, only the 1x copy otherwise
  const saveData = useSaveData();
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
      srcSet={saveData && !widths ? undefined : mediaSrcSet(src, { width, height, crop, widths })}
      sizes={widths && sizes ? (saveData ? saveDataSizes(sizes) : sizes) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      // the page's scripts wait for this picture to be drawn (app/lib/paint-first.server.ts, decision 045)
      {...(priority ? { elementtiming: FIRST_SCREEN_TIMING } : {})}
      decoding={priority ? undefined : "async"}
      ref={resizable ? reveal : undefined}
      onLoad={resizable ? (event) => reveal(event.currentTarget) : undefined}
      className={className}
      data-testid={testId}
      style={{ ...placeholder, ...style }}
    />
  );
}
