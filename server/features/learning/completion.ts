// A course's completion (issue 32): complete when every published required lesson (of a published chapter)
// is complete and every required quiz among them is passed. Each write of a learner's progress in a
// course (a lesson completed, a quiz attempt) runs in one transaction under the learner-and-course lock
// below, so two last lessons completed at once still see each other: exactly one of them records the
// completion (the moment, the score), and only that one hands it on (the certificate, its e-mail).
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { courseChapters, courseCompletions, courseLessons, lessonProgress, quizAttempts } from "../../db/schema.ts";

/** The first key of the learner-and-course advisory locks (the second is the pair's hash): no other lock uses it. */
const PROGRESS_LOCK_SPACE = 32_032;

/** Holds the learner's progress in the course to this transaction until it ends. */
export async function lockLearnerCourse(tx: Db, userId: string, courseId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PROGRESS_LOCK_SPACE}, hashtext(${`${userId}:${courseId}`}))`);
}

export interface Completion {
  userId: string;
  courseId: string;
  completedAt: Date;
  score: number | null;
}

/** What a completion newly recorded leads to, inside the same transaction (the certificate). */
export type OnCompleted = (tx: Db, completion: Completion) => Promise<void>;

/** Whether every required lesson of the course is done by the learner, and their score over its required quizzes. */
export async function completionOf(
  tx: Db,
  userId: string,
  courseId: string,
): Promise<{ complete: boolean; score: number | null }> {
  const required = await tx
    .select({ id: courseLessons.id, kind: courseLessons.kind })
    .from(courseLessons)
    .innerJoin(courseChapters, eq(courseChapters.id, courseLessons.chapterId))
    .where(
      and(
        eq(courseLessons.courseId, courseId),
        eq(courseLessons.published, true),
        eq(courseLessons.required, true),
        eq(courseChapters.published, true),
      ),
    );
  if (required.length === 0) return { complete: false, score: null };
  const ids = required.map((l) => l.id);
  const quizIds = required.filter((l) => l.kind === "quiz").map((l) => l.id);
  const [done, best] = await Promise.all([
    tx
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(
        and(
          eq(lessonProgress.userId, userId),
          inArray(lessonProgress.lessonId, ids),
          isNotNull(lessonProgress.completedAt),
        ),
      ),
    quizIds.length
      ? tx
          .select({
            lessonId: quizAttempts.lessonId,
            best: sql<number>`max(${quizAttempts.score})`.mapWith(Number),
            passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
          })
          .from(quizAttempts)
          .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.lessonId, quizIds)))
          .groupBy(quizAttempts.lessonId)
      : Promise.resolve([]),
  ]);
  const completed = new Set(done.map((d) => d.lessonId));
  const passed = new Set(best.filter((b) => b.passed).map((b) => b.lessonId));
  const complete = required.every((l) => (l.kind === "quiz" ? passed.has(l.id) : completed.has(l.id)));
  const scores = best.filter((b) => passed.has(b.lessonId)).map((b) => b.best);
  const score = scores.length ? Math.floor(scores.reduce((a, b) => a + b, 0) / scores.length) : null;
  return { complete, score };
}

/**
 * Records the course's completion once, when it is complete, and hands a newly recorded one to
 * `onCompleted`. Call it inside the transaction that wrote the progress, after lockLearnerCourse.
 */
export async function recordCompletion(
  tx: Db,
  userId: string,
  courseId: string,
  at: Date,
  onCompleted?: OnCompleted,
): Promise<boolean> {
  const { complete, score } = await completionOf(tx, userId, courseId);
  if (!complete) return false;
  const [row] = await tx
    .insert(courseCompletions)
    .values({ userId, courseId, completedAt: at, score })
    .onConflictDoNothing()
    .returning();
  if (!row) return false;
  await onCompleted?.(tx, { userId, courseId, completedAt: row.completedAt, score: row.score });
  return true;
}
