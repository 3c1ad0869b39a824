// /posts, the small things a reader notices (issue 15; spec public-area §2 "Post list"; decision 023):
// the arrow keys only move the sort choice (WCAG 3.2.2 On Input), Enter or 'Apply sort' applies it; a
// card's cover fills its box on wide screens (no pale band under it); on a phone a search closes the
// open panel so that the results are in view; without JavaScript the open panel's toggle reads 'Close'.
import type { Page } from "@playwright/test";
import type { PostList } from "../../contract/blog/blog.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

const cards = (page: Page) => page.getByRole("main").getByRole("article");

test("sort: the arrow keys move the choice without reloading the list; Enter or 'Apply sort' applies it @desktop", async ({
  page,
  request,
}) => {
  const res = await request.get("/backend/posts?sort=oldest&limit=10");
  const oldest = ((await res.json()) as PostList).posts.map((p) => p.title);
  // every list the page asks the server for (a client-side navigation loads /posts.data?sort=…)
  const asked: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/posts.data") asked.push(url.searchParams.get("sort") ?? "");
  });
  await page.goto("/posts");
  await hydrated(page);
  const sort = page.getByRole("group", { name: "Sort" });
  await sort.getByRole("radio", { name: "Newest" }).focus();
  for (const next of ["Most Popular", "Trending", "Oldest"]) {
    await page.keyboard.press("ArrowDown");
    await expect(sort.getByRole("radio", { name: next })).toBeChecked();
  }

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "oldest");
  await expect(cards(page).getByRole("heading", { level: 2 })).toHaveText(oldest);
  // had an arrow key applied its option, the list for it would have been asked for before this one
  expect(asked).toEqual(["oldest"]);
  // the keyboard user is where they were
  await expect(sort.getByRole("radio", { name: "Oldest" })).toBeFocused();

  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(sort.getByRole("radio", { name: "Most Popular" })).toBeChecked();
  await page.getByRole("button", { name: "Apply sort" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "popular");
  expect(asked).toEqual(["oldest", "popular"]);
});

test("wide screens: a card's cover fills the box it sits in, with no band under it @desktop", async ({ page }) => {
  await page.goto("/posts");
  const covers = page.getByRole("main").locator("article a[aria-hidden='true']");
  expect(await covers.count()).toBeGreaterThan(0);
  for (const cover of await covers.all()) {
    await cover.scrollIntoViewIfNeeded();
    const img = cover.locator("img");
    const box = (await cover.boundingBox())!;
    const picture = (await img.boundingBox())!;
    expect(Math.abs(box.height - picture.height), "the cover's box is as tall as its picture").toBeLessThan(1);
    expect(Math.abs(box.y - picture.y)).toBeLessThan(1);
  }
});

test("a phone: a search from the open panel closes it, and the results are in view @mobile", async ({ page }) => {
  await page.goto("/posts");
  await hydrated(page);
  const toggle = page.getByRole("button", { name: "Filter or Search" });
  await toggle.click();
  const box = page.getByRole("searchbox", { name: "Search" });
  await box.fill("design");
  await box.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("search") === "design");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(box).toBeHidden();
  // focus was in the panel that closed: it is on the toggle, right above the results
  await expect(toggle).toBeFocused();
  await expect(cards(page).first()).toBeInViewport();

  // a category chosen in the panel closes it too
  await toggle.click();
  await page.getByRole("region", { name: "Categories" }).getByRole("link").nth(1).click();
  await expect(page).toHaveURL((url) => url.searchParams.has("cat"));
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(cards(page).first()).toBeInViewport();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the open panel's toggle reads 'Close', the closed one 'Filter or Search' @mobile", async ({ page }) => {
    await page.goto("/posts");
    const toggle = page.getByRole("complementary", { name: "Search and filters" }).locator("summary");
    await expect(toggle).toHaveText("Filter or Search", { useInnerText: true });
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
    await expect(toggle).toHaveText("Close", { useInnerText: true });
    await toggle.click();
    await expect(toggle).toHaveText("Filter or Search", { useInnerText: true });
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeHidden();
  });
});
