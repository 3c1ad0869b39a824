import { useState } from "react";
import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/courses";
import type { Course } from "../../contract/courses/catalog.ts";
import { appContext } from "../lib/context.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { CourseGrid } from "../features/courses/course-card.tsx";
import { LazyEnrolModal, usePreloadEnrolModal } from "../features/courses/enrol-modal-lazy.ts";
import { Breadcrumb } from "../components/ui/breadcrumb.tsx";
import { firstSocialImage } from "../../contract/lib/media-urls.ts";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";

const ALL = "All";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, siteName, publicUrl } = context.get(appContext);
  const [courses, categories] = await Promise.all([services.catalog.listCourses(), services.catalog.listCategories()]);
  return { siteName, origin: publicUrl, courses, categories: categories.map((c) => c.name) };
}

/** The category filter only changes ?category=: the courses already loaded are filtered in place. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { courses, categories } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const [enrolling, setEnrolling] = useState<Course | null>(null);
  usePreloadEnrolModal();
  const hydrated = useHydrated();

  // ?category= keeps the choice in the URL (shareable, and the filter works without JavaScript)
  const active = searchParams.get("category") || ALL;
  const shown = active === ALL ? courses : courses.filter((c) => c.category === active);

  const chip = (selected: boolean) =>
    `inline-flex shrink-0 items-center rounded-full border px-4 py-2 whitespace-nowrap text-sm font-semibold transition-colors ${
      selected
        ? "border-brand-700 bg-brand-700 text-white"
        : "border-slate-300 bg-white text-slate-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800"
    }`;

  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Courses" }]} />
      <section className="bg-gradient-to-br from-brand-800 to-brand-950 py-14 text-white sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">Course catalogue</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">Tech Skills Courses</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-200">
            Coding, graphic design, cybersecurity and video editing, taught live by working professionals. Every course
            is priced in naira and comes with a certificate.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        {/* a phone: one row that scrolls sideways, so many categories do not push the first course off the
            screen; wider screens: rows */}
        <div
          role="group"
          aria-label="Filter courses by category"
          className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:py-0 sm:flex-wrap sm:overflow-visible sm:px-0"
        >
          {[ALL, ...categories].map((name) => {
            const selected = name === active;
            return hydrated ? (
              <button
                key={name}
                type="button"
                aria-pressed={selected}
                className={chip(selected)}
                onClick={() =>
                  setSearchParams(name === ALL ? {} : { category: name }, { replace: true, preventScrollReset: true })
                }
              >
                {name}
              </button>
            ) : (
              <Link
                key={name}
                to={name === ALL ? "/courses" : `/courses?category=${encodeURIComponent(name)}`}
                aria-current={selected ? "true" : undefined}
                className={chip(selected)}
              >
                {name}
              </Link>
            );
          })}
        </div>

        <p role="status" className="mt-6 text-sm text-slate-600">
          {shown.length === 1 ? "1 course" : `${shown.length} courses`}
          {active !== ALL && ` in ${active}`}
        </p>

        <div className="mt-4">
          {/* the cards' titles are h3 (as on the home page, under its courses section): a level between the page's h1 and them */}
          <h2 className="sr-only">Course list</h2>
          {shown.length > 0 ? (
            <CourseGrid courses={shown} onEnroll={setEnrolling} firstOnScreen />
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
              No courses in this category yet.{" "}
              <Link to="/courses" className="font-semibold text-brand-700 underline">
                See all courses
              </Link>
            </p>
          )}
        </div>
      </div>

      {enrolling && <LazyEnrolModal course={enrolling} onClose={() => setEnrolling(null)} />}
    </main>
  );
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const siteName = loaderData?.siteName ?? "";
  const origin = loaderData?.origin ?? "";
  // ?category= is a list of its own (the sitemap lists one per category); an unknown one shows all
  const asked = new URLSearchParams(location.search).get("category");
  const category = asked && loaderData?.categories.includes(asked) ? asked : undefined;
  const courses = (loaderData?.courses ?? []).filter((c) => !category || c.category === category);
  return pageMeta({
    title: `Courses | ${siteName}`,
    description:
      "Browse tech skills courses in coding, graphic design, cybersecurity and video editing. Live tutoring, quizzes and certificates, priced in naira.",
    siteName,
    url: canonicalUrl(origin, "/courses", { category }),
    image: firstSocialImage(
      courses.map((c) => ({ src: c.img, alt: c.title })),
      origin,
    ),
  });
}
