import type { ReactNode } from "react";
import type { Course } from "../../../contract/courses/catalog.ts";
import { Icon } from "../../components/ui/icons.tsx";
import { DENSE_FULL_WIDTH, MediaImage } from "../../components/ui/media-image.tsx";
import { CoursePrice } from "../courses/course-price.tsx";

// The picture is the page's largest paint on a phone (full width), beside the title from lg (about 560px).
const WIDTHS = [400, 640, 800, 1200];
const SIZES = `(min-width: 1024px) 560px, ${DENSE_FULL_WIDTH}, 100vw`;

/**
 * A course as its page opens (issue 31): picture, title, instructor, length, rating, price (the
 * discount as the cards show it) and what it includes, with the page's own action (Enroll Now, or
 * Continue for a learner).
 */
export function CourseSummary({
  course,
  action,
  titleId = "course-title",
}: {
  course: Course;
  action: ReactNode;
  titleId?: string;
}) {
  return (
    <section aria-labelledby={titleId} className="bg-gradient-to-br from-brand-800 to-brand-950 text-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_560px] lg:items-center lg:px-8">
        <div className="min-w-0 lg:order-2">
          <div className="aspect-video overflow-hidden rounded-2xl bg-brand-100 shadow-lg">
            <MediaImage
              src={course.img}
              alt=""
              width={560}
              height={315}
              widths={WIDTHS}
              sizes={SIZES}
              priority
              className="size-full object-cover"
            />
          </div>
        </div>
        <div className="min-w-0 lg:order-1">
          <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">{course.category}</p>
          <h1 id={titleId} className="mt-2 text-3xl font-extrabold tracking-tight wrap-anywhere sm:text-4xl">
            {course.title}
          </h1>
          <p className="mt-3 text-slate-200">Instructor: {course.instructor}</p>
          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-slate-100">
            {course.duration.trim() ? (
              <span className="inline-flex items-center gap-1.5">
                <Icon name="clock" className="size-4" />
                <span className="sr-only">Duration: </span>
                {course.duration}
              </span>
            ) : null}
            <span className="inline-flex items-center gap-1" data-testid="course-rating">
              <Icon name="star" className="size-4 text-accent-300" />
              <span className="sr-only">Rating: </span>
              {course.rating.toFixed(1)}
              <span className="sr-only"> out of 5</span>
            </span>
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-4 rounded-2xl bg-white p-5 text-slate-900 shadow">
            <CoursePrice course={course} size="lg" />
            <div className="flex flex-wrap gap-3">{action}</div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** What the course includes (its features), as the cards list them. */
export function CourseFeatures({ features }: { features: string[] }) {
  if (features.length === 0) return null;
  return (
    <section aria-labelledby="course-features">
      <h2 id="course-features" className="text-2xl font-bold tracking-tight text-brand-950">
        What you get
      </h2>
      <ul className="mt-4 grid gap-2 text-slate-800 sm:grid-cols-2">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Icon name="check" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
