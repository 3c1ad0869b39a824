// The learning API (issue 31): a course's outline (public), a lesson and its files for those allowed,
// progress, and the admin's chapter, lesson and material operations. Files are served through a checked
// session (decision 073): each request asks whether its caller may open the lesson, so a refund ends
// access at once and an address copied out of the page opens nothing for anyone else.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import {
  ChapterInputSchema,
  ChapterUpdateSchema,
  CourseContentSchema,
  LearnerProgressSchema,
  LessonInputSchema,
  LessonSchema,
  LessonUpdateSchema,
  MATERIAL_MAX_BYTES,
  MaterialSchema,
  MoveInputSchema,
  OutlineSchema,
  ProgressInputSchema,
  ProgressSchema,
} from "../../../contract/learning/learning.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import type { MediaStore } from "../../integrations/media/store.ts";
import { DomainError, Invalid, NotFound } from "../../lib/errors.ts";
import type { AuthoringService } from "./authoring.service.ts";
import type { LearningService } from "./learning.service.ts";
import { videoFileKey } from "./video/video-files.ts";
import { ICS_CONTENT_TYPE } from "./live-class.ts";

const tags = ["Learning"];
const Id = z.string().max(100);
const Deleted = z.object({ message: z.string(), _id: z.string() });
const ChapterSchema = z.object({ _id: z.string(), title: z.string(), published: z.boolean() });
const LessonRefSchema = z.object({ _id: z.string(), title: z.string(), chapterId: z.string() });

/** Upload paths: the app lets their bodies past the JSON limit (server/app.ts). */
export const LESSON_UPLOAD_PATH = /^\/backend\/api\/lessons\/[^/]+\/(video|materials)$/;

const outline = defineRoute({
  access: "public",
  optionalSignIn: true,
  operationId: "getCourseOutline",
  method: "get",
  path: "/api/courses/{id}/outline",
  tags,
  summary: "A course's chapters and lessons (never a lesson's content, files or join link)",
  description:
    "Published chapters and lessons in order, each lesson with its kind, length in seconds and whether it is a free " +
    "preview; for a signed-in learner also `completed` per lesson and the course's progress.",
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonResponse("The outline", OutlineSchema), 404: errorResponse("No such course") },
});

const getLesson = defineRoute({
  access: "public",
  optionalSignIn: true,
  operationId: "getLesson",
  method: "get",
  path: "/api/lessons/{id}",
  tags,
  summary: "A lesson, for its course's learners and admins (a free preview for anyone)",
  request: { params: z.object({ id: Id }) },
  responses: {
    200: jsonResponse("The lesson", LessonSchema),
    401: errorResponse("Signed out, and the lesson is no preview"),
    403: errorResponse("Not enrolled in its course"),
    404: errorResponse("No such lesson (or a draft)"),
  },
});

const saveProgress = defineRoute({
  access: "user",
  operationId: "saveLessonProgress",
  method: "post",
  path: "/api/lessons/{id}/progress",
  tags,
  summary: "Record progress in a lesson: completed, and where a video was left",
  description:
    "`completed` true completes the lesson (its first completion's time stays), false undoes it; `position` in " +
    "seconds (0–86400) is remembered; a video watched to 90 % of its length completes itself. A replay counts once.",
  request: {
    params: z.object({ id: Id }),
    body: { required: true, content: { "application/json": { schema: ProgressInputSchema } } },
  },
  responses: {
    200: jsonResponse("The lesson's progress and the course's", ProgressSchema),
    403: errorResponse("Not enrolled in its course"),
    404: errorResponse("No such lesson"),
  },
});

const fileResponse = (description: string) => ({
  description,
  content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
});

const videoFile = defineRoute({
  access: "public",
  optionalSignIn: true,
  operationId: "getLessonVideoFile",
  method: "get",
  path: "/api/lessons/{id}/video/{file}",
  tags,
  summary: "A lesson video's master playlist or poster, for those who may open the lesson",
  request: { params: z.object({ id: Id, file: z.string().max(100) }) },
  responses: {
    200: fileResponse("The file"),
    401: errorResponse("Signed out"),
    403: errorResponse("Not enrolled"),
    404: errorResponse("No such file"),
  },
});

const renditionFile = defineRoute({
  access: "public",
  optionalSignIn: true,
  operationId: "getLessonVideoSegment",
  method: "get",
  path: "/api/lessons/{id}/video/{rendition}/{file}",
  tags,
  summary: "A rendition's playlist or segment, for those who may open the lesson",
  request: { params: z.object({ id: Id, rendition: z.string().max(20), file: z.string().max(100) }) },
  responses: {
    200: fileResponse("The file"),
    401: errorResponse("Signed out"),
    403: errorResponse("Not enrolled"),
    404: errorResponse("No such file"),
  },
});

const materialFile = defineRoute({
  access: "public",
  optionalSignIn: true,
  operationId: "downloadLessonMaterial",
  method: "get",
  path: "/api/lessons/{id}/materials/{materialId}",
  tags,
  summary: "Download a lesson's material, for those who may open the lesson",
  request: { params: z.object({ id: Id, materialId: Id }) },
  responses: {
    200: fileResponse("The file, as an attachment"),
    401: errorResponse("Signed out"),
    403: errorResponse("Not enrolled"),
    404: errorResponse("No such material"),
  },
});

const liveCalendar = defineRoute({
  access: "public",
  optionalSignIn: true,
  operationId: "getLiveClassCalendar",
  method: "get",
  path: "/api/lessons/{id}/calendar.ics",
  tags,
  summary: "A live class as a calendar file (RFC 5545), for those who may open the lesson",
  description: "Its time (UTC) and the lesson page's address, with a reminder 15 minutes before; never the join link.",
  request: { params: z.object({ id: Id }) },
  responses: {
    200: { description: "The calendar file", content: { "text/calendar": { schema: z.string() } } },
    401: errorResponse("Signed out"),
    403: errorResponse("Not enrolled"),
    404: errorResponse("No such live class"),
  },
});

// ---------------------------------------------------------------------------------------------------
// Authoring (admins)

const content = defineRoute({
  access: "admin",
  operationId: "getCourseContent",
  method: "get",
  path: "/api/admin/courses/{id}/content",
  tags,
  summary: "A course's chapters and lessons with drafts, files, transcoding states and learners per lesson",
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonResponse("The content", CourseContentSchema), 404: errorResponse("No such course") },
});

const learners = defineRoute({
  access: "admin",
  operationId: "listCourseLearners",
  method: "get",
  path: "/api/admin/courses/{id}/learners",
  tags,
  summary: "A course's enrolled learners and their progress",
  request: { params: z.object({ id: Id }) },
  responses: {
    200: jsonResponse("The learners", z.array(LearnerProgressSchema)),
    404: errorResponse("No such course"),
  },
});

const createChapter = defineRoute({
  access: "admin",
  operationId: "createChapter",
  method: "post",
  path: "/api/admin/courses/{id}/chapters",
  tags,
  summary: "Add a chapter at the end of a course (a draft unless published is true)",
  request: {
    params: z.object({ id: Id }),
    body: { required: true, content: { "application/json": { schema: ChapterInputSchema } } },
  },
  responses: { 201: jsonResponse("The chapter", ChapterSchema), 404: errorResponse("No such course") },
});

const updateChapter = defineRoute({
  access: "admin",
  operationId: "updateChapter",
  method: "put",
  path: "/api/admin/chapters/{id}",
  tags,
  summary: "Rename, publish or unpublish a chapter",
  request: {
    params: z.object({ id: Id }),
    body: { required: true, content: { "application/json": { schema: ChapterUpdateSchema } } },
  },
  responses: { 200: jsonResponse("The chapter", ChapterSchema), 404: errorResponse("No such chapter") },
});

const deleteChapter = defineRoute({
  access: "admin",
  operationId: "deleteChapter",
  method: "delete",
  path: "/api/admin/chapters/{id}",
  tags,
  summary: "Delete a chapter with its lessons (and their learners' progress in them)",
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonResponse("Deleted", Deleted), 404: errorResponse("No such chapter") },
});

const moveChapter = defineRoute({
  access: "admin",
  operationId: "moveChapter",
  method: "post",
  path: "/api/admin/chapters/{id}/move",
  tags,
  summary: "Move a chapter up or down",
  request: {
    params: z.object({ id: Id }),
    body: { required: true, content: { "application/json": { schema: MoveInputSchema } } },
  },
  responses: { 200: jsonResponse("The chapter", ChapterSchema), 404: errorResponse("No such chapter") },
});

const createLesson = defineRoute({
  access: "admin",
  operationId: "createLesson",
  method: "post",
  path: "/api/admin/chapters/{id}/lessons",
  tags,
  summary: "Add a lesson at the end of a chapter",
  description:
    "kind text (body: HTML, sanitized as post bodies), video (videoUrl: YouTube/Vimeo, or upload one after), materials " +
    "(upload files after) or live (liveStartsAt, liveMinutes, liveJoinUrl).",
  request: {
    params: z.object({ id: Id }),
    body: { required: true, content: { "application/json": { schema: LessonInputSchema } } },
  },
  responses: { 201: jsonResponse("The lesson", LessonRefSchema), 404: errorResponse("No such chapter") },
});

const updateLesson = defineRoute({
  access: "admin",
  operationId: "updateLesson",
  method: "put",
  path: "/api/admin/lessons/{id}",
  tags,
  summary: "Change a lesson (the fields given), or move it to another chapter of its course",
  request: {
    params: z.object({ id: Id }),
    body: { required: true, content: { "application/json": { schema: LessonUpdateSchema } } },
  },
  responses: { 200: jsonResponse("The lesson", LessonRefSchema), 404: errorResponse("No such lesson or chapter") },
});

const deleteLesson = defineRoute({
  access: "admin",
  operationId: "deleteLesson",
  method: "delete",
  path: "/api/admin/lessons/{id}",
  tags,
  summary: "Delete a lesson, its files and its learners' progress in it",
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonResponse("Deleted", Deleted), 404: errorResponse("No such lesson") },
});

const moveLesson = defineRoute({
  access: "admin",
  operationId: "moveLesson",
  method: "post",
  path: "/api/admin/lessons/{id}/move",
  tags,
  summary: "Move a lesson up or down in its chapter",
  request: {
    params: z.object({ id: Id }),
    body: { required: true, content: { "application/json": { schema: MoveInputSchema } } },
  },
  responses: { 200: jsonResponse("The lesson", LessonRefSchema), 404: errorResponse("No such lesson") },
});

const uploadBody = {
  required: true,
  content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
};

const uploadVideo = defineRoute({
  access: "admin",
  operationId: "uploadLessonVideo",
  method: "post",
  path: "/api/lessons/{id}/video",
  tags,
  summary: "Upload a video lesson's video (the file as the body); it is transcoded in the background",
  request: { params: z.object({ id: Id }), query: z.object({ name: z.string().min(1).max(200) }), body: uploadBody },
  responses: {
    202: jsonResponse("Stored; transcoding is queued", z.object({ videoId: z.string() })),
    404: errorResponse("No such lesson"),
    413: errorResponse("The file is larger than the limit"),
    422: errorResponse("Not a video, not a video lesson, or this server cannot transcode (no ffmpeg)"),
  },
});

const uploadMaterial = defineRoute({
  access: "admin",
  operationId: "uploadLessonMaterial",
  method: "post",
  path: "/api/lessons/{id}/materials",
  tags,
  summary: "Add a file to download with a lesson (PDF, slides, documents, ZIP; the file as the body)",
  request: { params: z.object({ id: Id }), query: z.object({ name: z.string().min(1).max(200) }), body: uploadBody },
  responses: {
    201: jsonResponse("The material", MaterialSchema),
    404: errorResponse("No such lesson"),
    413: errorResponse("The file is larger than the limit"),
    422: errorResponse("Not an allowed type, its bytes are not what its name says, or an unsafe archive"),
  },
});

const deleteMaterial = defineRoute({
  access: "admin",
  operationId: "deleteLessonMaterial",
  method: "delete",
  path: "/api/lessons/{id}/materials/{materialId}",
  tags,
  summary: "Remove a lesson's material",
  request: { params: z.object({ id: Id, materialId: Id }) },
  responses: { 200: jsonResponse("Deleted", Deleted), 404: errorResponse("No such material") },
});

const TooLarge = (limit: number) =>
  new DomainError("too_large", `The file is too large (limit ${Math.round(limit / (1024 * 1024))} MB).`);

/** The request body streamed to a temporary file, at most `limit` bytes; its first bytes kept to sniff. */
async function bodyToFile(
  c: Context,
  limit: number,
): Promise<{ file: string; size: number; head: Uint8Array; dir: string }> {
  const declared = Number(c.req.header("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw TooLarge(limit);
  const body = c.req.raw.body;
  if (!body) throw Invalid("Send the file as the request body");
  const dir = await mkdtemp(path.join(tmpdir(), "academy-upload-"));
  const file = path.join(dir, "upload");
  let size = 0;
  const head: number[] = [];
  const counted = Readable.fromWeb(body as import("node:stream/web").ReadableStream).map((chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > limit) throw TooLarge(limit);
    for (let i = 0; head.length < 512 && i < chunk.byteLength; i++) head.push(chunk[i]!);
    return chunk;
  });
  try {
    await pipeline(counted, createWriteStream(file));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error instanceof DomainError ? error : Invalid("The upload did not arrive whole: try again");
  }
  return { file, size, head: new Uint8Array(head), dir };
}

const CONTENT_TYPES: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".jpg": "image/jpeg",
};

/** A file of the store, streamed, never cached by a shared cache (its access is per person). */
async function sendStored(c: Context, store: MediaStore, key: string, contentType: string, download?: string) {
  const found = await store.localFile(key);
  if (!found) throw NotFound("No such file");
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Content-Length": String(found.size),
    "Cache-Control": "private, max-age=300",
    "X-Content-Type-Options": "nosniff",
  };
  if (download) {
    headers["Content-Disposition"] =
      `attachment; filename="${download.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(download)}`;
    headers["Cache-Control"] = "private, no-store";
  }
  return c.body(Readable.toWeb(createReadStream(found.file)) as ReadableStream, 200, headers);
}

export interface LearningRouteDeps {
  learning: LearningService;
  authoring: AuthoringService;
  store: MediaStore;
  videoMaxBytes: number;
}

export function registerLearningRoutes(app: OpenAPIHono<BackendEnv>, deps: LearningRouteDeps) {
  const { learning, authoring, store } = deps;
  app.openapi(outline, async (c) => {
    c.header("Cache-Control", c.get("actor") ? "private, no-store" : "public, max-age=0, must-revalidate");
    return c.json(await learning.outline(c.get("actor"), c.req.valid("param").id), 200);
  });
  app.openapi(getLesson, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await learning.lesson(c.get("actor"), c.req.valid("param").id), 200);
  });
  app.openapi(saveProgress, async (c) =>
    c.json(await learning.saveProgress(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  const serveVideo = async (c: Context, lessonId: string, file: string) => {
    const video = await learning.videoFile(c.get("actor"), lessonId);
    const key = video ? videoFileKey(video.id, file) : null;
    if (!key) throw NotFound("No such file");
    return sendStored(c, store, key, CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream");
  };
  app.openapi(videoFile, async (c) => {
    const { id, file } = c.req.valid("param");
    return serveVideo(c, id, file) as never;
  });
  app.openapi(renditionFile, async (c) => {
    const { id, rendition, file } = c.req.valid("param");
    return serveVideo(c, id, `${rendition}/${file}`) as never;
  });
  app.openapi(materialFile, async (c) => {
    const { id, materialId } = c.req.valid("param");
    const row = await learning.material(c.get("actor"), id, materialId);
    return sendStored(c, store, row.storeKey, row.contentType, row.name) as never;
  });

  app.openapi(liveCalendar, async (c) => {
    const { fileName, body } = await learning.liveCalendar(c.get("actor"), c.req.valid("param").id);
    return c.body(body, 200, {
      "Content-Type": `${ICS_CONTENT_TYPE}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    }) as never;
  });

  app.openapi(content, async (c) => c.json(await authoring.content(c.get("actor"), c.req.valid("param").id), 200));
  app.openapi(learners, async (c) => c.json(await authoring.learners(c.get("actor"), c.req.valid("param").id), 200));
  const chapterOut = (r: { id: string; title: string; published: boolean }) => ({
    _id: r.id,
    title: r.title,
    published: r.published,
  });
  const lessonOut = (r: { id: string; title: string; chapterId: string }) => ({
    _id: r.id,
    title: r.title,
    chapterId: r.chapterId,
  });
  app.openapi(createChapter, async (c) =>
    c.json(
      chapterOut(await authoring.createChapter(c.get("actor"), c.req.valid("param").id, c.req.valid("json"))),
      201,
    ),
  );
  app.openapi(updateChapter, async (c) =>
    c.json(
      chapterOut(await authoring.updateChapter(c.get("actor"), c.req.valid("param").id, c.req.valid("json"))),
      200,
    ),
  );
  app.openapi(deleteChapter, async (c) =>
    c.json(await authoring.deleteChapter(c.get("actor"), c.req.valid("param").id), 200),
  );
  app.openapi(moveChapter, async (c) =>
    c.json(chapterOut(await authoring.moveChapter(c.get("actor"), c.req.valid("param").id, c.req.valid("json"))), 200),
  );
  app.openapi(createLesson, async (c) =>
    c.json(lessonOut(await authoring.createLesson(c.get("actor"), c.req.valid("param").id, c.req.valid("json"))), 201),
  );
  app.openapi(updateLesson, async (c) =>
    c.json(lessonOut(await authoring.updateLesson(c.get("actor"), c.req.valid("param").id, c.req.valid("json"))), 200),
  );
  app.openapi(deleteLesson, async (c) =>
    c.json(await authoring.deleteLesson(c.get("actor"), c.req.valid("param").id), 200),
  );
  app.openapi(moveLesson, async (c) =>
    c.json(lessonOut(await authoring.moveLesson(c.get("actor"), c.req.valid("param").id, c.req.valid("json"))), 200),
  );
  app.openapi(uploadVideo, async (c) => {
    const { id } = c.req.valid("param");
    const { name } = c.req.valid("query");
    const upload = await bodyToFile(c, deps.videoMaxBytes);
    try {
      return c.json(await authoring.attachVideo(c.get("actor"), id, { ...upload, name }), 202);
    } finally {
      await rm(upload.dir, { recursive: true, force: true });
    }
  });
  app.openapi(uploadMaterial, async (c) => {
    const { id } = c.req.valid("param");
    const { name } = c.req.valid("query");
    const upload = await bodyToFile(c, MATERIAL_MAX_BYTES);
    try {
      const bytes = new Uint8Array(await readFile(upload.file));
      return c.json(await authoring.addMaterial(c.get("actor"), id, { bytes, name }), 201);
    } finally {
      await rm(upload.dir, { recursive: true, force: true });
    }
  });
  app.openapi(deleteMaterial, async (c) => {
    const { id, materialId } = c.req.valid("param");
    return c.json(await authoring.deleteMaterial(c.get("actor"), id, materialId), 200);
  });
}
