// A course's content built from nothing on /admin/course/{id}/content (issue 31): an admin opens it from the
// course's page, adds two chapters, a text lesson, a materials lesson with a PDF, a live class and a video
// lesson with an uploaded MP4 (the screen follows it, queued to ready, by itself), publishes them, moves a
// lesson with the keyboard, sees a learner's progress on the course's page, and deletes that lesson after
// the question that counts the learner; the learner's outline follows each change. The course is the
// test's own (made through the API, deleted at the end); it changes /courses, so the spec runs with the
// content writes. The page's layout is one column on a phone as on a desktop: desktop only.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import type { Course } from "../../contract/courses/catalog.ts";
import { LEARNING_MESSAGES, type Lesson, type Outline } from "../../contract/learning/learning.ts";
import { CourseContentPage } from "./pages/course-content.ts";
import { bearerHeaders, createAccount, signInByApi, type Account } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { api, asReturningVisitor, hydrated } from "./support/page.ts";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A 3-second test picture with sound, made by ffmpeg for this run. */
function tinyMp4(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), "academy-e2e-video-"));
  const file = path.join(dir, "x.mp4");
  try {
    execFileSync(
      "ffmpeg",
      [
        ...["-hide_banner", "-loglevel", "error", "-y"],
        ...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=15:duration=3"],
        ...["-f", "lavfi", "-i", "sine=duration=3"],
        ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", file],
      ],
      { stdio: "pipe" },
    );
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A course of its own, and a learner (signed in on `learnerApi`) who paid for it in the sandbox, through the API. */
async function courseWithLearner(
  request: APIRequestContext,
  learnerApi: APIRequestContext,
  admin: Account,
  learner: Account,
  origin: string,
) {
  const seeded = (await api<Course[]>(request, "courses"))[0]!;
  const created = await request.post("/backend/api/courses", {
    headers: await bearerHeaders(request, admin, origin),
    data: {
      title: `Content ${Date.now().toString(36)}`,
      instructor: "Ada Obi",
      category: seeded.category,
      price: 42000,
      img: seeded.img,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = (await created.json()) as Course;
  const started = await learnerApi.post("/backend/api/payments/course", {
    headers: { origin },
    data: { courseId: course._id, fullName: "Ada Learner", email: learner.email, phone: "08030000000" },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
  expect((await learnerApi.post(`${checkoutUrl}/success`, { headers: { origin } })).status()).toBe(200);
  return course;
}

test("an admin builds a course's content from nothing and a learner sees it @desktop", async ({
  page,
  browser,
  request,
  dataDir,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  const admin = await createAccount(request, dataDir, { admin: true });
  const learner = await createAccount(request, dataDir);
  const learnerContext = await browser.newContext({ baseURL });
  await signInByApi(learnerContext, learner);
  const course = await courseWithLearner(request, learnerContext.request, admin, learner, origin);
  const outline = async () => {
    const res = await learnerContext.request.get(`/backend/api/courses/${course._id}/outline`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as Outline).chapters.map((c) => [c.title, c.lessons.map((l) => l.title)]);
  };
  const screen = new CourseContentPage(page);
  try {
    await asReturningVisitor(page);
    await signInByApi(page.context(), admin);

    // the course manager's row links to it; so does the course's own page
    await page.goto("/pmtalsLink/admin");
    await expect(page.getByRole("link", { name: `Content of ${course.title}` })).toHaveAttribute(
      "href",
      `/admin/course/${course._id}/content`,
    );
    await page.goto(`/admin/course/${course._id}`);
    await page.getByRole("link", { name: "Chapters and lessons" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/course/${course._id}/content$`));
    await hydrated(page);
    await expect(screen.heading).toHaveText(`Content of “${course.title}”`);
    await expect(screen.outline).toContainText("No chapters yet");
    await expectAccessible(page);

    // two chapters, drafts until published
    await screen.addChapter("Getting started");
    await screen.addChapter("Going further");
    await expect(screen.chapter("Getting started")).toContainText("Draft");

    // a text lesson, a materials lesson, a live class (its fields shown once the kind is chosen), a video lesson
    await screen.addLesson({
      chapter: "Getting started",
      kind: "Reading",
      title: "Welcome",
      Text: "Hello, learners",
      Published: true,
    });
    await screen.addLesson({ chapter: "Getting started", kind: "Materials", title: "Worksheets", Published: true });
    await expect(screen.lessonForm.getByLabel("Join link")).toBeHidden();
    await screen.addLesson({
      chapter: "Getting started",
      kind: "Live class",
      title: "Live review",
      "Starts at (Lagos time)": "2031-03-14T16:00",
      "Length in minutes": "60",
      "Join link": "https://meet.example.org/review",
      Published: true,
    });
    await screen.addLesson({ chapter: "Going further", kind: "Video", title: "First cut", Published: true });
    await expect(screen.lesson("Live review")).toContainText("Live class · 14 Mar 2031");
    await expect(screen.lesson("First cut")).toContainText("No video yet");

    // a material, with its progress, then listed with its size
    await screen.upload("Worksheets", "material", { name: "notes.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(screen.toast("Material added")).toBeVisible();
    await expect(screen.lesson("Worksheets").getByRole("link", { name: "notes.pdf" })).toBeVisible();

    // a video: stored, queued, converted; the screen reads itself again meanwhile (no reload here)
    await screen.upload("First cut", "video", { name: "x.mp4", mimeType: "video/mp4", buffer: tinyMp4() });
    await expect(screen.toast(/Video uploaded/)).toBeVisible();
    await expect(screen.lesson("First cut")).toContainText(/Video queued|Transcoding \d+%|Video ready/);
    await expect(screen.lesson("First cut")).toContainText("Video ready", { timeout: 120_000 });
    await expectAccessible(page);

    // nothing shows while the chapters are drafts; publishing them shows their published lessons
    expect(await outline()).toEqual([]);
    await screen.chapter("Getting started").getByRole("button", { name: "Publish Getting started" }).click();
    await expect(screen.toast("Chapter “Getting started” published")).toBeVisible();
    await screen.chapter("Going further").getByRole("button", { name: "Publish Going further" }).click();
    await expect(screen.toast("Chapter “Going further” published")).toBeVisible();
    expect(await outline()).toEqual([
      ["Getting started", ["Welcome", "Worksheets", "Live review"]],
      ["Going further", ["First cut"]],
    ]);
    // the text lesson as the learner reads it (written in the site's editor)
    const [welcome] = (
      (await (await learnerContext.request.get(`/backend/api/courses/${course._id}/outline`)).json()) as Outline
    ).chapters[0]!.lessons;
    const read = await learnerContext.request.get(`/backend/api/lessons/${welcome!._id}`);
    expect(((await read.json()) as { body: string }).body).toBe("<p>Hello, learners</p>");
    // and the converted video, as the learner's player gets it
    const firstCut = (
      (await (await learnerContext.request.get(`/backend/api/courses/${course._id}/outline`)).json()) as Outline
    ).chapters[1]!.lessons[0]!;
    const video = await learnerContext.request.get(`/backend/api/lessons/${firstCut._id}`);
    expect(((await video.json()) as Lesson).video).toMatchObject({ state: "ready", embed: false });

    // moved with the keyboard: Worksheets up, before Welcome
    await screen.lesson("Worksheets").getByRole("button", { name: "Move Worksheets up" }).focus();
    await page.keyboard.press("Enter");
    await expect(screen.toast("Lesson moved")).toBeVisible();
    await expect.poll(() => screen.lessonTitles("Getting started")).toEqual(["Worksheets", "Welcome", "Live review"]);
    expect((await outline())[0]).toEqual(["Getting started", ["Worksheets", "Welcome", "Live review"]]);

    // the learner completes Welcome: the course's page shows their progress
    const welcomeId = (await (await learnerContext.request.get(`/backend/api/courses/${course._id}/outline`)).json())
      .chapters[0].lessons[1]._id as string;
    const done = await learnerContext.request.post(`/backend/api/lessons/${welcomeId}/progress`, {
      headers: { origin },
      data: { completed: true },
    });
    expect(done.status(), await done.text()).toBe(200);
    await page.goto(`/admin/course/${course._id}`);
    const learners = page.getByRole("region", { name: "Learners" });
    await expect(learners.getByRole("row").filter({ hasText: learner.email })).toContainText("1 of 4 lessons");
    await expectAccessible(page);

    // deleting Welcome asks first, counting the learner; then their count follows
    await screen.goto(course._id);
    await hydrated(page);
    await expect(screen.lesson("Welcome")).toContainText("1 learner with progress");
    await screen.lesson("Welcome").getByRole("button", { name: "Delete Welcome" }).click();
    const dialog = page.getByRole("dialog", { name: LEARNING_MESSAGES.confirmDeleteLesson(1) });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(screen.toast("Lesson deleted")).toBeVisible();
    await expect(screen.lesson("Welcome")).toHaveCount(0);
    expect((await outline())[0]).toEqual(["Getting started", ["Worksheets", "Live review"]]);
    await page.goto(`/admin/course/${course._id}`);
    await expect(learners.getByRole("row").filter({ hasText: learner.email })).toContainText("0 of 3 lessons");
  } finally {
    await learnerContext.close();
    await request.delete(`/backend/api/courses/${course._id}`, {
      headers: await bearerHeaders(request, admin, origin),
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every form of the screen posts: a chapter, a lesson, a material, and a delete asked on the page @desktop", async ({
    page,
    browser,
    request,
    dataDir,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL!).origin;
    const admin = await createAccount(request, dataDir, { admin: true });
    const learner = await createAccount(request, dataDir);
    const learnerContext = await browser.newContext({ baseURL });
    await signInByApi(learnerContext, learner);
    const course = await courseWithLearner(request, learnerContext.request, admin, learner, origin);
    await learnerContext.close();
    const screen = new CourseContentPage(page);
    const notice = (text: string) => page.getByRole("status").filter({ hasText: text });
    try {
      await signInByApi(page.context(), admin);
      await screen.goto(course._id);
      await screen.chapterForm.getByLabel("Chapter title").fill("Plain chapter");
      await screen.chapterForm.getByRole("button", { name: "Add Chapter" }).click();
      await expect(notice("Chapter added")).toBeVisible();

      // the lesson form: its chapter the last one, every kind's field shown, the body a textarea of HTML
      const form = screen.lessonForm;
      await expect(form.getByRole("combobox", { name: "Chapter", exact: true })).toHaveValue(/.+/);
      await expect(form.getByLabel("Join link")).toBeVisible();
      await form.getByLabel("Lesson title").fill("Plain lesson");
      await form.getByLabel("Text").fill("<p>Plain <b>text</b></p>");
      await form.getByRole("button", { name: "Add Lesson" }).click();
      await expect(notice("Lesson added")).toBeVisible();
      await expect(screen.lesson("Plain lesson")).toContainText("Reading");

      // a material goes with its form (the form says how big it may be)
      const upload = page.getByRole("form", { name: "Upload a material for Plain lesson" });
      await expect(upload).toContainText("up to 1 MB");
      await upload
        .getByLabel("Add a material")
        .setInputFiles({ name: "sheet.pdf", mimeType: "application/pdf", buffer: PDF });
      await upload.getByRole("button", { name: "Upload Material" }).click();
      await expect(notice("Material added")).toBeVisible();
      await expect(screen.lesson("Plain lesson").getByRole("link", { name: "sheet.pdf" })).toBeVisible();

      // Delete asks on the page first
      await screen.lesson("Plain lesson").getByRole("button", { name: "Delete Plain lesson" }).click();
      const question = page.getByRole("region", { name: "Confirm delete" });
      await expect(question).toContainText(LEARNING_MESSAGES.confirmDeleteLesson(0));
      await question.getByRole("button", { name: "Delete" }).click();
      await expect(notice("Lesson deleted")).toBeVisible();
      await expect(screen.lesson("Plain lesson")).toHaveCount(0);
    } finally {
      await request.delete(`/backend/api/courses/${course._id}`, {
        headers: await bearerHeaders(request, admin, origin),
      });
    }
  });
});
