// The quizzes' API (issue 32): a learner submits an attempt (graded on the server); an admin reads a quiz's
// questions with their key and its figures, and adds, changes, moves and deletes its questions. A quiz's
// questions for a learner come with its lesson (GET /api/lessons/{id}), never with the key.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  AttemptInputSchema,
  AttemptResultSchema,
  AuthoringQuestionSchema,
  QuestionInputSchema,
  QuizAdminSchema,
} from "../../../contract/learning/quiz.ts";
import { MoveInputSchema } from "../../../contract/learning/learning.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import type { LearningService } from "./learning.service.ts";

const tags = ["Learning"];
const Id = z.string().max(100);
const Deleted = z.object({ message: z.string(), _id: z.string() });
const json = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { "application/json": { schema } },
});

const submitAttempt = defineRoute({
  access: "user",
  operationId: "submitQuizAttempt",
  method: "post",
  path: "/api/lessons/{id}/attempts",
  tags,
  summary: "Submit an attempt at a quiz, graded on the server",
  description:
    "`answers[]`: per question its `question` id and the `options` chosen (choice questions) or the `text` written " +
    "(short answers; compared without case or spaces). Answers the score (percent of questions right), `passed`, and " +
    "per question whether the answer was right, with its explanation; the right answers once the quiz is passed or " +
    "no attempt is left. `attempt` (optional) names which attempt this is: the same attempt posted again, or the " +
    "same answers again within a minute, answer the attempt already stored. Past the attempts allowed: 409.",
  request: { params: z.object({ id: Id }), body: json(AttemptInputSchema) },
  responses: {
    200: jsonResponse("The graded attempt", AttemptResultSchema),
    401: errorResponse("Signed out"),
    403: errorResponse("Not enrolled in its course"),
    404: errorResponse("No such quiz"),
    409: errorResponse("No attempt left, or that attempt was already submitted with other answers"),
    422: errorResponse("Answers that do not fit the quiz"),
  },
});

const quizAdmin = defineRoute({
  access: "admin",
  operationId: "getQuizAdmin",
  method: "get",
  path: "/api/admin/lessons/{id}/quiz",
  tags,
  summary: "A quiz's questions with their key, its rules and its figures (attempts, pass rate, questions most missed)",
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonResponse("The quiz", QuizAdminSchema), 404: errorResponse("No such quiz") },
});

const createQuestion = defineRoute({
  access: "admin",
  operationId: "createQuizQuestion",
  method: "post",
  path: "/api/admin/lessons/{id}/questions",
  tags,
  summary: "Add a question at the end of a quiz",
  description:
    "kind single (exactly one right option) or multiple (one or more), with `options` (their words) and `correct` " +
    "(the right options' numbers, from 1); or short, with `accepted` answers. `explanation` is shown after an attempt.",
  request: { params: z.object({ id: Id }), body: json(QuestionInputSchema) },
  responses: { 201: jsonResponse("The question", AuthoringQuestionSchema), 404: errorResponse("No such quiz") },
});

const updateQuestion = defineRoute({
  access: "admin",
  operationId: "updateQuizQuestion",
  method: "put",
  path: "/api/admin/questions/{id}",
  tags,
  summary: "Change a question (an option whose words stay keeps its id)",
  request: { params: z.object({ id: Id }), body: json(QuestionInputSchema) },
  responses: { 200: jsonResponse("The question", AuthoringQuestionSchema), 404: errorResponse("No such question") },
});

const deleteQuestion = defineRoute({
  access: "admin",
  operationId: "deleteQuizQuestion",
  method: "delete",
  path: "/api/admin/questions/{id}",
  tags,
  summary: "Delete a question",
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonResponse("Deleted", Deleted), 404: errorResponse("No such question") },
});

const moveQuestion = defineRoute({
  access: "admin",
  operationId: "moveQuizQuestion",
  method: "post",
  path: "/api/admin/questions/{id}/move",
  tags,
  summary: "Move a question up or down in its quiz",
  request: { params: z.object({ id: Id }), body: json(MoveInputSchema) },
  responses: { 200: jsonResponse("The question", AuthoringQuestionSchema), 404: errorResponse("No such question") },
});

export function registerQuizRoutes(app: OpenAPIHono<BackendEnv>, learning: LearningService) {
  const quiz = learning.quiz;
  app.openapi(submitAttempt, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await quiz.submit(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 200);
  });
  app.openapi(quizAdmin, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await quiz.admin(c.get("actor"), c.req.valid("param").id), 200);
  });
  app.openapi(createQuestion, async (c) =>
    c.json(await quiz.createQuestion(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 201),
  );
  app.openapi(updateQuestion, async (c) =>
    c.json(await quiz.updateQuestion(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(deleteQuestion, async (c) =>
    c.json(await quiz.deleteQuestion(c.get("actor"), c.req.valid("param").id), 200),
  );
  app.openapi(moveQuestion, async (c) =>
    c.json(await quiz.moveQuestion(c.get("actor"), c.req.valid("param").id, c.req.valid("json").direction), 200),
  );
}
