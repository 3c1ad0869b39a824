import { Link } from "react-router";
import type { OutlineChapter, OutlineLesson } from "../../../contract/learning/learning.ts";
import { formatLength, LESSON_KIND_LABELS } from "../../../contract/learning/learning-texts.ts";
import { Icon } from "../../components/ui/icons.tsx";

/** A lesson's address. */
export const lessonPath = (courseId: string, lessonId: string) => `/learn/${courseId}/${lessonId}`;

/**
 * A course's chapters and lessons (issue 31): each lesson with its kind and length, and a link when the
 * reader may open it (enrolled, an admin, or a preview: "Preview"), else a lock. A signed-in learner
 * sees what they completed; the lesson being read is marked current.
 */
export function CourseOutline({
  courseId,
  chapters,
  open,
  current,
  headingLevel = 3,
}: {
  courseId: string;
  chapters: OutlineChapter[];
  /** the reader may open every lesson */
  open: boolean;
  current?: string;
  /** the chapters' heading level (under the section's own heading) */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (chapters.length === 0) {
    return <p className="text-slate-700">The lessons of this course are on their way.</p>;
  }
  return (
    <ol className="space-y-5" data-testid="course-outline">
      {chapters.map((chapter, i) => (
        <li key={chapter._id}>
          <Heading className="text-base font-bold text-brand-950">
            <span className="text-slate-600">Chapter {i + 1}: </span>
            {chapter.title}
          </Heading>
          <ol className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {chapter.lessons.map((lesson) => (
              <LessonRow
                key={lesson._id}
                courseId={courseId}
                lesson={lesson}
                open={open || lesson.preview}
                current={lesson._id === current}
                preview={!open && lesson.preview}
              />
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

function LessonRow({
  courseId,
  lesson,
  open,
  current,
  preview,
}: {
  courseId: string;
  lesson: OutlineLesson;
  open: boolean;
  current: boolean;
  preview: boolean;
}) {
  const details = [LESSON_KIND_LABELS[lesson.kind], formatLength(lesson.length)].filter(Boolean).join(" · ");
  const done = lesson.completed === true;
  const title =
    open && !preview ? (
      <Link
        to={lessonPath(courseId, lesson._id)}
        aria-current={current ? "page" : undefined}
        className="font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        {lesson.title}
      </Link>
    ) : (
      <span className="font-semibold text-slate-800">{lesson.title}</span>
    );
  return (
    <li
      className={`flex items-start gap-3 px-4 py-3 ${current ? "bg-brand-50" : ""}`}
      data-lesson={lesson._id}
      data-done={done || undefined}
    >
      <span className="mt-0.5 shrink-0">
        {done ? (
          <>
            <Icon name="check" className="size-5 text-emerald-700" />
            <span className="sr-only">Completed: </span>
          </>
        ) : open ? (
          <span aria-hidden="true" className="block size-5 rounded-full border-2 border-slate-300" />
        ) : (
          <>
            <Icon name="lock" className="size-5 text-slate-500" />
            <span className="sr-only">Locked: </span>
          </>
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block wrap-anywhere">{title}</span>
        <span className="block text-sm text-slate-600">{details}</span>
      </span>
      {preview ? (
        <Link
          to={lessonPath(courseId, lesson._id)}
          aria-label={`Preview: ${lesson.title}`}
          className="shrink-0 rounded-full border border-brand-300 px-3 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-50"
        >
          Preview
        </Link>
      ) : null}
    </li>
  );
}
