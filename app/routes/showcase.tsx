// /showcase (spec public-area §2 "Showcase", "Ticket modal"): event cards that expand to their photos,
// an image zoom overlay, the talents list and the ticket modal.
import { useState } from "react";
import type { Route } from "./+types/showcase";
import type { ShowcaseEvent } from "../../contract/showcase/events.ts";
import { appContext } from "../lib/context.ts";
import { EventCard } from "../features/showcase/event-card.tsx";
import { PhotoZoom, type ZoomState } from "../features/showcase/photo-zoom.tsx";
import { ShowcaseIntro } from "../features/showcase/showcase-intro.tsx";
import { TalentsList } from "../features/showcase/talents-list.tsx";
import { LazyTicketModal, usePreloadTicketModal } from "../features/showcase/ticket-modal-lazy.ts";
import { firstSocialImage } from "../../contract/lib/media-urls.ts";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, siteName, publicUrl } = context.get(appContext);
  const [events, talents] = await Promise.all([services.events.listEvents(), services.events.listTalents()]);
  return { siteName, origin: publicUrl, events, talents };
}

export default function Showcase({ loaderData }: Route.ComponentProps) {
  const { events, talents } = loaderData;
  const [zoom, setZoom] = useState<ZoomState | null>(null);
  const [ticketEvent, setTicketEvent] = useState<ShowcaseEvent | null>(null);
  usePreloadTicketModal();

  return (
    <main id="main">
      <ShowcaseIntro />

      <section aria-labelledby="events-title" className="bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <div className="max-w-2xl">
            <p className="text-sm font-bold uppercase tracking-widest text-brand-700">Upcoming</p>
            <h2 id="events-title" className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
              Events
            </h2>
            <p className="mt-3 text-lg text-slate-600">Open an event to see its photos, then tap a photo to zoom in.</p>
          </div>
          {events.length === 0 ? (
            <p className="mt-10 rounded-2xl bg-slate-50 p-8 text-center text-slate-600">
              No showcase is scheduled right now. Check back soon.
            </p>
          ) : (
            <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {events.map((event) => (
                <li key={event._id} className="h-full">
                  <EventCard
                    event={event}
                    onZoom={(index) => setZoom({ eventName: event.name, photos: event.photos, index })}
                    onBuy={() => setTicketEvent(event)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <TalentsList talents={talents} />

      {zoom ? (
        <PhotoZoom zoom={zoom} onIndex={(index) => setZoom({ ...zoom, index })} onClose={() => setZoom(null)} />
      ) : null}
      {ticketEvent ? <LazyTicketModal event={ticketEvent} onClose={() => setTicketEvent(null)} /> : null}
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const siteName = loaderData?.siteName || "Academy";
  const origin = loaderData?.origin ?? "";
  return pageMeta({
    title: `Talent Showcase | ${siteName}`,
    description:
      "Live, streamed showcases of our learners' apps, designs, security skills and films. Each showcase runs 120 minutes; ticket holders get a streaming link 24 hours before.",
    siteName,
    url: canonicalUrl(origin, "/showcase"),
    // the first event's cover, else its first photo, else a talent's photo
    image: firstSocialImage(
      [
        ...(loaderData?.events ?? []).flatMap((e) => [
          { src: e.coverPhoto, alt: e.name },
          ...e.photos.map((src) => ({ src, alt: e.name })),
        ]),
        ...(loaderData?.talents ?? []).map((t) => ({ src: t.photo, alt: `${t.name}, ${t.role}` })),
      ],
      origin,
    ),
  });
}
