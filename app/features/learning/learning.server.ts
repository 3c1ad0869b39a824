// The learning pages' loaders (issue 31): the course and its outline for the one asking, and the lesson
// when they may open it; a refusal (signed out, or not enrolled) is the outline with Enroll Now, not an
// error page. Per person: never kept by any cache.
import { data } from "react-router";
import type { Lesson, Outline } from "../../../contract/learning/learning.ts";
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

/**
 * A quiz's form as the API's attempt (issue 32): each `q.<question>` a chosen option (a checkbox's name
 * comes once per option ticked), each `q.<question>.text` a short answer, `attempt` the attempt it is. A
 * JSON body is the API's input as it is. Read from a copy of the request taken before the action kernel
 * reads it (the kernel keeps the first value of each name only).
 */
export async function quizAttemptOf(copy: Request, fields: Record<string, unknown>): Promise<unknown> {
  let form: FormData;
  try {
    form = await copy.formData();
  } catch {
    return { answers: fields.answers, ...(fields.attempt !== undefined ? { attempt: fields.attempt } : {}) };
  }
  const answers = new Map<string, { question: string; options?: string[]; text?: string }>();
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || !name.startsWith("q.")) continue;
    const isText = name.endsWith(".text");
    const question = name.slice(2, isText ? -".text".length : undefined);
    const answer = answers.get(question) ?? { question };
    if (isText) answer.text = value;
    else answer.options = [...(answer.options ?? []), value];
    answers.set(question, answer);
  }
  const attempt = form.get("attempt");
  return {
    answers: [...answers.values()],
    ...(typeof attempt === "string" && attempt.trim() !== "" ? { attempt: Number(attempt) } : {}),
  };
}

/** The course is complete for the one asking: every required lesson of its outline done (a quiz: passed). */
export function isCourseComplete(outline: Outline): boolean {
  const required = outline.chapters.flatMap((c) => c.lessons).filter((l) => l.required);
  return outline.progress !== undefined && required.length > 0 && required.every((l) => l.completed === true);
}
