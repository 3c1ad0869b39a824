import { useId, useLayoutEffect, useRef, useState } from "react";
import type { ShowcaseEvent } from "../../../contract/showcase/events.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import { EVENT_DATE_MESSAGES, eventHasDate } from "../../../contract/showcase/event-dates.ts";
import { TICKET_TYPES } from "../../../contract/showcase/tickets.ts";
import { formatNaira } from "../../../contract/lib/money.ts";
import { mediaUrl } from "../../../contract/lib/media-urls.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { DENSE_FULL_WIDTH, MediaImage } from "../../components/ui/media-image.tsx";

// The showcase grid shows 3 cards of about 400px from lg, 2 from md, one full width below; the
// photos inside an expanded card sit two to a row (about 200px).
const COVER_WIDTHS = [400, 640, 800, 1200];
const COVER_SIZES = `(min-width: 1024px) 400px, (min-width: 768px) 50vw, ${DENSE_FULL_WIDTH}, 100vw`;
const LOWEST_PRICE = Math.min(...TICKET_TYPES.map((t) => t.price));
/** Before JavaScript a photo is a link to it at the zoom overlay's largest usual size, never the original. */
const PHOTO_LINK_WIDTH = 1200;

function Chevron({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={2}>
      <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** An event's photos, two to a row, each given by `item` (a zoom button, or before JavaScript a link). */
function PhotoList({
  event,
  className = "",
  children: item,
}: {
  event: ShowcaseEvent;
  className?: string;
  children: (photo: string, index: number) => React.ReactNode;
}) {
  return (
    <ul className={`grid grid-cols-2 gap-3 ${className}`} aria-label={`Photos from ${event.name}`}>
      {event.photos.map((photo, i) => (
        <li key={photo}>{item(photo, i)}</li>
      ))}
    </ul>
  );
}

function PhotoThumb({ photo }: { photo: string }) {
  return (
    <MediaImage
      src={photo}
      alt=""
      width={200}
      height={113}
      className="aspect-video w-full bg-slate-100 object-cover transition group-hover:scale-105"
    />
  );
}

/**
 * One showcase event (spec public-area §2 "Showcase"): cover photo, name, time and description. Clicking
 * the card (or its button, by keyboard) expands it to show its photos; a photo opens the zoom overlay.
 * Before JavaScript runs (or without it) the photos are behind a <details>, which opens natively, each
 * a link to the photo (issue 29: without JavaScript /showcase showed none of them); once hydrated, the
 * button and the zoom.
 */
export function EventCard({
  event,
  onZoom,
  onBuy,
}: {
  event: ShowcaseEvent;
  onZoom: (index: number) => void;
  onBuy: () => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const panelId = `${id}-photos`;
  const [expanded, setExpanded] = useState(false);
  const count = event.photos.length;
  const photoLabel = (i: number) => `Open photo ${i + 1} of ${count}: ${event.name}`;
  // photos opened before the page was hydrated stay open when the <details> gives way to the button
  const details = useRef<HTMLDetailsElement>(null);
  useLayoutEffect(() => {
    if (details.current?.open) setExpanded(true);
  }, []);
  // decision 061: no date, no empty "When" and no Buy Ticket (the server refuses the payment too)
  const onSale = eventHasDate(event);
  const when = event.time.trim() || (event.startsAt ? formatLagosDateTime(event.startsAt) : "");

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-lg">
      {/* Once hydrated, the toggle's ::after covers this part of the card, so a click anywhere on it toggles. */}
      <div className="relative">
        <MediaImage
          src={event.coverPhoto}
          alt=""
          width={400}
          height={225}
          widths={COVER_WIDTHS}
          sizes={COVER_SIZES}
          className="aspect-video w-full bg-brand-100 object-cover"
        />
        <div className="p-5 sm:p-6">
          {when ? (
            <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
              >
                <path
                  d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4l3 2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span>
                <span className="sr-only">When: </span>
                {when}
              </span>
            </p>
          ) : null}
          <h3 className={`${when ? "mt-3" : ""} text-xl font-extrabold text-slate-900`}>{event.name}</h3>
          {event.description ? <p className="mt-2 leading-relaxed text-slate-700">{event.description}</p> : null}
          {count > 0 && !hydrated ? (
            <details ref={details} className="group/photos mt-4">
              <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg font-semibold text-brand-700 underline-offset-4 hover:underline [&::-webkit-details-marker]:hidden">
                <span className="group-open/photos:hidden">View photos ({count})</span>
                <span className="hidden group-open/photos:inline">Hide photos</span>
                <Chevron className="h-5 w-5 group-open/photos:rotate-180" />
              </summary>
              <PhotoList event={event} className="mt-3">
                {(photo, i) => (
                  <a
                    href={mediaUrl(photo, { w: PHOTO_LINK_WIDTH })}
                    aria-label={photoLabel(i)}
                    className="group block overflow-hidden rounded-lg ring-1 ring-slate-200"
                  >
                    <PhotoThumb photo={photo} />
                  </a>
                )}
              </PhotoList>
            </details>
          ) : null}
          {count > 0 && hydrated ? (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={() => setExpanded((v) => !v)}
              className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-brand-700 underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:underline"
            >
              {expanded ? "Hide photos" : `View photos (${count})`}
              <Chevron className={`h-5 w-5 transition-transform ${expanded ? "rotate-180" : ""}`} />
            </button>
          ) : null}
        </div>
      </div>

      {count > 0 && hydrated ? (
        <div id={panelId} hidden={!expanded} className="px-5 pb-2 sm:px-6">
          <PhotoList event={event}>
            {(photo, i) => (
              <button
                type="button"
                onClick={() => onZoom(i)}
                aria-label={photoLabel(i)}
                className="group relative block w-full overflow-hidden rounded-lg ring-1 ring-slate-200"
              >
                <PhotoThumb photo={photo} />
                <span
                  aria-hidden="true"
                  className="absolute right-1.5 bottom-1.5 rounded bg-slate-950/75 px-1.5 py-0.5 text-xs font-semibold text-white"
                >
                  Zoom
                </span>
              </button>
            )}
          </PhotoList>
        </div>
      ) : null}

      <div className="mt-auto flex items-center justify-between gap-3 border-t border-slate-100 p-5 sm:px-6">
        {onSale ? (
          <p className="text-sm text-slate-600">Tickets from {formatNaira(LOWEST_PRICE, { decimals: 0 })}</p>
        ) : (
          <p className="text-sm text-slate-600">{EVENT_DATE_MESSAGES.dateToCome}</p>
        )}
        {onSale ? (
          <button
            type="button"
            data-opens-dialog=""
            onClick={onBuy}
            className="relative min-h-11 rounded-lg bg-accent-500 px-5 py-2.5 font-semibold text-slate-950 shadow-sm transition hover:bg-amber-400"
          >
            Buy Ticket<span className="sr-only"> for {event.name}</span>
          </button>
        ) : null}
      </div>
    </article>
  );
}
