// A course's own page (issue 31), linked from every course card: what the course is, its price and
// Enroll Now (the cards' enrol dialog), and its outline with the free previews. Server-rendered and
// readable without JavaScript; kept by the page cache for anonymous visitors (the "courses" scope).
import { useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/course";
import { socialImage } from "../../contract/lib/media-urls.ts";
import { Breadcrumb } from "../components/ui/breadcrumb.tsx";
import { Button, buttonClass } from "../components/ui/button.tsx";
import type { ErrorTexts } from "../components/ui/error-page.tsx";
import { LazyEnrolModal, usePreloadEnrolModal } from "../features/courses/enrol-modal-lazy.ts";
import { CourseOutline, lessonPath } from "../features/learning/course-outline.tsx";
import { CourseFeatures, CourseSummary } from "../features/learning/course-summary.tsx";
import { nextLessonOf, outlineSize } from "../features/learning/outline-facts.ts";
import { ProgressBar } from "../features/learning/progress-bar.tsx";
import { appContext } from "../lib/context.ts";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";

export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: { titles: { 404: "Course not found" }, back: { to: "/courses", label: "See all courses" } },
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, siteName, publicUrl, actor } = context.get(appContext);
  // an unknown course is the error page's 404
  const [course, outline] = await Promise.all([
    services.catalog.getCourse(params.id),
    services.learning.outline(actor, params.id),
  ]);
  const page = { siteName, origin: publicUrl, course, outline, signedIn: actor !== null };
  // a learner's page shows their progress: never kept by a shared cache
  return actor ? data(page, { headers: { "Cache-Control": "private, no-store" } }) : page;
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : {};
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, outline } = loaderData;
  const [enrolling, setEnrolling] = useState(false);
  const revalidator = useRevalidator();
  usePreloadEnrolModal();
  const next = nextLessonOf(outline);
  const action =
    outline.enrolled && next ? (
      <Link to={lessonPath(course._id, next)} className={buttonClass("primary", "lg")}>
        {outline.progress?.completed ? "Continue learning" : "Start learning"}
      </Link>
    ) : (
      <Button size="lg" aria-describedby="course-title" data-opens-dialog="" onClick={() => setEnrolling(true)}>
        Enroll Now
      </Button>
    );

  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Courses", to: "/courses" }, { label: course.title }]} />
      <CourseSummary course={course} action={action} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-10 sm:px-6 lg:grid-cols-[2fr_1fr] lg:px-8">
        <section aria-labelledby="course-content" className="min-w-0">
          <h2 id="course-content" className="text-2xl font-bold tracking-tight text-brand-950">
            Course content
          </h2>
          <p className="mt-1 mb-5 text-sm text-slate-600">{outlineSize(outline)}</p>
          {outline.enrolled && outline.progress ? (
            <ProgressBar className="mb-6" completed={outline.progress.completed} total={outline.progress.total} />
          ) : null}
          <CourseOutline courseId={course._id} chapters={outline.chapters} open={outline.enrolled} />
        </section>
        <CourseFeatures features={course.features} />
      </div>
      {enrolling ? (
        <LazyEnrolModal
          course={course}
          onClose={() => {
            setEnrolling(false);
            // paid: the learner's page now (Start learning, the outline open)
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Course not found" }];
  const { course, siteName, origin } = loaderData;
  const features = course.features.slice(0, 3).join(", ");
  return pageMeta({
    title: `${course.title} | ${siteName}`,
    socialTitle: course.title,
    description: `${course.title} with ${course.instructor}: a ${course.category} course${features ? ` (${features})` : ""}, priced in naira.`,
    siteName,
    url: canonicalUrl(origin, `/courses/${course._id}`),
    image: socialImage(course.img, `Picture of the course “${course.title}”`, origin),
  });
}
