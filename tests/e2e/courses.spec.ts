import type { Page } from "@playwright/test";
import type { Category, Course } from "../../contract/courses/catalog.ts";
import { expectAccessible } from "./support/a11y.ts";
import { allowConsoleErrors, expect, test } from "./support/fixtures.ts";
import { api, hydrated, naira } from "./support/page.ts";
import { coursePrice } from "../../contract/lib/money.ts";
import { CHECKOUT_TEXTS } from "../../contract/payments/payment-texts.ts";

// spec public-area §2 "Courses page", "Enrol modal", §4 "Enrol modal"

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const courseCard = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** The category with the fewest courses (but some), so filtering visibly removes cards. */
function pickCategory(courses: Course[], categories: Category[]) {
  const counts = categories
    .map((c) => ({ name: c.name, n: courses.filter((course) => course.category === c.name).length }))
    .filter((c) => c.n > 0)
    .sort((a, b) => a.n - b.n);
  expect(counts.length).toBeGreaterThan(0);
  return counts[0]!.name;
}

test("the category buttons filter the courses; All shows them all", async ({ page, request }) => {
  const courses = await api<Course[]>(request, "courses");
  const categories = await api<Category[]>(request, "categories");
  await page.goto("/courses");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(cards(page)).toHaveCount(courses.length);

  const filters = page.getByRole("group", { name: "Filter courses by category" });
  await expect(filters.getByRole("button")).toHaveText(["All", ...categories.map((c) => c.name)]);
  const all = filters.getByRole("button", { name: "All", exact: true });
  await expect(all).toHaveAttribute("aria-pressed", "true");

  for (const category of categories) {
    const expected = courses.filter((c) => c.category === category.name);
    await filters.getByRole("button", { name: category.name, exact: true }).click();
    await expect(filters.getByRole("button", { name: category.name, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(all).toHaveAttribute("aria-pressed", "false");
    await expect(cards(page)).toHaveCount(expected.length);
    for (const course of expected) await expect(courseCard(page, course.title)).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get("category") === category.name);
  }

  await all.click();
  await expect(all).toHaveAttribute("aria-pressed", "true");
  await expect(cards(page)).toHaveCount(courses.length);
  await expect(page).toHaveURL((url) => !url.searchParams.has("category"));
});

test("Enroll Now opens the enrol modal with the course title and price; Cancel closes it", async ({
  page,
  request,
}) => {
  const courses = await api<Course[]>(request, "courses");
  const discounted = courses.find((c) => c.showDiscount && c.discountPrice !== null)!;
  const plain = courses.find((c) => !(c.showDiscount && c.discountPrice !== null))!;
  await page.goto("/courses");
  await hydrated(page);

  const enrol = courseCard(page, discounted.title).getByRole("button", { name: "Enroll Now" });
  await enrol.click();
  const dialog = page.getByRole("dialog", { name: discounted.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expect(dialog.getByRole("heading", { name: discounted.title })).toBeVisible();
  await expect(dialog.getByTestId("course-price")).toContainText(naira.format(discounted.discountPrice!));
  await expect(dialog.getByTestId("course-price").locator("del")).toContainText(naira.format(discounted.price));
  for (const label of ["Full Name", "Phone Number", "Email", "Coupon Code"]) {
    await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
  }
  for (const name of ["Apply", "Pay Now", "Cancel"]) await expect(dialog.getByRole("button", { name })).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toBeFocused();

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(enrol).toBeFocused();

  // a course without a shown discount: its plain price
  await courseCard(page, plain.title).getByRole("button", { name: "Enroll Now" }).click();
  const plainDialog = page.getByRole("dialog", { name: plain.title });
  await expect(plainDialog.getByTestId("course-price")).toHaveText(`Price: ${naira.format(plain.price)}`);
  await page.keyboard.press("Escape");
  await expect(plainDialog).toBeHidden();
});

test("reopening the enrol modal starts with empty fields and no coupon or payment message @desktop", async ({
  page,
  request,
  consoleErrors,
}) => {
  const [course] = await api<Course[]>(request, "courses");
  await page.goto("/courses");
  await hydrated(page);
  const open = async () => {
    await courseCard(page, course!.title).getByRole("button", { name: "Enroll Now" }).click();
    const dialog = page.getByRole("dialog", { name: course!.title });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  let dialog = await open();
  await dialog.getByLabel("Full Name").fill("Ada Obi");
  await dialog.getByLabel("Phone Number").fill("08012345678");
  await dialog.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await dialog.getByLabel("Coupon Code").fill("WELCOME10");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByText(CHECKOUT_TEXTS.couponApplied)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  dialog = await open();
  for (const label of ["Full Name", "Phone Number", "Email", "Coupon Code"]) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveValue("");
  }
  await expect(dialog.getByText(CHECKOUT_TEXTS.couponApplied)).toHaveCount(0);
  await expect(dialog.getByTestId("course-price")).toContainText(naira.format(coursePrice(course!).price));
  // a refused Pay Now's message is gone too
  await dialog.getByRole("button", { name: "Pay Now" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  dialog = await open();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  allowConsoleErrors(consoleErrors, /status of 422/);
});

test("focus stays inside the enrol modal", async ({ page, request }) => {
  const [course] = await api<Course[]>(request, "courses");
  await page.goto("/courses");
  await hydrated(page);
  await courseCard(page, course!.title).getByRole("button", { name: "Enroll Now" }).click();
  const dialog = page.getByRole("dialog", { name: course!.title });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(
      await dialog.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body),
    ).toBe(true);
  }
});

test("the courses page passes the accessibility check, also with the enrol modal open", async ({ page, request }) => {
  // two axe runs over the page's 500-odd elements: about 20 s on a busy 2-core machine
  test.setTimeout(60_000);
  const [course] = await api<Course[]>(request, "courses");
  await page.goto("/courses");
  await hydrated(page);
  await expectAccessible(page);
  await courseCard(page, course!.title).getByRole("button", { name: "Enroll Now" }).click();
  await expect(page.getByRole("dialog", { name: course!.title })).toBeVisible();
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the category filters are links that the server filters by", async ({ page, request }) => {
    const courses = await api<Course[]>(request, "courses");
    const categories = await api<Category[]>(request, "categories");
    const category = pickCategory(courses, categories);
    const expected = courses.filter((c) => c.category === category);

    await page.goto(`/courses?category=${encodeURIComponent(category)}`);
    await expect(cards(page)).toHaveCount(expected.length);
    for (const course of expected) await expect(courseCard(page, course.title)).toBeVisible();

    const filters = page.getByRole("group", { name: "Filter courses by category" });
    await filters.getByRole("link", { name: "All", exact: true }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(cards(page)).toHaveCount(courses.length);

    await filters.getByRole("link", { name: category, exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("category") === category);
    await expect(cards(page)).toHaveCount(expected.length);
  });
});

// issue 8 "Delivery": pages ask for the size they show, over a tiny blurred placeholder.
test(
  "a course card asks for its image at the shown size and the blurred placeholder gives way to it",
  { tag: "@desktop" },
  async ({ page, request }) => {
    const courses = await api<Course[]>(request, "courses");
    const course = courses.find((c) => c.img.startsWith("/media/"));
    expect(course, "a seeded course with an image under /media").toBeDefined();
    const placeholder = `${course!.img}?tr=w-32,q-20,bl-10`;

    // The server's HTML already carries the placeholder, so it shows before (and without) JavaScript.
    const html = await (await request.get("/courses")).text();
    expect(html).toContain(`url(&quot;${placeholder}&quot;)`);
    const tiny = await request.get(placeholder);
    expect(tiny.status()).toBe(200);
    expect(tiny.headers()["content-type"]).toBe("image/webp");

    // The full image at a card's size (not only the placeholder, which is asked too).
    const resized = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return url.pathname === course!.img && /^w-\d+,h-\d+$/.test(url.searchParams.get("tr") ?? "");
    });
    await page.goto("/courses");
    await hydrated(page);
    const img = courseCard(page, course!.title).locator("img");
    await img.scrollIntoViewIfNeeded();
    await resized;

    await expect(img).toHaveAttribute("src", `${course!.img}?tr=w-480,h-270`);
    await expect(img).toHaveAttribute("srcset", /\?tr=w-828,h-466 828w/);
    await expect(img).toHaveAttribute("sizes", /400px/);
    await expect(img).toHaveAttribute("width", "400");
    await expect(img).toHaveAttribute("height", "225");
    await expect(img).toBeVisible();
    // Loaded, drawn at a real size, and the placeholder is gone from under it.
    await expect
      .poll(() =>
        img.evaluate((el: HTMLImageElement) => ({
          complete: el.complete,
          loaded: el.naturalWidth > 0,
          background: getComputedStyle(el).backgroundImage,
        })),
      )
      .toEqual({ complete: true, loaded: true, background: "none" });
  },
);
