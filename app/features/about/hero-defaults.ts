// The about page's hero banner with its fallback defaults (spec public-area §2 "Hero banner ...
// client-side fallback defaults exist"; decision 005). Runs in the loader, so the page HTML already
// carries the final text.
import type { Hero } from "../../../contract/content/content.ts";
import { classifyVideoUrl } from "../../../contract/lib/video-embed.ts";

export const HERO_DEFAULTS: Hero = {
  videoUrl: "",
  title: "Learn the tech skills Africa is hiring for",
  subtitle:
    "Live, mentor-led courses in coding, graphic design, cybersecurity and video editing, built for learners across Africa on any device and any data plan.",
  buttonText: "Explore Courses",
  buttonLink: "/courses",
};

/** A same-site path (not protocol-relative), a fragment, or an http(s)/mailto URL: never javascript:. */
function isSafeLink(link: string): boolean {
  if (link.startsWith("#")) return true;
  if (link.startsWith("/")) return !link.startsWith("//");
  return /^(https?:\/\/|mailto:)/i.test(link);
}

/** The hero to show: each blank or unsafe field falls back to its default, field by field. */
export function resolveHero(hero: Hero | null): Hero {
  const pick = (value: string | undefined, fallback: string) => (value && value.trim() ? value.trim() : fallback);
  const buttonLink = pick(hero?.buttonLink, HERO_DEFAULTS.buttonLink);
  const videoUrl = pick(hero?.videoUrl, "");
  return {
    title: pick(hero?.title, HERO_DEFAULTS.title),
    subtitle: pick(hero?.subtitle, HERO_DEFAULTS.subtitle),
    buttonText: pick(hero?.buttonText, HERO_DEFAULTS.buttonText),
    buttonLink: isSafeLink(buttonLink) ? buttonLink : HERO_DEFAULTS.buttonLink,
    // a video file or a YouTube/Vimeo link; anything else (a picture, another site) is no video (decision 030)
    videoUrl: classifyVideoUrl(videoUrl) ? videoUrl : HERO_DEFAULTS.videoUrl,
  };
}
