// Quizzes and course completion through the real app (issue 32), on both engines: the key never in a
// learner's answer, grading on the server (single, multiple, short answers without case or spaces), the
// attempts allowed, a double submit counting once (20 at once: one attempt), who may answer, the admin's
// questions and figures, and a course's completion recorded once even when its last lessons complete together.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LessonSchema, type Lesson } from "../../../contract/learning/learning.ts";
import {
  AttemptResultSchema,
  QUIZ_MESSAGES as M,
  QuizAdminSchema,
  type AttemptResult,
  type QuizAdmin,
} from "../../../contract/learning/quiz.ts";
import { courseCompletions, courses, quizAttempts } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, buyCourse, ok, refused } from "../../../tests/support/api-calls.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let buyer: TestAccount;
let other: TestAccount;
let courseId: string;
let chapterId: string;
let quizId: string;
let reading: string;
let optional: string;
const q = {} as Record<"single" | "multiple" | "short", { _id: string; options: Array<{ _id: string; text: string }> }>;
const call = apiCaller(
  () => t,
  () => admin,
);

const buy = (who: TestAccount, course: string) => buyCourse(t, who, course);

const option = (which: keyof typeof q, text: string) => q[which].options.find((o) => o.text === text)!._id;

/** All three right. */
const rightAnswers = () => [
  { question: q.single._id, options: [option("single", "Lagos")] },
  { question: q.multiple._id, options: [option("multiple", "HTML"), option("multiple", "CSS")] },
  { question: q.short._id, text: "  Hyper Text  " },
];

async function lesson(chapter: string, body: Record<string, unknown>) {
  return (await ok<{ _id: string }>(await call("POST", `/api/admin/chapters/${chapter}/lessons`, body), 201))._id;
}

beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000", PAYMENT_RATE_LIMIT: "1000" });
  [admin, buyer, other] = await Promise.all([createAccount(t, { admin: true }), createAccount(t), createAccount(t)]);
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ title: "Web Basics" }))
    .returning();
  courseId = course!.id;
  chapterId = (
    await ok<{ _id: string }>(
      await call("POST", `/api/admin/courses/${courseId}/chapters`, { title: "One", published: true }),
      201,
    )
  )._id;
  reading = await lesson(chapterId, { title: "Read me", kind: "text", published: true, body: "<p>Hi</p>" });
  optional = await lesson(chapterId, { title: "Extra", kind: "text", published: true, required: false });
  quizId = await lesson(chapterId, {
    title: "Check yourself",
    kind: "quiz",
    published: true,
    passPercent: 100,
    maxAttempts: 3,
  });
  const add = async (body: Record<string, unknown>) =>
    ok<{ _id: string; options: Array<{ _id: string; text: string }> }>(
      await call("POST", `/api/admin/lessons/${quizId}/questions`, body),
      201,
    );
  q.single = await add({
    kind: "single",
    text: "Which city is Nigeria's biggest?",
    options: ["Abuja", "Lagos", "Kano"],
    correct: [2],
    explanation: "Lagos has the most people.",
  });
  q.multiple = await add({
    kind: "multiple",
    text: "Which are web languages?",
    options: ["HTML", "CSS", "COBOL"],
    correct: [1, 2],
  });
  q.short = await add({ kind: "short", text: "What does the H in HTML stand for?", accepted: ["HyperText"] });
  await buy(buyer, courseId);
});

afterAll(async () => {
  await t?.close();
});

describe("a quiz's questions", () => {
  it("refuses questions that cannot be graded, saying why", async () => {
    const bad = async (body: Record<string, unknown>) =>
      refused(await call("POST", `/api/admin/lessons/${quizId}/questions`, body), 422);
    expect(await bad({ kind: "single", text: "x", options: ["a", "b"], correct: [1, 2] })).toBe(M.singleNeedsOne);
    expect(await bad({ kind: "single", text: "x", options: ["a"], correct: [1] })).toBe(M.optionsRequired);
    expect(await bad({ kind: "multiple", text: "x", options: ["a", "b"], correct: [3] })).toBe(M.correctOutOfRange);
    expect(await bad({ kind: "multiple", text: "x", options: ["a", "A"], correct: [1] })).toBe(M.optionsRepeated);
    expect(await bad({ kind: "short", text: "x" })).toBe(M.acceptedRequired);
    expect(await bad({ kind: "essay", text: "x" })).toBe(M.questionKindInvalid);
    expect(await bad({ kind: "short", text: " ", accepted: ["a"] })).toBe(M.questionTextRequired);
    expect(await bad({ kind: "short", text: "x", accepted: ["a"], extra: 1 })).toBe("Unknown field: extra");
    // a question for a lesson that is no quiz
    expect(
      await refused(
        await call("POST", `/api/admin/lessons/${reading}/questions`, { kind: "short", text: "x", accepted: ["a"] }),
        404,
      ),
    ).toBe(M.notAQuiz);
  });

  it("never gives a learner the key, in the lesson or anywhere in its JSON; an admin gets it", async () => {
    const res = await call("GET", `/api/lessons/${quizId}`, undefined, buyer);
    const text = await res.text();
    expect(res.status).toBe(200);
    const lessonJson = LessonSchema.parse(JSON.parse(text)) as Lesson;
    expect(lessonJson.questions).toHaveLength(3);
    for (const question of lessonJson.questions!) {
      expect(question).not.toHaveProperty("correct");
      expect(question).not.toHaveProperty("accepted");
      expect(question).not.toHaveProperty("explanation");
    }
    expect(text).not.toMatch(/HyperText|"correct"|"accepted"|Lagos has the most people/);
    expect(lessonJson.quiz).toMatchObject({ passPercent: 100, maxAttempts: 3, attemptsUsed: 0, last: null });

    const asAdmin = LessonSchema.parse(await ok(await call("GET", `/api/lessons/${quizId}`)));
    expect(asAdmin.questions!.find((x) => x._id === q.short._id)).toMatchObject({ accepted: ["HyperText"] });
    expect(asAdmin.questions!.find((x) => x._id === q.single._id)!.correct).toEqual([option("single", "Lagos")]);
  });

  it("lets only admins read and change the questions and figures", async () => {
    for (const who of [buyer, other]) {
      expect((await call("GET", `/api/admin/lessons/${quizId}/quiz`, undefined, who)).status).toBe(403);
      expect(
        (
          await call(
            "POST",
            `/api/admin/lessons/${quizId}/questions`,
            { kind: "short", text: "x", accepted: ["a"] },
            who,
          )
        ).status,
      ).toBe(403);
      expect((await call("DELETE", `/api/admin/questions/${q.short._id}`, undefined, who)).status).toBe(403);
    }
    expect((await call("GET", `/api/admin/lessons/${quizId}/quiz`, undefined, null)).status).toBe(401);
  });
});

describe("attempts", () => {
  it("refuses the signed out and those not enrolled", async () => {
    expect((await call("POST", `/api/lessons/${quizId}/attempts`, { answers: rightAnswers() }, null)).status).toBe(401);
    expect((await call("POST", `/api/lessons/${quizId}/attempts`, { answers: rightAnswers() }, other)).status).toBe(
      403,
    );
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.lessonId, quizId))).toHaveLength(0);
  });

  it("refuses answers that do not fit the quiz, storing nothing", async () => {
    const bad = async (body: unknown) =>
      refused(await call("POST", `/api/lessons/${quizId}/attempts`, body, buyer), 422);
    expect(await bad({ answers: [{ question: "0".repeat(24), text: "x" }] })).toBe(M.unknownQuestion);
    expect(await bad({ answers: [{ question: q.single._id, options: ["0".repeat(24)] }] })).toBe(M.unknownOption);
    expect(await bad({ answers: "all of them" })).toBe(M.answersRequired);
    expect(await bad({ answers: [{ question: q.short._id, text: "x".repeat(301) }] })).toBe(M.answerTooLong);
    expect(await bad([])).toMatch(/JSON object/);
    expect(await refused(await call("POST", `/api/lessons/${reading}/attempts`, { answers: [] }, buyer), 404)).toBe(
      M.notAQuiz,
    );
    expect(await refused(await call("POST", `/api/lessons/${quizId}/progress`, { completed: true }, buyer), 422)).toBe(
      M.quizCompletesItself,
    );
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.lessonId, quizId))).toHaveLength(0);
  });

  it("grades a failed attempt without giving the right answers away, then a pass with them", async () => {
    const failed = AttemptResultSchema.parse(
      await ok(
        await call(
          "POST",
          `/api/lessons/${quizId}/attempts`,
          {
            answers: [
              { question: q.single._id, options: [option("single", "Abuja")] },
              { question: q.multiple._id, options: [option("multiple", "HTML")] },
              { question: q.short._id, text: "hypertext" },
            ],
          },
          buyer,
        ),
      ),
    );
    expect(failed).toMatchObject({ number: 1, score: 33, passed: false, passPercent: 100, attemptsLeft: 2 });
    expect(failed.results.map((r) => r.correct)).toEqual([false, false, true]);
    expect(failed.results[0]!.explanation).toBe("Lagos has the most people.");
    expect(failed.results.every((r) => r.answer === null)).toBe(true);

    // 20 submits of one attempt at once: one attempt
    const body = { answers: rightAnswers(), attempt: 2 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("POST", `/api/lessons/${quizId}/attempts`, body, buyer)),
    );
    const results = (await Promise.all(answers.map((r) => ok<AttemptResult>(r)))).map((r) =>
      AttemptResultSchema.parse(r),
    );
    expect(new Set(results.map((r) => r._id)).size).toBe(1);
    expect(results[0]).toMatchObject({ number: 2, score: 100, passed: true, attemptsLeft: 1 });
    expect(results[0]!.results.find((r) => r.question === q.single._id)!.answer).toEqual({
      options: [option("single", "Lagos")],
      accepted: [],
    });
    const rows = await t.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.lessonId, quizId), eq(quizAttempts.userId, buyer.id)));
    expect(rows).toHaveLength(2);

    // the same answers again at once (no attempt named): the same attempt, not a third
    const again = await ok<AttemptResult>(
      await call("POST", `/api/lessons/${quizId}/attempts`, { answers: rightAnswers() }, buyer),
    );
    expect(again._id).toBe(results[0]!._id);
    // attempt 2 named again with other answers: refused
    expect(
      await refused(await call("POST", `/api/lessons/${quizId}/attempts`, { answers: [], attempt: 2 }, buyer), 409),
    ).toBe(M.attemptTaken);
    expect(
      await refused(await call("POST", `/api/lessons/${quizId}/attempts`, { answers: [], attempt: 9 }, buyer), 409),
    ).toBe(M.attemptSkipped);

    // the lesson shows the learner's state: passed, the last attempt graded
    const view = LessonSchema.parse(await ok(await call("GET", `/api/lessons/${quizId}`, undefined, buyer)));
    expect(view.quiz).toMatchObject({ passed: true, attemptsUsed: 2, attemptsLeft: 1, best: 100 });
    expect(view.quiz!.last!.number).toBe(2);
    expect(view.progress?.completed).toBe(true);
  });

  it("stops at the attempts allowed, saying so", async () => {
    const third = await ok<AttemptResult>(
      await call("POST", `/api/lessons/${quizId}/attempts`, { answers: [] }, buyer),
    );
    expect(third).toMatchObject({ number: 3, score: 0, passed: false, attemptsLeft: 0 });
    expect(
      await refused(
        await call("POST", `/api/lessons/${quizId}/attempts`, { answers: rightAnswers().slice(0, 1) }, buyer),
        409,
      ),
    ).toBe(M.outOfAttempts(3));
  });

  it("gives the admin the attempts, the pass rate and the questions most often missed", async () => {
    const quiz = QuizAdminSchema.parse(await ok(await call("GET", `/api/admin/lessons/${quizId}/quiz`))) as QuizAdmin;
    expect(quiz.figures).toMatchObject({ attempts: 3, learners: 1, passedLearners: 1, passRate: 100 });
    // the multiple choice was missed in attempts 1 and 3, the single in 1 and 3, the short only in 3
    expect(quiz.figures.questions.map((f) => f.missed)).toEqual([2, 2, 1]);
    expect(quiz.figures.questions.at(-1)!.question).toBe(q.short._id);
    expect(quiz.questions).toHaveLength(3);
  });
});

describe("a course's completion", () => {
  it("is recorded once, when every required lesson is done and the required quiz passed", async () => {
    // the quiz is passed; the reading remains (the optional lesson does not count)
    expect(await t.db.select().from(courseCompletions).where(eq(courseCompletions.userId, buyer.id))).toHaveLength(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("POST", `/api/lessons/${reading}/progress`, { completed: true }, buyer)),
    );
    const bodies = await Promise.all(answers.map((r) => ok<{ courseCompleted?: boolean }>(r)));
    expect(bodies.filter((b) => b.courseCompleted)).toHaveLength(1);
    const rows = await t.db.select().from(courseCompletions).where(eq(courseCompletions.userId, buyer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.score).toBe(100);
    expect(optional).toBeTruthy();
  });

  it("records one completion when the last two lessons complete together", async () => {
    const learner = await createAccount(t);
    await buy(learner, courseId);
    // the quiz passed first, then the reading and the optional lesson at once, ten times each
    await ok(await call("POST", `/api/lessons/${quizId}/attempts`, { answers: rightAnswers() }, learner));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("POST", `/api/lessons/${i % 2 ? reading : optional}/progress`, { completed: true }, learner),
      ),
    );
    const bodies = await Promise.all(answers.map((r) => ok<{ courseCompleted?: boolean }>(r)));
    expect(bodies.filter((b) => b.courseCompleted)).toHaveLength(1);
    expect(await t.db.select().from(courseCompletions).where(eq(courseCompletions.userId, learner.id))).toHaveLength(1);
  });
});
