// Building a course's content (issue 31, /admin/course/{id}/content): chapters and lessons added,
// changed, moved, published and deleted; videos and materials attached. Admins only; every write goes
// through writeContent (the course page's outline is public content) and is recorded in the audit log
// in the same transaction, under "course-content" with the course as its item.
import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { and, asc, count, desc, eq, gt, inArray, lt, max, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  ChapterInputSchema,
  ChapterUpdateSchema,
  LEARNING_MESSAGES as M,
  LessonInputSchema,
  LessonUpdateSchema,
  MoveInputSchema,
  type AuthoringLesson,
  type CourseContent,
  type LearnerProgress,
  type LessonKind,
} from "../../../contract/learning/learning.ts";
import type { z } from "zod";
import { describeIssues } from "../../../contract/lib/common.ts";
import { playerUrl } from "../../../contract/lib/video-embed.ts";
import type { Db } from "../../db/client.ts";
import { writeContent, type ContentTx } from "../../db/content-version.ts";
import {
  courseChapters,
  courseLessons,
  courses,
  lessonMaterials,
  lessonProgress,
  lessonVideos,
  payments,
  quizQuestions,
  quizSettings,
  user,
} from "../../db/schema.ts";
import type { MediaStore } from "../../integrations/media/store.ts";
import { Invalid, NotFound } from "../../lib/errors.ts";
import { isId, newId } from "../../lib/id.ts";
import type { Logger } from "../../lib/logger.ts";
import { sanitizePostHtml } from "../../lib/sanitize.ts";
import { recordAudit } from "../admin/audit.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import { HELD_STATUSES } from "../payments/purchases.service.ts";
import { toMaterial, toVideo } from "./learning.service.ts";
import { CONTENT_AUDIT, type ChapterRow, type LessonRow } from "./lesson-rows.ts";
import { QUIZ_LIMITS } from "../../../contract/learning/quiz.ts";

export { CONTENT_AUDIT } from "./lesson-rows.ts";

export interface MaterialCheck {
  contentType: string;
  ext: string;
}

export interface AuthoringDeps {
  db: Db;
  store: MediaStore;
  logger?: Logger;
  /** whether this server can transcode (ffmpeg found); without it a video upload is refused, saying why */
  canTranscode: () => boolean;
  /** queues the transcoding of an uploaded video */
  queueTranscode?: (videoId: string) => Promise<void>;
  /** a live class was added, published or moved: its reminders follow */
  liveChanged?: (lessonId: string) => Promise<void>;
  /** a material's bytes and name are what they say (or Invalid, saying why) */
  checkMaterial: (bytes: Uint8Array, fileName: string) => MaterialCheck;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
  return parsed.data;
}

/** The lesson's fields as the audit log records them. */
function lessonValues(l: LessonRow): Record<string, unknown> {
  return {
    lesson: l.title,
    kind: l.kind,
    published: l.published,
    preview: l.preview,
    videoUrl: l.videoUrl,
    liveStartsAt: l.liveStartsAt?.toISOString() ?? null,
    liveJoinUrl: l.liveJoinUrl,
    duration: l.durationSeconds,
    required: l.required,
  };
}

type QuizRules = { passPercent: number; maxAttempts: number | null };

/** A quiz's rules as the lesson form sets them: what is not sent stays (a new quiz: 70 %, unlimited). */
async function saveQuizRules(
  tx: ContentTx,
  lesson: LessonRow,
  data: { passPercent?: number; maxAttempts?: number | null },
): Promise<QuizRules | null> {
  if (lesson.kind !== "quiz") return null;
  const [before] = await tx.select().from(quizSettings).where(eq(quizSettings.lessonId, lesson.id));
  const rules = {
    passPercent: data.passPercent ?? before?.passPercent ?? QUIZ_LIMITS.passPercentDefault,
    maxAttempts: data.maxAttempts === undefined ? (before?.maxAttempts ?? null) : data.maxAttempts,
  };
  await tx
    .insert(quizSettings)
    .values({ lessonId: lesson.id, ...rules })
    .onConflictDoUpdate({ target: quizSettings.lessonId, set: { ...rules, updatedAt: new Date() } });
  return rules;
}

const chapterValues = (c: ChapterRow): Record<string, unknown> => ({ chapter: c.title, published: c.published });

/** Video containers we take (by their first bytes): MP4/MOV/3GP (ftyp), WebM/MKV (EBML), AVI, MPEG-TS/PS. */
export function looksLikeVideo(head: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ["ftyp", "moov", "mdat", "wide", "free"].includes(ascii(4, 8))) return true;
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return true;
  if (head.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "AVI ") return true;
  if (head.length >= 1 && head[0] === 0x47 && (head.length < 189 || head[188] === 0x47)) return true;
  if (head.length >= 4 && head[0] === 0 && head[1] === 0 && head[2] === 1 && head[3] === 0xba) return true;
  return false;
}

export function createAuthoringService(deps: AuthoringDeps) {
  const { db, store } = deps;

  async function courseOf(tx: Db | ContentTx, courseId: string) {
    if (!isId(courseId)) throw NotFound(M.courseNotFound);
    const [row] = await tx
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.id, courseId));
    if (!row) throw NotFound(M.courseNotFound);
    return row;
  }

  async function chapterOf(tx: Db | ContentTx, chapterId: string, lock = false) {
    if (!isId(chapterId)) throw NotFound(M.chapterNotFound);
    const query = tx.select().from(courseChapters).where(eq(courseChapters.id, chapterId));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw NotFound(M.chapterNotFound);
    return row;
  }

  async function lessonOf(tx: Db | ContentTx, lessonId: string, lock = false) {
    if (!isId(lessonId)) throw NotFound(M.lessonNotFound);
    const query = tx.select().from(courseLessons).where(eq(courseLessons.id, lessonId));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw NotFound(M.lessonNotFound);
    return row;
  }

  async function audit(
    tx: ContentTx,
    admin: Actor,
    courseId: string,
    action: string,
    label: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) {
    const course = await courseOf(tx, courseId);
    await recordAudit(tx, admin, {
      action,
      resource: CONTENT_AUDIT,
      itemId: courseId,
      itemLabel: `${course.title}: ${label}`,
      before,
      after,
    });
  }

  /** A lesson's fields checked together: a live class has its start and length, a linked video is YouTube/Vimeo. */
  function lessonRules(next: {
    kind: string;
    liveStartsAt: Date | null;
    durationSeconds: number | null;
    videoUrl: string | null;
  }) {
    if (next.kind === "live" && (!next.liveStartsAt || !next.durationSeconds))
      throw Invalid(M.liveStartsRequired, { field: "liveStartsAt" });
    if (next.videoUrl && !playerUrl(next.videoUrl)) throw Invalid(M.videoUrlInvalid, { field: "videoUrl" });
  }

  async function liveChanged(lesson: LessonRow) {
    if (lesson.kind !== "live" || !deps.liveChanged) return;
    await deps.liveChanged(lesson.id).catch((error: unknown) =>
      deps.logger?.warn("live class reminders not scheduled", {
        lessonId: lesson.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }

  /**
   * Swaps an item's position with its neighbour's above or below among its siblings (`siblings`: the rows of
   * the same course or chapter), both rows locked; false when it has none that way.
   */
  async function swapWithNeighbour<T extends PgTable & { id: PgColumn; position: PgColumn }>(
    tx: ContentTx,
    table: T,
    row: { id: string; position: number },
    siblings: SQL,
    direction: "up" | "down",
  ): Promise<boolean> {
    const up = direction === "up";
    const [other] = (await tx
      .select({ id: table.id, position: table.position })
      .from(table as PgTable)
      .where(and(siblings, up ? lt(table.position, row.position) : gt(table.position, row.position)))
      .orderBy(up ? desc(table.position) : asc(table.position))
      .limit(1)
      .for("update")) as Array<{ id: string; position: number }>;
    if (!other) return false;
    await tx
      .update(table)
      .set({ position: other.position } as never)
      .where(eq(table.id, row.id));
    await tx
      .update(table)
      .set({ position: row.position } as never)
      .where(eq(table.id, other.id));
    return true;
  }

  const service = {
    /** GET /api/admin/courses/{id}/content: every chapter and lesson, drafts included, with their files. */
    async content(actor: Actor | null, courseId: string): Promise<CourseContent> {
      requireAdmin(actor);
      const course = await courseOf(db, courseId);
      const [chapters, lessons] = await Promise.all([
        db
          .select()
          .from(courseChapters)
          .where(eq(courseChapters.courseId, course.id))
          .orderBy(asc(courseChapters.position), asc(courseChapters.id)),
        db
          .select()
          .from(courseLessons)
          .where(eq(courseLessons.courseId, course.id))
          .orderBy(asc(courseLessons.position), asc(courseLessons.id)),
      ]);
      const lessonIds = lessons.map((l) => l.id);
      const videoIds = lessons.map((l) => l.videoId).filter((id): id is string => !!id);
      const [videos, materials, learners, rules, questionCounts] = await Promise.all([
        videoIds.length ? db.select().from(lessonVideos).where(inArray(lessonVideos.id, videoIds)) : [],
        lessonIds.length
          ? db
              .select()
              .from(lessonMaterials)
              .where(inArray(lessonMaterials.lessonId, lessonIds))
              .orderBy(asc(lessonMaterials.position), asc(lessonMaterials.createdAt), asc(lessonMaterials.id))
          : [],
        lessonIds.length
          ? db
              .select({ lessonId: lessonProgress.lessonId, n: count() })
              .from(lessonProgress)
              .where(inArray(lessonProgress.lessonId, lessonIds))
              .groupBy(lessonProgress.lessonId)
          : [],
        lessonIds.length ? db.select().from(quizSettings).where(inArray(quizSettings.lessonId, lessonIds)) : [],
        lessonIds.length
          ? db
              .select({ lessonId: quizQuestions.lessonId, n: count() })
              .from(quizQuestions)
              .where(inArray(quizQuestions.lessonId, lessonIds))
              .groupBy(quizQuestions.lessonId)
          : [],
      ]);
      const rulesOf = new Map(rules.map((r) => [r.lessonId, r]));
      const questionsOf = new Map(questionCounts.map((r) => [r.lessonId, r.n]));
      const videoById = new Map(videos.map((v) => [v.id, v]));
      const learnersOf = new Map(learners.map((r) => [r.lessonId, r.n]));
      const toLesson = (l: LessonRow): AuthoringLesson => ({
        _id: l.id,
        courseId: l.courseId,
        chapterId: l.chapterId,
        title: l.title,
        kind: l.kind as LessonKind,
        published: l.published,
        preview: l.preview,
        length: l.durationSeconds,
        body: sanitizePostHtml(l.body),
        videoUrl: l.videoUrl,
        video: toVideo(l, l.videoId ? (videoById.get(l.videoId) ?? null) : null),
        materials: materials.filter((m) => m.lessonId === l.id).map(toMaterial),
        liveStartsAt: l.liveStartsAt?.toISOString() ?? null,
        liveMinutes: l.kind === "live" && l.durationSeconds ? Math.round(l.durationSeconds / 60) : null,
        liveJoinUrl: l.liveJoinUrl,
        required: l.required,
        passPercent: l.kind === "quiz" ? (rulesOf.get(l.id)?.passPercent ?? QUIZ_LIMITS.passPercentDefault) : null,
        maxAttempts: l.kind === "quiz" ? (rulesOf.get(l.id)?.maxAttempts ?? null) : null,
        questions: questionsOf.get(l.id) ?? 0,
        learners: learnersOf.get(l.id) ?? 0,
      });
      return {
        course: { _id: course.id, title: course.title },
        chapters: chapters.map((c) => ({
          _id: c.id,
          title: c.title,
          published: c.published,
          lessons: lessons.filter((l) => l.chapterId === c.id).map(toLesson),
        })),
      };
    },

    async createChapter(actor: Actor | null, courseId: string, input: unknown): Promise<ChapterRow> {
      const admin = requireAdmin(actor);
      const data = parse(ChapterInputSchema, input);
      return writeContent(db, ["courses"], async (tx) => {
        const course = await courseOf(tx, courseId);
        // (the course row locked: two chapters added at once get different positions)
        await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, course.id)).for("update");
        const [last] = await tx
          .select({ p: max(courseChapters.position) })
          .from(courseChapters)
          .where(eq(courseChapters.courseId, course.id));
        const [row] = await tx
          .insert(courseChapters)
          .values({
            courseId: course.id,
            title: data.title,
            published: data.published ?? false,
            position: (last?.p ?? -1) + 1,
          })
          .returning();
        await audit(tx, admin, course.id, "create", row!.title, null, chapterValues(row!));
        return row!;
      });
    },

    async updateChapter(actor: Actor | null, chapterId: string, input: unknown): Promise<ChapterRow> {
      const admin = requireAdmin(actor);
      const data = parse(ChapterUpdateSchema, input);
      const { row, lessons } = await writeContent(db, ["courses"], async (tx) => {
        const before = await chapterOf(tx, chapterId, true);
        const [row] = await tx
          .update(courseChapters)
          .set({
            title: data.title ?? before.title,
            published: data.published ?? before.published,
            updatedAt: new Date(),
          })
          .where(eq(courseChapters.id, before.id))
          .returning();
        await audit(tx, admin, before.courseId, "update", row!.title, chapterValues(before), chapterValues(row!));
        const lessons = await tx.select().from(courseLessons).where(eq(courseLessons.chapterId, before.id));
        return { row: row!, lessons };
      });
      if (data.published !== undefined) for (const lesson of lessons) await liveChanged(lesson);
      return row;
    },

    async deleteChapter(actor: Actor | null, chapterId: string): Promise<{ message: string; _id: string }> {
      const admin = requireAdmin(actor);
      return writeContent(db, ["courses"], async (tx) => {
        const row = await chapterOf(tx, chapterId, true);
        await tx.delete(courseChapters).where(eq(courseChapters.id, row.id));
        await audit(tx, admin, row.courseId, "delete", row.title, chapterValues(row), null);
        return { message: "Chapter deleted", _id: row.id };
      });
    },

    async moveChapter(actor: Actor | null, chapterId: string, input: unknown): Promise<ChapterRow> {
      const admin = requireAdmin(actor);
      const { direction } = parse(MoveInputSchema, input);
      return writeContent(db, ["courses"], async (tx) => {
        const row = await chapterOf(tx, chapterId, true);
        const siblings = eq(courseChapters.courseId, row.courseId);
        const moved = await swapWithNeighbour(tx, courseChapters, row, siblings, direction);
        if (moved) await audit(tx, admin, row.courseId, "move", row.title, { direction: null }, { direction });
        return (await chapterOf(tx, row.id))!;
      });
    },

    async createLesson(actor: Actor | null, chapterId: string, input: unknown): Promise<LessonRow> {
      const admin = requireAdmin(actor);
      const data = parse(LessonInputSchema, input);
      const row = await writeContent(db, ["courses"], async (tx) => {
        const chapter = await chapterOf(tx, chapterId, true);
        const values = {
          kind: data.kind,
          liveStartsAt: data.liveStartsAt ? new Date(data.liveStartsAt) : null,
          durationSeconds: data.kind === "live" && data.liveMinutes ? data.liveMinutes * 60 : null,
          videoUrl: data.kind === "video" ? (data.videoUrl ?? null) : null,
        };
        lessonRules(values);
        const [last] = await tx
          .select({ p: max(courseLessons.position) })
          .from(courseLessons)
          .where(eq(courseLessons.chapterId, chapter.id));
        const [row] = await tx
          .insert(courseLessons)
          .values({
            ...values,
            courseId: chapter.courseId,
            chapterId: chapter.id,
            title: data.title,
            published: data.published ?? false,
            preview: data.preview ?? false,
            required: data.required ?? true,
            body: data.body ? sanitizePostHtml(data.body) : "",
            liveJoinUrl: data.kind === "live" ? (data.liveJoinUrl ?? null) : null,
            position: (last?.p ?? -1) + 1,
          })
          .returning();
        const rules = await saveQuizRules(tx, row!, data);
        await audit(tx, admin, chapter.courseId, "create", row!.title, null, { ...lessonValues(row!), ...rules });
        return row!;
      });
      await liveChanged(row);
      return row;
    },

    async updateLesson(actor: Actor | null, lessonId: string, input: unknown): Promise<LessonRow> {
      const admin = requireAdmin(actor);
      const data = parse(LessonUpdateSchema, input);
      const row = await writeContent(db, ["courses"], async (tx) => {
        const before = await lessonOf(tx, lessonId, true);
        let chapterId = before.chapterId;
        let position = before.position;
        if (data.chapterId !== undefined && data.chapterId !== before.chapterId) {
          const target = await chapterOf(tx, data.chapterId, true);
          if (target.courseId !== before.courseId) throw Invalid(M.chapterOfOtherCourse, { field: "chapterId" });
          const [last] = await tx
            .select({ p: max(courseLessons.position) })
            .from(courseLessons)
            .where(eq(courseLessons.chapterId, target.id));
          chapterId = target.id;
          position = (last?.p ?? -1) + 1;
        }
        const kind = data.kind ?? before.kind;
        const liveStartsAt =
          data.liveStartsAt === undefined
            ? before.liveStartsAt
            : data.liveStartsAt
              ? new Date(data.liveStartsAt)
              : null;
        const durationSeconds =
          kind !== "live"
            ? kind === before.kind
              ? before.durationSeconds
              : null
            : data.liveMinutes === undefined
              ? before.kind === "live"
                ? before.durationSeconds
                : null
              : data.liveMinutes === null
                ? null
                : data.liveMinutes * 60;
        const videoUrl = kind !== "video" ? null : data.videoUrl === undefined ? before.videoUrl : data.videoUrl;
        const next = { kind, liveStartsAt: kind === "live" ? liveStartsAt : null, durationSeconds, videoUrl };
        lessonRules(next);
        const [row] = await tx
          .update(courseLessons)
          .set({
            ...next,
            chapterId,
            position,
            title: data.title ?? before.title,
            published: data.published ?? before.published,
            preview: data.preview ?? before.preview,
            required: data.required ?? before.required,
            body: data.body === undefined ? before.body : sanitizePostHtml(data.body),
            // a link replaces an upload; another kind keeps no video
            videoId: kind !== "video" || (data.videoUrl && data.videoUrl !== before.videoUrl) ? null : before.videoId,
            liveJoinUrl:
              kind !== "live" ? null : data.liveJoinUrl === undefined ? before.liveJoinUrl : data.liveJoinUrl,
            updatedAt: new Date(),
          })
          .where(eq(courseLessons.id, before.id))
          .returning();
        const [rulesBefore] = await tx.select().from(quizSettings).where(eq(quizSettings.lessonId, before.id));
        const rules = await saveQuizRules(tx, row!, data);
        await audit(
          tx,
          admin,
          before.courseId,
          "update",
          row!.title,
          {
            ...lessonValues(before),
            ...(rulesBefore ? { passPercent: rulesBefore.passPercent, maxAttempts: rulesBefore.maxAttempts } : {}),
          },
          { ...lessonValues(row!), ...rules },
        );
        return row!;
      });
      await liveChanged(row);
      return row;
    },

    /** Deletes a lesson; its learners' progress in it goes with it, so their completion counts stay right. */
    async deleteLesson(actor: Actor | null, lessonId: string): Promise<{ message: string; _id: string }> {
      const admin = requireAdmin(actor);
      const { result, keys } = await writeContent(db, ["courses"], async (tx) => {
        const row = await lessonOf(tx, lessonId, true);
        const materials = await tx
          .select({ key: lessonMaterials.storeKey })
          .from(lessonMaterials)
          .where(eq(lessonMaterials.lessonId, row.id));
        await tx.delete(courseLessons).where(eq(courseLessons.id, row.id));
        await audit(tx, admin, row.courseId, "delete", row.title, lessonValues(row), null);
        return { result: { message: "Lesson deleted", _id: row.id }, keys: materials.map((m) => m.key) };
      });
      for (const key of keys) await store.delete(key).catch(() => {});
      return result;
    },

    async moveLesson(actor: Actor | null, lessonId: string, input: unknown): Promise<LessonRow> {
      const admin = requireAdmin(actor);
      const { direction } = parse(MoveInputSchema, input);
      return writeContent(db, ["courses"], async (tx) => {
        const row = await lessonOf(tx, lessonId, true);
        const siblings = eq(courseLessons.chapterId, row.chapterId);
        const moved = await swapWithNeighbour(tx, courseLessons, row, siblings, direction);
        if (moved) await audit(tx, admin, row.courseId, "move", row.title, { direction: null }, { direction });
        return lessonOf(tx, row.id);
      });
    },

    /**
     * An uploaded video (a file on this machine, `size` bytes, named `name`) for a video lesson: kept in the
     * media store, then transcoded by the queue (decision 073). Refused when this server cannot transcode
     * (saying how to install ffmpeg) or when the file is no video.
     */
    async attachVideo(
      actor: Actor | null,
      lessonId: string,
      upload: { file: string; size: number; name: string; head: Uint8Array },
    ): Promise<{ videoId: string }> {
      const admin = requireAdmin(actor);
      const lesson = await lessonOf(db, lessonId);
      if (lesson.kind !== "video") throw Invalid("Only a video lesson takes a video");
      if (!deps.canTranscode()) throw Invalid(M.ffmpegMissing);
      if (upload.size === 0 || !looksLikeVideo(upload.head))
        throw Invalid("That file is not a video: upload an MP4, MOV, WebM, MKV or AVI file.");
      const videoId = newId();
      const ext = (upload.name.toLowerCase().match(/\.([a-z0-9]{1,5})$/)?.[1] ?? "bin").replace(/[^a-z0-9]/g, "");
      const sourceKey = `video-sources/${videoId}-${randomBytes(4).toString("hex")}.${ext}`;
      await store.put(sourceKey, new Uint8Array(await readFile(upload.file)), "application/octet-stream");
      try {
        await writeContent(db, ["courses"], async (tx) => {
          const row = await lessonOf(tx, lesson.id, true);
          await tx
            .insert(lessonVideos)
            .values({ id: videoId, sourceKey, originalName: upload.name.slice(0, 200), status: "queued" });
          await tx
            .update(courseLessons)
            .set({ videoId, videoUrl: null, durationSeconds: null, updatedAt: new Date() })
            .where(eq(courseLessons.id, row.id));
          await audit(
            tx,
            admin,
            row.courseId,
            "update",
            row.title,
            { video: row.videoId ?? row.videoUrl },
            { video: upload.name },
          );
        });
      } catch (error) {
        await store.delete(sourceKey).catch(() => {});
        throw error;
      }
      await deps.queueTranscode?.(videoId);
      return { videoId };
    },

    /** A file to download with the lesson: checked (type by its bytes, size, a ZIP's contents), then kept. */
    async addMaterial(
      actor: Actor | null,
      lessonId: string,
      upload: { bytes: Uint8Array; name: string },
    ): Promise<AuthoringLesson["materials"][number]> {
      const admin = requireAdmin(actor);
      const lesson = await lessonOf(db, lessonId);
      const name = upload.name
        // eslint-disable-next-line no-control-regex -- control characters and separators never reach a file name
        .replace(/[\u0000-\u001f/\\]/g, "")
        .trim()
        .slice(0, 200);
      if (!name) throw Invalid("The file needs a name");
      const checked = deps.checkMaterial(upload.bytes, name);
      const id = newId();
      const storeKey = `materials/${id}.${checked.ext}`;
      await store.put(storeKey, upload.bytes, checked.contentType);
      try {
        const row = await writeContent(db, ["courses"], async (tx) => {
          const locked = await lessonOf(tx, lesson.id, true);
          const [last] = await tx
            .select({ p: max(lessonMaterials.position) })
            .from(lessonMaterials)
            .where(eq(lessonMaterials.lessonId, locked.id));
          const [row] = await tx
            .insert(lessonMaterials)
            .values({
              id,
              lessonId: locked.id,
              name,
              storeKey,
              contentType: checked.contentType,
              sizeBytes: upload.bytes.byteLength,
              position: (last?.p ?? -1) + 1,
            })
            .returning();
          await audit(tx, admin, locked.courseId, "update", locked.title, null, { material: name });
          return row!;
        });
        return toMaterial(row);
      } catch (error) {
        await store.delete(storeKey).catch(() => {});
        throw error;
      }
    },

    async deleteMaterial(
      actor: Actor | null,
      lessonId: string,
      materialId: string,
    ): Promise<{ message: string; _id: string }> {
      const admin = requireAdmin(actor);
      if (!isId(materialId)) throw NotFound(M.materialNotFound);
      const key = await writeContent(db, ["courses"], async (tx) => {
        const lesson = await lessonOf(tx, lessonId, true);
        const [row] = await tx
          .delete(lessonMaterials)
          .where(and(eq(lessonMaterials.id, materialId), eq(lessonMaterials.lessonId, lesson.id)))
          .returning();
        if (!row) throw NotFound(M.materialNotFound);
        await audit(tx, admin, lesson.courseId, "update", lesson.title, { material: row.name }, null);
        return row.storeKey;
      });
      await store.delete(key).catch(() => {});
      return { message: "Material deleted", _id: materialId };
    },

    /**
     * The course detail's learners: everyone enrolled (held payments, joined to accounts by id or by a
     * verified address), with their completed lessons and when they last did anything.
     */
    async learners(actor: Actor | null, courseId: string): Promise<LearnerProgress[]> {
      requireAdmin(actor);
      const course = await courseOf(db, courseId);
      const buyers = await db
        .select({ userId: payments.userId, email: payments.email })
        .from(payments)
        .where(
          and(
            eq(payments.kind, "course"),
            eq(payments.itemId, course.id),
            inArray(payments.status, [...HELD_STATUSES]),
          ),
        );
      const ids = new Set(buyers.map((b) => b.userId).filter((id): id is string => !!id));
      const emails = [...new Set(buyers.filter((b) => !b.userId).map((b) => b.email.toLowerCase()))];
      const accounts = await db
        .select({ id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified })
        .from(user)
        .where(
          emails.length
            ? sql`${user.id} in ${ids.size ? [...ids] : [""]} or (${user.emailVerified} and lower(${user.email}) in ${emails})`
            : inArray(user.id, ids.size ? [...ids] : [""]),
        );
      if (accounts.length === 0) return [];
      const [total, progress] = await Promise.all([
        db
          .select({ n: count() })
          .from(courseLessons)
          .innerJoin(courseChapters, eq(courseChapters.id, courseLessons.chapterId))
          .where(
            and(
              eq(courseLessons.courseId, course.id),
              eq(courseLessons.published, true),
              eq(courseChapters.published, true),
            ),
          ),
        db
          .select({
            userId: lessonProgress.userId,
            completed:
              sql<number>`count(*) filter (where ${lessonProgress.completedAt} is not null and ${courseLessons.published} and ${courseChapters.published})`.mapWith(
                Number,
              ),
            last: max(lessonProgress.updatedAt),
          })
          .from(lessonProgress)
          .innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
          .innerJoin(courseChapters, eq(courseChapters.id, courseLessons.chapterId))
          .where(
            and(
              eq(lessonProgress.courseId, course.id),
              inArray(
                lessonProgress.userId,
                accounts.map((a) => a.id),
              ),
            ),
          )
          .groupBy(lessonProgress.userId),
      ]);
      const byUser = new Map(progress.map((p) => [p.userId, p]));
      return accounts
        .map((a) => ({
          userId: a.id,
          name: a.name,
          email: a.email,
          completed: byUser.get(a.id)?.completed ?? 0,
          total: total[0]?.n ?? 0,
          lastActiveAt: byUser.get(a.id)?.last?.toISOString() ?? null,
        }))
        .sort((x, y) => y.completed - x.completed || x.email.localeCompare(y.email));
    },

    /** Where an upload waits while it arrives (the route streams it to disk first). */
    async discard(file: string) {
      await rm(file, { force: true });
    },
  };
  return service;
}

export type AuthoringService = ReturnType<typeof createAuthoringService>;
