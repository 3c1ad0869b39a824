// /learn/{courseId} (issue 31): a learner (or an admin) goes on to the lesson to continue, the first not
// completed (or the one asked for, ?lesson=); anyone else gets the outline with Enroll Now (and a sign-in
// link when signed out, back to the lesson asked for). A lesson the reader may not open sends here.
import { data, redirect } from "react-router";
import type { Route } from "./+types/learn";
import { Breadcrumb } from "../components/ui/breadcrumb.tsx";
import type { ErrorTexts } from "../components/ui/error-page.tsx";
import { lessonPath } from "../features/learning/course-outline.tsx";
import { EnrolGate } from "../features/learning/enrol-gate.tsx";
import { courseAndOutline, NO_STORE } from "../features/learning/learning.server.ts";
import { lessonsOf, nextLessonOf } from "../features/learning/outline-facts.ts";
import { appContext } from "../lib/context.ts";
import { loginUrl } from "../lib/guards.server.ts";
import { siteNameOf } from "../lib/meta.ts";

export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: { titles: { 404: "Course not found" }, back: { to: "/courses", label: "See all courses" } },
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { course, outline } = await courseAndOutline(ctx, params.courseId);
  const asked = new URL(request.url).searchParams.get("lesson");
  const lesson = lessonsOf(outline).find((l) => l._id === asked)?._id ?? null;
  const next = lesson ?? nextLessonOf(outline);
  // (a course without lessons yet: its page says so)
  if (outline.enrolled)
    throw redirect(next ? lessonPath(course._id, next) : `/courses/${course._id}`, { headers: NO_STORE });
  const refusal: "signIn" | "enrol" = ctx.actor ? "enrol" : "signIn";
  const loginHref = lesson
    ? `/login?redirectTo=${encodeURIComponent(lessonPath(course._id, lesson))}`
    : loginUrl(request);
  return data({ course, outline, refusal, loginHref }, { headers: NO_STORE });
}

export const headers = () => NO_STORE;

export default function Learn({ loaderData }: Route.ComponentProps) {
  const { course } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          { label: "Courses", to: "/courses" },
          { label: course.title, to: `/courses/${course._id}` },
          { label: "Learn" },
        ]}
      />
      <EnrolGate {...loaderData} />
    </main>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.course.title}: lessons` : "Course not found";
  return [{ title: `${title} | ${siteNameOf(matches)}` }, { name: "robots", content: "noindex" }];
}
