// The lesson page's quiz words (issue 32): what a learner reads, apart from the authoring messages of
// ./quiz-texts.ts (which re-exports these), so the lesson page's browser code carries only these.

/** A short answer's longest, in characters. */
export const ANSWER_MAX = 300;

/** What a learner is told about a quiz (./quiz-texts.ts QUIZ_MESSAGES names them too). */
export const QUIZ_PAGE_MESSAGES = {
  noQuestions: "This quiz has no questions yet.",
  outOfAttempts: (max: number) =>
    `You have used all ${max} attempt${max === 1 ? "" : "s"} at this quiz: no more are allowed.`,
  passed: "Passed",
  failed: "Not passed",
} as const;

export const QUIZ_PAGE = {
  /** the form's intent (the lesson page's action) */
  intent: "quiz.submit",
  /** a choice question's field: `q.<question id>` (its options' ids); a short answer's: `q.<question id>.text` */
  field: (questionId: string) => `q.${questionId}`,
  textField: (questionId: string) => `q.${questionId}.text`,
  /** the result's section (a submit comes back to it) */
  resultId: "quiz-result",
  formId: "quiz-form",
  passMark: (percent: number) => `Pass mark: ${percent}%`,
  unlimited: "Unlimited attempts",
  attempts: (used: number, max: number | null, left: number | null) =>
    max === null
      ? `Unlimited attempts · ${used} used`
      : `${max} attempt${max === 1 ? "" : "s"} allowed · ${used} used · ${left ?? 0} left`,
  best: (score: number) => `Best score: ${score}%`,
  questions: (n: number) => (n === 1 ? "1 question" : `${n} questions`),
  scored: (score: number) => `You scored ${score}%`,
  attemptTitle: (n: number) => `Your attempt ${n}`,
  questionLabel: (n: number) => `Question ${n}`,
  right: "Right",
  wrong: "Wrong",
  yourAnswer: "Your answer:",
  noAnswer: "No answer",
  rightAnswer: "The right answer:",
  shortHint: "Write a short answer; capitals and spaces do not matter.",
  multipleHint: "Choose every right option.",
  submit: "Submit answers",
  submitting: "Submitting…",
  tryAgain: "Try again",
  signIn: "Sign in to take this quiz",
  courseComplete: "You have completed the course!",
  /** a short answer's longest */
  answerMax: ANSWER_MAX,
  certificates: "See your certificates on your account",
  /** the message after a submit */
  submitted: (score: number, passed: boolean, courseCompleted: boolean) =>
    `You scored ${score}%: ${passed ? QUIZ_PAGE_MESSAGES.passed : QUIZ_PAGE_MESSAGES.failed}.` +
    (courseCompleted ? " You have completed the course!" : ""),
} as const;
