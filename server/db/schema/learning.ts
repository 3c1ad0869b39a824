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
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
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

/** text | video | materials | live */
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
    check("course_lessons_kind", sql`${t.kind} in ('text', 'video', 'materials', 'live')`),
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
