// A quiz lesson as its learner takes it (issue 32): its rules and their attempts so far, the last attempt's
// result (each question right or wrong, the answer given, the explanation, the right answer once the quiz
// is passed or no attempt is left), and the questions as a plain POST form (it works without JavaScript):
// each question a fieldset, radios for single choice, checkboxes for multiple, a text input for a short
// answer. The form says which attempt it is, so a double submit counts once. Words: quiz-texts.ts (no zod).
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Lesson } from "../../../contract/learning/learning.ts";
import type { AttemptResult, QuizQuestion, QuizState } from "../../../contract/learning/quiz.ts";
import { QUIZ_PAGE_MESSAGES as QUIZ_MESSAGES, QUIZ_PAGE as T } from "../../../contract/learning/quiz-page-texts.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { FlashNotice } from "../../components/ui/flash-message.tsx";
import { Icon } from "../../components/ui/icons.tsx";

/** A refusal of the last submit, as the action answered it. */
export interface QuizFailure {
  ok: false;
  intent?: string;
  formError?: string;
}

export function QuizPanel({
  lesson,
  signInHref,
  courseComplete,
  failure,
}: {
  lesson: Lesson;
  signInHref: string;
  courseComplete: boolean;
  failure?: QuizFailure;
}) {
  const questions = lesson.questions ?? [];
  const state = lesson.quiz ?? null;
  if (questions.length === 0)
    return <p className="rounded-xl bg-slate-50 p-4 text-slate-700">{QUIZ_MESSAGES.noQuestions}</p>;
  const left = state?.attemptsLeft ?? null;
  const error = failure?.intent === T.intent ? failure.formError : undefined;
  return (
    <div className="space-y-6">
      {state ? <QuizRules state={state} count={questions.length} /> : null}
      {courseComplete ? (
        <Notice tone="success" title={T.courseComplete}>
          <Link to="/account" className="font-semibold underline underline-offset-4">
            {T.certificates}
          </Link>
        </Notice>
      ) : null}
      {state?.last ? <QuizResult result={state.last} questions={questions} /> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {!state ? (
        <>
          <QuizQuestions questions={questions} disabled />
          <Link to={signInHref} className={buttonClass("primary")}>
            {T.signIn}
          </Link>
        </>
      ) : left === 0 ? (
        <p role="status" className="rounded-xl bg-slate-50 p-4 font-semibold text-slate-800">
          {QUIZ_MESSAGES.outOfAttempts(state.maxAttempts ?? 0)}
        </p>
      ) : state.last ? (
        <details className="rounded-xl border border-slate-200 p-4" open={error !== undefined}>
          <summary className={buttonClass("primary", "md", "cursor-pointer list-none")}>{T.tryAgain}</summary>
          <QuizAttemptForm state={state} questions={questions} />
        </details>
      ) : (
        <QuizAttemptForm state={state} questions={questions} />
      )}
    </div>
  );
}

function QuizRules({ state, count }: { state: QuizState; count: number }) {
  const facts = [
    T.questions(count),
    T.passMark(state.passPercent),
    T.attempts(state.attemptsUsed, state.maxAttempts, state.attemptsLeft),
    ...(state.best !== null ? [T.best(state.best)] : []),
  ];
  return (
    <ul aria-label="About this quiz" className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium text-slate-700">
      {facts.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  );
}

function QuizAttemptForm({ state, questions }: { state: QuizState; questions: readonly QuizQuestion[] }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === T.intent;
  const attempt = state.attemptsUsed + 1;
  return (
    <Form
      key={attempt}
      method="post"
      id={T.formId}
      aria-label={T.attemptTitle(attempt)}
      className="mt-4 space-y-6"
      preventScrollReset
    >
      <input type="hidden" name="intent" value={T.intent} />
      <input type="hidden" name="attempt" value={attempt} />
      <QuizQuestions questions={questions} />
      <button
        type="submit"
        className={buttonClass("primary")}
        aria-disabled={sending || undefined}
        onClick={(e) => {
          if (sending) e.preventDefault();
        }}
      >
        {sending ? T.submitting : T.submit}
      </button>
    </Form>
  );
}

/** The questions as fieldsets: the inputs of the form, or (signed out) the same, not to be answered. */
function QuizQuestions({ questions, disabled = false }: { questions: readonly QuizQuestion[]; disabled?: boolean }) {
  return (
    <ol className="space-y-5">
      {questions.map((q, i) => (
        <li key={q._id}>
          <fieldset disabled={disabled} className="rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 font-semibold wrap-anywhere text-slate-900">
              <span className="sr-only">{T.questionLabel(i + 1)}: </span>
              {q.text}
            </legend>
            {q.kind === "short" ? (
              <div className="mt-2">
                <label htmlFor={`answer-${q._id}`} className="text-sm text-slate-700">
                  {T.shortHint}
                </label>
                <input
                  id={`answer-${q._id}`}
                  name={T.textField(q._id)}
                  type="text"
                  maxLength={T.answerMax}
                  autoComplete="off"
                  className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2"
                />
              </div>
            ) : (
              <div className="mt-2 space-y-1">
                {q.kind === "multiple" ? <p className="text-sm text-slate-700">{T.multipleHint}</p> : null}
                {q.options.map((o) => (
                  <label
                    key={o._id}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50"
                  >
                    <input
                      type={q.kind === "single" ? "radio" : "checkbox"}
                      name={T.field(q._id)}
                      value={o._id}
                      className="size-5 shrink-0 accent-brand-700"
                    />
                    <span className="wrap-anywhere">{o.text}</span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        </li>
      ))}
    </ol>
  );
}

function QuizResult({ result, questions }: { result: AttemptResult; questions: readonly QuizQuestion[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(result._id);
  // a new attempt's result (a submit with JavaScript): its heading takes the focus
  useEffect(() => {
    if (shown.current !== result._id) heading.current?.focus();
    shown.current = result._id;
  }, [result._id]);
  const byId = new Map(questions.map((q) => [q._id, q]));
  const optionText = (q: QuizQuestion | undefined, ids: readonly string[]) =>
    ids.map((id) => q?.options.find((o) => o._id === id)?.text ?? "").filter(Boolean);
  return (
    <section id={T.resultId} aria-labelledby={`${T.resultId}-title`} className="scroll-mt-20 space-y-4">
      <FlashNotice at={T.resultId} />
      <h2
        id={`${T.resultId}-title`}
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-brand-950 outline-none"
      >
        {T.attemptTitle(result.number)}
      </h2>
      <p className="flex flex-wrap items-center gap-3 text-lg">
        <span className="font-semibold">{T.scored(result.score)}</span>
        <span
          className={`rounded-full px-3 py-1 text-sm font-bold ${
            result.passed ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"
          }`}
        >
          {result.passed ? QUIZ_MESSAGES.passed : QUIZ_MESSAGES.failed}
        </span>
        <span className="text-sm text-slate-600">{T.passMark(result.passPercent)}</span>
      </p>
      <ol className="space-y-3">
        {result.results.map((r, i) => {
          const q = byId.get(r.question);
          const given = q?.kind === "short" ? [r.given.text].filter(Boolean) : optionText(q, r.given.options);
          const answer = r.answer
            ? q?.kind === "short"
              ? r.answer.accepted.slice(0, 1)
              : optionText(q, r.answer.options)
            : [];
          return (
            <li
              key={r.question}
              className={`rounded-xl border p-4 ${r.correct ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50"}`}
            >
              <p className="font-semibold wrap-anywhere text-slate-900">
                <span className="sr-only">{T.questionLabel(i + 1)}: </span>
                {q?.text}
              </p>
              <p
                className={`mt-1 inline-flex items-center gap-1.5 font-bold ${r.correct ? "text-emerald-800" : "text-red-800"}`}
              >
                {r.correct ? <Icon name="check" className="size-4" /> : <Icon name="close" className="size-4" />}
                {r.correct ? T.right : T.wrong}
              </p>
              <p className="mt-1 wrap-anywhere text-slate-800">
                {T.yourAnswer} {given.length ? given.join(", ") : T.noAnswer}
              </p>
              {answer.length && !r.correct ? (
                <p className="mt-1 wrap-anywhere text-slate-800">
                  {T.rightAnswer} {answer.join(", ")}
                </p>
              ) : null}
              {r.explanation ? <p className="mt-2 wrap-anywhere text-slate-700">{r.explanation}</p> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
