// /about (spec public-area §2 "Home/about page content", §9 counters). Content comes from the API, not
// from the seed's names.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Expert, Hero } from "../../contract/content.ts";
import { classifyVideoUrl } from "../../contract/video-embed.ts";
import { HERO_DEFAULTS } from "../../app/components/about/hero-defaults.ts";
import { createAccount, signInByApi } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("the hero shows the banner's title, subtitle and button", async ({ page, request }) => {
  // (read again until page and API agree: the hero video test below saves a hero of its own for a moment)
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

/** Saves the hero as an admin (PUT /backend/api/hero); `null` blanks it (DELETE): the page's defaults again. */
async function saveHero(request: APIRequestContext, token: string, hero: Hero | null) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = hero
    ? await request.put("/backend/api/hero", { headers, data: hero })
    : await request.delete("/backend/api/hero", { headers });
  expect(res.status(), `${hero ? "PUT" : "DELETE"} /backend/api/hero: ${await res.text()}`).toBe(200);
}

/** Requests to YouTube or Vimeo, answered with an empty page (the test machine may be offline). */
async function countPlayerRequests(page: Page) {
  const urls: string[] = [];
  await page.route(
    /^https:\/\/(www\.youtube(-nocookie)?\.com|youtube\.com|player\.vimeo\.com|i\.ytimg\.com)\//,
    (route) => {
      urls.push(route.request().url());
      return route.fulfill({ status: 204 });
    },
  );
  return urls;
}

test("@desktop the hero's video: a YouTube link is a play button that opens the player, a file plays behind", async ({
  browser,
  page,
  request,
  dataDir,
}) => {
  // (an admin, three page loads, an accessibility check and a second browser context)
  test.setTimeout(90_000);
  const admin = await createAccount(request, dataDir, { admin: true });
  const { token } = await signInByApi(request, admin);
  const hero: Hero = {
    title: "Skills that pay, taught by people who use them",
    subtitle: "Watch a day at the academy.",
    videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    buttonText: "See the courses",
    buttonLink: "/courses",
  };
  const player = await countPlayerRequests(page);
  // the MP4 below: answered empty, so that no missing file is reported (what is tested is the element)
  await page.route("**/media/uploads/e2e-hero.mp4", (route) =>
    route.fulfill({ status: 204, headers: { "Content-Type": "video/mp4" } }),
  );
  try {
    await saveHero(request, token, hero);
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero.title);
    await hydrated(page);
    const watch = page.getByRole("button", { name: "Watch our video" });
    await expect(watch).toBeVisible();
    // nothing from YouTube until it is pressed, and no background video
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.locator("video")).toHaveCount(0);
    expect(player).toEqual([]);

    await watch.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Video: ${hero.title}` });
    const frame = dialog.locator("iframe");
    await expect(frame).toHaveAttribute("src", "https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1");
    await expect(frame).toHaveAttribute("title", `Video: ${hero.title}`);
    await expect(frame).toHaveAttribute("allow", /autoplay.*fullscreen/);
    await expect(frame).toHaveAttribute("loading", "eager");
    // 16:9, like the player
    const box = (await frame.boundingBox())!;
    expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThan(1.5);
    await expect.poll(() => player.length).toBeGreaterThan(0);
    expect(player[0]).toMatch(/^https:\/\/www\.youtube\.com\/embed\/dQw4w9WgXcQ\?autoplay=1/);
    await expectAccessible(page);
    // the focus on Close, the player one Tab away; Escape closes it (and stops the video: the frame
    // goes), the focus back on the button
    const close = dialog.getByRole("button", { name: "Close" });
    await expect(close).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(frame).toBeFocused();
    await close.focus();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(watch).toBeFocused();

    await saveHero(request, token, { ...hero, videoUrl: "/media/uploads/e2e-hero.mp4" });
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero.title);
    const video = page.locator("video");
    await expect(video).toHaveAttribute("src", "/media/uploads/e2e-hero.mp4");
    for (const attr of ["autoplay", "muted", "loop"]) await expect(video).toHaveAttribute(attr, "");
    await expect(page.getByRole("button", { name: "Watch our video" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Watch our video" })).toHaveCount(0);

    // Without JavaScript the play button is a link to the video's page (an unlisted Vimeo one here)
    await saveHero(request, token, { ...hero, videoUrl: "https://vimeo.com/76979871/abcdef12" });
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
    try {
      const plain = await noScript.newPage();
      await plain.goto("/about");
      await expect(plain.getByRole("link", { name: "Watch our video" })).toHaveAttribute(
        "href",
        "https://vimeo.com/76979871/abcdef12",
      );
      await expect(plain.locator("iframe")).toHaveCount(0);
    } finally {
      await noScript.close();
    }
  } finally {
    // the other tests expect the page's defaults
    await saveHero(request, token, null);
  }
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
