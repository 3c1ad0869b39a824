// What a course teaches (issue 31): the outline (public), a lesson (for those allowed), progress, and the
// admin's chapter, lesson and material operations. Quizzes (issue 32) will be one more lesson kind.
import { z } from "zod";
import { BODY_NOT_OBJECT, textError } from "../lib/common.ts";
import { QuizQuestionSchema, QuizStateSchema, QuizSettingsInputSchema } from "./quiz.ts";

// The constants, words and formats live in ./learning-texts.ts (no zod there: the learning pages' browser code
// stays small); named here too for the server and the tests.
import {
  BODY_MAX,
  LEARNING_MESSAGES,
  LESSON_KINDS,
  LIVE_MINUTES_MAX,
  MAX_LESSON_SECONDS,
  TITLE_MAX,
} from "./learning-texts.ts";
export {
  BODY_MAX,
  formatBytes,
  formatLength,
  LEARNING_MESSAGES,
  LESSON_KIND_LABELS,
  LESSON_KINDS,
  LIVE_JOIN_OPENS_MINUTES,
  LIVE_MINUTES_MAX,
  MAX_LESSON_SECONDS,
  TITLE_MAX,
  VIDEO_COMPLETE_SHARE,
  type LessonKind,
} from "./learning-texts.ts";

// ---------------------------------------------------------------------------------------------------
// The outline: GET /api/courses/{id}/outline (public; never a body, file or join address)

export const OutlineLessonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  /** seconds, or null when not known */
  length: z.number().int().nullable(),
  preview: z.boolean(),
  /** counts towards the course's completion */
  required: z.boolean().optional(),
  /** for a signed-in learner: whether they completed it (absent for others) */
  completed: z.boolean().optional(),
  /** admins only (the authoring view): a draft */
  published: z.boolean().optional(),
  /** a live class: when it starts (ISO), public as a course's schedule is */
  startsAt: z.string().nullable().optional(),
});
export type OutlineLesson = z.infer<typeof OutlineLessonSchema>;

export const OutlineChapterSchema = z.object({
  _id: z.string(),
  title: z.string(),
  lessons: z.array(OutlineLessonSchema),
  published: z.boolean().optional(),
});
export type OutlineChapter = z.infer<typeof OutlineChapterSchema>;

export const OutlineSchema = z.object({
  courseId: z.string(),
  chapters: z.array(OutlineChapterSchema),
  /** whether the one asking may open every lesson (enrolled or admin) */
  enrolled: z.boolean(),
  /** lessons completed / lessons published, for a signed-in learner */
  progress: z.object({ completed: z.number().int(), total: z.number().int() }).optional(),
});
export type Outline = z.infer<typeof OutlineSchema>;

// ---------------------------------------------------------------------------------------------------
// A lesson: GET /api/lessons/{id}

export const MaterialSchema = z.object({
  _id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** where to download it (checked on every request) */
  url: z.string(),
});
export type Material = z.infer<typeof MaterialSchema>;

export const VIDEO_STATES = ["queued", "transcoding", "ready", "failed"] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

export const LessonVideoSchema = z.object({
  /** an uploaded video's state; a linked one is always ready */
  state: z.enum(VIDEO_STATES),
  progress: z.number().int(),
  error: z.string().nullable(),
  /** HLS master playlist (uploads) or the embed address (YouTube/Vimeo) */
  src: z.string().nullable(),
  poster: z.string().nullable(),
  embed: z.boolean(),
});
export type LessonVideo = z.infer<typeof LessonVideoSchema>;

export const LessonSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  chapterId: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  preview: z.boolean(),
  published: z.boolean(),
  length: z.number().int().nullable(),
  body: z.string(),
  video: LessonVideoSchema.nullable(),
  materials: z.array(MaterialSchema),
  live: z
    .object({
      startsAt: z.string(),
      minutes: z.number().int(),
      /** only to enrolled learners and admins, from 15 minutes before the start; null until then */
      joinUrl: z.string().nullable(),
      joinOpensAt: z.string(),
    })
    .nullable(),
  /** the learner's own progress (null when signed out or an admin without any) */
  progress: z
    .object({ completed: z.boolean(), position: z.number().int(), completedAt: z.string().nullable() })
    .nullable(),
  previous: z.string().nullable(),
  next: z.string().nullable(),
  /** counts towards the course's completion */
  required: z.boolean(),
  /** a quiz: its questions (never the key, except to admins) */
  questions: z.array(QuizQuestionSchema).optional(),
  /** a quiz: its rules and the learner's attempts (null for one not signed in) */
  quiz: QuizStateSchema.nullable().optional(),
});
export type Lesson = z.infer<typeof LessonSchema>;

// ---------------------------------------------------------------------------------------------------
// Progress: POST /api/lessons/{id}/progress

const SecondsSchema = z
  .number({ error: LEARNING_MESSAGES.positionInvalid })
  .int(LEARNING_MESSAGES.positionInvalid)
  .min(0, LEARNING_MESSAGES.positionInvalid)
  .max(MAX_LESSON_SECONDS, LEARNING_MESSAGES.positionInvalid);

export const ProgressInputSchema = z
  .object(
    {
      completed: z.boolean({ error: "completed must be true or false" }).optional(),
      position: SecondsSchema.optional(),
      /** a video's length as the player saw it: with position, ≥ 90 % completes the lesson */
      duration: SecondsSchema.optional(),
    },
    { error: BODY_NOT_OBJECT },
  )
  .strict()
  .refine((v) => v.completed !== undefined || v.position !== undefined, LEARNING_MESSAGES.progressEmpty);
export type ProgressInput = z.infer<typeof ProgressInputSchema>;

export const ProgressSchema = z.object({
  lessonId: z.string(),
  completed: z.boolean(),
  position: z.number().int(),
  completedAt: z.string().nullable(),
  course: z.object({ completed: z.number().int(), total: z.number().int() }),
  /** the course is now complete (this was the last thing missing) */
  courseCompleted: z.boolean().optional(),
});
export type Progress = z.infer<typeof ProgressSchema>;

// ---------------------------------------------------------------------------------------------------
// Authoring (admin)

const TitleSchema = z
  .string({ error: textError("Title") })
  .trim()
  .min(1, LEARNING_MESSAGES.titleRequired)
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)
  // eslint-disable-next-line no-control-regex -- a NUL or a line break is what it refuses
  .refine((s) => !/[\u0000\r\n]/.test(s), "Title must be one line");

export const ChapterInputSchema = z
  .object({ title: TitleSchema, published: z.boolean().optional() }, { error: BODY_NOT_OBJECT })
  .strict();
export type ChapterInput = z.infer<typeof ChapterInputSchema>;
export const ChapterUpdateSchema = ChapterInputSchema.partial();

const HttpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, message)
    .refine((s) => {
      try {
        const u = new URL(s);
        return u.protocol === "https:" || u.protocol === "http:";
      } catch {
        return false;
      }
    }, message);

export const LessonInputSchema = z
  .object(
    {
      title: TitleSchema,
      kind: z.enum(LESSON_KINDS, { error: LEARNING_MESSAGES.kindInvalid }),
      published: z.boolean().optional(),
      preview: z.boolean().optional(),
      body: z.string().max(BODY_MAX, `The text must be at most ${BODY_MAX} characters`).optional(),
      videoUrl: HttpUrl(LEARNING_MESSAGES.videoUrlInvalid).nullable().optional(),
      /** minutes for a live class; seconds are the video's own */
      liveStartsAt: z.iso.datetime({ offset: true, error: "Start must be a date and time" }).nullable().optional(),
      liveMinutes: z
        .number({ error: "Duration must be a number of minutes" })
        .int("Duration must be whole minutes")
        .min(1, "Duration must be at least 1 minute")
        .max(LIVE_MINUTES_MAX, `Duration must be at most ${LIVE_MINUTES_MAX} minutes`)
        .nullable()
        .optional(),
      liveJoinUrl: HttpUrl(LEARNING_MESSAGES.liveJoinInvalid).nullable().optional(),
      /** counts towards the course's completion (default: yes) */
      required: z.boolean({ error: "required must be true or false" }).optional(),
      /** a quiz: the pass mark in percent (default 70) */
      passPercent: QuizSettingsInputSchema.shape.passPercent.optional(),
      /** a quiz: the attempts allowed, null for unlimited (the default) */
      maxAttempts: QuizSettingsInputSchema.shape.maxAttempts.optional(),
    },
    { error: BODY_NOT_OBJECT },
  )
  .strict();
export type LessonInput = z.infer<typeof LessonInputSchema>;
export const LessonUpdateSchema = LessonInputSchema.partial().extend({
  /** move the lesson to another chapter of the same course */
  chapterId: z.string().max(100).optional(),
});
export type LessonUpdate = z.infer<typeof LessonUpdateSchema>;

export const MoveInputSchema = z
  .object({ direction: z.enum(["up", "down"], { error: "direction must be up or down" }) }, { error: BODY_NOT_OBJECT })
  .strict();

export const LearnerProgressSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  completed: z.number().int(),
  total: z.number().int(),
  lastActiveAt: z.string().nullable(),
});
export type LearnerProgress = z.infer<typeof LearnerProgressSchema>;

/** Materials: what may be uploaded, and how big. */
export const MATERIAL_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  key: "application/vnd.apple.keynote",
  odp: "application/vnd.oasis.opendocument.presentation",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
  txt: "text/plain",
};
export const MATERIAL_MAX_BYTES = 100 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// The authoring screen's view: GET /api/admin/courses/{id}/content

export const AuthoringLessonSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  chapterId: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  published: z.boolean(),
  preview: z.boolean(),
  length: z.number().int().nullable(),
  body: z.string(),
  videoUrl: z.string().nullable(),
  video: LessonVideoSchema.nullable(),
  materials: z.array(MaterialSchema),
  liveStartsAt: z.string().nullable(),
  liveMinutes: z.number().int().nullable(),
  liveJoinUrl: z.string().nullable(),
  required: z.boolean(),
  /** a quiz: its pass mark, the attempts allowed (null: unlimited) and how many questions it has */
  passPercent: z.number().int().nullable(),
  maxAttempts: z.number().int().nullable(),
  questions: z.number().int(),
  /** learners with progress in it: deleting it asks first */
  learners: z.number().int(),
});
export type AuthoringLesson = z.infer<typeof AuthoringLessonSchema>;

export const AuthoringChapterSchema = z.object({
  _id: z.string(),
  title: z.string(),
  published: z.boolean(),
  lessons: z.array(AuthoringLessonSchema),
});
export type AuthoringChapter = z.infer<typeof AuthoringChapterSchema>;

export const CourseContentSchema = z.object({
  course: z.object({ _id: z.string(), title: z.string() }),
  chapters: z.array(AuthoringChapterSchema),
});
export type CourseContent = z.infer<typeof CourseContentSchema>;
