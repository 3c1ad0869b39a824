// The course admin screens (spec admin-back-office §2 "Course admin manager", "Simple course add/edit
// form", "Course admin detail", §4, §5, §8; issue 17; decision 032): the manager adds a course that
// /courses shows, edits it (Add → Update) and deletes it after its question and the password again; its
// categories; the simple form adds and edits and returns to /courses; a course's detail page with a paid
// sandbox purchase; the 404 texts; axe on each page, the manager also at 375 px. These tests change what
// /courses and / show, so they run in the "content-writes" project after the others; every course and
// category made here has a name of its own and is deleted at the end, whatever happens.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Course } from "../../contract/courses/catalog.ts";
import { COURSE_CATEGORY_MESSAGES, COURSE_MESSAGES } from "../../contract/courses/course-texts.ts";
import { formatNaira } from "../../contract/lib/money.ts";
import { toastOf } from "./pages/admin.ts";
import { CourseDetailPage, CourseManagerPage, SimpleCoursePage } from "./pages/courses.ts";
import { bearerHeaders, createAccount, forgetPasswordProof, signInByApi, type Account } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { allowConsoleErrors, expect, test } from "./support/fixtures.ts";
import { api, asReturningVisitor, hydrated } from "./support/page.ts";

const MISSING = "ffffffffffffffffffffffff";
const WRONG_PASSWORD = "That password is not right. Please try again.";

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

/** The shared admin, signed in in the browser (a fresh password proof: no step-up until it is forgotten). */
async function asAdmin(page: Page, request: APIRequestContext, dataDir: string) {
  const admin = await createAccount(request, dataDir, { admin: true });
  await asReturningVisitor(page);
  await signInByApi(page.context(), admin);
  return { admin };
}

/** A picture the site has (a seeded course's): a made-up address would be a 404 in the page. */
async function seedPicture(request: APIRequestContext): Promise<string> {
  return (await api<Course[]>(request, "courses"))[0]!.img;
}

/** The API's headers for an admin's write: a fresh bearer token (so a delete needs no step-up). */
/** Deletes, through the API, every course whose title starts with `prefix` (clean-up). */
async function removeCourses(request: APIRequestContext, admin: Account, baseURL: string, prefix: string) {
  const headers = await bearerHeaders(request, admin, baseURL);
  for (const course of (await api<Course[]>(request, "courses")).filter((c) => c.title.startsWith(prefix))) {
    await request.delete(`/backend/api/courses/${course._id}`, { headers });
  }
}

const courseCard = (page: Page, title: string) =>
  page
    .getByRole("main")
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("the manager adds a course that /courses shows, edits it (Add → Update), and deletes it after its question and the password", async ({
  page,
  request,
  dataDir,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { admin } = await asAdmin(page, request, dataDir);
  const prefix = unique("Course");
  const title = `${prefix} React`;
  const renamed = `${prefix} React Pro`;
  const manager = new CourseManagerPage(page);
  try {
    await manager.goto();
    await hydrated(page);
    await expectAccessible(page);
    const form = manager.form;

    // nothing typed: each field says what it needs, the first one has focus
    await form.button("Add Course").click();
    await expect(form.formError).toHaveText(COURSE_MESSAGES.saveFailed + COURSE_MESSAGES.checkFields);
    await expect(form.errorOf("Price")).toContainText(COURSE_MESSAGES.required("Price"));
    await expect(form.field("Title")).toBeFocused();

    await form.fill({
      Title: title,
      Instructor: "Ada Obi",
      Category: "Coding",
      Price: "150,000",
      "Discount price": "120000",
      "Show the discount": true,
      Duration: "8 weeks",
      Rating: "4.5",
      Image: await seedPicture(request),
      Features: "Weekly projects\nA mentor",
    });
    await form.button("Add Course").click();
    await expect(manager.toast(COURSE_MESSAGES.added)).toBeVisible();
    await expect(manager.cell(title, "Price")).toHaveText(formatNaira(150000, { decimals: 2 }));
    await expect(manager.cell(title, "Discount")).toHaveText(formatNaira(120000, { decimals: 2 }));
    await expect(manager.cell(title, "Rating")).toHaveText("4.5");
    await expect(form.field("Title")).toHaveValue("");

    await page.goto("/courses");
    await expect(courseCard(page, title)).toBeVisible();
    await expect(courseCard(page, title)).toContainText("A mentor");

    // Edit: the form holds the course, the button says Update Course; a save leaves edit mode
    await manager.goto();
    await hydrated(page);
    await manager.edit(title);
    await expect(form.field("Show the discount")).toBeChecked();
    await expect(form.field("Features")).toHaveValue("Weekly projects\nA mentor");
    await form.fill({ Title: renamed, Price: "160000" });
    await form.button("Update Course").click();
    await expect(manager.toast(COURSE_MESSAGES.saved)).toBeVisible();
    await expect(form.button("Add Course")).toBeVisible();
    await expect(manager.cell(renamed, "Price")).toHaveText(formatNaira(160000, { decimals: 2 }));
    await page.goto("/courses");
    await expect(courseCard(page, renamed)).toBeVisible();
    await expect(courseCard(page, title)).toHaveCount(0);

    // Delete: Cancel keeps it; Delete, with the last password older than the window, asks for it again
    await manager.goto();
    await hydrated(page);
    await manager.delete(renamed, COURSE_MESSAGES.confirmDelete(renamed), "Cancel");
    await expect(manager.row(renamed)).toHaveCount(1);
    await forgetPasswordProof(page.context());
    await manager.delete(renamed, COURSE_MESSAGES.confirmDelete(renamed));
    const stepUp = manager.stepUp;
    await expect(stepUp.section).toContainText(COURSE_MESSAGES.deleteSummary(renamed));
    await expect(stepUp.password).toBeFocused();
    await expectAccessible(page);
    await stepUp.password.fill("not-my-password-1");
    await stepUp.confirm.click();
    await expect(stepUp.error).toHaveText(WRONG_PASSWORD);
    await stepUp.password.fill(admin.password);
    await stepUp.confirm.click();
    await expect(manager.toast(COURSE_MESSAGES.deleted)).toBeVisible();
    await expect(manager.row(renamed)).toHaveCount(0);
    await page.goto("/courses");
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
    await expect(courseCard(page, renamed)).toHaveCount(0);
  } finally {
    await removeCourses(request, admin, baseURL!, prefix);
  }
});

test("the manager's categories: 'Please enter a category name', 'Category added successfully', removed after its question", async ({
  page,
  request,
  dataDir,
  baseURL,
}) => {
  const { admin } = await asAdmin(page, request, dataDir);
  const name = unique("Data");
  const manager = new CourseManagerPage(page);
  try {
    await manager.goto();
    await hydrated(page);
    const categories = manager.categories;
    await categories.add.click();
    await expect(categories.error).toHaveText(COURSE_CATEGORY_MESSAGES.empty);
    await expect(categories.name).toBeFocused();

    await categories.name.fill(name);
    await categories.add.click();
    await expect(manager.toast(COURSE_CATEGORY_MESSAGES.added)).toBeVisible();
    await expect(categories.row(name)).toHaveCount(1);
    // the course form offers it at once
    await expect(manager.form.field("Category").getByRole("option", { name, exact: true })).toHaveCount(1);

    // the same name again: the service's reason after the spec's prefix
    await categories.name.fill(name.toUpperCase());
    await categories.add.click();
    await expect(categories.error).toHaveText(
      `${COURSE_CATEGORY_MESSAGES.addFailed}A category named "${name}" already exists.`,
    );

    // a category courses use: its Remove says why beside it, and a click says the server's refusal, no
    // question asked and nothing sent (issue 29)
    const used = (await (await request.get("/backend/api/courses")).json()) as Array<{ category: string }>;
    const inUse = used[0]!.category;
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") sent.push(r.url());
    });
    await expect(categories.remove(inUse)).toHaveAccessibleDescription(/^In use by \d+ courses?/);
    await categories.remove(inUse).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(
      manager.toast(new RegExp(`^${COURSE_CATEGORY_MESSAGES.removeFailed}Cannot delete "${inUse}"`)),
    ).toBeVisible();
    expect(sent).toEqual([]);
    await expect(categories.row(inUse)).toHaveCount(1);

    await categories.remove(name).click();
    const dialog = page.getByRole("dialog", { name: COURSE_CATEGORY_MESSAGES.confirmRemove(name) });
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(manager.toast(COURSE_CATEGORY_MESSAGES.removed)).toBeVisible();
    await expect(categories.row(name)).toHaveCount(0);
  } finally {
    const headers = await bearerHeaders(request, admin, baseURL!);
    await request.delete(`/backend/posts/category/${encodeURIComponent(name)}`, { headers });
  }
});

test("the simple form adds and edits a course, each time back on /courses with its message", async ({
  page,
  request,
  dataDir,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { admin } = await asAdmin(page, request, dataDir);
  const prefix = unique("Simple");
  const simple = new SimpleCoursePage(page);
  try {
    await simple.gotoAdd();
    await hydrated(page);
    await expectAccessible(page);
    const form = simple.form;
    // spec admin §5: all six are required
    await form.button("Add Course").click();
    for (const [label, message] of [
      ["Title", "Title"],
      ["Category", "Category"],
      ["Instructor", "Instructor"],
      ["Price", "Price"],
      ["Image URL", "Image"],
      ["Rating", "Rating"],
    ] as const) {
      await expect(form.errorOf(label)).toContainText(COURSE_MESSAGES.required(message));
    }
    await expect(form.field("Rating")).toHaveAttribute("aria-describedby", /course-rating-hint/);
    await expect(page.getByText("0-5", { exact: true })).toBeVisible();

    await form.fill({
      Title: `${prefix} Security`,
      Category: "Cybersecurity",
      Instructor: "Chidi Okeke",
      Price: "90000",
      "Image URL": await seedPicture(request),
      Rating: "4",
    });
    await form.button("Add Course").click();
    await expect(page).toHaveURL("/courses");
    await expect(toastOf(page, COURSE_MESSAGES.added)).toBeVisible();
    await expect(courseCard(page, `${prefix} Security`)).toBeVisible();

    const course = (await api<Course[]>(request, "courses")).find((c) => c.title === `${prefix} Security`)!;
    await simple.gotoEdit(course._id);
    await hydrated(page);
    await expect(form.field("Title")).toHaveValue(`${prefix} Security`);
    await expect(form.field("Category")).toHaveValue("Cybersecurity");
    await expect(form.button("Update Course")).toBeVisible();
    await expectAccessible(page);
    await form.fill({ Title: `${prefix} Security Plus` });
    await form.button("Update Course").click();
    await expect(page).toHaveURL("/courses");
    await expect(toastOf(page, COURSE_MESSAGES.saved)).toBeVisible();
    await expect(courseCard(page, `${prefix} Security Plus`)).toBeVisible();
  } finally {
    await removeCourses(request, admin, baseURL!, prefix);
  }
});

test("a course's detail page: its info, paid purchases and revenue, Paid and Not Paid records; a deleted course keeps them; 404 texts", async ({
  page,
  request,
  dataDir,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const { admin } = await asAdmin(page, request, dataDir);
  const prefix = unique("Detail");
  try {
    const headers = await bearerHeaders(request, admin, baseURL!);
    const created = await request.post("/backend/api/courses", {
      headers,
      data: {
        title: `${prefix} Editing`,
        instructor: "Funke Ade",
        category: "Video editing",
        price: 75000.5,
        img: await seedPicture(request),
        duration: "6 weeks",
        rating: 4.2,
        features: ["Premiere Pro", "Colour grading"],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const course = (await created.json()) as Course;
    // two buyers through the sandbox: one pays, the other leaves the checkout open
    for (const [fullName, pay] of [
      ["Bola Paid", true],
      ["Tunde Pending", false],
    ] as const) {
      const email = `${fullName.split(" ")[0]!.toLowerCase()}@example.com`;
      const started = await request.post("/backend/api/payments/course", {
        headers: { origin: headers.origin },
        data: { courseId: course._id, fullName, email, phone: "08030000000" },
      });
      expect(started.status(), await started.text()).toBe(201);
      const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
      if (pay)
        expect((await request.post(`${checkoutUrl}/success`, { headers: { origin: headers.origin } })).ok()).toBe(true);
    }

    const detail = new CourseDetailPage(page);
    await detail.goto(course._id);
    await expect(detail.heading).toHaveText(`${prefix} Editing`);
    await expect(detail.info("ID")).toHaveText(course._id);
    await expect(detail.info("Price")).toHaveText(formatNaira(75000.5, { decimals: 2 }));
    await expect(detail.info("Features")).toContainText("Colour grading");
    await expect(detail.figure("Total purchases")).toHaveText("1");
    await expect(detail.figure("Revenue")).toHaveText(formatNaira(75000.5, { decimals: 2 }));
    await expect(detail.figure("All records")).toHaveText("2");
    await expect(detail.purchase("Bola Paid")).toContainText(COURSE_MESSAGES.paid);
    await expect(detail.purchase("Tunde Pending")).toContainText(COURSE_MESSAGES.notPaid);
    await expect(detail.purchase("Bola Paid").locator('td[data-label="Purchased at"]')).toHaveText(
      /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    await expectAccessible(page);
    await detail.backLink.click();
    await expect(page).toHaveURL("/admin");

    // deleted, its purchases stay: the page shows them as 'Deleted Course'
    // (a fresh sign-in: the browser's session forgot its password proof)
    const fresh = await bearerHeaders(request, admin, baseURL!);
    expect((await request.delete(`/backend/api/courses/${course._id}`, { headers: fresh })).ok()).toBe(true);
    await detail.goto(course._id);
    await expect(detail.heading).toHaveText(COURSE_MESSAGES.deletedCourse);
    await expect(detail.figure("Total purchases")).toHaveText("1");

    // nothing under that id at all: 'Course not found', why, and the way back (spec admin §8)
    for (const path of [`/admin/course/${MISSING}`, `/edit-course/${MISSING}`]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(detail.heading).toHaveText(COURSE_MESSAGES.notFound);
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(COURSE_MESSAGES.mayBeDeleted);
    }
    await expect(page.getByRole("main").getByRole("link", { name: "Back to courses" })).toBeVisible();
    await expectAccessible(page);
    allowConsoleErrors(consoleErrors, /status of 404/);
  } finally {
    await removeCourses(request, admin, baseURL!, prefix);
  }
});

test("at 375 px the manager fits the screen: its form, the list as cards, the categories", async ({
  page,
  request,
  dataDir,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await asAdmin(page, request, dataDir);
  const manager = new CourseManagerPage(page);
  await manager.goto();
  await hydrated(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const first = manager.list.getByRole("row").nth(1);
  const remove = first.getByRole("button", { name: /^Delete / });
  await remove.scrollIntoViewIfNeeded();
  const box = await remove.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the manager adds a course, and Delete asks its question and the password on the page", async ({
    page,
    request,
    dataDir,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { admin } = await asAdmin(page, request, dataDir);
    const prefix = unique("NoScript");
    const manager = new CourseManagerPage(page);
    try {
      await manager.goto();
      const form = manager.form;
      await form.fill({ Title: `${prefix} Design`, Instructor: "Ngozi", Category: "Coding", Price: "abc" });
      await form.button("Add Course").click();
      await expect(form.errorOf("Price")).toContainText(COURSE_MESSAGES.price);
      await expect(form.field("Title")).toHaveValue(`${prefix} Design`);

      await form.fill({ Price: "50000", Rating: "3", Image: await seedPicture(request) });
      await form.button("Add Course").click();
      await expect(manager.notice(COURSE_MESSAGES.added)).toBeVisible();
      await expect(manager.row(`${prefix} Design`)).toHaveCount(1);

      await forgetPasswordProof(page.context());
      await manager
        .row(`${prefix} Design`)
        .getByRole("button", { name: `Delete ${prefix} Design` })
        .click();
      const question = page.getByRole("region", { name: "Confirm delete" });
      await expect(question).toContainText(COURSE_MESSAGES.confirmDelete(`${prefix} Design`));
      await expect(manager.row(`${prefix} Design`)).toHaveCount(1);
      await question.getByRole("button", { name: "Delete" }).click();
      await manager.stepUp.password.fill(admin.password);
      await manager.stepUp.confirm.click();
      await expect(manager.notice(COURSE_MESSAGES.deleted)).toBeVisible();
      await expect(manager.row(`${prefix} Design`)).toHaveCount(0);
    } finally {
      await removeCourses(request, admin, baseURL!, prefix);
    }
  });
});
