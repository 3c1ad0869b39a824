import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { Course } from "../../../contract/courses/catalog.ts";
import type { Outline } from "../../../contract/learning/learning.ts";
import { LEARNING_MESSAGES as M } from "../../../contract/learning/learning-texts.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { LazyEnrolModal, usePreloadEnrolModal } from "../courses/enrol-modal-lazy.ts";
import { CourseOutline } from "./course-outline.tsx";
import { CourseSummary } from "./course-summary.tsx";
import { outlineSize } from "./outline-facts.ts";

/**
 * What a lesson the reader may not open shows instead (issue 31): why (sign in, or enrol), the course
 * with Enroll Now (the cards' enrol dialog) and a sign-in link when signed out, and the outline with its
 * free previews. After paying in the dialog the page is loaded again, and the lesson opens.
 */
export function EnrolGate({
  course,
  outline,
  refusal,
  loginHref,
}: {
  course: Course;
  outline: Outline;
  refusal: "signIn" | "enrol";
  loginHref: string;
}) {
  const [enrolling, setEnrolling] = useState(false);
  const revalidator = useRevalidator();
  usePreloadEnrolModal();
  const action = (
    <>
      <Button size="lg" aria-describedby="course-title" data-opens-dialog="" onClick={() => setEnrolling(true)}>
        Enroll Now
      </Button>
      {refusal === "signIn" ? (
        <Link to={loginHref} className={buttonClass("secondary", "lg")}>
          Sign in
        </Link>
      ) : null}
    </>
  );
  return (
    <>
      <p role="status" className="mx-auto max-w-7xl px-4 pt-6 font-semibold text-brand-950 sm:px-6 lg:px-8">
        {refusal === "signIn" ? M.signIn : M.notEnrolled}
      </p>
      <div className="mt-4">
        <CourseSummary course={course} action={action} />
      </div>
      <section aria-labelledby="course-content" className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
        <h2 id="course-content" className="text-2xl font-bold tracking-tight text-brand-950">
          Course content
        </h2>
        <p className="mt-1 mb-5 text-sm text-slate-600">{outlineSize(outline)}</p>
        <CourseOutline courseId={course._id} chapters={outline.chapters} open={outline.enrolled} />
      </section>
      {enrolling ? (
        <LazyEnrolModal
          course={course}
          onClose={() => {
            setEnrolling(false);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </>
  );
}
