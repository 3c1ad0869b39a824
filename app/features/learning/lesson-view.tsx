import { Form, Link, useNavigation, useRevalidator } from "react-router";
import type { Lesson, OutlineLesson } from "../../../contract/learning/learning.ts";
import { formatLength, LESSON_KIND_LABELS } from "../../../contract/learning/learning-texts.ts";
import { videoPageUrl } from "../../../contract/lib/video-embed.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { VideoPlayButton } from "../../components/ui/video-player.tsx";
import { PostBody } from "../blog/post-body.tsx";
import { lessonPath } from "./course-outline.tsx";
import { LessonPlayer } from "./lesson-player.tsx";
import { LiveClass } from "./live-class.tsx";
import { MaterialsList } from "./materials-list.tsx";
import { QuizPanel, type QuizFailure } from "./quiz-form.tsx";

export const LESSON_INTENTS = { complete: "lesson.complete", incomplete: "lesson.incomplete" } as const;

/**
 * A lesson as its learner reads it (issue 31): its video, text, live class or files, Mark complete (a
 * plain form: it works without JavaScript) and the previous and next lessons. `body` is the lesson's
 * HTML as the server rendered it (pictures sized and lazy, players behind a play button). A quiz (issue
 * 32) is its questions' form and its results instead of Mark complete: passing it completes it.
 */
export function LessonView({
  lesson,
  body,
  neighbours,
  signedIn,
  quiz,
}: {
  lesson: Lesson;
  body: string;
  neighbours: { previous: OutlineLesson | null; next: OutlineLesson | null };
  signedIn: boolean;
  /** a quiz's: where signing in leads back here, whether the course is complete, the last submit's refusal */
  quiz?: { signInHref: string; courseComplete: boolean; failure?: QuizFailure };
}) {
  const revalidator = useRevalidator();
  const completed = lesson.progress?.completed === true;
  const meta = [LESSON_KIND_LABELS[lesson.kind], formatLength(lesson.length)].filter(Boolean).join(" · ");
  return (
    <article aria-labelledby="lesson-title" className="min-w-0 space-y-6">
      <header>
        <p className="text-sm font-semibold text-slate-600">
          {meta}
          {lesson.preview ? " · Free preview" : null}
        </p>
        <h1 id="lesson-title" className="mt-1 text-3xl font-extrabold tracking-tight wrap-anywhere text-brand-950">
          {lesson.title}
        </h1>
      </header>
      {lesson.kind === "video" ? (
        <LessonVideo lesson={lesson} signedIn={signedIn} onCompleted={() => void revalidator.revalidate()} />
      ) : null}
      {lesson.live ? <LiveClass lesson={lesson} live={lesson.live} /> : null}
      {body ? <PostBody html={body} className="max-w-none" /> : null}
      <MaterialsList materials={lesson.materials} />
      {lesson.kind === "quiz" && quiz ? <QuizPanel lesson={lesson} {...quiz} /> : null}
      {signedIn && lesson.kind !== "quiz" ? <MarkComplete completed={completed} /> : null}
      <LessonNav courseId={lesson.courseId} {...neighbours} />
    </article>
  );
}

function LessonVideo({
  lesson,
  signedIn,
  onCompleted,
}: {
  lesson: Lesson;
  signedIn: boolean;
  onCompleted: () => void;
}) {
  const video = lesson.video;
  if (!video || !video.src) {
    const preparing = video && (video.state === "queued" || video.state === "transcoding");
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">
        {preparing
          ? `This video is being prepared (${video.progress}%). Please come back soon.`
          : "The video of this lesson is on its way."}
      </p>
    );
  }
  if (video.embed) {
    return (
      <VideoPlayButton
        player={video.src}
        page={videoPageUrl(video.src)}
        title={lesson.title}
        label={`Play the video: ${lesson.title}`}
        className={buttonClass("primary", "lg")}
      />
    );
  }
  return (
    <LessonPlayer
      key={lesson._id}
      lessonId={lesson._id}
      title={lesson.title}
      src={video.src}
      poster={video.poster}
      resumeAt={lesson.progress?.position ?? 0}
      length={lesson.length}
      saves={signedIn}
      completed={lesson.progress?.completed === true}
      onCompleted={onCompleted}
    />
  );
}

function MarkComplete({ completed }: { completed: boolean }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod !== undefined;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 p-4">
      {completed ? (
        <>
          <p role="status" className="inline-flex items-center gap-1.5 font-semibold text-emerald-800">
            <Icon name="check" className="size-5" /> Completed
          </p>
          <button
            type="submit"
            name="intent"
            value={LESSON_INTENTS.incomplete}
            className={buttonClass("ghost", "sm")}
            aria-disabled={sending || undefined}
          >
            Mark as not done
          </button>
        </>
      ) : (
        <button
          type="submit"
          name="intent"
          value={LESSON_INTENTS.complete}
          className={buttonClass("primary")}
          aria-disabled={sending || undefined}
        >
          <Icon name="check" className="size-4" />
          Mark complete
        </button>
      )}
    </Form>
  );
}

function LessonNav({
  courseId,
  previous,
  next,
}: {
  courseId: string;
  previous: OutlineLesson | null;
  next: OutlineLesson | null;
}) {
  if (!previous && !next) return null;
  const link =
    "flex min-h-11 min-w-0 flex-col rounded-xl border border-slate-200 bg-white px-4 py-3 hover:border-brand-300";
  return (
    <nav aria-label="Lessons" className="grid gap-3 sm:grid-cols-2">
      {previous ? (
        <Link to={lessonPath(courseId, previous._id)} rel="prev" className={link}>
          <span className="text-sm text-slate-600">Previous</span>
          <span className="font-semibold wrap-anywhere text-brand-800">{previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={lessonPath(courseId, next._id)} rel="next" className={`${link} sm:text-right`}>
          <span className="text-sm text-slate-600">Next</span>
          <span className="font-semibold wrap-anywhere text-brand-800">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}
