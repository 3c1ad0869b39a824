// The course content screen's form schemas (issue 31, /admin/course/{id}/content): what the chapter and
// lesson forms send, as text, read into the API's input (./learning.ts) and checked with its own rules. A
// checkbox is "on" or absent, a blank address or time is none, a start is a Lagos wall-clock time. The
// page's action parses with these; the browser loads this file only when a form is first used.
import { z } from "zod";
import { lagosLocalToDate } from "../lib/dates.ts";
import { ChapterInputSchema, LessonInputSchema } from "./learning.ts";

const C = ChapterInputSchema.shape;
const L = LessonInputSchema.shape;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A checkbox: "on" when ticked, absent when not (true/false from a JSON body). */
const checkbox = z
  .unknown()
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** A field left blank is none (null). */
const blankIsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (isBlank(v) ? null : v), schema);

export const ChapterFormSchema = z.object({ title: C.title, published: checkbox });
export type ChapterForm = z.output<typeof ChapterFormSchema>;

export const LESSON_FORM_MESSAGES = { chapterRequired: "Choose a chapter" } as const;

export const LessonFormSchema = z.object({
  chapterId: z
    .string({ error: LESSON_FORM_MESSAGES.chapterRequired })
    .trim()
    .min(1, LESSON_FORM_MESSAGES.chapterRequired)
    .max(100),
  title: L.title,
  kind: L.kind,
  published: checkbox,
  preview: checkbox,
  body: z.preprocess((v) => (isBlank(v) ? "" : v), L.body),
  videoUrl: blankIsNull(L.videoUrl),
  // the datetime-local input's Lagos time as an instant (what is no date stays, for the API's message)
  liveStartsAt: z.preprocess(
    (v) => (isBlank(v) ? null : typeof v === "string" ? (lagosLocalToDate(v.trim())?.toISOString() ?? v) : v),
    L.liveStartsAt,
  ),
  liveMinutes: z.preprocess((v) => (isBlank(v) ? null : typeof v === "string" ? Number(v.trim()) : v), L.liveMinutes),
  liveJoinUrl: blankIsNull(L.liveJoinUrl),
  required: checkbox,
  // a quiz's rules (the service keeps them for quizzes only): a blank pass mark is the default, blank attempts unlimited
  passPercent: z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === "string" ? Number(v.trim()) : v),
    L.passPercent,
  ),
  maxAttempts: z.preprocess((v) => (isBlank(v) ? null : typeof v === "string" ? Number(v.trim()) : v), L.maxAttempts),
});
export type LessonForm = z.output<typeof LessonFormSchema>;
