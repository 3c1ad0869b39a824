// What a course teaches (issue 31): its chapters and lessons, the lessons' videos and materials, and each
// learner's progress. A course's outline is public content (its page shows it); a lesson's body, video
// and files are served only to those allowed (server/features/learning/learning.service.ts).
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { user } from "./auth.ts";
import { courses } from "./catalog.ts";
import { createdAt, id, updatedAt } from "./columns.ts";

export const courseChapters = pgTable(
  "course_chapters",
  {
    id: id(),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull(),
    published: boolean("published").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("course_chapters_course_idx").on(t.courseId, t.position)],
);

/** text | video | materials | live | quiz */
export const courseLessons = pgTable(
  "course_lessons",
  {
    id: id(),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    chapterId: text("chapter_id")
      .notNull()
      .references(() => courseChapters.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    kind: text("kind").notNull(),
    position: integer("position").notNull(),
    published: boolean("published").notNull().default(false),
    /** counts towards the course's completion (a quiz: passed; any other: completed) */
    required: boolean("required").notNull().default(true),
    /** open to anyone, as a taste of the course */
    preview: boolean("preview").notNull().default(false),
    /** sanitized HTML (as post bodies are): a text lesson's content, and any lesson's notes */
    body: text("body").notNull().default(""),
    /** a video lesson's YouTube/Vimeo address, when it is not an upload */
    videoUrl: text("video_url"),
    /** a video lesson's upload (lesson_videos), when it is one */
    videoId: text("video_id"),
    /** how long it takes, in seconds (a video's length, a live class's duration); null when not known */
    durationSeconds: integer("duration_seconds"),
    /** a live class: when it starts */
    liveStartsAt: timestamp("live_starts_at", { withTimezone: true }),
    /** a live class: where to join (shown to enrolled learners from 15 minutes before) */
    liveJoinUrl: text("live_join_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("course_lessons_chapter_idx").on(t.chapterId, t.position),
    index("course_lessons_course_idx").on(t.courseId),
    check("course_lessons_kind", sql`${t.kind} in ('text', 'video', 'materials', 'live', 'quiz')`),
  ],
);

/**
 * An uploaded video and its transcoding into an HLS ladder (decision 073): queued, transcoding (with its
 * percent), ready (renditions under `videos/<id>/` in the media store) or failed (with a message).
 */
export const lessonVideos = pgTable("lesson_videos", {
  id: id(),
  /** the original upload's media store key; removed once the ladder is made */
  sourceKey: text("source_key"),
  originalName: text("original_name").notNull().default(""),
  status: text("status").notNull().default("queued"),
  progress: integer("progress").notNull().default(0),
  error: text("error"),
  durationSeconds: real("duration_seconds"),
  /** [{ name: "240p", height, bandwidth }] once ready */
  renditions: jsonb("renditions").$type<Array<{ name: string; height: number; bandwidth: number }>>(),
  /** bytes of the whole ladder */
  sizeBytes: bigint("size_bytes", { mode: "number" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A file to download with a lesson (PDF, slides, ZIP). */
export const lessonMaterials = pgTable(
  "lesson_materials",
  {
    id: id(),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    storeKey: text("store_key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("lesson_materials_lesson_idx").on(t.lessonId)],
);

/** A learner's progress in one lesson: written idempotently (a replay counts once). */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    courseId: text("course_id").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** where a video was left, in seconds */
    positionSeconds: integer("position_seconds").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index("lesson_progress_user_course_idx").on(t.userId, t.courseId),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Quizzes, completion and certificates (issue 32). A quiz is a lesson of kind "quiz"; its settings are on
// quiz_settings, its questions (with their key, which never leaves the server before an attempt) on
// quiz_questions, each learner's attempts on quiz_attempts.

/** single | multiple | short */
export const quizQuestions = pgTable(
  "quiz_questions",
  {
    id: id(),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind").notNull(),
    text: text("text").notNull(),
    /** [{ id, text }] (single and multiple choice) */
    options: jsonb("options").$type<Array<{ id: string; text: string }>>().notNull().default([]),
    /** the right options' ids (single: one; multiple: one or more) */
    correct: jsonb("correct").$type<string[]>().notNull().default([]),
    /** short answers accepted, compared without case or spaces */
    accepted: jsonb("accepted").$type<string[]>().notNull().default([]),
    explanation: text("explanation").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quiz_questions_lesson_idx").on(t.lessonId, t.position),
    check("quiz_questions_kind", sql`${t.kind} in ('single', 'multiple', 'short')`),
  ],
);

/** A quiz lesson's rules: the pass mark, the attempts allowed (null: unlimited). */
export const quizSettings = pgTable("quiz_settings", {
  lessonId: text("lesson_id")
    .primaryKey()
    .references(() => courseLessons.id, { onDelete: "cascade" }),
  passPercent: integer("pass_percent").notNull().default(70),
  maxAttempts: integer("max_attempts"),
  updatedAt: updatedAt(),
});

/**
 * One submitted attempt, graded on the server: numbered per learner and quiz (a unique number, so two
 * submits of one attempt store one), with the answers, each question's result and the score.
 */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    courseId: text("course_id").notNull(),
    number: integer("number").notNull(),
    /** a hash of the answers: the same answers posted again at once are the same attempt */
    answersHash: text("answers_hash").notNull(),
    answers: jsonb("answers").$type<Array<{ question: string; options?: string[]; text?: string }>>().notNull(),
    /** [{ question, correct }] */
    results: jsonb("results").$type<Array<{ question: string; correct: boolean }>>().notNull(),
    score: integer("score").notNull(),
    passed: boolean("passed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("quiz_attempts_number_idx").on(t.userId, t.lessonId, t.number),
    index("quiz_attempts_lesson_idx").on(t.lessonId),
  ],
);

/** A learner's finished course: recorded once (the moment, the score over its required quizzes). */
export const courseCompletions = pgTable(
  "course_completions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
    /** the mean of the best scores of its required quizzes; null without any */
    score: integer("score"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index("course_completions_course_idx").on(t.courseId)],
);

/** The name a learner wants on their certificates (set on /account); their account's name until then. */
export const certificateNames = pgTable("certificate_names", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  updatedAt: updatedAt(),
});

/** The next certificate's place in the revocation status list (0, 1, 2 …: one bit each). */
export const certificateStatusSeq = pgSequence("certificate_status_seq", { startWith: 0, minValue: 0 });

/**
 * A certificate: an unguessable id (its public address), what it says (frozen at issue), its place in the
 * revocation status list, and its state. A re-issue (a new name) revokes the old one, naming its successor.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** no foreign key: a certificate outlives its course (what it says is kept on it) */
    courseId: text("course_id").notNull(),
    name: text("name").notNull(),
    courseTitle: text("course_title").notNull(),
    instructor: text("instructor").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** its bit in the revocation list: the next of certificate_status_seq */
    statusIndex: integer("status_index")
      .notNull()
      .default(sql`nextval('certificate_status_seq')`),
    /** the signed Open Badges 3.0 credential */
    credential: jsonb("credential").$type<Record<string, unknown>>(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    replacedBy: text("replaced_by"),
  },
  (t) => [
    uniqueIndex("certificates_status_index_idx").on(t.statusIndex),
    index("certificates_user_idx").on(t.userId),
    index("certificates_course_idx").on(t.courseId),
    // one valid certificate per learner and course
    uniqueIndex("certificates_current_idx")
      .on(t.userId, t.courseId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
