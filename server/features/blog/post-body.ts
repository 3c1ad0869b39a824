// A post body as the post page shows it (public-area §9 "Images are served by the image-hosting
// service, sized by width and height, lazy loaded with a low-quality placeholder"; issue 15 "Pictures
// and players inside posts"; decision 027). The stored body stays what the writer sent (sanitized);
// when a page shows it, every picture of ours gets what a cover gets from MediaImage: a srcset of
// /media?tr= sizes with `sizes`, its own width and height (read from the file, server/features/blog/
// image-sizes.ts), loading="lazy" and the blurred placeholder as its CSS background (no JavaScript
// needed); every YouTube or Vimeo player becomes a play button that loads the player when pressed.
import { mediaSrcSet, mediaUrl, PLACEHOLDER_TR, isResizable } from "../../../app/components/ui/media-image.tsx";
import { bodyPictures, renderPostPageHtml, type PagePicture } from "../../lib/sanitize.ts";
import type { ImageSize, ImageSizes } from "./image-sizes.ts";

/**
 * The widths a body picture is offered at (never wider than the picture itself). A phone of 375 px
 * takes the 480 one (800 at twice the density); the column on wide screens is at most 49rem.
 */
export const BODY_WIDTHS = [320, 480, 640, 800, 1080, 1440];
/**
 * How wide a body picture is shown at most: the text column (app.css .post-body: 72ch, at most 49rem;
 * the page's padding is 1rem a side on phones).
 */
export const BODY_SIZES = "(min-width: 48rem) 49rem, calc(100vw - 2rem)";
/** The size in `src`, for a browser that knows no srcset. */
const DEFAULT_WIDTH = 800;

/** An uploaded picture's path: /media/uploads/<name> (decision 014). */
const UPLOADED = /^\/media\/uploads\//;

/**
 * The /media path of a picture of ours, or null: a site path under /media, or an absolute URL on the
 * site's own origin (PUBLIC_URL; uploads are answered with absolute URLs as ImageKit does) without a
 * query of its own.
 */
export function ownMediaPath(src: string, publicUrl: string): string | null {
  if (src.startsWith("/")) return isResizable(src) ? src : null;
  let url: URL;
  let site: URL;
  try {
    url = new URL(src);
    site = new URL(publicUrl);
  } catch {
    return null;
  }
  if (url.origin !== site.origin || url.search !== "" || url.hash !== "" || url.username || url.password) return null;
  return isResizable(url.pathname) ? url.pathname : null;
}

/** What the page shows for a picture of ours of the given size (null: not known, shown as it is). */
export function pagePicture(mediaPath: string, size: ImageSize | null): PagePicture {
  if (!size) return { src: mediaPath };
  const { width, height } = size;
  if (!size.resizable) return { src: mediaPath, width, height };
  const widths = [...BODY_WIDTHS.filter((w) => w < width), Math.min(width, BODY_WIDTHS.at(-1)!)];
  return {
    src: mediaUrl(mediaPath, { w: Math.min(DEFAULT_WIDTH, width) }),
    srcset: mediaSrcSet(mediaPath, { width, height, crop: false, widths }),
    sizes: BODY_SIZES,
    width,
    height,
    placeholder: mediaUrl(mediaPath, PLACEHOLDER_TR),
  };
}

/** The uploaded pictures of a (sanitized) body that have no alt text (or only spaces). */
export function uploadedPicturesWithoutAlt(html: string, publicUrl: string): string[] {
  return bodyPictures(html)
    .filter(({ src, alt }) => {
      const own = ownMediaPath(src, publicUrl);
      return own !== null && UPLOADED.test(own) && (alt ?? "").trim() === "";
    })
    .map(({ src }) => src);
}

export function createPostBodyRenderer({ sizes, publicUrl }: { sizes: ImageSizes; publicUrl: string }) {
  return {
    /** The post page's HTML of a body (the body's allow-list applies again on the way). */
    async render(html: string): Promise<string> {
      const paths = bodyPictures(html)
        .map(({ src }) => ownMediaPath(src, publicUrl))
        .filter((p): p is string => p !== null);
      const known = paths.length > 0 ? await sizes.lookupMany(paths) : new Map<string, ImageSize | null>();
      return renderPostPageHtml(html, (src) => {
        const own = ownMediaPath(src, publicUrl);
        // beyond the pictures looked up (maxPerBody), shown lazily as they are
        return own && known.has(own) ? pagePicture(own, known.get(own)!) : null;
      });
    },
  };
}

export type PostBodyRenderer = ReturnType<typeof createPostBodyRenderer>;
