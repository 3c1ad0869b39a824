// The learning API through the real app (issue 31), on both engines: the outline (public, no content),
// who may open a lesson and its files (anonymous, another user, the buyer, a refunded buyer, an admin, a
// preview), progress (idempotent, bounded, 90 % of a video), and the admin's chapters and lessons.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CourseContentSchema,
  LEARNING_MESSAGES as M,
  LessonSchema,
  OutlineSchema,
  ProgressSchema,
  type Lesson,
} from "../../../contract/learning/learning.ts";
import { courses, lessonProgress, lessonVideos, adminAudit, courseLessons } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { paymentOf } from "../../../tests/support/payments.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let buyer: TestAccount;
let other: TestAccount;
let courseId: string;
let otherCourseId: string;
const ids = {} as Record<
  "ch1" | "ch2" | "draftCh" | "text" | "preview" | "video" | "materials" | "live" | "draft" | "inDraftCh",
  string
>;
const call = apiCaller(
  () => t,
  () => admin,
);

/** Pays for a course in the sandbox as `who`; the payment's reference. */
async function buy(who: TestAccount, course = courseId): Promise<string> {
  const res = await call(
    "POST",
    "/api/payments/course",
    { courseId: course, fullName: "Ada Obi", email: who.email, phone: "08030000000" },
    who,
  );
  const { reference, checkoutUrl } = await ok<{ reference: string; checkoutUrl: string }>(res, 201);
  expect((await t.request(`${checkoutUrl}/success`, { method: "POST" })).status).toBe(200);
  expect((await paymentOf(t.db, reference)).status).toBe("paid");
  return reference;
}

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000", PAYMENT_RATE_LIMIT: "1000" });
  [admin, buyer, other] = await Promise.all([createAccount(t, { admin: true }), createAccount(t), createAccount(t)]);
  const [course, second] = await t.db
    .insert(courses)
    .values([makeCourse({ title: "Video Editing" }), makeCourse({ title: "Graphic Design" })])
    .returning();
  courseId = course!.id;
  otherCourseId = second!.id;
  const chapter = async (title: string, published = true) =>
    (
      await ok<{ _id: string }>(
        await call("POST", `/api/admin/courses/${courseId}/chapters`, { title, published }),
        201,
      )
    )._id;
  ids.ch1 = await chapter("Getting started");
  ids.ch2 = await chapter("Cutting");
  ids.draftCh = await chapter("Coming soon", false);
  const lesson = async (chapterId: string, body: Record<string, unknown>) =>
    (
      await ok<{ _id: string }>(
        await call("POST", `/api/admin/chapters/${chapterId}/lessons`, { published: true, ...body }),
        201,
      )
    )._id;
  ids.preview = await lesson(ids.ch1, {
    title: "Welcome",
    kind: "text",
    preview: true,
    body: "<p>Hello <script>alert(1)</script></p>",
  });
  ids.text = await lesson(ids.ch1, { title: "Your tools", kind: "text", body: "<p>Install the editor</p>" });
  ids.video = await lesson(ids.ch2, { title: "First cut", kind: "video" });
  ids.materials = await lesson(ids.ch2, { title: "Worksheets", kind: "materials" });
  ids.live = await lesson(ids.ch2, {
    title: "Live review",
    kind: "live",
    liveStartsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    liveMinutes: 60,
    liveJoinUrl: "https://meet.example.org/review",
  });
  ids.draft = await lesson(ids.ch2, { title: "Unfinished", kind: "text", published: false });
  ids.inDraftCh = await lesson(ids.draftCh, { title: "Hidden", kind: "text" });
  await buy(buyer);
});
afterAll(() => t?.close());

describe("GET /api/courses/{id}/outline", () => {
  it("lists the published chapters and lessons in order, with no content, files or join link", async () => {
    const res = await call("GET", `/api/courses/${courseId}/outline`, undefined, null);
    const outline = OutlineSchema.parse(await ok(res));
    expect(outline.chapters.map((c) => c.title)).toEqual(["Getting started", "Cutting"]);
    expect(outline.chapters[1]!.lessons.map((l) => [l.title, l.kind])).toEqual([
      ["First cut", "video"],
      ["Worksheets", "materials"],
      ["Live review", "live"],
    ]);
    expect(outline.chapters[0]!.lessons[0]).toMatchObject({ preview: true });
    expect(outline.enrolled).toBe(false);
    expect(outline.progress).toBeUndefined();
    const text = JSON.stringify(outline);
    for (const secret of ["Hello", "meet.example.org", "Unfinished", "Hidden", "body", "joinUrl"])
      expect(text).not.toContain(secret);
  });

  it("says whether a signed-in learner is enrolled and what they completed", async () => {
    expect(
      OutlineSchema.parse(await ok(await call("GET", `/api/courses/${courseId}/outline`, undefined, other))).enrolled,
    ).toBe(false);
    const mine = OutlineSchema.parse(await ok(await call("GET", `/api/courses/${courseId}/outline`, undefined, buyer)));
    expect(mine.enrolled).toBe(true);
    expect(mine.progress).toEqual({ completed: 0, total: 5 });
    expect(mine.chapters[0]!.lessons[0]!.completed).toBe(false);
  });

  it("is 404 for an unknown or malformed course", async () => {
    expect(
      await refused(await call("GET", "/api/courses/ffffffffffffffffffffffff/outline", undefined, null), 404),
    ).toBe(M.courseNotFound);
    // (a NUL character is refused before any route: 422)
    expect([404, 422]).toContain((await call("GET", "/api/courses/%00'--/outline", undefined, null)).status);
  });
});

describe("GET /api/lessons/{id}: who may open a lesson", () => {
  const get = (id: string, who: TestAccount | null) => call("GET", `/api/lessons/${id}`, undefined, who);

  it("is 401 signed out, 403 for another user, the lesson for the buyer and an admin", async () => {
    expect(await refused(await get(ids.text, null), 401)).toBe(M.signIn);
    expect(await refused(await get(ids.text, other), 403)).toBe(M.notEnrolled);
    const lesson = LessonSchema.parse(await ok(await get(ids.text, buyer)));
    expect(lesson).toMatchObject({ title: "Your tools", kind: "text", previous: ids.preview, next: ids.video });
    expect(lesson.body).toContain("Install the editor");
    LessonSchema.parse(await ok(await get(ids.text, admin)));
  });

  it("opens a preview for anyone, sanitized", async () => {
    const lesson = LessonSchema.parse(await ok(await get(ids.preview, null)));
    expect(lesson.body).toContain("Hello");
    expect(lesson.body).not.toContain("<script");
  });

  it("hides drafts (and lessons of draft chapters) from all but admins", async () => {
    for (const id of [ids.draft, ids.inDraftCh]) {
      expect(await refused(await get(id, buyer), 404)).toBe(M.lessonNotFound);
      expect((await get(id, admin)).status).toBe(200);
    }
  });

  it("shows a live class's join link to the enrolled from 15 minutes before, never to others", async () => {
    const live = LessonSchema.parse(await ok(await get(ids.live, buyer)));
    expect(live.live).toMatchObject({ minutes: 60, joinUrl: "https://meet.example.org/review" });
    // moved to tomorrow: the link waits
    await ok(
      await call("PUT", `/api/admin/lessons/${ids.live}`, {
        liveStartsAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    expect(LessonSchema.parse(await ok(await get(ids.live, buyer))).live!.joinUrl).toBeNull();
    await ok(
      await call("PUT", `/api/admin/lessons/${ids.live}`, {
        liveStartsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      }),
    );
  });

  it("gives the enrolled a live class's calendar file, without the join link", async () => {
    const res = await call("GET", `/api/lessons/${ids.live}/calendar.ics`, undefined, buyer);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    expect(res.headers.get("content-disposition")).toContain("live-review.ics");
    // (lines longer than 75 octets are folded: a CRLF and a space)
    const ics = (await res.text()).replace(/\r\n /g, "");
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain(`/learn/${courseId}/${ids.live}`);
    expect(ics).not.toContain("meet.example.org");
    expect((await call("GET", `/api/lessons/${ids.live}/calendar.ics`, undefined, other)).status).toBe(403);
    expect((await call("GET", `/api/lessons/${ids.live}/calendar.ics`, undefined, null)).status).toBe(401);
    expect((await call("GET", `/api/lessons/${ids.text}/calendar.ics`, undefined, buyer)).status).toBe(404);
  });

  it("ends at once with a refund", async () => {
    const learner = await createAccount(t);
    const reference = await buy(learner);
    expect((await get(ids.text, learner)).status).toBe(200);
    await ok(await call("POST", `/api/admin/payments/${reference}/refund`, { reason: "Asked for it" }));
    expect(await refused(await get(ids.text, learner), 403)).toBe(M.notEnrolled);
  });

  it("is 404 for an unknown, malformed or hostile id", async () => {
    for (const id of ["ffffffffffffffffffffffff", "1", "%27%20or%201%3D1", "..%2F..%2Fetc"]) {
      expect((await get(id, buyer)).status).toBe(404);
    }
  });
});

describe("POST /api/lessons/{id}/progress", () => {
  const post = (id: string, body: unknown, who: TestAccount | null = buyer) =>
    call("POST", `/api/lessons/${id}/progress`, body, who);

  it("is refused signed out (401) and for a lesson not yours (403)", async () => {
    expect((await post(ids.text, { completed: true }, null)).status).toBe(401);
    expect(await refused(await post(ids.text, { completed: true }, other), 403)).toBe(M.notEnrolled);
  });

  it("completes a lesson once: a replay keeps the first time and counts once", async () => {
    const first = ProgressSchema.parse(await ok(await post(ids.text, { completed: true })));
    expect(first).toMatchObject({ completed: true, course: { completed: 1, total: 5 } });
    const replays = await Promise.all([1, 2, 3].map(() => post(ids.text, { completed: true })));
    for (const res of replays) {
      const again = ProgressSchema.parse(await ok(res));
      expect(again.completedAt).toBe(first.completedAt);
      expect(again.course.completed).toBe(1);
    }
    const rows = await t.db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, ids.text));
    expect(rows).toHaveLength(1);
  });

  it("undoes a completion with completed: false", async () => {
    await ok(await post(ids.preview, { completed: true }));
    const undone = ProgressSchema.parse(await ok(await post(ids.preview, { completed: false })));
    expect(undone).toMatchObject({ completed: false, completedAt: null });
  });

  it("refuses a position out of range, a wrong type or nothing to record (422), saving nothing", async () => {
    for (const body of [
      { position: -5 },
      { position: 1e12 },
      { position: 1.5 },
      { completed: "yes" },
      {},
      [],
      { position: 10, extra: 1 },
    ]) {
      expect((await post(ids.video, body)).status, JSON.stringify(body)).toBe(422);
    }
    const rows = await t.db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, ids.video));
    expect(rows).toHaveLength(0);
  });

  it("remembers a video's position and completes it at 90 % of its length", async () => {
    await t.db.update(courseLessons).set({ durationSeconds: 100 }).where(eq(courseLessons.id, ids.video));
    expect(ProgressSchema.parse(await ok(await post(ids.video, { position: 42 })))).toMatchObject({
      completed: false,
      position: 42,
    });
    const lesson = LessonSchema.parse(await ok(await call("GET", `/api/lessons/${ids.video}`, undefined, buyer)));
    expect(lesson.progress).toMatchObject({ position: 42, completed: false });
    expect(ProgressSchema.parse(await ok(await post(ids.video, { position: 91 })))).toMatchObject({
      completed: true,
      position: 91,
    });
    // a position past the end is kept at the end
    expect(ProgressSchema.parse(await ok(await post(ids.video, { position: 5000 }))).position).toBe(100);
  });
});

describe("materials and video files: only for those who may open the lesson", () => {
  let materialUrl: string;
  beforeAll(async () => {
    const res = await t.request(
      `/backend/api/lessons/${ids.materials}/materials?name=${encodeURIComponent("Worksheet 1.pdf")}`,
      {
        method: "POST",
        headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/octet-stream" },
        body: new Blob([PDF]),
      },
    );
    const material = await ok<{ url: string; size: number; name: string }>(res, 201);
    expect(material).toMatchObject({ size: PDF.byteLength, name: "Worksheet 1.pdf" });
    materialUrl = material.url;
  });

  it("downloads a material for the buyer and an admin; 401 signed out, 403 for another user", async () => {
    const path = materialUrl.replace(/^\/backend/, "");
    const res = await call("GET", path, undefined, buyer);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect((await call("GET", path, undefined, admin)).status).toBe(200);
    expect((await call("GET", path, undefined, null)).status).toBe(401);
    expect((await call("GET", path, undefined, other)).status).toBe(403);
    // the material through another lesson's address: not found
    expect((await call("GET", path.replace(ids.materials, ids.text), undefined, buyer)).status).toBe(404);
  });

  it("refuses a material that is not what its name says, and a non-admin upload", async () => {
    const upload = (name: string, body: Uint8Array<ArrayBuffer>, token = admin.token) =>
      t.request(`/backend/api/lessons/${ids.materials}/materials?name=${encodeURIComponent(name)}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream" },
        body: new Blob([body]),
      });
    expect((await upload("setup.pdf", new TextEncoder().encode("MZ\x90\x00not a pdf"))).status).toBe(422);
    expect((await upload("notes.pdf", PDF, buyer.token)).status).toBe(403);
  });

  it("serves a ready video's playlist, segments and poster to the buyer only, and no other file name", async () => {
    const videoId = "aaaaaaaaaaaaaaaaaaaaaaaa";
    await t.db
      .insert(lessonVideos)
      .values({ id: videoId, status: "ready", renditions: [{ name: "240p", height: 240, bandwidth: 300000 }] });
    await t.db.update(courseLessons).set({ videoId }).where(eq(courseLessons.id, ids.video));
    const store = t.services.mediaStore;
    await store.put(
      `videos/${videoId}/master.m3u8`,
      new TextEncoder().encode("#EXTM3U\n"),
      "application/vnd.apple.mpegurl",
    );
    await store.put(`videos/${videoId}/240p/seg_000.ts`, new Uint8Array([0x47, 1, 2]), "video/mp2t");
    const lesson: Lesson = LessonSchema.parse(
      await ok(await call("GET", `/api/lessons/${ids.video}`, undefined, buyer)),
    );
    expect(lesson.video).toMatchObject({
      state: "ready",
      embed: false,
      src: `/backend/api/lessons/${ids.video}/video/master.m3u8`,
    });
    const master = await call("GET", `/api/lessons/${ids.video}/video/master.m3u8`, undefined, buyer);
    expect(master.status).toBe(200);
    expect(master.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    expect(master.headers.get("cache-control")).toContain("private");
    const segment = await call("GET", `/api/lessons/${ids.video}/video/240p/seg_000.ts`, undefined, buyer);
    expect(segment.headers.get("content-type")).toBe("video/mp2t");
    expect((await call("GET", `/api/lessons/${ids.video}/video/240p/seg_000.ts`, undefined, other)).status).toBe(403);
    expect((await call("GET", `/api/lessons/${ids.video}/video/240p/seg_000.ts`, undefined, null)).status).toBe(401);
    for (const bad of ["240p/..%2F..%2Fmaster.m3u8", "secret.txt", "240p/seg_999.ts", "master.m3u8%00"]) {
      expect([404, 422], bad).toContain(
        (await call("GET", `/api/lessons/${ids.video}/video/${bad}`, undefined, buyer)).status,
      );
    }
  });
});

describe("a refunded learner, and bad uploads", () => {
  it("loses the lesson, its files, its calendar and progress at once", async () => {
    const learner = await createAccount(t);
    const reference = await buy(learner);
    const material = (
      await ok<{ materials: Array<{ url: string }> }>(
        await call("GET", `/api/lessons/${ids.materials}`, undefined, learner),
      )
    ).materials[0]!;
    const files = [
      material.url.replace(/^\/backend/, ""),
      `/api/lessons/${ids.video}/video/master.m3u8`,
      `/api/lessons/${ids.video}/video/240p/seg_000.ts`,
      `/api/lessons/${ids.live}/calendar.ics`,
    ];
    for (const file of files) expect((await call("GET", file, undefined, learner)).status, file).toBe(200);
    await ok(await call("POST", `/api/admin/payments/${reference}/refund`, { reason: "Asked for it" }));
    for (const file of files) expect((await call("GET", file, undefined, learner)).status, file).toBe(403);
    expect((await call("POST", `/api/lessons/${ids.text}/progress`, { completed: true }, learner)).status).toBe(403);
    expect(
      OutlineSchema.parse(await ok(await call("GET", `/api/courses/${courseId}/outline`, undefined, learner))).enrolled,
    ).toBe(false);
  });

  it("refuses a non-video with a video's name, a video for a lesson of another kind, and a file over the limit", async () => {
    const upload = (lessonId: string, name: string, body: Uint8Array<ArrayBuffer>) =>
      t.request(`/backend/api/lessons/${lessonId}/video?name=${encodeURIComponent(name)}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/octet-stream" },
        body: new Blob([body]),
      });
    expect(
      await refused(await upload(ids.video, "lecture.mp4", new TextEncoder().encode("just text, not a video")), 422),
    ).toMatch(/not a video/);
    expect(await refused(await upload(ids.text, "lecture.mp4", new Uint8Array(64)), 422)).toMatch(/video lesson/);
    expect((await upload(ids.video, "empty.mp4", new Uint8Array(0))).status).toBe(422);
    // nothing was stored: the lesson keeps its video
    const [row] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, ids.video));
    expect(row!.videoId).toBe("aaaaaaaaaaaaaaaaaaaaaaaa");
  });

  it("answers 413 for a video over LESSON_VIDEO_MAX_BYTES, declared or streamed", async () => {
    const small = await createTestApp({ LESSON_VIDEO_MAX_BYTES: "2048" });
    try {
      const boss = await createAccount(small, { admin: true });
      const [course] = await small.db.insert(courses).values(makeCourse()).returning();
      const at = (path: string, json: unknown) =>
        small.request(`/backend${path}`, { method: "POST", headers: { Authorization: `Bearer ${boss.token}` }, json });
      const chapter = await ok<{ _id: string }>(
        await at(`/api/admin/courses/${course!.id}/chapters`, { title: "One" }),
        201,
      );
      const lesson = await ok<{ _id: string }>(
        await at(`/api/admin/chapters/${chapter._id}/lessons`, { title: "V", kind: "video" }),
        201,
      );
      const big = new Uint8Array(8192);
      big.set(new TextEncoder().encode("\0\0\0\x18ftypmp42"), 0);
      const declared = await small.request(`/backend/api/lessons/${lesson._id}/video?name=big.mp4`, {
        method: "POST",
        headers: { Authorization: `Bearer ${boss.token}`, "Content-Type": "application/octet-stream" },
        body: new Blob([big]),
      });
      expect(declared.status).toBe(413);
      const streamed = await small.request(`/backend/api/lessons/${lesson._id}/video?name=big.mp4`, {
        method: "POST",
        headers: { Authorization: `Bearer ${boss.token}`, "Content-Type": "application/octet-stream" },
        body: new ReadableStream({
          start(controller) {
            for (let i = 0; i < 4; i++) controller.enqueue(big.subarray(i * 2048, (i + 1) * 2048));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
      expect(streamed.status).toBe(413);
    } finally {
      await small.close();
    }
  });
});

describe("authoring (admins)", () => {
  it("shows drafts, files and learners per lesson; refuses everyone else", async () => {
    const content = CourseContentSchema.parse(await ok(await call("GET", `/api/admin/courses/${courseId}/content`)));
    expect(content.chapters.map((c) => [c.title, c.published])).toEqual([
      ["Getting started", true],
      ["Cutting", true],
      ["Coming soon", false],
    ]);
    expect(content.chapters[0]!.lessons.find((l) => l._id === ids.text)!.learners).toBe(1);
    expect((await call("GET", `/api/admin/courses/${courseId}/content`, undefined, buyer)).status).toBe(403);
    expect((await call("GET", `/api/admin/courses/${courseId}/content`, undefined, null)).status).toBe(401);
  });

  it("moves chapters and lessons up and down", async () => {
    await ok(await call("POST", `/api/admin/chapters/${ids.ch2}/move`, { direction: "up" }));
    let outline = OutlineSchema.parse(await ok(await call("GET", `/api/courses/${courseId}/outline`, undefined, null)));
    expect(outline.chapters.map((c) => c.title)).toEqual(["Cutting", "Getting started"]);
    await ok(await call("POST", `/api/admin/chapters/${ids.ch2}/move`, { direction: "down" }));
    await ok(await call("POST", `/api/admin/lessons/${ids.text}/move`, { direction: "up" }));
    outline = OutlineSchema.parse(await ok(await call("GET", `/api/courses/${courseId}/outline`, undefined, null)));
    expect(outline.chapters[0]!.lessons.map((l) => l.title)).toEqual(["Your tools", "Welcome"]);
    // the first stays first
    await ok(await call("POST", `/api/admin/lessons/${ids.text}/move`, { direction: "up" }));
    await ok(await call("POST", `/api/admin/lessons/${ids.text}/move`, { direction: "down" }));
    expect((await call("POST", `/api/admin/lessons/${ids.text}/move`, { direction: "sideways" })).status).toBe(422);
  });

  it("refuses a lesson moved to another course's chapter, a live class without its time, a video link that is no player", async () => {
    const [chapter] = [
      (
        await ok<{ _id: string }>(
          await call("POST", `/api/admin/courses/${otherCourseId}/chapters`, { title: "Other" }),
          201,
        )
      )._id,
    ];
    expect(await refused(await call("PUT", `/api/admin/lessons/${ids.text}`, { chapterId: chapter }), 422)).toBe(
      M.chapterOfOtherCourse,
    );
    expect(
      await refused(await call("POST", `/api/admin/chapters/${ids.ch1}/lessons`, { title: "Live", kind: "live" }), 422),
    ).toBe(M.liveStartsRequired);
    expect(
      await refused(
        await call("POST", `/api/admin/chapters/${ids.ch1}/lessons`, {
          title: "V",
          kind: "video",
          videoUrl: "https://evil.example/x.mp4",
        }),
        422,
      ),
    ).toBe(M.videoUrlInvalid);
    expect((await call("POST", `/api/admin/chapters/${ids.ch1}/lessons`, { title: "  ", kind: "text" })).status).toBe(
      422,
    );
    expect((await call("POST", `/api/admin/chapters/${ids.ch1}/lessons`, { title: "x", kind: "podcast" })).status).toBe(
      422,
    );
  });

  it("deletes a lesson with its learners' progress, so their counts stay right, and records it", async () => {
    const doomed = (
      await ok<{ _id: string }>(
        await call("POST", `/api/admin/chapters/${ids.ch1}/lessons`, {
          title: "Doomed",
          kind: "text",
          published: true,
        }),
        201,
      )
    )._id;
    await ok(await call("POST", `/api/lessons/${doomed}/progress`, { completed: true }, buyer));
    const before = OutlineSchema.parse(
      await ok(await call("GET", `/api/courses/${courseId}/outline`, undefined, buyer)),
    ).progress!;
    await ok(await call("DELETE", `/api/admin/lessons/${doomed}`));
    const after = OutlineSchema.parse(
      await ok(await call("GET", `/api/courses/${courseId}/outline`, undefined, buyer)),
    ).progress!;
    expect(after).toEqual({ completed: before.completed - 1, total: before.total - 1 });
    expect(await t.db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, doomed))).toHaveLength(0);
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.resource, "course-content"));
    expect(audit.some((a) => a.action === "delete" && a.itemLabel === "Video Editing: Doomed")).toBe(true);
  });

  it("lists the course's learners with their progress", async () => {
    const list = await ok<Array<{ email: string; completed: number; total: number }>>(
      await call("GET", `/api/admin/courses/${courseId}/learners`),
    );
    expect(list.find((l) => l.email === buyer.email)).toMatchObject({ completed: 2, total: 5 });
    expect(list.some((l) => l.email === other.email)).toBe(false);
  });
});
