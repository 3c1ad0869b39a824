// The about page's hero video (spec public-area §2 "Home/about page content"; decision on video links):
// it saves heroes of its own, so it runs with the other content writes, after the pages that read the
// about page (playwright.config.ts CONTENT_WRITES: a page loaded meanwhile asked for its video file).
import type { APIRequestContext } from "@playwright/test";
import type { Hero } from "../../contract/content/content.ts";
import { createAccount, signInByApi } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, countPlayerRequests, hydrated } from "./support/page.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

/** Saves the hero as an admin (PUT /backend/api/hero); `null` blanks it (DELETE): the page's defaults again. */
async function saveHero(request: APIRequestContext, token: string, hero: Hero | null) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = hero
    ? await request.put("/backend/api/hero", { headers, data: hero })
    : await request.delete("/backend/api/hero", { headers });
  expect(res.status(), `${hero ? "PUT" : "DELETE"} /backend/api/hero: ${await res.text()}`).toBe(200);
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
