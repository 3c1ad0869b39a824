// A list row's picture (issue 29: the carousel, teaser, call-to-action and expert lists showed none):
// a small copy asked at the size it is shown, loaded lazily, named by the item's title.
import { isImageAddress } from "../../../contract/lib/media-urls.ts";
import { MediaImage } from "../ui/media-image.tsx";

export const THUMBNAIL = { width: 64, height: 48 } as const;

export function ListThumbnail({ src, alt }: { src: string; alt: string }) {
  if (!isImageAddress(src)) return <span className="text-xs text-slate-600">No picture</span>;
  return (
    <MediaImage
      src={src}
      alt={alt}
      width={THUMBNAIL.width}
      height={THUMBNAIL.height}
      className="h-12 w-16 max-w-none rounded-md bg-slate-100 object-cover"
    />
  );
}
