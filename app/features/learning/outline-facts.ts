import type { Outline } from "../../../contract/learning/learning.ts";

/** The lessons of an outline in order. */
export const lessonsOf = (outline: Pick<Outline, "chapters">) => outline.chapters.flatMap((c) => c.lessons);

/** The lesson "Continue" opens: the first not completed, else the first; null for a course without lessons. */
export function nextLessonOf(outline: Pick<Outline, "chapters">): string | null {
  const lessons = lessonsOf(outline);
  return (lessons.find((l) => !l.completed) ?? lessons[0])?._id ?? null;
}

/** "3 chapters · 12 lessons". */
export function outlineSize(outline: Pick<Outline, "chapters">): string {
  const chapters = outline.chapters.length;
  const lessons = lessonsOf(outline).length;
  return `${chapters} chapter${chapters === 1 ? "" : "s"} · ${lessons} lesson${lessons === 1 ? "" : "s"}`;
}
