// Quizzes (issue 32) in a browser: a learner who bought a course in the sandbox opens its quiz, fails once,
// passes, and reads the result with its explanations and the course complete, with JavaScript and without;
// the lesson page's HTML and its .data carry no key before an attempt; an admin adds the three kinds of
// question on the quiz screen with the keyboard and moves one. The course and the quiz's first questions are
// made through the API as an admin (server/features/learning/quiz.test.ts shows the calls); the course
// shows on /courses, so the spec runs with the content writes, at desktop width (one column at any width).
import {
  request as apiRequest,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";
import type { Course } from "../../contract/courses/catalog.ts";
import { QUIZ_MESSAGES as M, QUIZ_PAGE as T } from "../../contract/learning/quiz-texts.ts";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CERTIFICATE_MESSAGES as C } from "../../contract/certificates/certificate-texts.ts";
import { verifyBadge, type DidDocument } from "../../server/features/certificates/credential/index.ts";
import { expectAccessible } from "./support/a11y.ts";
import { bearerHeaders, createAccount, signInByApi, waitForMail, type Account } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { hydrated } from "./support/page.ts";

const origin = () => new URL(test.info().project.use.baseURL!).origin;
const ACCEPTED = "Hypertext";

/** A course with a required quiz (pass mark 70 %, three attempts) of three questions, and an optional reading. */
async function makeQuiz(admin: Account) {
  const request = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const headers = await bearerHeaders(request, admin, origin());
  const seeded = ((await (await request.get("/backend/api/courses")).json()) as Course[])[0]!;
  const post = async <T = { _id: string }>(url: string, data: object) => {
    const res = await request.post(`/backend/api${url}`, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as T;
  };
  const course = await post<Course>("/courses", {
    title: `Web Basics ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    instructor: "Ngozi Okafor",
    category: seeded.category,
    price: 15000,
    img: seeded.img,
    features: ["A quiz"],
  });
  const chapter = await post(`/admin/courses/${course._id}/chapters`, { title: "Start", published: true });
  await post(`/admin/chapters/${chapter._id}/lessons`, {
    title: "Reading",
    kind: "text",
    published: true,
    required: false,
    body: "<p>Read this</p>",
  });
  const quiz = await post(`/admin/chapters/${chapter._id}/lessons`, {
    title: "Check yourself",
    kind: "quiz",
    published: true,
    passPercent: 70,
    maxAttempts: 3,
  });
  const question = (body: object) => post(`/admin/lessons/${quiz._id}/questions`, body);
  await question({
    kind: "single",
    text: "Which city was Nigeria's capital until 1991?",
    options: ["Lagos", "Abuja", "Kano"],
    correct: [1],
    explanation: "The capital moved to Abuja in December 1991.",
  });
  await question({
    kind: "multiple",
    text: "Which of these are web languages?",
    options: ["HTML", "CSS", "Excel"],
    correct: [1, 2],
    explanation: "Excel is a spreadsheet.",
  });
  await question({
    kind: "short",
    text: "What does the H in HTML stand for?",
    accepted: [ACCEPTED],
    explanation: "HyperText Markup Language.",
  });
  await request.dispose();
  return { course, quizId: quiz._id, url: `/learn/${course._id}/${quiz._id}` };
}

/** Pays for the course in the sandbox through the API, as the signed-in `context`'s user. */
async function buyByApi(context: BrowserContext, account: Account, courseId: string) {
  const headers = { origin: origin() };
  const res = await context.request.post("/backend/api/payments/course", {
    headers,
    data: { courseId, fullName: "Ada Obi", email: account.email, phone: "08030000000" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
  expect((await context.request.post(`${checkoutUrl}/success`, { headers })).status()).toBe(200);
}

const group = (scope: Locator, text: string) => scope.getByRole("group", { name: text });

/** Answers every question: the single choice, the multiple choice's options, the short answer. */
async function answer(page: Page, single: string, multiple: string[], short: string) {
  const form = page.locator(`#${T.formId}`);
  await group(form, "Which city was Nigeria's capital until 1991?").getByLabel(single, { exact: true }).check();
  for (const option of multiple)
    await group(form, "Which of these are web languages?").getByLabel(option, { exact: true }).check();
  await group(form, "What does the H in HTML stand for?").getByRole("textbox").fill(short);
  await form.getByRole("button", { name: T.submit }).click();
}

async function failThenPass(page: Page) {
  // the rules, before any attempt
  await expect(page.getByText(T.passMark(70)).first()).toBeVisible();
  await expect(page.getByText(T.attempts(0, 3, 3))).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark complete" })).toHaveCount(0);

  await answer(page, "Abuja", ["HTML"], "Hyper");
  const result = page.locator(`#${T.resultId}`);
  await expect(result.getByText(T.scored(0), { exact: true })).toBeVisible();
  await expect(result.getByText(M.failed, { exact: true })).toBeVisible();
  await expect(result.getByText("The capital moved to Abuja in December 1991.")).toBeVisible();
  await expect(result.getByText(`${T.yourAnswer} Abuja`)).toBeVisible();
  // not passed, attempts left: the right answers stay hidden
  await expect(result.getByText(T.rightAnswer)).toHaveCount(0);
  await expect(page.getByText(T.attempts(1, 3, 2))).toBeVisible();

  await page.getByText(T.tryAgain, { exact: true }).click();
  await answer(page, "Lagos", ["HTML", "CSS"], " hyper TEXT ");
  await expect(result.getByText(T.scored(100), { exact: true })).toBeVisible();
  await expect(result.getByText(M.passed, { exact: true })).toBeVisible();
  await expect(result.getByText("HyperText Markup Language.")).toBeVisible();
  await expect(page.getByText(T.courseComplete, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: T.certificates })).toHaveAttribute("href", "/account");
  await expect(page.getByText(T.best(100))).toBeVisible();
}

async function learner(page: Page, request: APIRequestContext, dataDir: string) {
  const admin = await createAccount(request, dataDir, { admin: true });
  const made = await makeQuiz(admin);
  const account = await createAccount(request, dataDir);
  await signInByApi(page.context(), account);
  await buyByApi(page.context(), account, made.course._id);
  return { ...made, account };
}

/** The certificate e-mail's PDF: its text (pdftotext) and the address its QR code holds (pdftoppm, zbarimg). */
function readCertificatePdf(pdf: Buffer): { text: string; qr: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "certificate-"));
  const file = path.join(dir, "certificate.pdf");
  writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"]).toString();
  execFileSync("pdftoppm", ["-r", "150", "-png", "-singlefile", file, path.join(dir, "page")]);
  const qr = execFileSync("zbarimg", ["-q", "--raw", path.join(dir, "page.png")], {
    stdio: ["ignore", "pipe", "ignore"],
  })
    .toString()
    .trim();
  return { text, qr };
}

/** The credential checked as an outside verifier would, with the did.json and status list the site serves. */
async function verifyServed(page: Page, credential: unknown) {
  const didDocument = (await (await page.context().request.get("/.well-known/did.json")).json()) as DidDocument;
  const statusList = (await (await page.context().request.get("/certificates/status/1")).json()) as object;
  return verifyBadge(credential, { didDocument, statusList });
}

test.describe("a quiz lesson", () => {
  test("the key is not in the page nor its data before an attempt; fail once, pass, read the result", async ({
    page,
    request,
    dataDir,
  }) => {
    const { url, account, course } = await learner(page, request, dataDir);
    // the page's HTML and the data a client-side navigation reads, as the learner
    for (const address of [url, `${url}.data`]) {
      const res = await page.context().request.get(address);
      expect(res.status()).toBe(200);
      const body = await res.text();
      expect(body).toContain("Which of these are web languages?");
      expect(body.toLowerCase()).not.toContain(ACCEPTED.toLowerCase());
      // (a key as JSON, or as JSON inside the HTML's script: \"correct\")
      expect(body).not.toMatch(/\\*"(correct|accepted)\\*"/);
      expect(body).not.toContain("moved to Abuja");
    }
    await page.goto(url);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Check yourself" })).toBeVisible();
    await expectAccessible(page);
    await failThenPass(page);
    await expectAccessible(page);

    // the course is complete: the certificate e-mail with its PDF; its QR code opens the verification page
    const mail = await waitForMail(dataDir, { to: account.email, subject: /certificate/i });
    const pdf = mail.attachments.find((a) => a.contentType === "application/pdf")!;
    const { text, qr } = readCertificatePdf(pdf.content);
    expect(text).toContain(course.title);
    expect(qr).toMatch(new RegExp(`^${origin()}/certificates/[0-9a-f]{32}$`));
    await page.goto(new URL(qr).pathname);
    await expect(page.getByRole("heading", { level: 1, name: `✓ ${C.valid}` })).toBeVisible();
    await expect(page.getByText(course.title, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add to LinkedIn" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&/,
    );
    await expectAccessible(page);
    // the credential, downloaded from the page, verifies; one character changed, it does not
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /Download the credential/ }).click();
    const credential = JSON.parse(readFileSync(await (await download).path(), "utf8")) as {
      credentialSubject: { name: string };
    };
    expect(await verifyServed(page, credential)).toMatchObject({ verified: true, revoked: false });
    credential.credentialSubject.name += "x";
    expect((await verifyServed(page, credential)).verified).toBe(false);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the quiz is a plain form: fail once, pass, the result with its explanations", async ({
      page,
      request,
      dataDir,
    }) => {
      const { url, course } = await learner(page, request, dataDir);
      await page.goto(url);
      await failThenPass(page);
      // the submit came back to the page by a redirect: a reload sends nothing again
      await page.reload();
      await expect(page.getByText(T.attempts(2, 3, 1))).toBeVisible();

      // /account lists the certificate; the name on it is a plain form, and a new one issues it again
      await page.getByRole("link", { name: T.certificates }).click();
      const section = page.locator("section", { has: page.getByRole("heading", { name: "Certificates" }) });
      await expect(section.getByRole("heading", { name: course.title })).toBeVisible();
      await section
        .getByLabel("Name on your certificates")
        .fill("Ad\u00e9b\u00e1y\u1ecd\u0300 \u1eccl\u00e1b\u00eds\u00ed");
      await section.getByRole("button", { name: "Save name" }).click();
      await expect(page.getByText(C.nameSavedReissued(1))).toBeVisible();
      await page
        .getByRole("link", { name: `View certificate: ${course.title}` })
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1, name: `✓ ${C.valid}` })).toBeVisible();
      await expect(
        page.getByText("Ad\u00e9b\u00e1y\u1ecd\u0300 \u1eccl\u00e1b\u00eds\u00ed", { exact: true }),
      ).toBeVisible();
    });
  });
});

test("an admin adds the three kinds of question on the quiz screen with the keyboard and moves one", async ({
  page,
  request,
  dataDir,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  const { course, quizId } = await makeQuiz(admin);
  await signInByApi(page.context(), admin);
  await page.goto(`/admin/course/${course._id}/content`);
  await hydrated(page);
  await page.getByRole("link", { name: "Questions of Check yourself (3)" }).click();
  await expect(page).toHaveURL(`/admin/course/${course._id}/quiz/${quizId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Quiz “Check yourself”" })).toBeVisible();

  const form = page.getByRole("form", { name: "Add a question" });
  const list = page.locator("#quiz-questions");
  const headings = list.getByRole("heading", { level: 3 });
  const add = async (kind: string, fields: Array<[string, string]>) => {
    const before = await headings.count();
    await form.getByLabel("Kind").selectOption({ label: kind });
    for (const [label, value] of fields) {
      await form.getByLabel(label).first().focus();
      await page.keyboard.insertText(value);
    }
    await form.getByRole("button", { name: "Add Question" }).focus();
    await page.keyboard.press("Enter");
    await expect(headings).toHaveCount(before + 1);
  };
  await add("Single choice", [
    ["Question", "Two plus two?"],
    ["Options", "3\n4\n5"],
    ["Correct option numbers", "2"],
  ]);
  await add("Multiple choice", [
    ["Question", "Even numbers?"],
    ["Options", "2\n3\n4"],
    ["Correct option numbers", "1, 3"],
  ]);
  await add("Short answer", [
    ["Question", "Spell 10"],
    ["Accepted answers", "ten"],
    ["Explanation", "One zero."],
  ]);
  await expect(headings).toHaveText([
    "Which city was Nigeria's capital until 1991?",
    "Which of these are web languages?",
    "What does the H in HTML stand for?",
    "Two plus two?",
    "Even numbers?",
    "Spell 10",
  ]);
  await list.getByRole("button", { name: "Move Spell 10 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(headings.nth(4)).toHaveText("Spell 10");
  await expect(headings.nth(5)).toHaveText("Even numbers?");
  await expect(page.getByRole("heading", { name: "Questions most often missed" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to the course content" }).click();
  await expect(page).toHaveURL(`/admin/course/${course._id}/content`);
});
