import { MediaImage } from "../../components/ui/media-image.tsx";
import { Modal } from "../../components/ui/modal.tsx";

// The zoomed photo fills the dialog (at most max-w-5xl, 1024 px) and keeps its shape (object-contain):
// only a width is asked, never the uploaded original (issue 29).
const ZOOM_WIDTHS = [640, 828, 1200, 1920];
const ZOOM_SIZES = "(min-width: 1024px) 1000px, 100vw";

export interface ZoomState {
  eventName: string;
  photos: string[];
  index: number;
}

/** The image zoom overlay (spec public-area §2 "Showcase"): the large photo, previous/next, close. */
export function PhotoZoom({
  zoom,
  onIndex,
  onClose,
}: {
  zoom: ZoomState;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { photos, index, eventName } = zoom;
  const count = photos.length;
  const src = photos[index];
  const step = (delta: number) => onIndex((index + delta + count) % count);
  const arrowClass =
    "absolute top-1/2 inline-flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-2xl font-bold text-slate-900 shadow-lg transition hover:bg-white";

  return (
    <Modal frame="bare" labelledBy="photo-zoom-title" onClose={onClose} className="max-w-5xl">
      <div
        className="relative rounded-2xl bg-slate-900 p-2 text-white shadow-2xl sm:p-3"
        onKeyDown={(e) => {
          if (count < 2) return;
          if (e.key === "ArrowRight") step(1);
          if (e.key === "ArrowLeft") step(-1);
        }}
        role="presentation"
      >
        <div className="flex items-center justify-between gap-3 px-2 pb-2 sm:px-1">
          <h2 id="photo-zoom-title" className="text-sm font-semibold sm:text-base">
            {eventName}: photo {index + 1} of {count}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-900 transition hover:bg-brand-50"
          >
            <span aria-hidden="true">✕</span> Close
          </button>
        </div>
        <div className="relative">
          {src ? (
            <MediaImage
              key={src}
              src={src}
              alt={`${eventName} (${index + 1} of ${count})`}
              width={1200}
              height={675}
              crop={false}
              widths={ZOOM_WIDTHS}
              sizes={ZOOM_SIZES}
              priority
              className="mx-auto h-auto max-h-[75dvh] w-full rounded-lg bg-slate-800 object-contain"
            />
          ) : null}
          {count > 1 ? (
            <>
              <button
                type="button"
                onClick={() => step(-1)}
                aria-label="Previous photo"
                className={`${arrowClass} left-2`}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <button type="button" onClick={() => step(1)} aria-label="Next photo" className={`${arrowClass} right-2`}>
                <span aria-hidden="true">›</span>
              </button>
            </>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
