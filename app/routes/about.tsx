// /about (spec public-area §2 "Home/about page content"): hero banner, mission and vision, journey,
// features, animated counters, certification, experts carousel and values.
import type { Route } from "./+types/about";
import { appContext } from "../lib/context.ts";
import { Certification } from "../features/about/certification.tsx";
import { ExpertsCarousel } from "../features/about/experts-carousel.tsx";
import { Features } from "../features/about/features.tsx";
import { HeroBanner } from "../features/about/hero-banner.tsx";
import { resolveHero } from "../features/about/hero-defaults.ts";
import { firstSocialImage } from "../../contract/lib/media-urls.ts";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";
import { Journey } from "../features/about/journey.tsx";
import { MissionVision } from "../features/about/mission-vision.tsx";
import { StatsCounters } from "../features/about/stats-counters.tsx";
import { Values } from "../features/about/values.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, siteName, publicUrl } = context.get(appContext);
  const [hero, experts] = await Promise.all([services.content.getHero(), services.resources.experts.list()]);
  // No hero saved (or blank fields): the page's defaults (decision 005).
  return { hero: resolveHero(hero), experts, siteName, origin: publicUrl };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { hero, experts, siteName } = loaderData;
  return (
    <main id="main">
      <HeroBanner hero={hero} />
      <MissionVision />
      <Journey />
      <Features />
      <StatsCounters />
      <Certification siteName={siteName} />
      <ExpertsCarousel experts={experts} />
      <Values />
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const siteName = loaderData?.siteName || "Academy";
  const origin = loaderData?.origin ?? "";
  return pageMeta({
    title: `About us | ${siteName}`,
    description: `${siteName} teaches coding, graphic design, cybersecurity and video editing to learners across Africa: our mission, our journey, our experts and the values we teach by.`,
    siteName,
    url: canonicalUrl(origin, "/about"),
    // the first expert's photo
    image: firstSocialImage(
      (loaderData?.experts ?? []).map((e) => ({ src: e.img, alt: `${e.name}, ${e.role}` })),
      origin,
    ),
  });
}
