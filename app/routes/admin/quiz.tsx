// /admin/course/{id}/quiz/{lessonId}, a quiz's questions and figures (issue 32) on the kit: the question
// form (DeclaredForm), the questions in order (OrderedList), the attempts, learners and pass rate, and the
// questions most often missed (DeclaredTable). Declared in contract/learning/quiz-screen.ts; loader and
// action: app/features/learning/quiz-admin.server.ts.
import { Link } from "react-router";
import type { Route } from "./+types/quiz";
import {
  answerKeyOf,
  QUESTION_FORM,
  quizFigures,
  QUIZ_MISSED,
  QUIZ_QUESTIONS,
  QUIZ_SCREEN_TEXTS as T,
} from "../../../contract/learning/quiz-screen.ts";
import { LEARNING_MESSAGES } from "../../../contract/learning/learning-texts.ts";
import { loadQuizScreen, quizScreenAction } from "../../features/learning/quiz-admin.server.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DeclaredForm } from "../../components/admin/declared-form.tsx";
import { DeclaredTable } from "../../components/admin/detail-screen.tsx";
import { FigureCards } from "../../components/admin/detail-list.tsx";
import { OrderedList } from "../../components/admin/nested-list.tsx";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";
import { buttonClass } from "../../components/ui/button.tsx";

export const loader = (args: Route.LoaderArgs) => loadQuizScreen(args);
export const action = (args: Route.ActionArgs) => quizScreenAction(args);

export default function QuizScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { quiz, editing } = loaderData;
  return (
    <>
      <AdminPageHeader title={T.title(quiz.lesson.title)} lead={T.lead(quiz)}>
        <Link
          to={`/admin/course/${quiz.course._id}/content`}
          className={buttonClass("ghost", "md", "border border-slate-300")}
        >
          {T.back}
        </Link>
      </AdminPageHeader>
      <div className="mt-6 max-w-3xl">
        <DeclaredForm spec={QUESTION_FORM} editing={editing} actionData={actionData} />
      </div>
      <OrderedList
        spec={QUIZ_QUESTIONS}
        rows={quiz.questions}
        actionData={actionData}
        rowExtra={(q) => <p className="text-sm break-words text-slate-700">{answerKeyOf(q)}</p>}
      />
      <section aria-labelledby="quiz-figures" className="mt-12">
        <h2 id="quiz-figures" className="text-xl font-extrabold tracking-tight text-brand-950">
          {T.figures}
        </h2>
        <FigureCards figures={quizFigures(quiz)} />
      </section>
      <DeclaredTable spec={QUIZ_MISSED} rows={quiz.figures.questions} />
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return adminMeta(loaderData ? T.title(loaderData.quiz.lesson.title) : "Quiz", matches[0]?.loaderData?.siteName);
}

export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: {
    titles: { 404: LEARNING_MESSAGES.lessonNotFound },
    back: { to: "/pmtalsLink/admin", label: "Back to courses" },
  },
};
