// What a lesson row of the content screen shows under its head (issue 31): its video's state (and why it
// failed), the video upload of a video lesson, its materials with their sizes and Remove, and the
// material upload; both uploads with their progress (RawUpload).
import { useLocation } from "react-router";
import { LESSON_UPLOADS, MATERIAL_TEXTS } from "../../../contract/learning/content-screen.ts";
import { formatBytes, type AuthoringLesson } from "../../../contract/learning/learning.ts";
import { RawUpload } from "../../components/admin/raw-upload.tsx";
import { ConfirmAction, ConfirmOnPage } from "../../components/ui/confirm-dialog.tsx";
import { confirmationOf, type ActionResult } from "../../lib/action-result.ts";

type Answer = ActionResult<string, Partial<Record<string, string>>, unknown>;

export function LessonFiles({ lesson, answer }: { lesson: AuthoringLesson; answer: Answer | undefined }) {
  const { pathname, search } = useLocation();
  const asking = confirmationOf<{ id: string; materialId: string; name: string }>(answer, "material.delete");
  const video = lesson.video;
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-3">
      {video?.state === "failed" && video.error ? (
        <p className="text-sm text-red-800">The video could not be converted: {video.error}</p>
      ) : null}
      {lesson.kind === "video" ? (
        <RawUpload spec={LESSON_UPLOADS.video} id={lesson._id} rowName={lesson.title} answer={answer} />
      ) : null}
      {lesson.materials.length > 0 ? (
        <ul aria-label={`Materials of ${lesson.title}`} className="space-y-2">
          {lesson.materials.map((m) => (
            <li key={m._id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 break-words">
                <a href={m.url} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                  {m.name}
                </a>{" "}
                <span className="text-sm text-slate-600">({formatBytes(m.size)})</span>
              </span>
              <ConfirmAction
                fields={{ intent: "material.delete", id: lesson._id, materialId: m._id, name: m.name }}
                label={MATERIAL_TEXTS.remove}
                accessibleLabel={`${MATERIAL_TEXTS.remove} ${m.name}`}
                question={MATERIAL_TEXTS.confirmRemove(m.name)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {asking && asking.values.id === lesson._id ? (
        <ConfirmOnPage
          question={asking.message}
          fields={{ intent: "material.delete", ...asking.values }}
          confirmLabel={MATERIAL_TEXTS.remove}
          cancelTo={`${pathname}${search}`}
        />
      ) : null}
      <RawUpload spec={LESSON_UPLOADS.material} id={lesson._id} rowName={lesson.title} answer={answer} />
    </div>
  );
}
