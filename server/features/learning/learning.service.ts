// The learner's side of a course (issue 31): its outline, a lesson for those allowed to open it, the files
// of a lesson (video renditions, materials) and progress. Who may open a lesson: admins (drafts too);
// learners enrolled in its course (./enrolment.ts); anyone when it is a published preview. Everyone else
// gets the outline: 401 when signed out, 403 otherwise. Checked on every call, files included, so a
// refund ends access at once and an address copied out of the page opens nothing for anyone else.
import { and, asc, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  LEARNING_MESSAGES as M,
  VIDEO_COMPLETE_SHARE,
  ProgressInputSchema,
  type Lesson,
  type LessonKind,
  type LessonVideo,
  type Material,
  type Outline,
  type OutlineChapter,
  type Progress,
} from "../../../contract/learning/learning.ts";
import { describeIssues } from "../../../contract/lib/common.ts";
import { playerUrl } from "../../../contract/lib/video-embed.ts";
import type { Db } from "../../db/client.ts";
import {
  courseChapters,
  courseLessons,
  courses,
  lessonMaterials,
  lessonProgress,
  lessonVideos,
} from "../../db/schema.ts";
import { Forbidden, Invalid, NotFound, Unauthorized } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import { sanitizePostHtml } from "../../lib/sanitize.ts";
import { isAdmin, type Actor } from "../auth/actor.ts";
import { enrolledCourses, isEnrolled, learnerOf } from "./enrolment.ts";
import { liveClassFileName, liveClassIcs } from "./live-class.ts";
import { joinOpensAt, lessonPagePath, liveMinutesOf, liveState } from "../../../contract/learning/live.ts";
import { QUIZ_MESSAGES } from "../../../contract/learning/quiz.ts";
import { lockLearnerCourse, recordCompletion, type OnCompleted } from "./completion.ts";
export type { Completion } from "./completion.ts";
import { createQuizService } from "./quiz.service.ts";

import type { LessonAccess, LessonRow } from "./lesson-rows.ts";
export type { ChapterRow, LessonAccess, LessonRow } from "./lesson-rows.ts";
type VideoRow = typeof lessonVideos.$inferSelect;
type MaterialRow = typeof lessonMaterials.$inferSelect;

/** Where the API serves a lesson's files (under /backend, as the browser sees it). */
export const lessonVideoPath = (lessonId: string, file: string) => `/backend/api/lessons/${lessonId}/video/${file}`;
export const materialPath = (lessonId: string, materialId: string) =>
  `/backend/api/lessons/${lessonId}/materials/${materialId}`;

export function toVideo(lesson: LessonRow, video: VideoRow | null): LessonVideo | null {
  if (lesson.kind !== "video") return null;
  if (video) {
    const ready = video.status === "ready";
    return {
      state: video.status as LessonVideo["state"],
      progress: video.progress,
      error: video.error,
      src: ready ? lessonVideoPath(lesson.id, "master.m3u8") : null,
      poster: ready ? lessonVideoPath(lesson.id, "poster.jpg") : null,
      embed: false,
    };
  }
  const embed = lesson.videoUrl ? playerUrl(lesson.videoUrl) : null;
  return embed ? { state: "ready", progress: 100, error: null, src: embed, poster: null, embed: true } : null;
}

export function toMaterial(row: MaterialRow): Material {
  return {
    _id: row.id,
    name: row.name,
    size: row.sizeBytes,
    contentType: row.contentType,
    url: materialPath(row.lessonId, row.id),
  };
}

export interface LearningDeps {
  db: Db;
  /** the site's address and name, for the calendar file of a live class */
  publicUrl?: string;
  siteName?: string;
  /** a course newly completed (its certificate), inside the transaction that completed it */
  onCompleted?: OnCompleted;
  /** made ready before a transaction that may complete a course (the mail queue, the signing key) */
  prepare?: () => Promise<void>;
  now?: () => Date;
}

export function createLearningService(deps: LearningDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function courseRow(courseId: string) {
    if (!isId(courseId)) throw NotFound(M.courseNotFound);
    const [row] = await db
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.id, courseId));
    if (!row) throw NotFound(M.courseNotFound);
    return row;
  }

  /** The course's chapters and lessons in order: all of them for admins, else the published ones. */
  async function structure(courseId: string, all: boolean) {
    const [chapters, lessons] = await Promise.all([
      db
        .select()
        .from(courseChapters)
        .where(and(eq(courseChapters.courseId, courseId), all ? undefined : eq(courseChapters.published, true)))
        .orderBy(asc(courseChapters.position), asc(courseChapters.id)),
      db
        .select()
        .from(courseLessons)
        .where(and(eq(courseLessons.courseId, courseId), all ? undefined : eq(courseLessons.published, true)))
        .orderBy(asc(courseLessons.position), asc(courseLessons.id)),
    ]);
    return chapters.map((chapter) => ({ chapter, lessons: lessons.filter((l) => l.chapterId === chapter.id) }));
  }

  /** The lessons a learner counts towards a course's progress: the published ones of published chapters. */
  async function countedLessons(courseIds: string[]) {
    if (courseIds.length === 0) return [];
    return db
      .select({ id: courseLessons.id, courseId: courseLessons.courseId })
      .from(courseLessons)
      .innerJoin(courseChapters, eq(courseChapters.id, courseLessons.chapterId))
      .where(
        and(
          inArray(courseLessons.courseId, courseIds),
          eq(courseLessons.published, true),
          eq(courseChapters.published, true),
        ),
      )
      .orderBy(
        asc(courseChapters.position),
        asc(courseChapters.id),
        asc(courseLessons.position),
        asc(courseLessons.id),
      );
  }

  async function completedOf(userId: string, courseIds: string[]): Promise<Set<string>> {
    if (courseIds.length === 0) return new Set();
    const rows = await db
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(
        and(
          eq(lessonProgress.userId, userId),
          inArray(lessonProgress.courseId, courseIds),
          isNotNull(lessonProgress.completedAt),
        ),
      );
    return new Set(rows.map((r) => r.lessonId));
  }

  /** Completed / counted lessons of one course for a learner. */
  async function courseProgress(userId: string, courseId: string) {
    const [counted, done] = await Promise.all([countedLessons([courseId]), completedOf(userId, [courseId])]);
    return { completed: counted.filter((l) => done.has(l.id)).length, total: counted.length };
  }

  /** The lesson and its chapter; NotFound for a draft (or a lesson of a draft chapter) unless `drafts`. */
  async function lessonWithChapter(lessonId: string, drafts: boolean) {
    if (!isId(lessonId)) throw NotFound(M.lessonNotFound);
    const [found] = await db
      .select({ lesson: courseLessons, chapter: courseChapters })
      .from(courseLessons)
      .innerJoin(courseChapters, eq(courseChapters.id, courseLessons.chapterId))
      .where(eq(courseLessons.id, lessonId));
    if (!found) throw NotFound(M.lessonNotFound);
    if (!drafts && !(found.lesson.published && found.chapter.published)) throw NotFound(M.lessonNotFound);
    return found;
  }

  /**
   * How `actor` may open the lesson, or the refusal: NotFound for a draft (admins excepted), 401 signed
   * out, 403 signed in without the course.
   */
  async function allowed(actor: Actor | null, lessonId: string): Promise<{ lesson: LessonRow; access: LessonAccess }> {
    const admin = isAdmin(actor);
    const { lesson } = await lessonWithChapter(lessonId, admin);
    if (admin) return { lesson, access: "admin" };
    if (actor) {
      const learner = await learnerOf(db, actor.id);
      if (learner && (await isEnrolled(db, learner, lesson.courseId))) return { lesson, access: "enrolled" };
    }
    if (lesson.preview) return { lesson, access: "preview" };
    if (!actor) throw Unauthorized(M.signIn);
    throw Forbidden(M.notEnrolled);
  }

  const quiz = createQuizService({ db, allowed, onCompleted: deps.onCompleted, prepare: deps.prepare, now });

  const service = {
    /** GET /api/courses/{id}/outline: public; never a body, file or join address. */
    async outline(actor: Actor | null, courseId: string): Promise<Outline> {
      await courseRow(courseId);
      const admin = isAdmin(actor);
      const parts = await structure(courseId, false);
      let enrolled = admin;
      let done = new Set<string>();
      if (actor) {
        const learner = await learnerOf(db, actor.id);
        if (!enrolled && learner) enrolled = await isEnrolled(db, learner, courseId);
        done = await completedOf(actor.id, [courseId]);
      }
      const chapters: OutlineChapter[] = parts.map(({ chapter, lessons }) => ({
        _id: chapter.id,
        title: chapter.title,
        lessons: lessons.map((l) => ({
          _id: l.id,
          title: l.title,
          kind: l.kind as LessonKind,
          length: l.durationSeconds,
          preview: l.preview,
          required: l.required,
          startsAt: l.liveStartsAt?.toISOString() ?? null,
          ...(actor ? { completed: done.has(l.id) } : {}),
        })),
      }));
      const total = chapters.reduce((n, c) => n + c.lessons.length, 0);
      const completed = chapters.reduce((n, c) => n + c.lessons.filter((l) => l.completed).length, 0);
      return { courseId, chapters, enrolled, ...(actor ? { progress: { completed, total } } : {}) };
    },

    /** Whether the actor may open the lesson (for the pages), without throwing for a refusal. */
    async accessOf(actor: Actor | null, lessonId: string): Promise<LessonAccess | null> {
      try {
        return (await allowed(actor, lessonId)).access;
      } catch (error) {
        if (error instanceof Error && "code" in error && (error.code === "unauthorized" || error.code === "forbidden"))
          return null;
        throw error;
      }
    },

    /** GET /api/lessons/{id}: the lesson for those allowed (401 signed out, 403 others, 404 a draft). */
    async lesson(actor: Actor | null, lessonId: string): Promise<Lesson> {
      const { lesson, access } = await allowed(actor, lessonId);
      const isQuiz = lesson.kind === "quiz";
      const [video, materials, progress, parts, quizView] = await Promise.all([
        lesson.videoId
          ? db
              .select()
              .from(lessonVideos)
              .where(eq(lessonVideos.id, lesson.videoId))
              .then((r) => r[0] ?? null)
          : Promise.resolve(null),
        db
          .select()
          .from(lessonMaterials)
          .where(eq(lessonMaterials.lessonId, lesson.id))
          .orderBy(asc(lessonMaterials.position), asc(lessonMaterials.createdAt), asc(lessonMaterials.id)),
        actor
          ? db
              .select()
              .from(lessonProgress)
              .where(and(eq(lessonProgress.userId, actor.id), eq(lessonProgress.lessonId, lesson.id)))
              .then((r) => r[0] ?? null)
          : Promise.resolve(null),
        structure(lesson.courseId, access === "admin"),
        isQuiz ? quiz.view(actor, lesson, access) : Promise.resolve(undefined),
      ]);
      const order = parts.flatMap((p) => p.lessons.map((l) => l.id));
      const at = order.indexOf(lesson.id);
      const live =
        lesson.kind === "live" && lesson.liveStartsAt
          ? {
              startsAt: lesson.liveStartsAt.toISOString(),
              minutes: liveMinutesOf(lesson.durationSeconds, 0),
              // the join link: to those enrolled (and admins), while the class is open (decision 074)
              joinUrl:
                access !== "preview" &&
                lesson.liveJoinUrl &&
                liveState(lesson.liveStartsAt, liveMinutesOf(lesson.durationSeconds), now()) === "open"
                  ? lesson.liveJoinUrl
                  : null,
              joinOpensAt: joinOpensAt(lesson.liveStartsAt).toISOString(),
            }
          : null;
      return {
        _id: lesson.id,
        courseId: lesson.courseId,
        chapterId: lesson.chapterId,
        title: lesson.title,
        kind: lesson.kind as LessonKind,
        preview: lesson.preview,
        published: lesson.published,
        length: lesson.durationSeconds,
        body: sanitizePostHtml(lesson.body),
        video: toVideo(lesson, video),
        materials: materials.map(toMaterial),
        live,
        progress: progress
          ? {
              completed: progress.completedAt !== null,
              position: progress.positionSeconds,
              completedAt: progress.completedAt?.toISOString() ?? null,
            }
          : null,
        previous: at > 0 ? order[at - 1]! : null,
        next: at >= 0 && at < order.length - 1 ? order[at + 1]! : null,
        required: lesson.required,
        ...(quizView ? { questions: quizView.questions, quiz: quizView.state } : {}),
      };
    },

    /**
     * POST /api/lessons/{id}/progress: started on first call; `position` remembered; `completed` true
     * completes it (once: the first completion's time stays), false undoes it; a video watched to 90 %
     * of its length completes itself. A replay writes the same row: it counts once.
     */
    async saveProgress(actor: Actor | null, lessonId: string, input: unknown): Promise<Progress> {
      if (!actor) throw Unauthorized(M.signIn);
      const parsed = ProgressInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { lesson } = await allowed(actor, lessonId);
      const body = parsed.data;
      if (lesson.kind === "quiz" && body.completed !== undefined) throw Invalid(QUIZ_MESSAGES.quizCompletesItself);
      const length = lesson.durationSeconds ?? body.duration ?? null;
      const position = body.position === undefined ? undefined : Math.min(body.position, length ?? body.position);
      const watched =
        lesson.kind === "video" && position !== undefined && length !== null && length > 0
          ? position >= length * VIDEO_COMPLETE_SHARE
          : false;
      const complete = body.completed === true || (body.completed === undefined && watched);
      const at = now();
      if (complete) await deps.prepare?.();
      const { row, courseCompleted } = await db.transaction(async (tx) => {
        // under the learner-and-course lock: two last lessons completed at once complete the course once
        await lockLearnerCourse(tx, actor.id, lesson.courseId);
        const [row] = await tx
          .insert(lessonProgress)
          .values({
            userId: actor.id,
            lessonId: lesson.id,
            courseId: lesson.courseId,
            positionSeconds: position ?? 0,
            completedAt: complete ? at : null,
            startedAt: at,
            updatedAt: at,
          })
          .onConflictDoUpdate({
            target: [lessonProgress.userId, lessonProgress.lessonId],
            set: {
              positionSeconds: position === undefined ? sql`${lessonProgress.positionSeconds}` : position,
              completedAt:
                body.completed === false
                  ? null
                  : complete
                    ? sql`coalesce(${lessonProgress.completedAt}, ${at.toISOString()}::timestamptz)`
                    : sql`${lessonProgress.completedAt}`,
              updatedAt: at,
            },
          })
          .returning();
        const courseCompleted =
          row!.completedAt !== null
            ? await recordCompletion(tx, actor.id, lesson.courseId, at, deps.onCompleted)
            : false;
        return { row, courseCompleted };
      });
      return {
        ...(courseCompleted ? { courseCompleted: true } : {}),
        lessonId: lesson.id,
        completed: row!.completedAt !== null,
        position: row!.positionSeconds,
        completedAt: row!.completedAt?.toISOString() ?? null,
        course: await courseProgress(actor.id, lesson.courseId),
      };
    },

    /** The lesson page opened by a signed-in learner: started (once), nothing else changes. */
    async markStarted(actor: Actor, lessonId: string): Promise<void> {
      const { lesson } = await allowed(actor, lessonId);
      await db
        .insert(lessonProgress)
        .values({ userId: actor.id, lessonId: lesson.id, courseId: lesson.courseId })
        .onConflictDoNothing();
    },

    /**
     * /account's courses: each enrolled course's progress and the lesson "Continue" opens (the first not
     * completed, else the first). Courses without lessons get none.
     */
    async accountProgress(
      userId: string,
      courseIds: string[],
    ): Promise<Map<string, { completed: number; total: number; next: string | null }>> {
      const result = new Map<string, { completed: number; total: number; next: string | null }>();
      const ids = courseIds.filter(isId);
      const [counted, done] = await Promise.all([countedLessons(ids), completedOf(userId, ids)]);
      for (const courseId of ids) {
        const lessons = counted.filter((l) => l.courseId === courseId);
        const completed = lessons.filter((l) => done.has(l.id)).length;
        const next = lessons.find((l) => !done.has(l.id))?.id ?? lessons[0]?.id ?? null;
        result.set(courseId, { completed, total: lessons.length, next });
      }
      return result;
    },

    /**
     * A live class as a calendar file (RFC 5545), for those who may open the lesson: its time and the lesson
     * page's address, never the join link (decision 074). NotFound for a lesson that is no live class.
     */
    async liveCalendar(actor: Actor | null, lessonId: string): Promise<{ fileName: string; body: string }> {
      const { lesson } = await allowed(actor, lessonId);
      if (lesson.kind !== "live" || !lesson.liveStartsAt) throw NotFound(M.lessonNotFound);
      const course = await courseRow(lesson.courseId);
      const base = deps.publicUrl ?? "http://localhost:3000";
      return {
        fileName: liveClassFileName(lesson.title),
        body: liveClassIcs({
          lessonId: lesson.id,
          title: lesson.title,
          courseTitle: course.title,
          startsAt: lesson.liveStartsAt,
          minutes: Math.round((lesson.durationSeconds ?? 0) / 60),
          url: new URL(lessonPagePath(lesson.courseId, lesson.id), base).href,
          organizerName: deps.siteName,
          now: now(),
        }),
      };
    },

    /** The store key of a lesson video's file, for those allowed; null when there is no such file. */
    async videoFile(actor: Actor | null, lessonId: string): Promise<VideoRow | null> {
      const { lesson } = await allowed(actor, lessonId);
      if (!lesson.videoId) return null;
      const [video] = await db.select().from(lessonVideos).where(eq(lessonVideos.id, lesson.videoId));
      return video?.status === "ready" ? video : null;
    },

    /** A lesson's material, for those allowed. */
    async material(actor: Actor | null, lessonId: string, materialId: string): Promise<MaterialRow> {
      const { lesson } = await allowed(actor, lessonId);
      if (!isId(materialId)) throw NotFound(M.materialNotFound);
      const [row] = await db
        .select()
        .from(lessonMaterials)
        .where(and(eq(lessonMaterials.id, materialId), eq(lessonMaterials.lessonId, lesson.id)));
      if (!row) throw NotFound(M.materialNotFound);
      return row;
    },

    /** Whether the signed-in actor is enrolled in these courses (the course cards, the course page). */
    async enrolledIn(actor: Actor | null, courseIds: string[]): Promise<Set<string>> {
      if (!actor) return new Set();
      const learner = await learnerOf(db, actor.id);
      return learner ? enrolledCourses(db, learner, courseIds.filter(isId)) : new Set();
    },

    /** How many learners have progress in each lesson (the authoring screen asks before deleting). */
    async learnersPerLesson(lessonIds: string[]): Promise<Map<string, number>> {
      if (lessonIds.length === 0) return new Map();
      const rows = await db
        .select({ lessonId: lessonProgress.lessonId, n: count() })
        .from(lessonProgress)
        .where(inArray(lessonProgress.lessonId, lessonIds))
        .groupBy(lessonProgress.lessonId);
      return new Map(rows.map((r) => [r.lessonId, r.n]));
    },

    courseProgress,
    allowed,
    /** quizzes: their questions, a learner's attempts, the admin's questions and figures */
    quiz,
  };
  return service;
}

export type LearningService = ReturnType<typeof createLearningService>;
