// The quiz screen's loader and action (issue 32, /admin/course/{id}/quiz/{lessonId}) on the kit: the
// question form (pageFormAction, the form's text read by contract/learning/quiz-form.ts), the questions
// moved and deleted after their question (orderedListAction); every write through services.learning.quiz,
// which checks the question and audits it. A lesson that is no quiz, or one of another course, is a 404.
import { data } from "react-router";
import { QuestionFormSchema } from "../../../contract/learning/quiz-form.ts";
import {
  QUESTION_FORM,
  questionFormView,
  QUIZ_QUESTIONS,
  QUIZ_SCREEN_TEXTS,
} from "../../../contract/learning/quiz-screen.ts";
import { LEARNING_MESSAGES } from "../../../contract/learning/learning.ts";
import { failure, readAction, type ActionAnswer } from "../../lib/action.server.ts";
import { loadOrErrorPage, pageFormAction, type Args } from "../../lib/adapted-resource.server.ts";
import { pageAddressOf } from "../../lib/guards.server.ts";
import { orderedListAction } from "../../lib/nested-list.server.ts";

/** The quiz with its key and figures, and the question in the form (`?edit=`). */
export async function loadQuizScreen(args: Args) {
  const quiz = await loadOrErrorPage(
    args,
    (ctx, actor) => ctx.services.learning.quiz.admin(actor, args.params?.lessonId ?? ""),
    LEARNING_MESSAGES.lessonNotFound,
    "admin quiz",
  );
  if (quiz.course._id !== args.params?.id) {
    throw data(
      { code: "not_found", message: LEARNING_MESSAGES.lessonNotFound },
      { status: 404, statusText: "Not Found" },
    );
  }
  const edit = new URL(args.request.url).searchParams.get("edit");
  const editing = quiz.questions.find((q) => q._id === edit);
  return { quiz, editing: editing ? questionFormView(editing) : null };
}

export async function quizScreenAction(args: Args): Promise<ActionAnswer | Response> {
  const call = await readAction(args, "admin");
  const { actor } = call;
  const quiz = call.ctx.services.learning.quiz;
  const lessonId = args.params?.lessonId ?? "";
  const back = (anchor: string) => `${pageAddressOf(call.request, ["edit"])}#${anchor}`;
  const listed = orderedListAction(
    call,
    QUIZ_QUESTIONS,
    {
      find: async (id) => (await quiz.admin(actor, lessonId)).questions.find((q) => q._id === id),
      move: (id, direction) => quiz.moveQuestion(actor, id, direction),
      remove: (id) => quiz.deleteQuestion(actor, id),
    },
    back(QUIZ_QUESTIONS.id),
  );
  if (listed) return listed;
  if (call.intent === `${QUESTION_FORM.key}.save`) {
    return pageFormAction(
      call,
      QUESTION_FORM,
      {
        schema: QuestionFormSchema,
        create: (input) => quiz.createQuestion(actor, lessonId, input),
        update: (id, input) => quiz.updateQuestion(actor, id, input),
      },
      { id: call.rowId, back: back(QUIZ_QUESTIONS.id), logAs: "admin quiz: the question save failed" },
    );
  }
  return failure(undefined, { formError: QUIZ_SCREEN_TEXTS.unknownForm }, {});
}
