// The learning pages' loaders (issue 31): the course and its outline for the one asking, and the lesson
// when they may open it; a refusal (signed out, or not enrolled) is the outline with Enroll Now, not an
// error page. Per person: never kept by any cache.
import { data } from "react-router";
import type { Lesson } from "../../../contract/learning/learning.ts";
import { LEARNING_MESSAGES as M } from "../../../contract/learning/learning-texts.ts";
import type { AppContext } from "../../lib/context.ts";
import { toPageError } from "../../lib/page-errors.server.ts";

export const NO_STORE = { "Cache-Control": "private, no-store" };

export const lessonNotFound = () =>
  data({ code: "not_found", message: M.lessonNotFound }, { status: 404, statusText: "Not Found" });

/** The course (404 when unknown) and its outline as `actor` sees it. */
export async function courseAndOutline(ctx: AppContext, courseId: string) {
  const [course, outline] = await Promise.all([
    ctx.services.catalog.getCourse(courseId),
    ctx.services.learning.outline(ctx.actor, courseId),
  ]);
  return { course, outline };
}

export type LessonOpening = { lesson: Lesson; refusal: null } | { lesson: null; refusal: "signIn" | "enrol" };

/** The lesson, or why the one asking may not open it; a draft or unknown lesson throws (404). */
export async function openLesson(ctx: AppContext, lessonId: string): Promise<LessonOpening> {
  try {
    return { lesson: await ctx.services.learning.lesson(ctx.actor, lessonId), refusal: null };
  } catch (error) {
    const status = toPageError(error)?.status;
    if (status === 401) return { lesson: null, refusal: "signIn" };
    if (status === 403) return { lesson: null, refusal: "enrol" };
    throw error;
  }
}
