// /admin/course/{id}/content, a course's chapters and lessons (issue 31) on the kit: the chapter and lesson
// forms (DeclaredForm; the body in the site's rich editor), the chapters with their lessons (NestedList,
// reading itself again while a video is converted) and each lesson's files (LessonFiles). Declared in
// contract/learning/content-screen.ts; loader and action: app/features/learning/authoring.server.ts.
import { Link } from "react-router";
import type { Route } from "./+types/course-content";
import { CHAPTER_FORM, CONTENT_TEXTS, COURSE_OUTLINE, LESSON_FORM } from "../../../contract/learning/content-screen.ts";
import { LEARNING_MESSAGES } from "../../../contract/learning/learning.ts";
import { courseContentAction, loadCourseContent } from "../../features/learning/authoring.server.ts";
import { LessonFiles } from "../../features/learning/lesson-files.tsx";
import { RichTextField } from "../../features/blog/rich-text-field.tsx";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DeclaredForm } from "../../components/admin/declared-form.tsx";
import { NestedList } from "../../components/admin/nested-list.tsx";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";
import { buttonClass } from "../../components/ui/button.tsx";

export const loader = (args: Route.LoaderArgs) => loadCourseContent(args);
export const action = (args: Route.ActionArgs) => courseContentAction(args);

export default function CourseContent({ loaderData, actionData }: Route.ComponentProps) {
  const { content, editingChapter, editingLesson, addTo, transcoding } = loaderData;
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
        <div>
          <DeclaredForm spec={CHAPTER_FORM} editing={editingChapter} actionData={actionData} />
        </div>
        <div>
          <DeclaredForm
            spec={LESSON_FORM}
            options={{ chapterId: chapters }}
            editing={editingLesson}
            defaults={{ chapterId: addTo, kind: "text" }}
            RichText={RichTextField}
            actionData={actionData}
          />
        </div>
      </div>
      <NestedList
        spec={COURSE_OUTLINE}
        groups={content.chapters}
        actionData={actionData}
        answers={["material.delete"]}
        refreshing={{ active: transcoding, note: CONTENT_TEXTS.transcoding, label: CONTENT_TEXTS.refresh }}
        itemExtra={(lesson) => <LessonFiles lesson={lesson} answer={actionData} />}
      />
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return adminMeta(
    loaderData ? CONTENT_TEXTS.title(loaderData.content.course.title) : "Course content",
    matches[0]?.loaderData?.siteName,
  );
}

export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: {
    titles: { 404: LEARNING_MESSAGES.courseNotFound },
    back: { to: "/pmtalsLink/admin", label: "Back to courses" },
  },
};
