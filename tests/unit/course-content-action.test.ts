// The course content screen's action and loader (app/features/learning/authoring.server.ts, behind
// /admin/course/{id}/content) on the real services (issue 31): the chapter and lesson forms (what was typed
// read as the API's input: a Lagos start, minutes, checkboxes; refusals beside their fields), Up/Down,
// publish, a lesson's delete after its own question (how many learners lose their progress, which goes
// with it), a material posted without JavaScript and its removal, the audit log, and the course detail's
// learners. (tests/e2e/course-content.spec.ts drives the page.)
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/admin/course-content.tsx";
import { loader as detailLoader } from "../../app/routes/admin/course-detail.tsx";
import { LESSON_FORM_MESSAGES } from "../../contract/learning/content-form.ts";
import {
  CHAPTER_FORM,
  COURSE_OUTLINE,
  LESSON_FORM,
  LESSON_UPLOADS,
  MATERIAL_TEXTS,
} from "../../contract/learning/content-screen.ts";
import { LEARNING_MESSAGES as M } from "../../contract/learning/learning.ts";
import {
  adminAudit,
  courseChapters,
  courseLessons,
  courses,
  lessonMaterials,
  lessonProgress,
} from "../../server/db/schema.ts";
import { createAccount, type TestAccount } from "../support/accounts.ts";
import { apiCaller, ok } from "../support/api-calls.ts";
import { makeCourse } from "../support/factories.ts";
import { actorOf, flashOf, pageContext, postToAction } from "../support/page-action.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let learner: TestAccount;
let courseId: string;
const path = () => `/admin/course/${courseId}/content`;
const call = apiCaller(
  () => t,
  () => admin,
);

beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000", PAYMENT_RATE_LIMIT: "1000" });
  [admin, learner] = await Promise.all([createAccount(t, { admin: true }), createAccount(t)]);
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ title: "Video Editing" }))
    .returning();
  courseId = course!.id;
  // the learner buys the course in the sandbox
  const res = await call(
    "POST",
    "/api/payments/course",
    { courseId, fullName: "Ada Obi", email: learner.email, phone: "08030000000" },
    learner,
  );
  const { checkoutUrl } = await ok<{ checkoutUrl: string }>(res, 201);
  expect((await t.request(`${checkoutUrl}/success`, { method: "POST" })).status).toBe(200);
}, 60_000);
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(courseChapters).where(eq(courseChapters.courseId, courseId));
});

type Answer = {
  ok: boolean;
  intent?: string;
  message?: string;
  formError?: string;
  fieldErrors?: object;
  values?: object;
};

function post(fields: Record<string, string>, options: { who?: TestAccount; admin?: boolean; body?: FormData } = {}) {
  return postToAction<Answer>(t, action, {
    path: path(),
    params: { id: courseId },
    who: actorOf(options.who ?? admin, { admin: options.admin ?? true }),
    fields,
    body: options.body,
  });
}

async function expectRedirect(answer: Awaited<ReturnType<typeof post>>, message: string) {
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  expect(answer.response!.headers.get("Location")).toBe(`${path()}#${COURSE_OUTLINE.id}`);
  expect((await flashOf(answer.response!))?.message).toBe(message);
}

async function chapter(title: string) {
  await expectRedirect(await post({ intent: "chapter.save", title, published: "on" }), CHAPTER_FORM.texts.added);
  const [row] = await t.db
    .select()
    .from(courseChapters)
    .where(and(eq(courseChapters.courseId, courseId), eq(courseChapters.title, title)));
  return row!;
}

async function lesson(chapterId: string, fields: Record<string, string>) {
  await expectRedirect(
    await post({ intent: "lesson.save", chapterId, kind: "text", published: "on", ...fields }),
    LESSON_FORM.texts.added,
  );
  const [row] = await t.db
    .select()
    .from(courseLessons)
    .where(and(eq(courseLessons.chapterId, chapterId), eq(courseLessons.title, fields.title!)));
  return row!;
}

const titles = async (chapterId: string) =>
  (
    await t.db
      .select({ title: courseLessons.title, position: courseLessons.position })
      .from(courseLessons)
      .where(eq(courseLessons.chapterId, chapterId))
  )
    .sort((a, b) => a.position - b.position)
    .map((r) => r.title);

describe("the chapter and lesson forms", () => {
  it("adds a chapter, published, and records it in the audit log under the course", async () => {
    const row = await chapter("Getting started");
    expect(row.published).toBe(true);
    const [entry] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "course-content"), eq(adminAudit.itemId, courseId)));
    expect(entry).toMatchObject({ action: "create", itemLabel: "Video Editing: Getting started" });
    // the log calls it course content and links to this screen while the course exists
    const log = await t.services.audit.listPage(actorOf(admin, { admin: true }), { resource: "course-content" });
    expect(log.items[0]).toMatchObject({ resource: "course-content", href: path() });
  });

  it("refuses a blank title beside its field, keeping what was typed", async () => {
    const answer = await post({ intent: "chapter.save", title: "  ", published: "on" });
    expect(answer.data).toMatchObject({
      ok: false,
      intent: "chapter.save",
      fieldErrors: { title: M.titleRequired },
      values: { title: "  ", published: "on" },
    });
  });

  it("adds a live class from the form's text: a Lagos start, minutes and a join link", async () => {
    const ch = await chapter("Live");
    const row = await lesson(ch.id, {
      title: "Review",
      kind: "live",
      liveStartsAt: "2031-03-14T16:00",
      liveMinutes: "90",
      liveJoinUrl: "https://meet.example.org/x",
      preview: "on",
    });
    expect(row).toMatchObject({ kind: "live", durationSeconds: 5400, preview: true, published: true });
    // 16:00 in Lagos (UTC+1) is 15:00 UTC
    expect(row.liveStartsAt?.toISOString()).toBe("2031-03-14T15:00:00.000Z");
    expect(row.liveJoinUrl).toBe("https://meet.example.org/x");
  });

  it("refuses a live class without its start, and a lesson without a chapter, keeping what was typed", async () => {
    const ch = await chapter("Live");
    const noStart = await post({ intent: "lesson.save", chapterId: ch.id, kind: "live", title: "Soon" });
    expect(noStart.data).toMatchObject({ ok: false, intent: "lesson.save", values: { title: "Soon" } });
    expect(noStart.data?.formError).toContain(M.liveStartsRequired);
    const noChapter = await post({ intent: "lesson.save", chapterId: "", kind: "text", title: "Lost" });
    expect(noChapter.data).toMatchObject({ fieldErrors: { chapterId: LESSON_FORM_MESSAGES.chapterRequired } });
    expect(await titles(ch.id)).toEqual([]);
  });

  it("saves an edited lesson (its id posted) and moves it to another chapter", async () => {
    const [a, b] = [await chapter("A"), await chapter("B")];
    const row = await lesson(a.id, { title: "Old title", body: "<p>Hi<script>x()</script></p>" });
    expect(row.body).toBe("<p>Hi</p>");
    const answer = await post({ intent: "lesson.save", id: row.id, chapterId: b.id, kind: "text", title: "New title" });
    await expectRedirect(answer, LESSON_FORM.texts.saved);
    expect(await titles(a.id)).toEqual([]);
    expect(await titles(b.id)).toEqual(["New title"]);
  });
});

describe("the chapters and lessons", () => {
  it("moves a lesson up and down, and a chapter", async () => {
    const ch = await chapter("One");
    const [first, second] = [await lesson(ch.id, { title: "First" }), await lesson(ch.id, { title: "Second" })];
    await expectRedirect(await post({ intent: "lesson.move", id: second.id, direction: "up" }), "Lesson moved");
    expect(await titles(ch.id)).toEqual(["Second", "First"]);
    await expectRedirect(await post({ intent: "lesson.move", id: second.id, direction: "down" }), "Lesson moved");
    expect(await titles(ch.id)).toEqual(["First", "Second"]);
    expect((await post({ intent: "lesson.move", id: first.id, direction: "sideways" })).data).toMatchObject({
      ok: false,
      intent: "lesson.move",
      formError: "Failed to change lesson: direction must be up or down",
    });
    const two = await chapter("Two");
    await expectRedirect(await post({ intent: "chapter.move", id: two.id, direction: "up" }), "Chapter moved");
    const order = await t.db.select().from(courseChapters).where(eq(courseChapters.courseId, courseId));
    expect(order.sort((x, y) => x.position - y.position).map((c) => c.title)).toEqual(["Two", "One"]);
  });

  it("unpublishes and publishes a lesson, saying so", async () => {
    const ch = await chapter("One");
    const row = await lesson(ch.id, { title: "Draft me" });
    await expectRedirect(
      await post({ intent: "lesson.toggle", id: row.id, published: "false" }),
      "Lesson “Draft me” unpublished",
    );
    const [after] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, row.id));
    expect(after!.published).toBe(false);
  });

  it("asks before deleting a lesson with a learner's progress, then deletes it and the progress", async () => {
    const ch = await chapter("One");
    const row = await lesson(ch.id, { title: "Watched" });
    const kept = await lesson(ch.id, { title: "Kept" });
    await t.db.insert(lessonProgress).values([
      { userId: learner.id, lessonId: row.id, courseId, completedAt: new Date() },
      { userId: learner.id, lessonId: kept.id, courseId, completedAt: new Date() },
    ]);
    const asked = await post({ intent: "lesson.delete", id: row.id });
    expect(asked.data).toMatchObject({
      ok: true,
      intent: "lesson.confirm",
      message: M.confirmDeleteLesson(1),
      values: { id: row.id },
    });
    expect(await titles(ch.id)).toEqual(["Watched", "Kept"]);
    await expectRedirect(await post({ intent: "lesson.delete", id: row.id, confirmed: "yes" }), "Lesson deleted");
    expect(await titles(ch.id)).toEqual(["Kept"]);
    const progress = await t.db.select().from(lessonProgress).where(eq(lessonProgress.userId, learner.id));
    expect(progress.map((p) => p.lessonId)).toEqual([kept.id]);
    // the course detail's learners: 1 of the 1 lesson left
    const detail = await detailLoader({
      request: new Request(`http://localhost/admin/course/${courseId}`),
      params: { id: courseId },
      context: pageContext(t, actorOf(admin, { admin: true })),
    } as never);
    expect(detail.learners).toEqual([
      expect.objectContaining({ userId: learner.id, email: learner.email, completed: 1, total: 1 }),
    ]);
  });

  it("asks the plain question for a lesson nobody has started, and for a chapter", async () => {
    const ch = await chapter("One");
    const row = await lesson(ch.id, { title: "Fresh" });
    expect((await post({ intent: "lesson.delete", id: row.id })).data?.message).toBe(M.confirmDeleteLesson(0));
    expect((await post({ intent: "chapter.delete", id: ch.id })).data).toMatchObject({
      intent: "chapter.confirm",
      message: M.confirmDeleteChapter,
    });
    await expectRedirect(await post({ intent: "chapter.delete", id: ch.id, confirmed: "yes" }), "Chapter deleted");
    expect(await titles(ch.id)).toEqual([]);
  });

  it("refuses a plain user, changing nothing", async () => {
    const ch = await chapter("One");
    await expect(
      post({ intent: "chapter.delete", id: ch.id, confirmed: "yes" }, { who: learner, admin: false }),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect(await t.db.select().from(courseChapters).where(eq(courseChapters.id, ch.id))).toHaveLength(1);
  });
});

describe("a lesson's files without JavaScript", () => {
  const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  const form = (fields: Record<string, string>, file?: File) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    if (file) body.set("file", file);
    return body;
  };

  it("adds a posted material, then removes it after its question", async () => {
    const ch = await chapter("One");
    const row = await lesson(ch.id, { title: "Sheets", kind: "materials" });
    const body = form({ intent: "lesson.material", id: row.id }, new File([PDF], "notes.pdf"));
    await expectRedirect(await post({}, { body }), LESSON_UPLOADS.material.uploaded);
    const [material] = await t.db.select().from(lessonMaterials).where(eq(lessonMaterials.lessonId, row.id));
    expect(material).toMatchObject({ name: "notes.pdf", contentType: "application/pdf" });
    const fields = { intent: "material.delete", id: row.id, materialId: material!.id, name: "notes.pdf" };
    expect((await post(fields)).data).toMatchObject({
      intent: "material.confirm",
      message: MATERIAL_TEXTS.confirmRemove("notes.pdf"),
    });
    await expectRedirect(await post({ ...fields, confirmed: "yes" }), MATERIAL_TEXTS.removed);
    expect(await t.db.select().from(lessonMaterials).where(eq(lessonMaterials.lessonId, row.id))).toEqual([]);
  });

  it("refuses a post without a file, and a file that is not what its name says", async () => {
    const ch = await chapter("One");
    const row = await lesson(ch.id, { title: "Sheets", kind: "materials" });
    expect((await post({}, { body: form({ intent: "lesson.material", id: row.id }) })).data).toMatchObject({
      ok: false,
      intent: "lesson.material",
      values: { id: row.id },
    });
    const fake = form({ intent: "lesson.material", id: row.id }, new File(["MZ not a pdf"], "setup.pdf"));
    const refused = await post({}, { body: fake });
    expect(refused.data?.formError).toMatch(/^Material upload failed: /);
    const video = form({ intent: "lesson.video", id: row.id }, new File(["x"], "a.mp4"));
    expect((await post({}, { body: video })).data?.formError).toBe(
      `${LESSON_UPLOADS.video.failed}Only a video lesson takes a video`,
    );
  });
});

describe("the loader", () => {
  it("gives the lesson in the form (?edit=), the chapter a lesson is added to (?chapter=), and whether a video is being converted", async () => {
    const [a, b] = [await chapter("A"), await chapter("B")];
    const row = await lesson(a.id, {
      title: "Edit me",
      kind: "live",
      liveStartsAt: "2031-01-02T09:30",
      liveMinutes: "45",
    });
    const load = (query: string) =>
      loader({
        request: new Request(`http://localhost${path()}${query}`),
        params: { id: courseId },
        context: pageContext(t, actorOf(admin, { admin: true })),
      } as never);
    const editing = await load(`?edit=${row.id}`);
    expect(editing.editingLesson?.values).toMatchObject({
      chapterId: a.id,
      liveStartsAt: "2031-01-02T09:30",
      liveMinutes: "45",
    });
    expect(editing.editingChapter).toBeNull();
    expect(editing.addTo).toBe(b.id);
    expect((await load(`?chapter=${a.id}`)).addTo).toBe(a.id);
    expect(editing.transcoding).toBe(false);
  });
});
