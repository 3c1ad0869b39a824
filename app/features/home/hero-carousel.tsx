import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { CarouselSlide } from "../../../contract/content/content.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { MediaImage } from "../../components/ui/media-image.tsx";
import { useSaveData } from "../../lib/save-data.ts";

// spec public-area §9: the carousel advances every 5 seconds; slides are 600px high.
export const CAROUSEL_INTERVAL_MS = 5000;
// A 16:9 image covering a full-width box 600px high is drawn at least 1067px wide (narrow screens
// crop its sides); only the width is asked, the height follows. Below the lg breakpoint a dark layer
// (85 %) covers the picture and a phone shows only its right-hand 412 px or so: `sizes` asks for about
// the visible width at the screen's density there (a 412 px phone at 2.6× takes the 1080 copy, not
// 1920), and the drawn width from lg up. With Save-Data MediaImage halves it (decision 042).
const SLIDE_WIDTHS = [480, 640, 828, 1080, 1440, 1920];
const SLIDE_SIZES = "(min-width: 1067px) 100vw, (max-width: 1023px) 400px, 1067px";

/** The set of shown slides with `slide` in it (the same set when it already was). */
const withSlide = (slide: number) => (seen: ReadonlySet<number>) => (seen.has(slide) ? seen : new Set(seen).add(slide));

/**
 * Full-width hero carousel (spec §2 "Home" 1). Advances cyclically; the dots jump to a slide and
 * restart the 5 seconds. Without JavaScript the first slide shows. A slide's picture is asked for the
 * first time it is shown, never before (only the first is in the page, preloaded by React from its
 * `fetchPriority`). With the request's `Save-Data: on` smaller pictures (MediaImage), and the slides
 * do not advance by themselves: the play button starts them.
 */
export function HeroCarousel({ slides }: { slides: CarouselSlide[] }) {
  const saveData = useSaveData();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(saveData);
  // the slides shown so far: only their pictures are in the page
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));
  const count = slides.length;

  const go = (to: number) => {
    setIndex(to);
    setShown(withSlide(to));
  };

  useEffect(() => {
    if (paused || count < 2) return;
    const next = (index + 1) % count;
    const timer = setTimeout(() => {
      setIndex(next);
      setShown(withSlide(next));
    }, CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, paused, count]);

  if (count === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative h-[600px] overflow-hidden bg-brand-950 text-white"
    >
      {slides.map((slide, i) => {
        const active = i === index;
        return (
          <div
            key={slide._id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            inert={!active}
            data-active={active}
            className={`absolute inset-0 transition-opacity duration-700 ${active ? "opacity-100" : "opacity-0"}`}
          >
            {shown.has(i) && (
              <MediaImage
                src={slide.image}
                alt=""
                width={1200}
                height={675}
                crop={false}
                widths={SLIDE_WIDTHS}
                sizes={SLIDE_SIZES}
                priority={i === 0}
                className="absolute inset-0 size-full object-cover object-right"
              />
            )}
            <div className="absolute inset-0 bg-brand-950/85 lg:bg-transparent lg:bg-gradient-to-r lg:from-brand-950 lg:from-35% lg:via-brand-950/85 lg:via-55% lg:to-brand-950/10" />
            <div className="relative mx-auto flex h-full max-w-7xl items-center px-4 pb-16 sm:px-6 lg:px-8">
              <div className="max-w-2xl">
                <h2 className="text-3xl leading-tight font-extrabold tracking-tight sm:text-5xl">{slide.title}</h2>
                <p className="mt-5 text-lg leading-relaxed text-slate-100 sm:text-xl">{slide.description}</p>
                <Link to="/courses" className={buttonClass("accent", "lg", "mt-8")}>
                  Get Started
                  <Icon name="arrow" />
                </Link>
              </div>
            </div>
          </div>
        );
      })}
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-6 flex items-center justify-center gap-1">
          {slides.map((slide, i) => (
            <button
              key={slide._id}
              type="button"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === index ? "true" : undefined}
              onClick={() => go(i)}
              className="group grid size-8 place-items-center rounded-full"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${
                  i === index ? "w-8 bg-accent-400" : "w-2.5 bg-white/70 group-hover:bg-white"
                }`}
              />
            </button>
          ))}
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? "Play slideshow" : "Pause slideshow"}
            className="ml-2 grid size-8 place-items-center rounded-full bg-white/15 text-white hover:bg-white/25"
          >
            <Icon name={paused ? "play" : "pause"} className="size-4" />
          </button>
        </div>
      )}
    </section>
  );
}
