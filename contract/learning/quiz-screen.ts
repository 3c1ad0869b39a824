// The quiz screen on the admin kit (issue 32, /admin/course/{id}/quiz/{lessonId}): the question form, the
// questions in order (moved, edited, deleted after a question), and the quiz's figures: attempts, learners,
// pass rate and the questions most often missed. Plain data: the page imports it up front; the form's
// schema is in ./quiz-form.ts, loaded when the form is first used.
import type { DetailTableSpec, OrderedListSpec, PageFormSpec, PageFormView } from "../admin/admin-resource.ts";
import type { AuthoringQuestion, QuestionFigure, QuizAdmin } from "./quiz.ts";
import { QUIZ_KIND_LABELS, QUIZ_KINDS, QUIZ_LIMITS as Q } from "./quiz-texts.ts";

export type QuestionField = "kind" | "text" | "options" | "correct" | "accepted" | "explanation";

const choice = { field: "kind", is: ["single", "multiple"] } as const;

export const QUESTION_FORM: PageFormSpec<QuestionField> = {
  key: "question",
  check: () => import("./quiz-form.ts").then((m) => m.QuestionFormSchema),
  fields: [
    {
      name: "kind",
      label: "Kind",
      kind: "select",
      prompt: "Choose a kind",
      options: QUIZ_KINDS.map((k) => ({ value: k, label: QUIZ_KIND_LABELS[k] })),
    },
    { name: "text", label: "Question", kind: "textarea", rows: 3, max: Q.questionMax, wide: true },
    {
      name: "options",
      label: "Options",
      kind: "lines",
      optional: true,
      wide: true,
      hint: `Choice questions: one option a line, 2 to ${Q.optionsMax}`,
      when: choice,
    },
    {
      name: "correct",
      label: "Correct option numbers",
      kind: "text",
      optional: true,
      max: 100,
      hint: "e.g. 2, or 1, 3 for multiple choice",
      when: choice,
    },
    {
      name: "accepted",
      label: "Accepted answers",
      kind: "lines",
      optional: true,
      wide: true,
      hint: "Short answers: one a line; compared without case or spaces",
      when: { field: "kind", is: ["short"] },
    },
    {
      name: "explanation",
      label: "Explanation",
      kind: "textarea",
      rows: 3,
      max: Q.explanationMax,
      optional: true,
      wide: true,
      hint: "Shown to learners with their result",
    },
  ],
  postsId: true,
  texts: {
    addTitle: "Add a question",
    editTitle: (text) => `Edit question “${text.length > 60 ? `${text.slice(0, 60)}…` : text}”`,
    add: "Add Question",
    update: "Update Question",
    added: "Question added",
    saved: "Question saved",
    saveFailed: "Failed to save question: ",
    checkFields: "Check the fields marked.",
  },
};

export function questionFormView(q: AuthoringQuestion): PageFormView<QuestionField> {
  return {
    id: q._id,
    title: q.text,
    values: {
      kind: q.kind,
      text: q.text,
      options: q.options.map((o) => o.text).join("\n"),
      correct: q.options.flatMap((o, i) => (q.correct.includes(o._id) ? [String(i + 1)] : [])).join(", "),
      accepted: q.accepted.join("\n"),
      explanation: q.explanation,
    },
  };
}

/** A question's answer key as a line under it: its right options, or the answers accepted. */
export const answerKeyOf = (q: AuthoringQuestion): string =>
  q.kind === "short"
    ? `Accepted: ${q.accepted.join(" · ")}`
    : `Right: ${q.options
        .filter((o) => q.correct.includes(o._id))
        .map((o) => o.text)
        .join(" · ")}`;

export const QUIZ_QUESTIONS: OrderedListSpec<AuthoringQuestion> = {
  id: "quiz-questions",
  title: "Questions",
  lead: "In the order learners see them.",
  empty: "No questions yet: add the first one above.",
  row: {
    key: "question",
    form: "question",
    name: (q) => q.text,
    detail: (q) =>
      q.kind === "short" ? QUIZ_KIND_LABELS.short : `${QUIZ_KIND_LABELS[q.kind]} · ${q.options.length} options`,
    confirmDelete: (q) =>
      `Delete the question “${q.text.length > 60 ? `${q.text.slice(0, 60)}…` : q.text}”? Earlier attempts keep their scores.`,
    texts: { moved: "Question moved", deleted: "Question deleted", failed: "Failed to change question: " },
  },
};

/** The questions most often missed: the figures' table. */
export const QUIZ_MISSED: DetailTableSpec<QuestionFigure> = {
  id: "quiz-missed",
  title: "Questions most often missed",
  lead: "Of the attempts that answered each question, how many got it wrong.",
  empty: "No attempts yet.",
  rowKey: (f) => f.question,
  columns: [
    { key: "text", header: "Question", rowHeader: true, text: (f) => `${f.position}. ${f.text}` },
    { key: "answered", header: "Answered", alignEnd: true, text: (f) => String(f.answered) },
    { key: "missed", header: "Missed", alignEnd: true, text: (f) => String(f.missed) },
    {
      key: "missedPercent",
      header: "Missed %",
      alignEnd: true,
      text: (f) => (f.missedPercent === null ? "N/A" : `${f.missedPercent}%`),
    },
  ],
};

/** The figures above the table. */
export const quizFigures = (quiz: QuizAdmin) => [
  { label: "Attempts", value: String(quiz.figures.attempts), note: "submitted, all learners" },
  { label: "Learners", value: String(quiz.figures.learners), note: "who tried it" },
  {
    label: "Pass rate",
    value: quiz.figures.passRate === null ? "N/A" : `${quiz.figures.passRate}%`,
    note: `${quiz.figures.passedLearners} of ${quiz.figures.learners} passed`,
  },
];

export const QUIZ_SCREEN_TEXTS = {
  title: (lesson: string) => `Quiz “${lesson}”`,
  lead: (quiz: QuizAdmin) =>
    `${quiz.course.title}. Pass mark ${quiz.passPercent}%, ${
      quiz.maxAttempts === null ? "unlimited attempts" : `${quiz.maxAttempts} attempts`
    }${quiz.lesson.required ? "" : ", optional"}; set on the lesson's form.`,
  back: "Back to the course content",
  figures: "Figures",
  unknownForm: "That form is not one of this page's",
  /** the content screen's link of a quiz lesson */
  questionsLink: (n: number) => `Questions (${n})`,
  questionsName: (lesson: string, n: number) => `Questions of ${lesson} (${n})`,
};

export const quizScreenPath = (courseId: string, lessonId: string) =>
  `/admin/course/${encodeURIComponent(courseId)}/quiz/${encodeURIComponent(lessonId)}`;
