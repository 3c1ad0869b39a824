// A post body as the post page shows it (public-area §9 "Images are served by the image-hosting
// service, sized by width and height, lazy loaded with a low-quality placeholder"; issue 15 "Pictures
// and players inside posts"; decision 027). The stored body stays what the writer sent (sanitized);
// when a page shows it, every picture of ours gets what a cover gets from MediaImage: a srcset of
// /media?tr= sizes with `sizes`, its own width and height (read from the file, server/features/blog/
// image-sizes.ts), loading="lazy" and the blurred placeholder as its CSS background (no JavaScript
// needed); every YouTube or Vimeo player becomes a play button that loads the player when pressed.
import { SIZE_STEPS, stepAtMost } from "../../../contract/lib/media.ts";
import { mediaSrcSet, mediaUrl, PLACEHOLDER_TR, isResizable } from "../../../contract/lib/media-urls.ts";
import { ownMediaPath } from "../../integrations/media/own-media.ts";
import { bodyPictures, renderPostPageHtml, type PagePicture } from "../../lib/sanitize.ts";
import type { ImageSize, ImageSizes } from "./image-sizes.ts";

/**
 * The widths a body picture is offered at: the size steps /media makes (contract/lib/media.ts) from a small
 * phone's column to twice the widest column (49rem), and never wider than the picture itself.
 */
export const BODY_WIDTHS = SIZE_STEPS.filter((w) => w >= 384 && w <= 1200);
/**
 * How wide a body picture is shown (the text column, app.css .post-body: 72ch, at most 49rem; the page's
 * padding is 1rem a side on phones), told to the browser so it picks from BODY_WIDTHS. A phone whose
 * screen has 2.5 or more device pixels to the CSS pixel is told two thirds of that: our learners pay for
 * every megabyte, and a picture in a 343 px column is as sharp as anyone sees it at twice the density
 * (a 375 px phone at 3× then takes the 750 copy instead of the 1080 one, about half the bytes).
 */
export const BODY_SIZES =
  "(min-width: 48rem) 49rem, (min-resolution: 2.5dppx) calc((100vw - 2rem) * 0.67), calc(100vw - 2rem)";
/** The width in `src`, for a browser that knows no srcset. */
const DEFAULT_WIDTH = 828;

/** An uploaded picture's path: /media/uploads/<name> (decision 014). */
const UPLOADED = /^\/media\/uploads\//;

/**
 * The /media path of a picture of ours that /media can resize, or null: a site path under /media, or an
 * absolute URL on the site's own origin (PUBLIC_URL; uploads are answered with absolute URLs as
 * ImageKit does) without a query of its own.
 */
export function ownPicturePath(src: string, publicUrl: string): string | null {
  let own: string;
  try {
    own = ownMediaPath(src, publicUrl);
  } catch {
    return null;
  }
  return isResizable(own) ? own : null;
}

/** What the page shows for a picture of ours of the given size (null: not known, shown as it is). */
export function pagePicture(mediaPath: string, size: ImageSize | null): PagePicture {
  if (!size) return { src: mediaPath };
  const { width, height } = size;
  const largest = stepAtMost(width);
  // an SVG, an animation or a picture too large to transform, or one smaller than every step: as it is
  if (!size.resizable || largest === null) return { src: mediaPath, width, height };
  const widths = BODY_WIDTHS.filter((w) => w <= width);
  return {
    src: mediaUrl(mediaPath, { w: Math.min(DEFAULT_WIDTH, largest) }),
    srcset: widths.length > 0 ? mediaSrcSet(mediaPath, { width, height, crop: false, widths }) : undefined,
    sizes: widths.length > 0 ? BODY_SIZES : undefined,
    width,
    height,
    placeholder: mediaUrl(mediaPath, PLACEHOLDER_TR),
  };
}

/** The uploaded pictures of a (sanitized) body that have no alt text (or only spaces). */
export function uploadedPicturesWithoutAlt(html: string, publicUrl: string): string[] {
  return bodyPictures(html)
    .filter(({ src, alt }) => {
      const own = ownPicturePath(src, publicUrl);
      return own !== null && UPLOADED.test(own) && (alt ?? "").trim() === "";
    })
    .map(({ src }) => src);
}

export function createPostBodyRenderer({ sizes, publicUrl }: { sizes: ImageSizes; publicUrl: string }) {
  return {
    /** The post page's HTML of a body (the body's allow-list applies again on the way). */
    async render(html: string): Promise<string> {
      const paths = bodyPictures(html)
        .map(({ src }) => ownPicturePath(src, publicUrl))
        .filter((p): p is string => p !== null);
      const known = paths.length > 0 ? await sizes.lookupMany(paths) : new Map<string, ImageSize | null>();
      return renderPostPageHtml(html, (src) => {
        const own = ownPicturePath(src, publicUrl);
        // beyond the pictures looked up (maxPerBody), shown lazily as they are
        return own && known.has(own) ? pagePicture(own, known.get(own)!) : null;
      });
    },
  };
}

export type PostBodyRenderer = ReturnType<typeof createPostBodyRenderer>;
