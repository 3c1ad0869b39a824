// A lesson (issue 31): /learn/{courseId}/{lessonId}. Admins, the course's learners (a paid purchase not
// refunded) and, for a preview, anyone may open it: the learning service decides. Anyone else goes to the
// course's outline with Enroll Now (and a sign-in link back here when signed out: /learn/{courseId}?lesson=),
// not an error page; that page's code (the course, its price, the enrol dialog) is then no part of this
// one's, which stays within the public pages' JavaScript. A draft or unknown lesson, or one of another
// course, is a 404. Per person: never kept by any cache.
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/lesson";
import { LEARNING_MESSAGES as M } from "../../contract/learning/learning-texts.ts";
import { QUIZ_PAGE } from "../../contract/learning/quiz-page-texts.ts";
import { Breadcrumb } from "../components/ui/breadcrumb.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import type { ErrorTexts } from "../components/ui/error-page.tsx";
import { CourseOutline } from "../features/learning/course-outline.tsx";
import {
  courseAndOutline,
  isCourseComplete,
  lessonNotFound,
  NO_STORE,
  openLesson,
  quizAttemptOf,
} from "../features/learning/learning.server.ts";
import { LESSON_INTENTS, LessonView } from "../features/learning/lesson-view.tsx";
import { lessonsOf } from "../features/learning/outline-facts.ts";
import { ProgressBar } from "../features/learning/progress-bar.tsx";
import { go, readAction, runAction } from "../lib/action.server.ts";
import { appContext } from "../lib/context.ts";
import { siteNameOf } from "../lib/meta.ts";

export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: { titles: { 404: M.lessonNotFound }, back: { to: "/courses", label: "See all courses" } },
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const [{ course, outline }, opening] = await Promise.all([
    courseAndOutline(ctx, params.courseId),
    openLesson(ctx, params.lessonId),
  ]);
  const lessons = lessonsOf(outline);
  const at = lessons.findIndex((l) => l._id === params.lessonId);
  // a lesson of another course (an admin's draft is in no outline but theirs to open)
  if (opening.lesson ? opening.lesson.courseId !== course._id : at < 0) throw lessonNotFound();
  if (!opening.lesson) {
    throw redirect(`/learn/${course._id}?lesson=${encodeURIComponent(params.lessonId)}`, { headers: NO_STORE });
  }
  const { lesson } = opening;
  // a learner opening it has started it (once)
  if (ctx.actor && ctx.actor.role !== "admin") await ctx.services.learning.markStarted(ctx.actor, lesson._id);
  const body = lesson.body ? await ctx.services.postBody.render(lesson.body) : "";
  const byId = (id: string | null) => lessons.find((l) => l._id === id) ?? null;
  const neighbours = { previous: byId(lesson.previous), next: byId(lesson.next) };
  // a quiz: signing in leads back here; the course complete says so (its certificate is on /account)
  const quiz =
    lesson.kind === "quiz"
      ? {
          signInHref: `/login?redirectTo=${encodeURIComponent(`/learn/${course._id}/${lesson._id}`)}`,
          courseComplete: isCourseComplete(outline),
        }
      : undefined;
  return data({ course, outline, signedIn: ctx.actor !== null, lesson, body, neighbours, quiz }, { headers: NO_STORE });
}

/**
 * Mark complete (or not done), or a quiz's answers (graded by the service): plain forms, also without
 * JavaScript; back to the lesson with its message (a quiz's at its result), so a reload sends nothing again.
 */
export async function action(args: Route.ActionArgs) {
  const copy = args.request.clone();
  const call = await readAction(args, "user");
  const { courseId, lessonId } = args.params;
  if (call.intent === QUIZ_PAGE.intent) {
    const input = await quizAttemptOf(copy, call.body.fields);
    return runAction(call, {
      intent: QUIZ_PAGE.intent,
      run: () => call.ctx.services.learning.quiz.submit(call.actor, lessonId, input),
      done: (r) =>
        go(
          `/learn/${encodeURIComponent(courseId)}/${encodeURIComponent(lessonId)}#${QUIZ_PAGE.resultId}`,
          QUIZ_PAGE.submitted(r.score, r.passed, r.courseCompleted === true),
        ),
    });
  }
  const completed = call.intent !== LESSON_INTENTS.incomplete;
  return runAction(call, {
    intent: completed ? LESSON_INTENTS.complete : LESSON_INTENTS.incomplete,
    run: () => call.ctx.services.learning.saveProgress(call.actor, args.params.lessonId, { completed }),
    done: () => (completed ? M.markedComplete : M.markedIncomplete),
  });
}

export const headers = () => NO_STORE;

export default function LessonPage({ loaderData, actionData }: Route.ComponentProps) {
  const { course, outline, lesson, body, neighbours, signedIn, quiz } = loaderData;
  const crumbs = [
    { label: "Home", to: "/" },
    { label: "Courses", to: "/courses" },
    { label: course.title, to: `/courses/${course._id}` },
    { label: lesson.title },
  ];
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <Breadcrumb items={crumbs} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-8">
        <LessonView
          lesson={lesson}
          body={body}
          neighbours={neighbours}
          signedIn={signedIn}
          quiz={quiz && { ...quiz, failure: actionData && !actionData.ok ? actionData : undefined }}
        />
        <aside aria-labelledby="course-content" className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          <h2 id="course-content" className="text-lg font-bold text-brand-950">
            Course content
          </h2>
          {outline.progress && outline.enrolled ? (
            <ProgressBar className="mt-3" completed={outline.progress.completed} total={outline.progress.total} />
          ) : null}
          {outline.enrolled ? null : (
            // a free preview: the rest of the course is one enrolment away (the course's page has Enroll Now)
            <Link to={`/courses/${course._id}`} className={buttonClass("primary", "md", "mt-3 w-full")}>
              Enroll to open every lesson
            </Link>
          )}
          <div className="mt-4 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto">
            <CourseOutline
              courseId={course._id}
              chapters={outline.chapters}
              open={outline.enrolled}
              current={lesson._id}
            />
          </div>
        </aside>
      </div>
    </main>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.lesson.title} | ${loaderData.course.title}` : M.lessonNotFound;
  return [{ title: `${title} | ${siteNameOf(matches)}` }, { name: "robots", content: "noindex" }];
}
