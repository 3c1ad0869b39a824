// The learning features' shared names (issue 31, 32): the rows of a course's content, how one may open a
// lesson, and the audit log's resource for every content write. Kept apart so the learner's side, the
// quizzes and the authoring read them without importing one another.
import type { courseChapters, courseLessons } from "../../db/schema.ts";

export type LessonRow = typeof courseLessons.$inferSelect;
export type ChapterRow = typeof courseChapters.$inferSelect;

/** How the one asking may open a lesson. */
export type LessonAccess = "admin" | "enrolled" | "preview";

/** The audit log's resource for every content write (its item: the course). */
export const CONTENT_AUDIT = "course-content";
