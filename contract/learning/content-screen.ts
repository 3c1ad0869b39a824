// The course content screen on the admin kit (issue 31, /admin/course/{id}/content): the chapter and
// lesson forms, the chapters each with their lessons (moved, published, edited, deleted after a question),
// the uploads of a lesson's video and materials, and the words. Plain data: the page imports it up front;
// the forms' schemas are in ./content-form.ts, loaded when a form is first used.
import type {
  DetailTableSpec,
  NestedListSpec,
  PageFormSpec,
  PageFormView,
  RawUploadSpec,
  RowBadge,
} from "../admin/admin-resource.ts";
import { dateToLagosLocal, formatLagosDateTime } from "../lib/dates.ts";
import {
  BODY_MAX,
  formatLength,
  LEARNING_MESSAGES,
  LESSON_KIND_LABELS,
  LESSON_KINDS,
  LIVE_MINUTES_MAX,
  TITLE_MAX,
  type AuthoringChapter,
  type AuthoringLesson,
  type LearnerProgress,
} from "./learning.ts";
import { QUIZ_SCREEN_TEXTS, quizScreenPath } from "./quiz-screen.ts";
import { QUIZ_LIMITS, QUIZ_PAGE } from "./quiz-texts.ts";

export type ChapterField = "title" | "published";
export type LessonField =
  | "chapterId"
  | "title"
  | "kind"
  | "published"
  | "preview"
  | "body"
  | "videoUrl"
  | "liveStartsAt"
  | "liveMinutes"
  | "liveJoinUrl"
  | "required"
  | "passPercent"
  | "maxAttempts";

export const CHAPTER_FORM: PageFormSpec<ChapterField> = {
  key: "chapter",
  check: () => import("./content-form.ts").then((m) => m.ChapterFormSchema),
  fields: [
    { name: "title", label: "Chapter title", kind: "text", max: TITLE_MAX, wide: true },
    { name: "published", label: "Published", kind: "checkbox", optional: true, hint: "Learners see it" },
  ],
  postsId: true,
  texts: {
    addTitle: "Add a chapter",
    editTitle: (title) => `Edit chapter “${title}”`,
    add: "Add Chapter",
    update: "Update Chapter",
    added: "Chapter added",
    saved: "Chapter saved",
    saveFailed: "Failed to save chapter: ",
    checkFields: "Check the fields marked.",
  },
};

const live = { field: "kind", is: ["live"] } as const;
const quiz = { field: "kind", is: ["quiz"] } as const;

export const LESSON_FORM: PageFormSpec<LessonField> = {
  key: "lesson",
  check: () => import("./content-form.ts").then((m) => m.LessonFormSchema),
  fields: [
    { name: "chapterId", label: "Chapter", kind: "select", prompt: "Choose a chapter" },
    {
      name: "kind",
      label: "Kind",
      kind: "select",
      prompt: "Choose a kind",
      options: LESSON_KINDS.map((k) => ({ value: k, label: LESSON_KIND_LABELS[k] })),
    },
    { name: "title", label: "Lesson title", kind: "text", max: TITLE_MAX, wide: true },
    {
      name: "body",
      label: "Text",
      kind: "html",
      rows: 8,
      max: BODY_MAX,
      optional: true,
      wide: true,
      hint: "The reading, or notes beside a video or class: paragraphs, headings, lists, links and pictures.",
    },
    {
      name: "videoUrl",
      label: "Video link",
      kind: "url",
      optional: true,
      wide: true,
      hint: "Video lessons: a YouTube or Vimeo address, or leave blank and upload a video once the lesson is saved",
      when: { field: "kind", is: ["video"] },
    },
    {
      name: "liveStartsAt",
      label: "Starts at (Lagos time)",
      kind: "datetime",
      optional: true,
      hint: "Live classes only",
      when: live,
    },
    {
      name: "liveMinutes",
      label: "Length in minutes",
      kind: "number",
      optional: true,
      hint: `Live classes only: 1 to ${LIVE_MINUTES_MAX}`,
      when: live,
    },
    {
      name: "liveJoinUrl",
      label: "Join link",
      kind: "url",
      optional: true,
      wide: true,
      hint: "Live classes only: shown to learners from 15 minutes before the start",
      when: live,
    },
    { name: "published", label: "Published", kind: "checkbox", optional: true, hint: "Learners see it" },
    {
      name: "preview",
      label: "Free preview",
      kind: "checkbox",
      optional: true,
      hint: "Anyone may open it, enrolled or not",
    },
    {
      name: "required",
      label: "Required for completion",
      kind: "checkbox",
      optional: true,
      hint: "Learners must complete it (a quiz: pass it) to finish the course",
    },
    {
      name: "passPercent",
      label: "Pass mark (%)",
      kind: "number",
      hint: "Quizzes only: 1 to 100",
      when: quiz,
    },
    {
      name: "maxAttempts",
      label: "Attempts allowed",
      kind: "number",
      optional: true,
      hint: "Quizzes only: blank for unlimited",
      when: quiz,
    },
  ],
  // a new lesson counts towards completion; a new quiz's pass mark
  defaults: { required: "on", passPercent: String(QUIZ_LIMITS.passPercentDefault) },
  postsId: true,
  texts: {
    addTitle: "Add a lesson",
    editTitle: (title) => `Edit lesson “${title}”`,
    add: "Add Lesson",
    update: "Update Lesson",
    added: "Lesson added",
    saved: "Lesson saved",
    saveFailed: "Failed to save lesson: ",
    checkFields: "Check the fields marked.",
  },
};

export function chapterFormView(chapter: AuthoringChapter): PageFormView<ChapterField> {
  return {
    id: chapter._id,
    title: chapter.title,
    values: { title: chapter.title, published: chapter.published ? "on" : "" },
  };
}

export function lessonFormView(lesson: AuthoringLesson): PageFormView<LessonField> {
  return {
    id: lesson._id,
    title: lesson.title,
    values: {
      chapterId: lesson.chapterId,
      title: lesson.title,
      kind: lesson.kind,
      published: lesson.published ? "on" : "",
      preview: lesson.preview ? "on" : "",
      body: lesson.body,
      videoUrl: lesson.videoUrl ?? "",
      liveStartsAt: lesson.liveStartsAt ? dateToLagosLocal(lesson.liveStartsAt) : "",
      liveMinutes: lesson.liveMinutes === null ? "" : String(lesson.liveMinutes),
      liveJoinUrl: lesson.liveJoinUrl ?? "",
      required: lesson.required ? "on" : "",
      passPercent: String(lesson.passPercent ?? QUIZ_LIMITS.passPercentDefault),
      maxAttempts: lesson.maxAttempts === null ? "" : String(lesson.maxAttempts),
    },
  };
}

/** A quiz's row: how many questions, its pass mark. */
const quizDetail = (l: AuthoringLesson) =>
  l.kind === "quiz"
    ? [QUIZ_PAGE.questions(l.questions), `pass ${l.passPercent ?? QUIZ_LIMITS.passPercentDefault}%`]
    : [];

const published = (on: boolean): RowBadge =>
  on ? { label: "Published", tone: "green" } : { label: "Draft", tone: "slate" };

/** A video's state as a badge: queued, transcoding (with its progress), ready, failed. */
export function videoBadge(lesson: AuthoringLesson): RowBadge | null {
  const v = lesson.video;
  if (!v) return lesson.kind === "video" ? { label: "No video yet", tone: "amber" } : null;
  if (v.embed) return { label: "Video linked", tone: "green" };
  switch (v.state) {
    case "queued":
      return { label: "Video queued", tone: "amber" };
    case "transcoding":
      return { label: `Transcoding ${v.progress}%`, tone: "brand" };
    case "ready":
      return { label: "Video ready", tone: "green" };
    case "failed":
      return { label: "Video failed", tone: "red" };
  }
}

/** Something is being transcoded: the screen reads itself again every few seconds until it is done. */
export const isTranscoding = (chapters: readonly AuthoringChapter[]) =>
  chapters.some((c) =>
    c.lessons.some((l) => l.video && !l.video.embed && (l.video.state === "queued" || l.video.state === "transcoding")),
  );

export const COURSE_OUTLINE: NestedListSpec<AuthoringChapter, AuthoringLesson> = {
  id: "course-outline",
  title: "Chapters and lessons",
  lead: "In the order learners see them. Drafts stay hidden from learners until published.",
  empty: "No chapters yet: add the first one above.",
  emptyGroup: "No lessons in this chapter yet.",
  addItem: { label: "Add a lesson", name: (chapter) => `Add a lesson to ${chapter}`, param: "chapter" },
  itemsOf: (chapter) => chapter.lessons,
  group: {
    key: "chapter",
    form: "chapter",
    name: (c) => c.title,
    detail: (c) => `${c.lessons.length === 1 ? "1 lesson" : `${c.lessons.length} lessons`}`,
    badges: (c) => [published(c.published)],
    toggle: { field: "published", turnOn: "Publish", turnOff: "Unpublish", isOn: (c) => c.published },
    confirmDelete: () => LEARNING_MESSAGES.confirmDeleteChapter,
    texts: {
      moved: "Chapter moved",
      turnedOn: (name) => `Chapter “${name}” published`,
      turnedOff: (name) => `Chapter “${name}” unpublished`,
      deleted: "Chapter deleted",
      failed: "Failed to change chapter: ",
    },
  },
  item: {
    key: "lesson",
    form: "lesson",
    name: (l) => l.title,
    detail: (l) =>
      [
        LESSON_KIND_LABELS[l.kind],
        l.kind === "live" && l.liveStartsAt ? formatLagosDateTime(l.liveStartsAt) : "",
        formatLength(l.length),
        ...quizDetail(l),
        l.learners > 0 ? `${l.learners === 1 ? "1 learner" : `${l.learners} learners`} with progress` : "",
      ]
        .filter(Boolean)
        .join(" · "),
    badges: (l) => [
      published(l.published),
      ...(l.preview ? [{ label: "Free preview", tone: "brand" } as const] : []),
      ...(l.required ? [] : [{ label: "Optional", tone: "slate" } as const]),
      ...(videoBadge(l) ? [videoBadge(l)!] : []),
    ],
    // a quiz's questions and figures are on a screen of their own
    links: (l) =>
      l.kind === "quiz"
        ? [
            {
              label: QUIZ_SCREEN_TEXTS.questionsLink(l.questions),
              name: QUIZ_SCREEN_TEXTS.questionsName(l.title, l.questions),
              href: quizScreenPath(l.courseId, l._id),
            },
          ]
        : [],
    toggle: { field: "published", turnOn: "Publish", turnOff: "Unpublish", isOn: (l) => l.published },
    confirmDelete: (l) => LEARNING_MESSAGES.confirmDeleteLesson(l.learners),
    texts: {
      moved: "Lesson moved",
      turnedOn: (name) => `Lesson “${name}” published`,
      turnedOff: (name) => `Lesson “${name}” unpublished`,
      deleted: "Lesson deleted",
      failed: "Failed to change lesson: ",
    },
  },
};

const NO_SCRIPT = "Without JavaScript the file goes with this form, up to 1 MB; larger files need JavaScript.";

export const LESSON_UPLOADS: { video: RawUploadSpec; material: RawUploadSpec } = {
  video: {
    intent: "lesson.video",
    label: "Upload a video",
    accept: "video/*",
    hint: "MP4, MOV, WebM, MKV or AVI; it is converted for streaming after the upload",
    endpoint: (id) => `/backend/api/lessons/${encodeURIComponent(id)}/video`,
    button: "Upload Video",
    name: (lesson) => `Upload a video for ${lesson}`,
    uploaded: "Video uploaded: it is queued for transcoding",
    failed: "Video upload failed: ",
    noScript: NO_SCRIPT,
  },
  material: {
    intent: "lesson.material",
    label: "Add a material",
    accept: ".pdf,.ppt,.pptx,.key,.odp,.doc,.docx,.xlsx,.zip,.txt",
    hint: "PDF, slides, documents, spreadsheets, ZIP or text; up to 100 MB",
    endpoint: (id) => `/backend/api/lessons/${encodeURIComponent(id)}/materials`,
    button: "Upload Material",
    name: (lesson) => `Upload a material for ${lesson}`,
    uploaded: "Material added",
    failed: "Material upload failed: ",
    noScript: NO_SCRIPT,
  },
};

export const MATERIAL_TEXTS = {
  remove: "Remove",
  confirmRemove: (name: string) => `Remove the material “${name}”?`,
  removed: "Material removed",
  removeFailed: "Failed to remove material: ",
};

export const CONTENT_TEXTS = {
  title: (course: string) => `Content of “${course}”`,
  lead: "Chapters and lessons: add, order, publish; upload videos and materials. Learners see each change at once.",
  back: "Back to the course",
  transcoding: "A video is being converted; this page updates itself.",
  refresh: "Refresh",
  unknownForm: "That form is not one of this page's",
};

/** The course detail's learners (/admin/course/{id}): how far each has come, and when they last did anything. */
export const COURSE_LEARNERS: DetailTableSpec<LearnerProgress> = {
  id: "course-learners",
  title: "Learners",
  lead: "Everyone enrolled, with the published lessons they have completed.",
  empty: "No learners yet.",
  rowKey: (l) => l.userId,
  columns: [
    { key: "name", header: "Name", rowHeader: true, text: (l) => l.name || "N/A" },
    { key: "email", header: "E-mail", text: (l) => l.email },
    {
      key: "progress",
      header: "Progress",
      text: (l) => `${l.completed} of ${l.total} lesson${l.total === 1 ? "" : "s"}`,
      meter: (l) => ({ value: l.completed, max: l.total }),
    },
    {
      key: "lastActive",
      header: "Last active",
      alignEnd: true,
      text: (l) => (l.lastActiveAt ? formatLagosDateTime(l.lastActiveAt) : "Not yet"),
    },
  ],
};
