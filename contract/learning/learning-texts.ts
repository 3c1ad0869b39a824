// What a course teaches (issue 31), its constants, words and formats, without zod so that the learning
// pages' browser code stays small (as contract/payments/payment-texts.ts); the schemas are in ./learning.ts.

export const LESSON_KINDS = ["text", "video", "materials", "live", "quiz"] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

export const LESSON_KIND_LABELS: Record<LessonKind, string> = {
  text: "Reading",
  video: "Video",
  materials: "Materials",
  live: "Live class",
  quiz: "Quiz",
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
  kindInvalid: "Kind must be one of text, video, materials, live or quiz",
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
