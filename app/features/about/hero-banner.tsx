import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { Hero } from "../../../contract/content/content.ts";
import { classifyVideoUrl } from "../../../contract/lib/video-embed.ts";
import { VideoPlayButton } from "../../components/ui/video-player.tsx";
import { useSaveData } from "../../lib/save-data.ts";

/**
 * The about page's hero (spec public-area §2): a muted looping background video when a video file is set,
 * over a gradient that also stands in for it while it loads, when it fails and when there is none. A
 * YouTube or Vimeo link cannot be a background (a <video> does not play it, and a player would load
 * megabytes before anyone asked): it is a "Watch our video" button that opens the player (decision 030).
 */
export function HeroBanner({ hero }: { hero: Hero }) {
  const saveData = useSaveData();
  const videoRef = useRef<HTMLVideoElement>(null);
  const video = classifyVideoUrl(hero.videoUrl);
  // The request's Save-Data: no background video at all, the gradient stands in (decision 042).
  const background = video?.kind === "file" && !saveData ? video.src : null;

  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    // Motion and mobile data are the visitor's to spend: stop the loop when they ask for less.
    const dataSaver = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
    if (dataSaver || window.matchMedia("(prefers-reduced-motion: reduce)").matches) element.pause();
  }, []);

  const internal = hero.buttonLink.startsWith("/");
  const buttonClass =
    "inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-accent-500 px-6 py-3 text-base font-semibold text-slate-950 shadow-lg shadow-slate-950/20 transition hover:bg-amber-400";
  const secondaryClass =
    "inline-flex min-h-12 items-center rounded-lg px-4 py-3 font-semibold text-white underline-offset-4 ring-1 ring-white/40 transition hover:bg-white/10";

  return (
    <section aria-labelledby="about-hero-title" className="relative isolate overflow-hidden bg-brand-800 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-20 bg-linear-to-br from-brand-800 via-brand-700 to-slate-900"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-20 bg-[radial-gradient(circle_at_85%_15%,rgba(245,158,11,0.35),transparent_45%),radial-gradient(circle_at_10%_90%,rgba(147,197,253,0.25),transparent_40%)]"
      />
      {background ? (
        <video
          ref={videoRef}
          className="absolute inset-0 -z-10 h-full w-full object-cover"
          src={background}
          autoPlay
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          tabIndex={-1}
        />
      ) : null}
      {/* Keeps white text above 4.5:1 whatever the video shows. */}
      <div
        aria-hidden="true"
        className={`absolute inset-0 -z-10 ${background ? "bg-slate-950/60" : "bg-slate-950/10"}`}
      />

      <div className="mx-auto flex min-h-[30rem] max-w-6xl flex-col justify-center px-4 py-20 sm:px-6 md:min-h-[36rem] lg:px-8">
        <p className="mb-4 inline-flex w-fit items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-50 ring-1 ring-white/20">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-accent-500" />
          About us
        </p>
        <h1
          id="about-hero-title"
          className="max-w-3xl text-4xl font-extrabold leading-tight tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {hero.title}
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-brand-50 sm:text-xl">{hero.subtitle}</p>
        <div className="mt-10 flex flex-wrap items-center gap-4">
          {internal ? (
            <Link to={hero.buttonLink} className={buttonClass}>
              {hero.buttonText}
              <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <a href={hero.buttonLink} className={buttonClass}>
              {hero.buttonText}
              <span aria-hidden="true">→</span>
            </a>
          )}
          {video?.kind === "player" ? (
            <VideoPlayButton
              player={video.src}
              page={video.page}
              title={`Video: ${hero.title}`}
              className={`${secondaryClass} gap-3`}
            />
          ) : null}
          <Link to="/contact" className={secondaryClass}>
            Talk to us
          </Link>
        </div>
      </div>
    </section>
  );
}
