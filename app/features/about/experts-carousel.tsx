import { useRef, useState } from "react";
import type { Expert } from "../../../contract/content/content.ts";
import { Icon } from "./icons.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { MediaImage } from "../../components/ui/media-image.tsx";

/**
 * The experts carousel (spec public-area §2): one expert per view, previous/next wrap around from the
 * last to the first and back. The track is a scroll-snap strip, so it also swipes on phones and scrolls
 * without JavaScript.
 */
export function ExpertsCarousel({ experts }: { experts: Expert[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const count = experts.length;

  // The slide a button asked for, while the track scrolls there (a click may interrupt a scroll).
  const target = useRef<{ index: number; retries: number } | null>(null);

  const scrollToSlide = (i: number) => {
    const track = trackRef.current;
    const slide = track?.children[i] as HTMLElement | undefined;
    if (!track || !slide) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    track.scrollTo({ left: slide.offsetLeft, behavior: reduced ? "auto" : "smooth" });
  };

  const go = (next: number) => {
    const i = ((next % count) + count) % count;
    setIndex(i);
    target.current = { index: i, retries: 2 };
    scrollToSlide(i);
  };

  // When scrolling settles, the slide in view is the current one: after a swipe, or once a button's
  // scroll has arrived (an interrupted one is sent on again).
  const syncFromScroll = () => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const inView = Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth)));
    const pending = target.current;
    if (pending && inView !== pending.index && pending.retries > 0) {
      pending.retries -= 1;
      scrollToSlide(pending.index);
      return;
    }
    target.current = null;
    setIndex(inView);
  };

  const current = experts[index];

  return (
    <section aria-labelledby="experts-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="experts-title"
          kicker="Meet the team"
          title="Learn from experts who do the work"
          lead="Our instructors and mentors build products, brands, defences and films for a living, and teach what they use every day."
        />

        {count === 0 ? (
          <p className="mt-12 text-center text-slate-600">Our experts will be introduced here soon.</p>
        ) : (
          <div aria-roledescription="carousel" aria-label="Our experts" className="mt-12" role="region">
            <div
              ref={trackRef}
              // Scrollable, so it must be reachable by keyboard (the arrow keys scroll it).
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
              aria-label="Experts, one at a time"
              role="group"
              onScrollEnd={syncFromScroll}
              className="relative flex snap-x snap-mandatory overflow-x-auto scroll-smooth rounded-3xl bg-slate-50 ring-1 ring-slate-200 [scrollbar-width:none] motion-reduce:scroll-auto"
            >
              {experts.map((e, i) => (
                <div
                  key={e._id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${count}`}
                  data-testid="expert-slide"
                  className="w-full shrink-0 snap-start"
                >
                  <article className="flex flex-col items-center gap-6 p-6 text-center sm:flex-row sm:items-center sm:gap-10 sm:p-10 sm:text-left">
                    <MediaImage
                      src={e.img}
                      alt={`Portrait of ${e.name}`}
                      width={224}
                      height={224}
                      className="h-40 w-40 shrink-0 rounded-full bg-brand-100 object-cover shadow-lg ring-4 ring-white sm:h-56 sm:w-56"
                    />
                    <div>
                      <h3 className="text-2xl font-extrabold text-slate-900">{e.name}</h3>
                      <p className="mt-1 font-semibold text-brand-700">{e.role}</p>
                      <p className="mt-4 text-lg leading-relaxed text-slate-700">{e.expertise}</p>
                    </div>
                  </article>
                </div>
              ))}
            </div>

            {count > 1 ? (
              <div className="mt-6 flex items-center justify-between gap-4">
                <button
                  type="button"
                  onClick={() => go(index - 1)}
                  aria-label="Previous expert"
                  className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white shadow transition hover:bg-brand-800"
                >
                  <Icon name="arrowLeft" />
                </button>

                <p aria-hidden="true" className="font-semibold text-slate-700 tabular-nums sm:hidden">
                  {index + 1} / {count}
                </p>
                <div className="hidden flex-wrap items-center justify-center gap-1 sm:flex">
                  {experts.map((e, i) => (
                    <button
                      key={e._id}
                      type="button"
                      onClick={() => go(i)}
                      aria-label={`Show ${e.name}`}
                      aria-current={i === index ? "true" : undefined}
                      className="group flex h-11 w-11 items-center justify-center rounded-full"
                    >
                      <span
                        aria-hidden="true"
                        className={`block rounded-full transition-all ${i === index ? "h-3 w-8 bg-brand-700" : "h-3 w-3 bg-slate-400 group-hover:bg-slate-500"}`}
                      />
                    </button>
                  ))}
                </div>

                <button
                  type="button"
                  onClick={() => go(index + 1)}
                  aria-label="Next expert"
                  className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white shadow transition hover:bg-brand-800"
                >
                  <Icon name="arrowRight" />
                </button>
              </div>
            ) : null}
            <p
              aria-live="polite"
              data-testid="expert-status"
              className="sr-only sm:not-sr-only sm:mt-3 sm:block sm:text-center sm:text-sm sm:text-slate-600"
            >
              Expert {index + 1} of {count}
              {current ? `: ${current.name}` : ""}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
