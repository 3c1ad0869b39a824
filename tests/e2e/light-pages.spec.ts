import type { Page, Request } from "@playwright/test";
import type { CarouselSlide } from "../../contract/content/content.ts";
import { expect, test } from "./support/fixtures.ts";
import { api, asReturningVisitor, hydrated, pausedClock } from "./support/page.ts";

// Issue 20 "Light on data" (decision 042): on a phone the home carousel asks for its first picture at
// about the size shown, and a slide's picture only once the slide is shown; with Save-Data smaller
// pictures and no auto-advance. One phone size only: a 412 px screen at 2.625× (Lighthouse's phone).
test.use({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });

/** The resized copies of `slide`'s picture the page asked for (its blurred placeholder included), by width. */
function widthsAsked(requests: Request[], slide: CarouselSlide): number[] {
  return requests
    .map((r) => new URL(r.url()))
    .filter((url) => url.pathname === slide.image)
    .map((url) => Number(/(?:^|,)w-(\d+)/.exec(url.searchParams.get("tr") ?? "")?.[1] ?? Number.NaN));
}

async function openHome(page: Page) {
  const requests: Request[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/media/")) requests.push(r);
  });
  await asReturningVisitor(page);
  await pausedClock(page);
  const response = await page.goto("/");
  await hydrated(page);
  const carousel = page.getByRole("region", { name: "Highlights" });
  const first = carousel.locator('[aria-roledescription="slide"]').first().locator("img");
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return { requests, carousel, vary: (await response!.allHeaders())["vary"] ?? "" };
}

test("a phone asks for the first slide at about its shown size, and the others only when shown @mobile", async ({
  page,
  request,
}) => {
  const slides = await api<CarouselSlide[]>(request, "carousel");
  expect(slides.length).toBeGreaterThan(1);
  const { requests, carousel } = await openHome(page);

  // 412 px at 2.625×: the copy for about 400 CSS px (1050 px), not the 1920 one the 1067 px box would take
  const first = widthsAsked(requests, slides[0]!).filter((w) => w > 32);
  expect(first.length).toBeGreaterThan(0);
  expect(Math.max(...first)).toBeLessThanOrEqual(1080);
  for (const slide of slides.slice(1)) expect(widthsAsked(requests, slide), slide.title).toEqual([]);

  // five seconds on: the second slide shows, and only now is its picture asked for
  await page.clock.runFor(5_000);
  await expect(carousel.locator('button[aria-current="true"]')).toHaveAttribute("aria-label", "Go to slide 2");
  await expect.poll(() => widthsAsked(requests, slides[1]!).filter((w) => w > 32).length).toBeGreaterThan(0);
  expect(Math.max(...widthsAsked(requests, slides[1]!))).toBeLessThanOrEqual(1080);
  for (const slide of slides.slice(2)) expect(widthsAsked(requests, slide), slide.title).toEqual([]);
});

test("with Save-Data the slides are smaller and do not advance by themselves @mobile", async ({ page, request }) => {
  const slides = await api<CarouselSlide[]>(request, "carousel");
  await page.setExtraHTTPHeaders({ "Save-Data": "on" });
  const { requests, carousel, vary } = await openHome(page);
  // the page differs with the header: a cache must keep the two apart
  expect(vary).toMatch(/\bSave-Data\b/i);

  const first = widthsAsked(requests, slides[0]!).filter((w) => w > 32);
  expect(first.length).toBeGreaterThan(0);
  expect(Math.max(...first)).toBeLessThanOrEqual(640);

  await page.clock.runFor(12_000);
  const activeDot = carousel.locator('button[aria-current="true"]');
  await expect(activeDot).toHaveAttribute("aria-label", "Go to slide 1");
  for (const slide of slides.slice(1)) expect(widthsAsked(requests, slide), slide.title).toEqual([]);
  // the visitor may still start them
  await carousel.getByRole("button", { name: "Play slideshow" }).click();
  await page.clock.runFor(5_000);
  await expect(activeDot).toHaveAttribute("aria-label", "Go to slide 2");
});
