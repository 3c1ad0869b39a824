// The quiz pages (issue 32) on a test app's real services: the lesson page's loader and its quiz form's
// action (the key never in the loader's data before an attempt; a wrong attempt, the same attempt posted
// again counted once, a right one that completes the course; no attempt left; Mark complete refused), and
// the admin quiz screen's action and loader (a question of each kind from the form's text, refusals beside
// their fields, an edit, Up/Down, a delete after its question, a plain user refused).
// (tests/e2e/quiz.spec.ts drives both pages in a browser.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as lessonAction, loader as lessonLoader } from "../../app/routes/lesson.tsx";
import { action as screenAction, loader as screenLoader } from "../../app/routes/admin/quiz.tsx";
import { QUESTION_FORM, QUIZ_QUESTIONS } from "../../contract/learning/quiz-screen.ts";
import { QUIZ_MESSAGES as M, QUIZ_PAGE } from "../../contract/learning/quiz-texts.ts";
import type { Lesson } from "../../contract/learning/learning.ts";
import type { QuizAdmin, QuizState } from "../../contract/learning/quiz.ts";
import { LEARNING_MESSAGES } from "../../contract/learning/learning-texts.ts";
import { courses } from "../../server/db/schema.ts";
import { createAccount, type TestAccount } from "../support/accounts.ts";
import { apiCaller, buyCourse, ok } from "../support/api-calls.ts";
import { makeCourse } from "../support/factories.ts";
import { actorOf, flashOf, pageContext, postToAction } from "../support/page-action.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let buyer: TestAccount;
let other: TestAccount;
let courseId: string;
let chapterId: string;
let quizId: string;
const q = {} as Record<"single" | "multiple" | "short", { _id: string; options: Array<{ _id: string; text: string }> }>;
const call = apiCaller(
  () => t,
  () => admin,
);
const lessonPath = () => `/learn/${courseId}/${quizId}`;
const ACCEPTED = "Hypertext";

const buy = (who: TestAccount) => buyCourse(t, who, courseId);

async function lesson(body: Record<string, unknown>) {
  return (await ok<{ _id: string }>(await call("POST", `/api/admin/chapters/${chapterId}/lessons`, body), 201))._id;
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
  await lesson({ title: "Reading", kind: "text", published: true, required: false, body: "<p>Read</p>" });
  quizId = await lesson({ title: "Check yourself", kind: "quiz", published: true, passPercent: 70, maxAttempts: 2 });
  const question = async (which: keyof typeof q, body: Record<string, unknown>) => {
    q[which] = await ok(await call("POST", `/api/admin/lessons/${quizId}/questions`, body), 201);
  };
  await question("single", {
    kind: "single",
    text: "Which city was Nigeria's capital until 1991?",
    options: ["Lagos", "Abuja", "Kano"],
    correct: [1],
    explanation: "The capital moved to Abuja in December 1991.",
  });
  await question("multiple", {
    kind: "multiple",
    text: "Which of these are web languages?",
    options: ["HTML", "CSS", "Excel"],
    correct: [1, 2],
    explanation: "Excel is a spreadsheet.",
  });
  await question("short", {
    kind: "short",
    text: "What does the H in HTML stand for?",
    accepted: [ACCEPTED],
    explanation: "HyperText Markup Language.",
  });
  await buy(buyer);
}, 60_000);
afterAll(() => t?.close());

const option = (which: keyof typeof q, text: string) => q[which].options.find((o) => o.text === text)!._id;

/** The lesson page's loader data as `who`. */
async function lessonPage(who: TestAccount | null) {
  const answer = (await lessonLoader({
    params: { courseId, lessonId: quizId },
    request: new Request(`http://localhost${lessonPath()}`),
    context: pageContext(t, who ? actorOf(who) : null),
  } as never)) as unknown as { data: { lesson: Lesson; quiz?: { courseComplete: boolean; signInHref: string } } };
  return answer.data;
}

/** The quiz form posted: `answers` as the browser sends them (a checkbox's name once per option ticked). */
function submit(who: TestAccount, attempt: number, answers: Array<[string, string]>) {
  const body = new URLSearchParams([["intent", QUIZ_PAGE.intent], ["attempt", String(attempt)], ...answers]);
  return postToAction<{ ok: boolean; formError?: string }>(t, lessonAction, {
    path: lessonPath(),
    params: { courseId, lessonId: quizId },
    who: actorOf(who),
    body,
  });
}

const wrong = (): Array<[string, string]> => [
  [QUIZ_PAGE.field(q.single._id), option("single", "Abuja")],
  [QUIZ_PAGE.field(q.multiple._id), option("multiple", "HTML")],
  [QUIZ_PAGE.textField(q.short._id), "Hyper"],
];
const right = (): Array<[string, string]> => [
  [QUIZ_PAGE.field(q.single._id), option("single", "Lagos")],
  [QUIZ_PAGE.field(q.multiple._id), option("multiple", "HTML")],
  [QUIZ_PAGE.field(q.multiple._id), option("multiple", "CSS")],
  [QUIZ_PAGE.textField(q.short._id), "  hyper TEXT "],
];

describe("the lesson page's quiz", () => {
  it("gives the questions without their key before an attempt, and signed out a way to sign in", async () => {
    const page = await lessonPage(buyer);
    expect(page.lesson.questions).toHaveLength(3);
    expect(page.lesson.quiz).toMatchObject({ passPercent: 70, maxAttempts: 2, attemptsUsed: 0, last: null });
    const json = JSON.stringify(page);
    for (const key of ['"correct"', '"accepted"', '"explanation"']) expect(json).not.toContain(key);
    expect(json.toLowerCase()).not.toContain(ACCEPTED.toLowerCase());
    expect(json).not.toContain("moved to Abuja");
    expect(page.quiz).toEqual({
      signInHref: `/login?redirectTo=${encodeURIComponent(lessonPath())}`,
      courseComplete: false,
    });
  });

  it("grades a wrong attempt, back at the result (a reload sends nothing); the same attempt again counts once", async () => {
    const first = await submit(buyer, 1, wrong());
    expect(first.status, JSON.stringify(first.data)).toBe(302);
    expect(first.response!.headers.get("Location")).toBe(`${lessonPath()}#${QUIZ_PAGE.resultId}`);
    expect((await flashOf(first.response!))?.message).toBe(QUIZ_PAGE.submitted(0, false, false));
    const again = await submit(buyer, 1, wrong());
    expect(again.status).toBe(302);

    const state = (await lessonPage(buyer)).lesson.quiz as QuizState;
    expect(state).toMatchObject({ attemptsUsed: 1, attemptsLeft: 1, passed: false, best: 0 });
    expect(state.last).toMatchObject({ number: 1, score: 0, passed: false });
    expect(state.last!.results.map((r) => r.correct)).toEqual([false, false, false]);
    expect(state.last!.results[0]).toMatchObject({
      given: { options: [option("single", "Abuja")] },
      explanation: "The capital moved to Abuja in December 1991.",
      // not passed and an attempt left: the right answers stay hidden
      answer: null,
    });
    expect(state.last!.results[2]!.given.text).toBe("Hyper");
  });

  it("passes a right attempt: the lesson and the course complete, the right answers shown", async () => {
    const second = await submit(buyer, 2, right());
    expect(second.status, JSON.stringify(second.data)).toBe(302);
    expect((await flashOf(second.response!))?.message).toBe(QUIZ_PAGE.submitted(100, true, true));
    const page = await lessonPage(buyer);
    expect(page.quiz?.courseComplete).toBe(true);
    expect(page.lesson.progress?.completed).toBe(true);
    const state = page.lesson.quiz as QuizState;
    expect(state).toMatchObject({ attemptsUsed: 2, attemptsLeft: 0, passed: true, best: 100 });
    expect(state.last!.results.every((r) => r.correct)).toBe(true);
    expect(state.last!.results[2]!.answer).toEqual({ options: [], accepted: [ACCEPTED] });
  });

  it("says so when no attempt is left, and refuses Mark complete on a quiz", async () => {
    const third = await submit(buyer, 3, right());
    expect(third.response).toBeUndefined();
    expect(third.data).toMatchObject({ ok: false, intent: QUIZ_PAGE.intent, formError: M.outOfAttempts(2) });
    const complete = await postToAction<{ formError?: string }>(t, lessonAction, {
      path: lessonPath(),
      params: { courseId, lessonId: quizId },
      who: actorOf(buyer),
      fields: { intent: "lesson.complete" },
    });
    expect(complete.data?.formError).toBe(M.quizCompletesItself);
  });

  it("refuses one not enrolled, with the service's message", async () => {
    const theirs = await submit(other, 1, right());
    expect(theirs.response).toBeUndefined();
    expect(theirs.data?.formError).toBe(LEARNING_MESSAGES.notEnrolled);
  });
});

describe("the quiz screen", () => {
  let lessonId: string;
  const path = () => `/admin/course/${courseId}/quiz/${lessonId}`;
  type Answer = { ok: boolean; intent?: string; message?: string; formError?: string; fieldErrors?: object };
  const post = (fields: Record<string, string>, who = admin, asAdmin = true) =>
    postToAction<Answer>(t, screenAction, {
      path: path(),
      params: { id: courseId, lessonId },
      who: actorOf(who, { admin: asAdmin }),
      fields,
    });
  const quiz = () => t.services.learning.quiz.admin(actorOf(admin, { admin: true }), lessonId);
  async function expectBack(answer: Awaited<ReturnType<typeof post>>, message: string) {
    expect(answer.status, JSON.stringify(answer.data)).toBe(302);
    expect(answer.response!.headers.get("Location")).toBe(`${path()}#${QUIZ_QUESTIONS.id}`);
    expect((await flashOf(answer.response!))?.message).toBe(message);
  }
  const save = (fields: Record<string, string>) => post({ intent: `${QUESTION_FORM.key}.save`, ...fields });

  beforeAll(async () => {
    lessonId = await lesson({ title: "Screen quiz", kind: "quiz", published: true });
  });

  it("adds a question of each kind from the form's text", async () => {
    await expectBack(
      await save({ kind: "single", text: "Two plus two?", options: "3\n4\n\n5", correct: "2", explanation: "" }),
      QUESTION_FORM.texts.added,
    );
    await expectBack(
      await save({ kind: "multiple", text: "Even numbers?", options: "2\r\n3\r\n4", correct: "1, 3", accepted: "x" }),
      QUESTION_FORM.texts.added,
    );
    await expectBack(
      await save({ kind: "short", text: "Spell 10", options: "a\nb", correct: "9", accepted: "ten\nTen " }),
      QUESTION_FORM.texts.added,
    );
    const { questions } = await quiz();
    expect(questions.map((x) => [x.kind, x.text])).toEqual([
      ["single", "Two plus two?"],
      ["multiple", "Even numbers?"],
      ["short", "Spell 10"],
    ]);
    expect(questions[0]!.options.map((o) => o.text)).toEqual(["3", "4", "5"]);
    expect(questions[0]!.correct).toEqual([questions[0]!.options[1]!._id]);
    expect(questions[1]!.correct).toEqual([questions[1]!.options[0]!._id, questions[1]!.options[2]!._id]);
    expect(questions[2]).toMatchObject({ options: [], correct: [], accepted: ["ten", "Ten"] });
  });

  it("refuses a bad question beside its field, keeping what was typed", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ kind: "single", text: "Q", options: "a\nb", correct: "1, 2" }, "correct", M.singleNeedsOne],
      [{ kind: "single", text: "Q", options: "only", correct: "1" }, "options", M.optionsRequired],
      [{ kind: "multiple", text: "Q", options: "a\nb", correct: "3" }, "correct", M.correctOutOfRange],
      [{ kind: "multiple", text: "Q", options: "a\nb", correct: "one" }, "correct", M.correctInvalid],
      [{ kind: "short", text: "Q", accepted: "  " }, "accepted", M.acceptedRequired],
      [{ kind: "short", text: " ", accepted: "x" }, "text", M.questionTextRequired],
      [{ kind: "", text: "Q" }, "kind", M.questionKindInvalid],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await save(fields);
      expect(answer.data, JSON.stringify(fields)).toMatchObject({
        ok: false,
        intent: "question.save",
        fieldErrors: { [field]: message },
        values: { text: fields.text },
      });
    }
    expect((await quiz()).questions).toHaveLength(3);
  });

  it("fills the form with a question (?edit=) and saves it", async () => {
    const first = (await quiz()).questions[1]!;
    const loaded = (await screenLoader({
      params: { id: courseId, lessonId },
      request: new Request(`http://localhost${path()}?edit=${first._id}`),
      context: pageContext(t, actorOf(admin, { admin: true })),
    } as never)) as { quiz: QuizAdmin; editing: { values: Record<string, string> } };
    expect(loaded.editing.values).toMatchObject({ kind: "multiple", options: "2\n3\n4", correct: "1, 3" });
    await expectBack(
      await save({ ...loaded.editing.values, id: first._id, text: "Which are even?" }),
      QUESTION_FORM.texts.saved,
    );
    const after = (await quiz()).questions[1]!;
    expect(after).toMatchObject({ text: "Which are even?", correct: first.correct });
  });

  it("moves a question, and deletes one after its question", async () => {
    const [a, b, c] = (await quiz()).questions;
    await expectBack(await post({ intent: "question.move", id: c!._id, direction: "up" }), "Question moved");
    expect((await quiz()).questions.map((x) => x._id)).toEqual([a!._id, c!._id, b!._id]);
    const asked = await post({ intent: "question.delete", id: a!._id });
    expect(asked.data).toMatchObject({
      ok: true,
      intent: "question.confirm",
      message: QUIZ_QUESTIONS.row.confirmDelete(a!),
    });
    await expectBack(await post({ intent: "question.delete", id: a!._id, confirmed: "yes" }), "Question deleted");
    expect((await quiz()).questions.map((x) => x._id)).toEqual([c!._id, b!._id]);
  });

  it("refuses a plain user, changing nothing; a lesson of another course is a 404", async () => {
    await expect(
      post({ intent: "question.save", kind: "short", text: "Q", accepted: "a" }, other, false),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect((await quiz()).questions).toHaveLength(2);
    await expect(
      screenLoader({
        params: { id: "ffffffffffffffffffffffff", lessonId },
        request: new Request(`http://localhost/admin/course/x/quiz/${lessonId}`),
        context: pageContext(t, actorOf(admin, { admin: true })),
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});
