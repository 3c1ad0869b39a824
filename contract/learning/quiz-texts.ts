// Quizzes' constants and words (issue 32), without zod so the lesson page's browser code stays small
// (as ./learning-texts.ts); the schemas are in ./quiz.ts.

import { ANSWER_MAX, QUIZ_PAGE_MESSAGES } from "./quiz-page-texts.ts";
export { ANSWER_MAX, QUIZ_PAGE, QUIZ_PAGE_MESSAGES } from "./quiz-page-texts.ts";

export const QUIZ_KINDS = ["single", "multiple", "short"] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];

export const QUIZ_KIND_LABELS: Record<QuizKind, string> = {
  single: "Single choice",
  multiple: "Multiple choice",
  short: "Short answer",
};

export const QUIZ_LIMITS = {
  questionsMax: 100,
  optionsMax: 10,
  acceptedMax: 20,
  questionMax: 2000,
  optionMax: 300,
  answerMax: ANSWER_MAX,
  explanationMax: 2000,
  attemptsMax: 100,
  idMax: 100,
  passPercentDefault: 70,
} as const;

export const QUIZ_MESSAGES = {
  answersRequired: "Send your answers as a list",
  answerInvalid: "Each answer names its question and the options chosen or the text written",
  answerTooLong: `An answer's text must be at most ${QUIZ_LIMITS.answerMax} characters`,
  attemptInvalid: "attempt must be a whole number from 1",
  notAQuiz: "This lesson is not a quiz",
  noQuestions: QUIZ_PAGE_MESSAGES.noQuestions,
  unknownQuestion: "That answer is for a question this quiz does not have. Reload the quiz and try again.",
  unknownOption: "That answer chooses an option its question does not have. Reload the quiz and try again.",
  outOfAttempts: QUIZ_PAGE_MESSAGES.outOfAttempts,
  attemptTaken: "That attempt was already submitted with other answers. Reload the quiz to see its result.",
  attemptSkipped: "That attempt is not the next one. Reload the quiz and try again.",
  quizCompletesItself: "A quiz is completed by passing it.",
  passPercentInvalid: "The pass mark must be a whole percent from 1 to 100",
  maxAttemptsInvalid: `Attempts allowed must be a whole number from 1 to ${QUIZ_LIMITS.attemptsMax}, or blank for unlimited`,
  questionKindInvalid: "Kind must be one of single, multiple or short",
  questionTextRequired: "The question's text is required",
  optionInvalid: "An option cannot be blank",
  optionsRequired: "A choice question needs at least two options",
  optionsRepeated: "Two options say the same thing",
  tooManyOptions: `A question can have at most ${QUIZ_LIMITS.optionsMax} options`,
  tooManyAccepted: `A question can accept at most ${QUIZ_LIMITS.acceptedMax} answers`,
  correctInvalid: "The correct options are given by their numbers, from 1",
  correctOutOfRange: "A correct option's number is past the last option",
  singleNeedsOne: "A single-choice question has exactly one correct option",
  multipleNeedsOne: "A multiple-choice question has at least one correct option",
  acceptedRequired: "A short-answer question needs at least one accepted answer",
  questionNotFound: "Question not found",
  passed: QUIZ_PAGE_MESSAGES.passed,
  failed: QUIZ_PAGE_MESSAGES.failed,
} as const;

/**
 * A short answer as it is compared: Unicode-normalised, without case and without spaces ("Lagos  Island" is
 * "lagosisland"), so a learner is not marked wrong for a capital or a space.
 */
export function normaliseShortAnswer(text: string): string {
  return text.normalize("NFKC").toLocaleLowerCase("en").replace(/\s+/gu, "");
}

/** The lesson page's quiz (app/features/learning/quiz-form.tsx): its form, its intent and its words. */
