import { Link } from "react-router";
import type { Course } from "../../../contract/courses/catalog.ts";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { DENSE_FULL_WIDTH, MediaImage } from "../../components/ui/media-image.tsx";
import { CoursePrice } from "./course-price.tsx";

// The grid (max-w-7xl) shows 3 cards of about 400px from lg, 2 from sm, one full width below.
const COURSE_IMAGE_WIDTHS = [400, 640, 800, 1200];
const COURSE_IMAGE_SIZES = `(min-width: 1024px) 400px, (min-width: 640px) 50vw, ${DENSE_FULL_WIDTH}, 100vw`;

export function CourseCard({
  course,
  onEnroll,
  priority = false,
}: {
  course: Course;
  onEnroll: (course: Course) => void;
  /** the card is on the first screen: its picture loads at once (MediaImage `priority`) */
  priority?: boolean;
}) {
  const titleId = `course-${course._id}`;
  const page = `/courses/${course._id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg"
    >
      <div className="relative aspect-video bg-brand-100">
        {/* the picture leads to the course's page too; one link for keyboards and screen readers: the title */}
        <Link to={page} tabIndex={-1} aria-hidden="true" className="block size-full">
          <MediaImage
            src={course.img}
            alt=""
            width={400}
            height={225}
            widths={COURSE_IMAGE_WIDTHS}
            sizes={COURSE_IMAGE_SIZES}
            priority={priority}
            className="size-full object-cover"
          />
        </Link>
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm">
          {course.category}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={titleId} className="text-lg leading-snug font-bold wrap-anywhere text-brand-950">
          <Link to={page} className="hover:text-brand-700 hover:underline">
            {course.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm wrap-anywhere text-slate-600">Instructor: {course.instructor}</p>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          {/* issue 29; decision 061: a course without a duration shows no empty "Duration:" */}
          {course.duration.trim() ? (
            <span className="inline-flex items-center gap-1.5">
              <Icon name="clock" className="size-4 text-slate-500" />
              <span className="sr-only">Duration: </span>
              {course.duration}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1" data-testid="course-rating">
            <Icon name="star" className="size-4 text-accent-500" />
            <span className="sr-only">Rating: </span>
            {course.rating.toFixed(1)}
            <span className="sr-only"> out of 5</span>
          </span>
        </div>
        {course.features.length > 0 && (
          <ul className="mt-4 space-y-2 text-sm text-slate-700">
            {course.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Icon name="check" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto pt-5">
          <CoursePrice course={course} />
          <Button
            className="mt-4 w-full"
            aria-describedby={titleId}
            data-opens-dialog=""
            onClick={() => onEnroll(course)}
          >
            Enroll Now
          </Button>
        </div>
      </div>
    </article>
  );
}

export function CourseGrid({
  courses,
  onEnroll,
  id,
  hidden,
  firstOnScreen = false,
}: {
  courses: Course[];
  onEnroll: (course: Course) => void;
  id?: string;
  hidden?: boolean;
  /** the grid starts on the first screen: its first picture is the page's largest paint on a phone */
  firstOnScreen?: boolean;
}) {
  return (
    <ul id={id} hidden={hidden} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course, i) => (
        <li key={course._id}>
          <CourseCard course={course} onEnroll={onEnroll} priority={firstOnScreen && i === 0} />
        </li>
      ))}
    </ul>
  );
}
