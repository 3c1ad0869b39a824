// Quizzes (issue 32): a quiz is a lesson of kind "quiz". Its questions are single choice, multiple choice
// or short answer; the key (the right options, the accepted answers) never leaves the server before an
// attempt is submitted, except to admins. An attempt is graded on the server; its answer says the score,
// whether it passed and, per question, whether the learner's answer was right, with the explanation. The
// right answers themselves are shown once the quiz is passed or no attempt is left (decision 076).
import { z } from "zod";
import { bodyObjectError } from "../lib/common.ts";
import { QUIZ_KINDS, QUIZ_LIMITS as Q, QUIZ_MESSAGES as M } from "./quiz-texts.ts";

export {
  QUIZ_KINDS,
  QUIZ_KIND_LABELS,
  QUIZ_LIMITS,
  QUIZ_MESSAGES,
  normaliseShortAnswer,
  type QuizKind,
} from "./quiz-texts.ts";

// ---------------------------------------------------------------------------------------------------
// What GET /api/lessons/{id} adds for a quiz

export const QuizOptionSchema = z.object({ _id: z.string(), text: z.string() });
export type QuizOption = z.infer<typeof QuizOptionSchema>;

export const QuizQuestionSchema = z.object({
  _id: z.string(),
  kind: z.enum(QUIZ_KINDS),
  text: z.string(),
  /** single and multiple choice: the options in order (a short answer has none) */
  options: z.array(QuizOptionSchema),
  /** admins only: the right options' ids */
  correct: z.array(z.string()).optional(),
  /** admins only: the short answers accepted */
  accepted: z.array(z.string()).optional(),
  /** admins only (learners get it with their attempt's result) */
  explanation: z.string().optional(),
});
export type QuizQuestion = z.infer<typeof QuizQuestionSchema>;

export const QuestionResultSchema = z.object({
  question: z.string(),
  /** whether the learner's answer was right */
  correct: z.boolean(),
  explanation: z.string(),
  /** what the learner answered */
  given: z.object({ options: z.array(z.string()), text: z.string() }),
  /** the right answer: only once the quiz is passed or no attempt is left */
  answer: z.object({ options: z.array(z.string()), accepted: z.array(z.string()) }).nullable(),
});
export type QuestionResult = z.infer<typeof QuestionResultSchema>;

export const AttemptResultSchema = z.object({
  _id: z.string(),
  /** 1 for the first attempt */
  number: z.number().int(),
  /** percent of the questions answered right, rounded (contract/lib/money.ts percentOf) */
  score: z.number().int(),
  passed: z.boolean(),
  passPercent: z.number().int(),
  submittedAt: z.string(),
  /** null: unlimited */
  attemptsLeft: z.number().int().nullable(),
  results: z.array(QuestionResultSchema),
  /** the course is now complete (this attempt was the last thing missing) */
  courseCompleted: z.boolean().optional(),
});
export type AttemptResult = z.infer<typeof AttemptResultSchema>;

export const QuizStateSchema = z.object({
  passPercent: z.number().int(),
  /** null: unlimited */
  maxAttempts: z.number().int().nullable(),
  required: z.boolean(),
  attemptsUsed: z.number().int(),
  attemptsLeft: z.number().int().nullable(),
  /** passed in any attempt */
  passed: z.boolean(),
  best: z.number().int().nullable(),
  /** the learner's latest attempt, graded (null before the first) */
  last: AttemptResultSchema.nullable(),
});
export type QuizState = z.infer<typeof QuizStateSchema>;

// ---------------------------------------------------------------------------------------------------
// POST /api/lessons/{id}/attempts

const OptionIdSchema = z.string({ error: M.answerInvalid }).max(Q.idMax, M.answerInvalid);

export const AnswerInputSchema = z
  .object(
    {
      question: z.string({ error: M.answerInvalid }).max(Q.idMax, M.answerInvalid),
      options: z.array(OptionIdSchema, { error: M.answerInvalid }).max(Q.optionsMax, M.answerInvalid).optional(),
      text: z.string({ error: M.answerInvalid }).max(Q.answerMax, M.answerTooLong).optional(),
    },
    { error: M.answerInvalid },
  )
  .strict();
export type AnswerInput = z.infer<typeof AnswerInputSchema>;

export const AttemptInputSchema = z
  .object(
    {
      answers: z.array(AnswerInputSchema, { error: M.answersRequired }).max(Q.questionsMax, M.answerInvalid),
      /** the attempt this is (the page's form says which): posted again, it is the same attempt */
      attempt: z.number({ error: M.attemptInvalid }).int(M.attemptInvalid).min(1, M.attemptInvalid).optional(),
    },
    { error: bodyObjectError },
  )
  .strict();
export type AttemptInput = z.infer<typeof AttemptInputSchema>;

// ---------------------------------------------------------------------------------------------------
// Authoring (admin): the quiz's rules on the lesson, its questions

export const QuizSettingsInputSchema = z.object({
  passPercent: z
    .number({ error: M.passPercentInvalid })
    .int(M.passPercentInvalid)
    .min(1, M.passPercentInvalid)
    .max(100, M.passPercentInvalid),
  maxAttempts: z
    .number({ error: M.maxAttemptsInvalid })
    .int(M.maxAttemptsInvalid)
    .min(1, M.maxAttemptsInvalid)
    .max(Q.attemptsMax, M.maxAttemptsInvalid)
    .nullable(),
});

const QuestionTextSchema = z
  .string({ error: M.questionTextRequired })
  .trim()
  .min(1, M.questionTextRequired)
  .max(Q.questionMax, `The question's text must be at most ${Q.questionMax} characters`);

const OptionTextSchema = z
  .string({ error: M.optionInvalid })
  .trim()
  .min(1, M.optionInvalid)
  .max(Q.optionMax, `An option must be at most ${Q.optionMax} characters`);

export const QuestionInputSchema = z
  .object(
    {
      kind: z.enum(QUIZ_KINDS, { error: M.questionKindInvalid }),
      text: QuestionTextSchema,
      /** the options' words in order (single and multiple choice) */
      options: z.array(OptionTextSchema).max(Q.optionsMax, M.tooManyOptions).optional(),
      /** the right options by their place in `options`, from 1 */
      correct: z
        .array(z.number({ error: M.correctInvalid }).int(M.correctInvalid).min(1, M.correctInvalid))
        .max(Q.optionsMax, M.correctInvalid)
        .optional(),
      accepted: z.array(OptionTextSchema).max(Q.acceptedMax, M.tooManyAccepted).optional(),
      explanation: z
        .string({ error: "The explanation must be text" })
        .max(Q.explanationMax, `The explanation must be at most ${Q.explanationMax} characters`)
        .optional(),
    },
    { error: bodyObjectError },
  )
  .strict()
  .superRefine((q, ctx) => {
    const options = q.options ?? [];
    const correct = q.correct ?? [];
    if (q.kind === "short") {
      if ((q.accepted ?? []).length === 0)
        ctx.addIssue({ code: "custom", message: M.acceptedRequired, path: ["accepted"] });
      return;
    }
    if (options.length < 2) ctx.addIssue({ code: "custom", message: M.optionsRequired, path: ["options"] });
    if (new Set(options.map((o) => o.toLowerCase())).size !== options.length)
      ctx.addIssue({ code: "custom", message: M.optionsRepeated, path: ["options"] });
    if (correct.some((n) => n > options.length))
      ctx.addIssue({ code: "custom", message: M.correctOutOfRange, path: ["correct"] });
    else if (q.kind === "single" && new Set(correct).size !== 1)
      ctx.addIssue({ code: "custom", message: M.singleNeedsOne, path: ["correct"] });
    else if (q.kind === "multiple" && new Set(correct).size < 1)
      ctx.addIssue({ code: "custom", message: M.multipleNeedsOne, path: ["correct"] });
  });
export type QuestionInput = z.infer<typeof QuestionInputSchema>;

/** An admin's question: everything, key included. */
export const AuthoringQuestionSchema = QuizQuestionSchema.required({
  correct: true,
  accepted: true,
  explanation: true,
});
export type AuthoringQuestion = z.infer<typeof AuthoringQuestionSchema>;

// ---------------------------------------------------------------------------------------------------
// The admin's figures of a quiz: GET /api/admin/lessons/{id}/quiz

export const QuestionFigureSchema = z.object({
  question: z.string(),
  text: z.string(),
  position: z.number().int(),
  answered: z.number().int(),
  missed: z.number().int(),
  /** missed / answered, 0–100, rounded; null before any attempt */
  missedPercent: z.number().int().nullable(),
});
export type QuestionFigure = z.infer<typeof QuestionFigureSchema>;

export const QuizAdminSchema = z.object({
  course: z.object({ _id: z.string(), title: z.string() }),
  lesson: z.object({ _id: z.string(), title: z.string(), published: z.boolean(), required: z.boolean() }),
  passPercent: z.number().int(),
  maxAttempts: z.number().int().nullable(),
  questions: z.array(AuthoringQuestionSchema),
  figures: z.object({
    attempts: z.number().int(),
    learners: z.number().int(),
    passedLearners: z.number().int(),
    /** learners who passed / learners who tried, 0–100; null before any attempt */
    passRate: z.number().int().nullable(),
    /** the questions, most often missed first */
    questions: z.array(QuestionFigureSchema),
  }),
});
export type QuizAdmin = z.infer<typeof QuizAdminSchema>;
