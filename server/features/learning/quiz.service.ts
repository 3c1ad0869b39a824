// Quizzes (issue 32): a learner's view of a quiz (its questions without the key), the grading of an
// attempt, and the admin's questions and figures. Who may answer a quiz is who may open its lesson
// (learning.service.ts `allowed`, decision 075). An attempt is graded here and nowhere else, stored once
// (numbered per learner and quiz, under the learner-and-course lock of ./completion.ts: a double submit
// is the same attempt), and a pass completes the lesson, and the course when it was the last thing missing.
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, max, sql } from "drizzle-orm";
import {
  AttemptInputSchema,
  normaliseShortAnswer,
  QuestionInputSchema,
  QUIZ_LIMITS,
  QUIZ_MESSAGES as M,
  type AttemptResult,
  type AuthoringQuestion,
  type QuizAdmin,
  type QuizKind,
  type QuizQuestion,
  type QuizState,
} from "../../../contract/learning/quiz.ts";
import { LEARNING_MESSAGES } from "../../../contract/learning/learning.ts";
import { describeIssues } from "../../../contract/lib/common.ts";
import { percentOf } from "../../../contract/lib/money.ts";
import type { Db } from "../../db/client.ts";
import { writeContent, type ContentTx } from "../../db/content-version.ts";
import { courseLessons, courses, lessonProgress, quizAttempts, quizQuestions, quizSettings } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound, Unauthorized } from "../../lib/errors.ts";
import { isId, newId } from "../../lib/id.ts";
import { recordAudit } from "../admin/audit.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import { lockLearnerCourse, recordCompletion, type OnCompleted } from "./completion.ts";
import { CONTENT_AUDIT, type LessonAccess, type LessonRow } from "./lesson-rows.ts";

type QuestionRow = typeof quizQuestions.$inferSelect;
type AttemptRow = typeof quizAttempts.$inferSelect;

/** The same answers posted again within this long are the same attempt (a double submit). */
export const RESUBMIT_WINDOW_MS = 60_000;

export interface QuizDeps {
  db: Db;
  /** who may open the lesson (learning.service.ts), or its refusal */
  allowed: (actor: Actor | null, lessonId: string) => Promise<{ lesson: LessonRow; access: LessonAccess }>;
  /** a course newly completed (the certificate), in the attempt's transaction */
  onCompleted?: OnCompleted;
  /** made ready before a transaction that may complete a course (the mail queue, the signing key) */
  prepare?: () => Promise<void>;
  now?: () => Date;
}

/** A quiz's rules, with the defaults of a quiz never configured. */
export async function settingsOf(
  db: Db,
  lessonId: string,
): Promise<{ passPercent: number; maxAttempts: number | null }> {
  const [row] = await db.select().from(quizSettings).where(eq(quizSettings.lessonId, lessonId));
  return { passPercent: row?.passPercent ?? QUIZ_LIMITS.passPercentDefault, maxAttempts: row?.maxAttempts ?? null };
}

async function questionRows(db: Db, lessonId: string): Promise<QuestionRow[]> {
  return db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.lessonId, lessonId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
}

/** A question as a learner gets it: never the key. */
export function learnerQuestion(q: QuestionRow): QuizQuestion {
  return {
    _id: q.id,
    kind: q.kind as QuizKind,
    text: q.text,
    options: q.options.map((o) => ({ _id: o.id, text: o.text })),
  };
}

/** A question as an admin gets it: the key and the explanation too. */
export function adminQuestion(q: QuestionRow): AuthoringQuestion {
  return { ...learnerQuestion(q), correct: [...q.correct], accepted: [...q.accepted], explanation: q.explanation };
}

/** Whether one answer is right: a choice question's options exactly the right ones; a short answer one of those accepted. */
export function isRight(
  q: Pick<QuestionRow, "kind" | "correct" | "accepted">,
  given: { options: string[]; text: string },
) {
  if (q.kind === "short") {
    const text = normaliseShortAnswer(given.text);
    return text !== "" && q.accepted.some((a) => normaliseShortAnswer(a) === text);
  }
  const chosen = new Set(given.options);
  return chosen.size === q.correct.length && q.correct.every((id) => chosen.has(id));
}

function toResult(
  attempt: AttemptRow,
  questions: QuestionRow[],
  passPercent: number,
  attemptsLeft: number | null,
  reveal: boolean,
): AttemptResult {
  const given = new Map(attempt.answers.map((a) => [a.question, a]));
  const right = new Map(attempt.results.map((r) => [r.question, r.correct]));
  return {
    _id: attempt.id,
    number: attempt.number,
    score: attempt.score,
    passed: attempt.passed,
    passPercent,
    submittedAt: attempt.createdAt.toISOString(),
    attemptsLeft,
    results: questions.map((q) => ({
      question: q.id,
      correct: right.get(q.id) ?? false,
      explanation: q.explanation,
      given: { options: given.get(q.id)?.options ?? [], text: given.get(q.id)?.text ?? "" },
      answer: reveal ? { options: [...q.correct], accepted: [...q.accepted] } : null,
    })),
  };
}

const left = (max: number | null, used: number) => (max === null ? null : Math.max(0, max - used));

export function createQuizService(deps: QuizDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function attemptsOf(userId: string, lessonId: string): Promise<AttemptRow[]> {
    return db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId)))
      .orderBy(desc(quizAttempts.number));
  }

  function quizLesson(lesson: LessonRow) {
    if (lesson.kind !== "quiz") throw NotFound(M.notAQuiz);
  }

  const service = {
    /**
     * A quiz lesson as the actor sees it, its questions read once: the questions (the key for an admin only)
     * and the learner's state (its rules, their attempts, the last one graded; null when signed out).
     */
    async view(
      actor: Actor | null,
      lesson: LessonRow,
      access: LessonAccess,
    ): Promise<{ questions: QuizQuestion[]; state: QuizState | null }> {
      const [rows, settings, attempts] = await Promise.all([
        questionRows(db, lesson.id),
        actor ? settingsOf(db, lesson.id) : null,
        actor ? attemptsOf(actor.id, lesson.id) : [],
      ]);
      const questions = rows.map(access === "admin" ? adminQuestion : learnerQuestion);
      if (!actor || !settings) return { questions, state: null };
      const used = attempts.length;
      const passed = attempts.some((a) => a.passed);
      const attemptsLeft = left(settings.maxAttempts, used);
      const last = attempts[0];
      return {
        questions,
        state: {
          passPercent: settings.passPercent,
          maxAttempts: settings.maxAttempts,
          required: lesson.required,
          attemptsUsed: used,
          attemptsLeft,
          passed,
          best: used ? Math.max(...attempts.map((a) => a.score)) : null,
          last: last ? toResult(last, rows, settings.passPercent, attemptsLeft, passed || attemptsLeft === 0) : null,
        },
      };
    },

    /**
     * POST /api/lessons/{id}/attempts: graded here. `attempt` (the page's form says which attempt it is)
     * or the same answers again within a minute give the attempt already stored, not another; past the
     * attempts allowed it is refused, saying so. A pass completes the lesson (and maybe the course).
     */
    async submit(actor: Actor | null, lessonId: string, input: unknown): Promise<AttemptResult> {
      if (!actor) throw Unauthorized(LEARNING_MESSAGES.signIn);
      const parsed = AttemptInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { lesson } = await deps.allowed(actor, lessonId);
      quizLesson(lesson);
      const questions = await questionRows(db, lesson.id);
      if (questions.length === 0) throw Invalid(M.noQuestions);
      const settings = await settingsOf(db, lesson.id);

      // the answers checked against the questions and put in a canonical form
      const byQuestion = new Map<string, { options: string[]; text: string }>();
      for (const a of parsed.data.answers) {
        const q = questions.find((x) => x.id === a.question);
        if (!q) throw Invalid(M.unknownQuestion);
        const ids = new Set(q.options.map((o) => o.id));
        const options = [...new Set(a.options ?? [])].sort();
        if (options.some((o) => !ids.has(o))) throw Invalid(M.unknownOption);
        byQuestion.set(q.id, {
          options: q.kind === "short" ? [] : options,
          text: q.kind === "short" ? (a.text ?? "").trim() : "",
        });
      }
      const answers = questions.map((q) => ({
        question: q.id,
        ...(byQuestion.get(q.id) ?? { options: [], text: "" }),
      }));
      const results = questions.map((q, i) => ({ question: q.id, correct: isRight(q, answers[i]!) }));
      const right = results.filter((r) => r.correct).length;
      const score = percentOf(right, questions.length);
      const passed = score >= settings.passPercent;
      const answersHash = createHash("sha256").update(JSON.stringify(answers)).digest("hex");

      if (passed) await deps.prepare?.();
      const outcome = await db.transaction(async (tx) => {
        await lockLearnerCourse(tx, actor.id, lesson.courseId);
        const [latest] = await tx
          .select()
          .from(quizAttempts)
          .where(and(eq(quizAttempts.userId, actor.id), eq(quizAttempts.lessonId, lesson.id)))
          .orderBy(desc(quizAttempts.number))
          .limit(1);
        const used = latest?.number ?? 0;
        const wanted = parsed.data.attempt;
        if (wanted !== undefined && wanted <= used) {
          const [same] = await tx
            .select()
            .from(quizAttempts)
            .where(
              and(
                eq(quizAttempts.userId, actor.id),
                eq(quizAttempts.lessonId, lesson.id),
                eq(quizAttempts.number, wanted),
              ),
            );
          if (same && same.answersHash === answersHash) return { row: same, completed: false, stored: false };
          throw Conflict(M.attemptTaken);
        }
        if (wanted !== undefined && wanted > used + 1) throw Conflict(M.attemptSkipped);
        if (
          wanted === undefined &&
          latest &&
          latest.answersHash === answersHash &&
          now().getTime() - latest.createdAt.getTime() < RESUBMIT_WINDOW_MS
        )
          return { row: latest, completed: false, stored: false };
        if (settings.maxAttempts !== null && used >= settings.maxAttempts)
          throw Conflict(M.outOfAttempts(settings.maxAttempts));
        const at = now();
        const [row] = await tx
          .insert(quizAttempts)
          .values({
            id: newId(),
            userId: actor.id,
            lessonId: lesson.id,
            courseId: lesson.courseId,
            number: used + 1,
            answersHash,
            answers,
            results,
            score,
            passed,
            createdAt: at,
          })
          .returning();
        let completed = false;
        if (passed) {
          await tx
            .insert(lessonProgress)
            .values({
              userId: actor.id,
              lessonId: lesson.id,
              courseId: lesson.courseId,
              completedAt: at,
              startedAt: at,
              updatedAt: at,
            })
            .onConflictDoUpdate({
              target: [lessonProgress.userId, lessonProgress.lessonId],
              set: {
                completedAt: sql`coalesce(${lessonProgress.completedAt}, ${at.toISOString()}::timestamptz)`,
                updatedAt: at,
              },
            });
          completed = await recordCompletion(tx, actor.id, lesson.courseId, at, deps.onCompleted);
        }
        return { row: row!, completed, stored: true };
      });

      const all = await attemptsOf(actor.id, lesson.id);
      const attemptsLeft = left(settings.maxAttempts, all.length);
      const everPassed = all.some((a) => a.passed);
      return {
        ...toResult(outcome.row, questions, settings.passPercent, attemptsLeft, everPassed || attemptsLeft === 0),
        ...(outcome.completed ? { courseCompleted: true } : {}),
      };
    },

    // ---------------------------------------------------------------------------------------------
    // Admin

    /** GET /api/admin/lessons/{id}/quiz: the quiz's questions with their key, its rules and its figures. */
    async admin(actor: Actor | null, lessonId: string): Promise<QuizAdmin> {
      requireAdmin(actor);
      const lesson = await lessonRow(db, lessonId);
      quizLesson(lesson);
      const [course] = await db
        .select({ id: courses.id, title: courses.title })
        .from(courses)
        .where(eq(courses.id, lesson.courseId));
      const [settings, questions, attempts] = await Promise.all([
        settingsOf(db, lesson.id),
        questionRows(db, lesson.id),
        db
          .select({ userId: quizAttempts.userId, passed: quizAttempts.passed, results: quizAttempts.results })
          .from(quizAttempts)
          .where(eq(quizAttempts.lessonId, lesson.id)),
      ]);
      const learners = new Set(attempts.map((a) => a.userId));
      const passedLearners = new Set(attempts.filter((a) => a.passed).map((a) => a.userId));
      const figures = questions.map((q, i) => {
        const answered = attempts.filter((a) => a.results.some((r) => r.question === q.id));
        const missed = answered.filter((a) => a.results.some((r) => r.question === q.id && !r.correct)).length;
        return {
          question: q.id,
          text: q.text,
          position: i + 1,
          answered: answered.length,
          missed,
          missedPercent: answered.length ? percentOf(missed, answered.length) : null,
        };
      });
      figures.sort((a, b) => (b.missedPercent ?? -1) - (a.missedPercent ?? -1) || a.position - b.position);
      return {
        course: { _id: course!.id, title: course!.title },
        lesson: { _id: lesson.id, title: lesson.title, published: lesson.published, required: lesson.required },
        passPercent: settings.passPercent,
        maxAttempts: settings.maxAttempts,
        questions: questions.map(adminQuestion),
        figures: {
          attempts: attempts.length,
          learners: learners.size,
          passedLearners: passedLearners.size,
          passRate: learners.size ? percentOf(passedLearners.size, learners.size) : null,
          questions: figures,
        },
      };
    },

    async createQuestion(actor: Actor | null, lessonId: string, input: unknown): Promise<AuthoringQuestion> {
      const admin = requireAdmin(actor);
      const data = parseQuestion(input);
      return writeContent(db, ["courses"], async (tx) => {
        const lesson = await lessonRow(tx, lessonId, true);
        quizLesson(lesson);
        const [last] = await tx
          .select({ p: max(quizQuestions.position), n: count() })
          .from(quizQuestions)
          .where(eq(quizQuestions.lessonId, lesson.id));
        if ((last?.n ?? 0) >= QUIZ_LIMITS.questionsMax)
          throw Invalid(`A quiz can have at most ${QUIZ_LIMITS.questionsMax} questions`);
        const options = data.options.map((text) => ({ id: newId(), text }));
        const [row] = await tx
          .insert(quizQuestions)
          .values({
            lessonId: lesson.id,
            position: (last?.p ?? -1) + 1,
            ...keyed(data, options),
          })
          .returning();
        await auditQuestion(tx, admin, lesson, "create", null, row!);
        return adminQuestion(row!);
      });
    },

    /** Changes a question; an option whose words stay keeps its id (earlier attempts still read right). */
    async updateQuestion(actor: Actor | null, questionId: string, input: unknown): Promise<AuthoringQuestion> {
      const admin = requireAdmin(actor);
      const data = parseQuestion(input);
      return writeContent(db, ["courses"], async (tx) => {
        const before = await questionRow(tx, questionId);
        const lesson = await lessonRow(tx, before.lessonId, true);
        const kept = new Map(before.options.map((o) => [o.text, o.id]));
        const options = data.options.map((text) => ({ id: kept.get(text) ?? newId(), text }));
        const [row] = await tx
          .update(quizQuestions)
          .set({ ...keyed(data, options), updatedAt: new Date() })
          .where(eq(quizQuestions.id, before.id))
          .returning();
        await auditQuestion(tx, admin, lesson, "update", before, row!);
        return adminQuestion(row!);
      });
    },

    async deleteQuestion(actor: Actor | null, questionId: string): Promise<{ message: string; _id: string }> {
      const admin = requireAdmin(actor);
      return writeContent(db, ["courses"], async (tx) => {
        const row = await questionRow(tx, questionId);
        const lesson = await lessonRow(tx, row.lessonId, true);
        await tx.delete(quizQuestions).where(eq(quizQuestions.id, row.id));
        await auditQuestion(tx, admin, lesson, "delete", row, null);
        return { message: "Question deleted", _id: row.id };
      });
    },

    async moveQuestion(actor: Actor | null, questionId: string, direction: string): Promise<AuthoringQuestion> {
      const admin = requireAdmin(actor);
      if (direction !== "up" && direction !== "down") throw Invalid("direction must be up or down");
      return writeContent(db, ["courses"], async (tx) => {
        const row = await questionRow(tx, questionId);
        const lesson = await lessonRow(tx, row.lessonId, true);
        const siblings = await questionRows(tx as unknown as Db, lesson.id);
        const at = siblings.findIndex((q) => q.id === row.id);
        const other = siblings[direction === "up" ? at - 1 : at + 1];
        if (other) {
          // positions may repeat after old deletions: the order is rewritten whole
          const order = [...siblings];
          order[at] = other;
          order[direction === "up" ? at - 1 : at + 1] = row;
          for (const [i, q] of order.entries())
            await tx.update(quizQuestions).set({ position: i }).where(eq(quizQuestions.id, q.id));
          await recordAudit(tx, admin, {
            action: "move",
            resource: CONTENT_AUDIT,
            itemId: lesson.courseId,
            itemLabel: `${lesson.title}: ${row.text.slice(0, 80)}`,
            before: { direction: null },
            after: { direction },
          });
        }
        return adminQuestion((await questionRow(tx, row.id))!);
      });
    },
  };
  return service;
}

export type QuizService = ReturnType<typeof createQuizService>;

function parseQuestion(input: unknown) {
  const parsed = QuestionInputSchema.safeParse(input);
  if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
  const q = parsed.data;
  const short = q.kind === "short";
  return {
    kind: q.kind,
    text: q.text,
    options: short ? [] : (q.options ?? []),
    correct: short ? [] : [...new Set(q.correct ?? [])].sort((a, b) => a - b),
    accepted: short ? [...new Set(q.accepted ?? [])] : [],
    explanation: (q.explanation ?? "").trim(),
  };
}

/** A question's row values from its parsed input and its options (with their ids): the right ones by id. */
function keyed(data: ReturnType<typeof parseQuestion>, options: Array<{ id: string; text: string }>) {
  return {
    kind: data.kind,
    text: data.text,
    options,
    correct: data.correct.map((n) => options[n - 1]!.id),
    accepted: data.accepted,
    explanation: data.explanation,
  };
}

async function lessonRow(tx: Db | ContentTx, lessonId: string, lock = false): Promise<LessonRow> {
  if (!isId(lessonId)) throw NotFound(LEARNING_MESSAGES.lessonNotFound);
  const query = tx.select().from(courseLessons).where(eq(courseLessons.id, lessonId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw NotFound(LEARNING_MESSAGES.lessonNotFound);
  return row;
}

async function questionRow(tx: Db | ContentTx, questionId: string): Promise<QuestionRow> {
  if (!isId(questionId)) throw NotFound(M.questionNotFound);
  const [row] = await tx.select().from(quizQuestions).where(eq(quizQuestions.id, questionId));
  if (!row) throw NotFound(M.questionNotFound);
  return row;
}

const questionValues = (q: QuestionRow): Record<string, unknown> => ({
  question: q.text,
  kind: q.kind,
  options: q.options.map((o) => o.text),
  correct: q.options.filter((o) => q.correct.includes(o.id)).map((o) => o.text),
  accepted: q.accepted,
  explanation: q.explanation,
});

async function auditQuestion(
  tx: ContentTx,
  admin: Actor,
  lesson: LessonRow,
  action: string,
  before: QuestionRow | null,
  after: QuestionRow | null,
) {
  const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, lesson.courseId));
  await recordAudit(tx, admin, {
    action,
    resource: CONTENT_AUDIT,
    itemId: lesson.courseId,
    itemLabel: `${course?.title ?? ""}: ${lesson.title}: ${(after ?? before)!.text.slice(0, 80)}`,
    before: before ? questionValues(before) : null,
    after: after ? questionValues(after) : null,
  });
}
