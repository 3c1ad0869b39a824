// /about (spec public-area §2 "Home/about page content", §9 counters). Content comes from the API, not
// from the seed's names.
import type { Expert, Hero } from "../../contract/content/content.ts";
import { classifyVideoUrl } from "../../contract/lib/video-embed.ts";
import { HERO_DEFAULTS } from "../../app/features/about/hero-defaults.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("the hero shows the banner's title, subtitle and button", async ({ page, request }) => {
  // (read again until page and API agree: about-video.spec.ts saves a hero of its own for a moment)
  await expect(async () => {
    const hero = (await (await request.get("/backend/api/hero")).json()) as Hero | null;
    const shown = {
      title: hero?.title || HERO_DEFAULTS.title,
      subtitle: hero?.subtitle || HERO_DEFAULTS.subtitle,
      buttonText: hero?.buttonText || HERO_DEFAULTS.buttonText,
      buttonLink: hero?.buttonLink || HERO_DEFAULTS.buttonLink,
    };

    await page.goto("/about");
    await expect(page).toHaveTitle(/About us/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shown.title, { timeout: 1000 });
    await expect(page.getByText(shown.subtitle)).toBeVisible();
    const button = page.getByRole("link", { name: shown.buttonText });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("href", shown.buttonLink);
    const video = classifyVideoUrl(hero?.videoUrl ?? "");
    if (video?.kind === "file") {
      const element = page.locator("video");
      await expect(element).toHaveAttribute("src", video.src);
      for (const attr of ["autoplay", "muted", "loop", "playsinline"]) await expect(element).toHaveAttribute(attr, "");
      await expect(element).toHaveAttribute("preload", "none");
    } else {
      await expect(page.locator("video")).toHaveCount(0);
    }
  }).toPass({ timeout: 15_000 });
});

test("mission, vision, journey, features, certification and values are shown", async ({ page }) => {
  await page.goto("/about");
  for (const name of [
    "Mission and vision",
    "Our mission",
    "Our vision",
    "From one classroom to a continent-wide community",
    "Everything you need to learn, practise and get hired",
    "A certificate that proves what you can do",
    "What we stand for",
  ]) {
    await expect(page.getByRole("heading", { name })).toBeVisible();
  }
  await expect(
    page.getByRole("heading", { name: "What we stand for" }).locator("xpath=../..").getByRole("listitem"),
  ).toHaveCount(4);
});

test("the counters show their final values in the server's HTML @desktop", async ({ request }) => {
  const html = await (await request.get("/about")).text();
  expect(html).toMatch(/data-testid="counter"[^>]*>100<!-- -->\+</);
  expect(html).toMatch(/data-testid="counter"[^>]*>150<!-- -->\+</);
  expect(html).toMatch(/data-testid="counter"[^>]*>95<!-- -->%</);
});

test("the counters count up to 100, 150 and 95% over 2 seconds once half in view @desktop", async ({ page }) => {
  await page.clock.install();
  await page.goto("/about");
  const counters = page.getByTestId("counter");
  // Hydrated and not yet in view: back to zero, waiting to be seen.
  await expect(counters).toHaveText(["0+", "0+", "0%"]);

  await counters.first().scrollIntoViewIfNeeded();
  // The observer reports on the next rendered frame; step the fake clock until the count has started.
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return counters.first().textContent();
    })
    .not.toBe("0+");
  const started = Number((await counters.first().textContent())?.replace("+", ""));
  expect(started).toBeLessThan(100);

  await page.clock.runFor(2100);
  await expect(counters).toHaveText(["100+", "150+", "95%"]);
});

test("the experts carousel goes next and previous and wraps around both ways @desktop", async ({ page, request }) => {
  const experts = (await (await request.get("/backend/api/experts")).json()) as Expert[];
  expect(experts.length).toBeGreaterThan(1);
  const n = experts.length;
  const first = experts[0]!;
  const second = experts[1]!;
  const last = experts[n - 1]!;

  await page.goto("/about");
  await hydrated(page);
  const carousel = page.getByRole("region", { name: "Our experts" });
  const status = carousel.getByTestId("expert-status");
  const slide = (i: number) => carousel.getByRole("group", { name: `${i + 1} of ${n}`, exact: true });
  const next = carousel.getByRole("button", { name: "Next expert" });
  const previous = carousel.getByRole("button", { name: "Previous expert" });

  // Every expert shows name, role, expertise and picture.
  for (const [i, e] of experts.entries()) {
    await expect(slide(i).getByRole("heading", { name: e.name })).toHaveCount(1);
    await expect(slide(i)).toContainText(e.role);
    await expect(slide(i)).toContainText(e.expertise);
    await expect(slide(i).getByRole("img")).toHaveAttribute("src", `${e.img}?tr=w-256,h-256`);
  }

  await carousel.scrollIntoViewIfNeeded();
  await expect(status).toHaveText(`Expert 1 of ${n}: ${first.name}`);
  await expect(slide(0)).toBeInViewport({ ratio: 0.9 });

  await next.click();
  await expect(status).toHaveText(`Expert 2 of ${n}: ${second.name}`);
  await expect(slide(1)).toBeInViewport({ ratio: 0.9 });
  await expect(slide(0)).not.toBeInViewport();

  await previous.click();
  await expect(status).toHaveText(`Expert 1 of ${n}: ${first.name}`);
  await expect(slide(0)).toBeInViewport({ ratio: 0.9 });

  // From the first, previous wraps to the last ...
  await previous.click();
  await expect(status).toHaveText(`Expert ${n} of ${n}: ${last.name}`);
  await expect(slide(n - 1)).toBeInViewport({ ratio: 0.9 });

  // ... and from the last, next wraps to the first.
  await next.click();
  await expect(status).toHaveText(`Expert 1 of ${n}: ${first.name}`);
  await expect(slide(0)).toBeInViewport({ ratio: 0.9 });
  await expect(slide(n - 1)).not.toBeInViewport();
});

test("the about page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/about");
  await hydrated(page);
  await expectAccessible(page);
});
