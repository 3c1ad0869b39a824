// Issue 29: titles are text (shown as typed, never as markup), and a post is edited by its author or an
// admin in the same editor: Edit on the post's page, the write page filled with the post, Save changes
// back to the same address; admins find posts at /admin/posts.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { AdminPage } from "./pages/admin.ts";
import { createAccount, signInByApi } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, holdScriptsBack, hydrated } from "./support/page.ts";
import { createPost } from "./support/posts.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

const TITLE = "Why <div> soup hurts: use <button>";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function ownPost(context: BrowserContext, request: APIRequestContext, dataDir: string, title = TITLE) {
  const account = await createAccount(request, dataDir);
  // (signed in in the browser; the `request` fixture stays signed out, to make other accounts)
  const { token } = await signInByApi(context, account);
  const post = await createPost(context.request, token, {
    title,
    desc: "Tom &amp; Jerry <img src=x onerror=alert(1)>",
    content: "<p>Teh first paragraph.</p>",
  });
  return { account, post };
}

async function noInjectedImage(page: Page) {
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: boolean }).__xss)).toBeUndefined();
}

// Behaviour alone, the same at every width: desktop only (docs/tests.md).
test.describe("titles are text @desktop", () => {
  test("the issue's title and an XSS payload are shown as typed, in the page and its <title>", async ({
    page,
    context,
    request,
    dataDir,
  }) => {
    const { post } = await ownPost(context, request, dataDir);
    await page.goto(`/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    await expect(page.getByText("Tom &amp; Jerry <img src=x onerror=alert(1)>")).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${TITLE.replace(/[<>]/g, ".")} \\|`));
    await noInjectedImage(page);
    // and in the lists
    await page.goto(`/posts?search=${encodeURIComponent("soup hurts")}`);
    await expect(page.getByRole("link", { name: TITLE }).first()).toBeVisible();
    await noInjectedImage(page);
  });
});

test.describe("editing a post @desktop", () => {
  test("the author: Edit opens the editor filled with the post; Save changes keeps the address", async ({
    page,
    context,
    request,
    dataDir,
  }) => {
    const { post } = await ownPost(context, request, dataDir, `Typo post ${unique()}`);
    await page.goto(`/${post.slug}`);
    await hydrated(page);
    await page.getByTestId("post-edit").click();
    await expect(page).toHaveURL(new RegExp(`/write\\?edit=${post._id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit a post");
    const title = page.getByLabel("Title");
    await expect(title).toHaveValue(/^Typo post /);
    await expect(page.getByText("Teh first paragraph.")).toBeVisible();
    await title.fill(TITLE);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/${post.slug}$`));
    await expect(page.getByText("Post has been updated")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    await noInjectedImage(page);
  });

  test("another user sees no Edit, and the editor answers 403 for them", async ({
    page,
    context,
    request,
    dataDir,
    consoleErrors,
  }) => {
    const { post } = await ownPost(context, request, dataDir, `Not yours ${unique()}`);
    await context.clearCookies();
    const other = await createAccount(request, dataDir);
    await signInByApi(context, other);
    await page.goto(`/${post.slug}`);
    await expect(page.getByTestId("post-actions")).toBeVisible();
    await expect(page.getByTestId("post-edit")).toHaveCount(0);
    const res = await page.goto(`/write?edit=${post._id}`);
    expect(res?.status()).toBe(403);
    await expect(page.getByText("Only the post's author or an admin may edit it")).toBeVisible();
    // the browser reports the 403 it was answered: expected here
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 403/.test(e)));
  });

  test("an admin finds the post at /admin/posts by a word of its title and edits it there", async ({
    page,
    context,
    request,
    dataDir,
  }) => {
    const word = `findme${unique()}`;
    const { post } = await ownPost(context, request, dataDir, `Admin edit ${word}`);
    await context.clearCookies();
    const admin = await createAccount(request, dataDir, { admin: true });
    await signInByApi(context, admin);
    await page.goto("/admin");
    await new AdminPage(page).openFromNav("Posts", "/admin/posts");
    await page.getByLabel("Title").fill(word);
    await page.getByLabel("Title").press("Enter");
    await expect(page).toHaveURL(new RegExp(`search=${word}`));
    await expect(page.getByRole("heading", { name: "1 post matches these filters" })).toBeVisible();
    await page.getByRole("link", { name: `Edit the post Admin edit ${word}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/write\\?edit=${post._id}$`));
    await expect(page.getByLabel("Title")).toHaveValue(`Admin edit ${word}`);
    await page.getByLabel("Short description").fill("Checked by an admin.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/${post.slug}$`));
    await expect(page.getByText("Checked by an admin.")).toBeVisible();
  });
});

test("what the author types before the page's scripts arrive (a slow phone) is kept when they do @desktop", async ({
  page,
  context,
  request,
  dataDir,
}) => {
  const { post } = await ownPost(context, request, dataDir, `Slow phone ${unique()}`);
  // the page's scripts wait until the fields are typed into
  const scripts = await holdScriptsBack(page);
  await page.goto(`/write?edit=${post._id}`, { waitUntil: "commit" });
  await page.getByLabel("Title").fill("Typed before the scripts");
  await page.getByLabel("Short description").fill("Also typed early.");
  scripts.release();
  await hydrated(page);
  await expect(page.getByText("Teh first paragraph.")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Typed before the scripts");
  await expect(page.getByLabel("Short description")).toHaveValue("Also typed early.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/${post.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Typed before the scripts");
  await expect(page.getByText("Also typed early.")).toBeVisible();
});

test("Save changes pressed while the page hydrates saves the post (the form is not made again under the press) @desktop", async ({
  page,
  context,
  request,
  dataDir,
}) => {
  const { post } = await ownPost(context, request, dataDir, `Quick save ${unique()}`);
  // A slower phone: the page's hydration runs in several slices, with the browser's tasks between them...
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 3 });
  // ...and Save pressed in one of them: once React has started hydrating (some of the page's elements are
  // its own) and before it is done (the header's menu button is there once it is). The press makes React
  // finish hydrating at once; then the browser submits the form the button belongs to.
  await page.addInitScript(() => {
    const reacts = (el: Element) => Object.keys(el).some((k) => k.startsWith("__reactFiber"));
    const press = () => {
      const save = [...document.querySelectorAll("button")].find((b) => b.textContent === "Save changes");
      if (save && [...document.body.querySelectorAll("*")].some(reacts)) {
        const during = document.querySelector('button[aria-controls="mobile-menu"]') === null;
        (window as unknown as { pressedDuringHydration?: boolean }).pressedDuringHydration = during;
        save.click();
        return;
      }
      const next = new MessageChannel();
      next.port1.onmessage = press;
      next.port2.postMessage(null);
    };
    // from the moment React listens on the page (its first act, before it hydrates)
    const listen = EventTarget.prototype.addEventListener;
    let started = false;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<typeof listen>) {
      listen.apply(this, args);
      if (!started && this === document && Object.keys(document).some((k) => k.startsWith("_reactListening"))) {
        started = true;
        press();
      }
    };
  });
  const scripts = await holdScriptsBack(page);
  await page.goto(`/write?edit=${post._id}`, { waitUntil: "commit" });
  await page.getByLabel("Short description").fill("Saved as the page woke up.");
  scripts.release();
  // (the press happened in the race, not before or after it: else this test proves nothing)
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { pressedDuringHydration?: boolean }).pressedDuringHydration))
    .toBe(true);
  await expect(page).toHaveURL(new RegExp(`/${post.slug}$`));
  await expect(page.getByText("Saved as the page woke up.")).toBeVisible();
});
