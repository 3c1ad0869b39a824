import { useState } from "react";
import type { Route } from "./+types/home";
import type { Course } from "../../contract/courses/catalog.ts";
import { appContext } from "../lib/context.ts";
import { BlogTeaser } from "../features/home/blog-teaser.tsx";
import { CoursesSection } from "../features/home/courses-section.tsx";
import { FaqAccordion } from "../features/home/faq-accordion.tsx";
import { HeroCarousel } from "../features/home/hero-carousel.tsx";
import { HowItWorks } from "../features/home/how-it-works.tsx";
import { InstructorCta } from "../features/home/instructor-cta.tsx";
import { NewsletterPopup } from "../features/home/newsletter-popup.tsx";
import { LazyEnrolModal, usePreloadEnrolModal } from "../features/courses/enrol-modal-lazy.ts";
import { Breadcrumb } from "../components/ui/breadcrumb.tsx";
import { firstSocialImage } from "../../contract/lib/media-urls.ts";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";

/** spec public-area §8: loading failures of these lists are logged only; the section is left out. */
async function orEmpty<T>(what: string, list: Promise<T[]>): Promise<T[]> {
  try {
    return await list;
  } catch (error) {
    console.error(`home: loading ${what} failed`, error);
    return [];
  }
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, siteName, publicUrl } = context.get(appContext);
  const [slides, courses, teasers, ctas, faqs] = await Promise.all([
    orEmpty("carousel", services.resources.carousel.list()),
    orEmpty("courses", services.catalog.listCourses()),
    orEmpty("blog teasers", services.resources.blogTeasers.list()),
    orEmpty("instructor calls to action", services.resources.instructorCTAs.list()),
    orEmpty("FAQs", services.resources.faqs.list()),
  ]);
  // ?all=1: the courses list expanded, for the View More link that works without JavaScript
  const showAllCourses = new URL(request.url).searchParams.get("all") === "1";
  return { siteName, origin: publicUrl, slides, courses, teasers, ctas, faqs, showAllCourses };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { siteName, slides, courses, teasers, ctas, faqs, showAllCourses } = loaderData;
  const [enrolling, setEnrolling] = useState<Course | null>(null);
  usePreloadEnrolModal();

  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Introduction" }]} />
      <HeroCarousel slides={slides} />

      <section aria-labelledby="welcome-title" className="py-16 text-center sm:py-20">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <h1 id="welcome-title" className="text-4xl font-extrabold tracking-tight text-brand-950 sm:text-5xl">
            Welcome to <span className="text-brand-700">{siteName}</span>
          </h1>
          <p className="mt-5 text-xl leading-relaxed text-slate-600">
            Explore tech skill courses for Africa&apos;s brightest minds.
          </p>
        </div>
      </section>

      <HowItWorks siteName={siteName} />
      <CoursesSection
        key={String(showAllCourses)}
        courses={courses}
        initiallyExpanded={showAllCourses}
        onEnroll={setEnrolling}
      />
      {teasers.map((teaser) => (
        <BlogTeaser key={teaser._id} teaser={teaser} />
      ))}
      {ctas.map((cta) => (
        <InstructorCta key={cta._id} cta={cta} />
      ))}
      <FaqAccordion faqs={faqs} />

      {enrolling && <LazyEnrolModal course={enrolling} onClose={() => setEnrolling(null)} />}
      <NewsletterPopup />
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const siteName = loaderData?.siteName ?? "";
  const origin = loaderData?.origin ?? "";
  return pageMeta({
    title: `${siteName} | Tech skills courses for Africa`,
    description:
      "Learn coding, graphic design, cybersecurity and video editing with live tutors, quizzes and a certificate. Courses priced in naira, built for learners across Africa.",
    siteName,
    // ?all=1 only expands the course list: the same page
    url: canonicalUrl(origin, "/"),
    // the first slide of the carousel, then the first course's picture
    image: firstSocialImage(
      [
        ...(loaderData?.slides ?? []).map((s) => ({ src: s.image, alt: s.title })),
        ...(loaderData?.courses ?? []).map((c) => ({ src: c.img, alt: c.title })),
      ],
      origin,
    ),
  });
}
