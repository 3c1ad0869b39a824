import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import type { CarouselSlide } from "../../contract/content/content.ts";
import { api, asReturningVisitor, hydrated } from "./support/page.ts";

// Issue 20 "Quick to paint" (decision 045): the stylesheet is in the page, and no script is fetched before
// the first screen is drawn: on `/` not before the first slide's picture (its priority picture) has
// arrived. Then the page hydrates as before. One width: nothing here depends on the layout.

/** Every script the page asks for, in order. */
function scriptRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script" || new URL(r.url()).pathname.endsWith(".js"))
      asked.push(new URL(r.url()).pathname);
  });
  return asked;
}

test("the HTML carries its stylesheet and no module preloads; the page still hydrates @desktop", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/blog")).text();
  expect(html).toMatch(/<head>[\s\S]*<style[^>]*>[\s\S]*\.min-h-dvh\{[\s\S]*<\/style>[\s\S]*<\/head>/);
  expect(html).not.toContain('rel="stylesheet"');
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html).toContain("await Promise.all([import(");

  await asReturningVisitor(page);
  const scripts = scriptRequests(page);
  await page.goto("/blog");
  await hydrated(page);
  expect(scripts.some((path) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(path))).toBe(true);
  // the stylesheet applies: the header is laid out by it (a sticky bar), not by the browser's defaults
  expect(
    await page
      .locator("header")
      .first()
      .evaluate((el) => getComputedStyle(el).position),
  ).toBe("sticky");
});

test("on / no script is asked for until the first slide's picture has arrived @desktop", async ({ page, request }) => {
  const [first] = await api<CarouselSlide[]>(request, "carousel");
  await asReturningVisitor(page);
  let releasePicture: () => void = () => {};
  const pictureHeld = new Promise<void>((resolve) => (releasePicture = resolve));
  let pictureAsked = false;
  await page.route(
    // the slide's picture itself, not its blurred placeholder (w-32)
    (url) => url.pathname === first!.image && !/(^|,)w-32(,|$)/.test(url.searchParams.get("tr") ?? ""),
    async (route) => {
      pictureAsked = true;
      await pictureHeld;
      await route.continue();
    },
  );
  const scripts = scriptRequests(page);
  // the page's clock stands still: its fallback (the scripts start after 2.5 s at the latest) cannot fire
  // however slow the machine, so only the held picture keeps the scripts back
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await expect.poll(() => pictureAsked).toBe(true);
  // the text of the first screen is there and styled, with no script yet
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // a moment for any script request to show
  await page.waitForTimeout(300);
  expect(scripts).toEqual([]);

  releasePicture();
  await page.clock.resume();
  await hydrated(page);
  expect(scripts.length).toBeGreaterThan(5);
});
