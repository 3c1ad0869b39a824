// /admin/course/{id}/content, a course's chapters and lessons (issue 31) on the kit: the chapter and lesson
// forms (DeclaredForm), the chapters with their lessons (NestedList: Up/Down, publish, edit, delete after
// its question), each lesson's video and materials (uploads with their progress). While a video is being
// converted the page reads itself again every few seconds (without JavaScript: a Refresh link).
// Declared in contract/learning/content-screen.ts; loader and action: app/features/learning/authoring.server.ts.
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/course-content";
import { CHAPTER_FORM, CONTENT_TEXTS, COURSE_OUTLINE, LESSON_FORM } from "../../../contract/learning/content-screen.ts";
import { LEARNING_MESSAGES } from "../../../contract/learning/learning.ts";
import { courseContentAction, loadCourseContent } from "../../features/learning/authoring.server.ts";
import { LessonFiles } from "../../features/learning/lesson-files.tsx";
import { RichTextField } from "../../features/blog/rich-text-field.tsx";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DeclaredForm } from "../../components/admin/declared-form.tsx";
import { NestedList } from "../../components/admin/nested-list.tsx";
import { FlashNotice } from "../../components/ui/flash-message.tsx";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { useRevalidateWhile } from "../../lib/use-revalidate-while.ts";

export const loader = (args: Route.LoaderArgs) => loadCourseContent(args);
export const action = (args: Route.ActionArgs) => courseContentAction(args);

export default function CourseContent({ loaderData, actionData }: Route.ComponentProps) {
  const { content, editingChapter, editingLesson, addTo, transcoding } = loaderData;
  const { pathname, search } = useLocation();
  useRevalidateWhile(transcoding);
  const chapters = content.chapters.map((c) => ({ value: c._id, label: c.title }));
  return (
    <>
      <AdminPageHeader title={CONTENT_TEXTS.title(content.course.title)} lead={CONTENT_TEXTS.lead}>
        <Link
          to={`/admin/course/${content.course._id}`}
          className={buttonClass("ghost", "md", "border border-slate-300")}
        >
          {CONTENT_TEXTS.back}
        </Link>
      </AdminPageHeader>
      <div className="mt-6 grid gap-10 xl:grid-cols-2">
        <section id="chapter-form" aria-labelledby="chapter-form-title" className="scroll-mt-20">
          <FlashNotice at="chapter-form" />
          <DeclaredForm spec={CHAPTER_FORM} editing={editingChapter} actionData={actionData} />
        </section>
        <section id="lesson-form" aria-labelledby="lesson-form-title" className="scroll-mt-20">
          <FlashNotice at="lesson-form" />
          <DeclaredForm
            spec={LESSON_FORM}
            options={{ chapterId: chapters }}
            editing={editingLesson}
            defaults={{ chapterId: addTo, kind: "text" }}
            RichText={RichTextField}
            actionData={actionData}
          />
        </section>
      </div>
      <NestedList
        spec={COURSE_OUTLINE}
        groups={content.chapters}
        actionData={actionData}
        answers={["material.delete"]}
        before={
          transcoding ? (
            <p role="status" className="mt-2 text-sm text-slate-700">
              {CONTENT_TEXTS.transcoding}{" "}
              <Link to={`${pathname}${search}`} className="font-medium text-brand-700 underline">
                {CONTENT_TEXTS.refresh}
              </Link>
            </p>
          ) : null
        }
        itemExtra={(lesson) => <LessonFiles lesson={lesson} answer={actionData} />}
      />
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? CONTENT_TEXTS.title(loaderData.content.course.title) : "Course content";
  return adminMeta(title, matches[0]?.loaderData?.siteName);
}

export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: {
    titles: { 404: LEARNING_MESSAGES.courseNotFound },
    back: { to: "/pmtalsLink/admin", label: "Back to courses" },
  },
};
