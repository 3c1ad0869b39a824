// The course content screen's loader and action (issue 31, /admin/course/{id}/content) on the kit: the
// chapter and lesson forms (pageFormAction), the chapters and lessons moved, published and deleted
// (nestedListAction; a lesson's question says how many learners lose their progress), a lesson's video or
// material posted without JavaScript (rawUploadAction), a material removed after its question; every
// write through services.authoring, which audits it and changes what learners see at once.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ChapterFormSchema, LessonFormSchema } from "../../../contract/learning/content-form.ts";
import {
  CHAPTER_FORM,
  chapterFormView,
  COURSE_OUTLINE,
  isTranscoding,
  LESSON_FORM,
  LESSON_UPLOADS,
  lessonFormView,
  MATERIAL_TEXTS,
} from "../../../contract/learning/content-screen.ts";
import { LEARNING_MESSAGES, type CourseContent } from "../../../contract/learning/learning.ts";
import type { Actor } from "../../../server/features/auth/actor.ts";
import { failure, readAction, runAction, type ActionAnswer } from "../../lib/action.server.ts";
import { loadOrErrorPage, pageFormAction, type Args } from "../../lib/adapted-resource.server.ts";
import type { AppContext } from "../../lib/context.ts";
import { pageAddressOf } from "../../lib/guards.server.ts";
import { nestedListAction, rawUploadAction } from "../../lib/nested-list.server.ts";

/** /admin/course/{id}/content: every chapter and lesson, the row in a form (`?edit=`), the chapter a lesson is added to (`?chapter=`). */
export const loadCourseContent = (args: Args) =>
  loadOrErrorPage(
    args,
    async (ctx, actor) => {
      const content = await ctx.services.authoring.content(actor, args.params?.id ?? "");
      const query = new URL(args.request.url).searchParams;
      const edit = query.get("edit");
      const chapter = content.chapters.find((c) => c._id === edit);
      const lesson = content.chapters.flatMap((c) => c.lessons).find((l) => l._id === edit);
      const addTo = content.chapters.find((c) => c._id === query.get(COURSE_OUTLINE.addItem.param));
      return {
        content,
        editingChapter: chapter ? chapterFormView(chapter) : null,
        editingLesson: lesson ? lessonFormView(lesson) : null,
        // a new lesson goes to the chapter asked for, else the last one
        addTo: addTo?._id ?? content.chapters.at(-1)?._id ?? "",
        transcoding: isTranscoding(content.chapters),
      };
    },
    LEARNING_MESSAGES.courseNotFound,
    "admin course content",
  );

/** An uploaded video posted with the form (no JavaScript): on disk for the service, as the API's route does. */
async function attachPosted(ctx: AppContext, actor: Actor, lessonId: string, file: File) {
  const dir = await mkdtemp(path.join(tmpdir(), "academy-upload-"));
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const stored = path.join(dir, "upload");
    await writeFile(stored, bytes);
    return await ctx.services.authoring.attachVideo(actor, lessonId, {
      file: stored,
      size: bytes.byteLength,
      name: file.name || "video",
      head: bytes.subarray(0, 512),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function courseContentAction(args: Args): Promise<ActionAnswer | Response> {
  const call = await readAction(args, "admin");
  const { ctx, actor, intent } = call;
  const authoring = ctx.services.authoring;
  const courseId = args.params?.id ?? "";
  const back = (anchor: string) => `${pageAddressOf(call.request, ["edit", COURSE_OUTLINE.addItem.param])}#${anchor}`;
  let content: Promise<CourseContent> | undefined;
  const load = () => (content ??= authoring.content(actor, courseId));
  const lessonOf = async (id: string) => (await load()).chapters.flatMap((c) => c.lessons).find((l) => l._id === id);

  const listed = nestedListAction(
    call,
    COURSE_OUTLINE,
    {
      group: {
        find: async (id) => (await load()).chapters.find((c) => c._id === id),
        move: (id, direction) => authoring.moveChapter(actor, id, { direction }),
        toggle: (id, on) => authoring.updateChapter(actor, id, { published: on }),
        remove: (id) => authoring.deleteChapter(actor, id),
      },
      item: {
        find: lessonOf,
        move: (id, direction) => authoring.moveLesson(actor, id, { direction }),
        toggle: (id, on) => authoring.updateLesson(actor, id, { published: on }),
        remove: (id) => authoring.deleteLesson(actor, id),
      },
    },
    back(COURSE_OUTLINE.id),
  );
  if (listed) return listed;

  const logAs = (what: string) => `admin course content: the ${what} failed`;
  switch (intent) {
    case "chapter.save":
      return pageFormAction(
        call,
        CHAPTER_FORM,
        {
          schema: ChapterFormSchema,
          create: (data) => authoring.createChapter(actor, courseId, data),
          update: (id, data) => authoring.updateChapter(actor, id, data),
        },
        { id: call.rowId, back: back(COURSE_OUTLINE.id), logAs: logAs("chapter save") },
      );
    case "lesson.save":
      return pageFormAction(
        call,
        LESSON_FORM,
        {
          schema: LessonFormSchema,
          create: ({ chapterId, ...data }) => authoring.createLesson(actor, chapterId, data),
          update: (id, data) => authoring.updateLesson(actor, id, data),
        },
        { id: call.rowId, back: back(COURSE_OUTLINE.id), logAs: logAs("lesson save") },
      );
    case LESSON_UPLOADS.video.intent:
      return rawUploadAction(
        call,
        LESSON_UPLOADS.video,
        (id, file) => attachPosted(ctx, actor, id, file),
        back(COURSE_OUTLINE.id),
      );
    case LESSON_UPLOADS.material.intent:
      return rawUploadAction(
        call,
        LESSON_UPLOADS.material,
        async (id, file) =>
          authoring.addMaterial(actor, id, { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }),
        back(COURSE_OUTLINE.id),
      );
    case "material.delete": {
      const id = call.rowId;
      const materialId = call.text("materialId").trim().slice(0, 100);
      const name = call.text("name").trim().slice(0, 200);
      return runAction(call, {
        intent,
        values: { id, materialId, name },
        confirm: { question: MATERIAL_TEXTS.confirmRemove(name) },
        run: () => authoring.deleteMaterial(actor, id, materialId),
        refused: (r) => MATERIAL_TEXTS.removeFailed + r.message,
        back: back(COURSE_OUTLINE.id),
        done: () => MATERIAL_TEXTS.removed,
      });
    }
    default:
      return failure(undefined, { formError: "That form is not one of this page's" }, {});
  }
}
