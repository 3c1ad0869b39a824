// What a course teaches (issue 31): the outline (public), a lesson (for those allowed), progress, and the
// admin's chapter, lesson and material operations. Quizzes (issue 32) will be one more lesson kind.
import { z } from "zod";
import { BODY_NOT_OBJECT, textError } from "../lib/common.ts";

export const LESSON_KINDS = ["text", "video", "materials", "live"] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

export const LESSON_KIND_LABELS: Record<LessonKind, string> = {
  text: "Reading",
  video: "Video",
  materials: "Materials",
  live: "Live class",
};

/** A live class's join link shows from this long before it starts. */
export const LIVE_JOIN_OPENS_MINUTES = 15;
/** A video lesson completes itself once this share of it has been watched. */
export const VIDEO_COMPLETE_SHARE = 0.9;
/** The longest position or length a lesson can have: 24 hours, in seconds. */
export const MAX_LESSON_SECONDS = 24 * 60 * 60;

export const TITLE_MAX = 150;
export const BODY_MAX = 200_000;
export const LIVE_MINUTES_MAX = 8 * 60;

export const LEARNING_MESSAGES = {
  courseNotFound: "Course not found",
  lessonNotFound: "Lesson not found",
  chapterNotFound: "Chapter not found",
  materialNotFound: "Material not found",
  signIn: "Please sign in to open this lesson.",
  notEnrolled: "Enrol in this course to open this lesson.",
  titleRequired: "Title is required",
  kindInvalid: "Kind must be one of text, video, materials or live",
  positionInvalid: "Position must be a whole number of seconds from 0 to 86400",
  progressEmpty: "Send completed or position",
  liveStartsRequired: "A live class needs its start time",
  liveJoinInvalid: "The join link must be an http(s) address",
  videoUrlInvalid: "The video must be a YouTube or Vimeo address",
  chapterOfOtherCourse: "That chapter belongs to another course",
  markedComplete: "Lesson marked complete",
  markedIncomplete: "Lesson marked not done",
  confirmDeleteLesson: (learners: number) =>
    learners > 0
      ? `${learners} learner${learners === 1 ? " has" : "s have"} progress in this lesson. Delete it and their progress?`
      : "Are you sure you want to delete this lesson?",
  confirmDeleteChapter: "Delete this chapter and all its lessons?",
  ffmpegMissing:
    "Video transcoding needs ffmpeg, which this server does not have. Install it (on Debian: apt-get install ffmpeg) and upload again, or link a YouTube or Vimeo video instead.",
} as const;

// ---------------------------------------------------------------------------------------------------
// The outline: GET /api/courses/{id}/outline (public; never a body, file or join address)

export const OutlineLessonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  /** seconds, or null when not known */
  length: z.number().int().nullable(),
  preview: z.boolean(),
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

/** "2.4 MB", "830 KB", "512 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? "" : "s"}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/** "12 min", "1 h 5 min", "45 s". */
export function formatLength(seconds: number | null): string {
  if (seconds === null) return "";
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

// ---------------------------------------------------------------------------------------------------
// The authoring screen's view: GET /api/admin/courses/{id}/content

export const AuthoringLessonSchema = z.object({
  _id: z.string(),
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
