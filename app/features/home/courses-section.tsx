import { useRef, useState } from "react";
import { Link } from "react-router";
import type { Course } from "../../../contract/courses/catalog.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { CourseGrid } from "../courses/course-card.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

// spec public-area §9: the first 3 courses are always visible
const ALWAYS_SHOWN = 3;

/**
 * 'Tech Skills Courses' (spec §2 "Home" 4): three courses, the rest behind a View More / Show Less
 * toggle. Without JavaScript the toggle is a link to ?all=1, which the server renders expanded.
 */
export function CoursesSection({
  courses,
  initiallyExpanded,
  onEnroll,
}: {
  courses: Course[];
  initiallyExpanded: boolean;
  onEnroll: (course: Course) => void;
}) {
  const hydrated = useHydrated();
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const sectionRef = useRef<HTMLElement>(null);

  // 'Show Less' removes the rows the reader scrolled past: the page gets shorter and the browser would
  // leave them at the footer. Bring the section's top back into view instead (issue 7 "Smaller fixes").
  const toggle = () => {
    const collapsing = expanded;
    setExpanded(!expanded);
    if (!collapsing) return;
    requestAnimationFrame(() => {
      const section = sectionRef.current;
      if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView({ block: "start" });
    });
  };
  const first = courses.slice(0, ALWAYS_SHOWN);
  const rest = courses.slice(ALWAYS_SHOWN);
  const label = expanded ? "Show Less" : "View More Courses";
  const toggleClass = buttonClass("secondary", "lg");

  return (
    <section ref={sectionRef} id="courses" aria-labelledby="courses-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="courses-title"
          kicker="Learn in-demand skills"
          title="Tech Skills Courses"
          lead="Mentor-led courses with live tutoring, projects and a certificate, priced in naira."
        />
        {courses.length === 0 ? (
          <p className="mt-10 text-center text-slate-600">New courses are on their way. Check back soon.</p>
        ) : (
          <div className="mt-12 space-y-6">
            <CourseGrid courses={first} onEnroll={onEnroll} />
            {/* the rest only once expanded: collapsed, the page carries an empty list (the toggle's
                aria-controls target), not seven hidden cards to parse, lay out and hydrate (decision 047) */}
            {rest.length > 0 && (
              <CourseGrid id="more-courses" courses={expanded ? rest : []} onEnroll={onEnroll} hidden={!expanded} />
            )}
          </div>
        )}
        {rest.length > 0 && (
          <div className="mt-10 text-center">
            {hydrated ? (
              <button
                type="button"
                className={toggleClass}
                aria-expanded={expanded}
                aria-controls="more-courses"
                onClick={toggle}
              >
                {label}
                <Icon name="chevron" className={`size-5 transition-transform ${expanded ? "rotate-180" : ""}`} />
              </button>
            ) : (
              <Link to={expanded ? "/#courses" : "/?all=1#courses"} className={toggleClass}>
                {label}
                <Icon name="chevron" className={`size-5 ${expanded ? "rotate-180" : ""}`} />
              </Link>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
