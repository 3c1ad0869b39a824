// /admin/write (admin-back-office §2 "Write post", §4 "Post creation", §5, §8 "Authoring"; issue 10
// "Writing"): a signed-in user writes a post with an uploaded cover, an inline image (the progress bar
// shows, the editor is read-only and Send disabled while the upload runs; then its alt text, required:
// decision 027) and a YouTube embed, sends it and lands on the post (the player behind its play
// button); Send refusing an uploaded picture without alt text; an uploaded video (progress, read-only,
// a refusal that says why, the <video> in the post, served in parts); the required-field message; Send
// as a post to the page's action ('Loading...' meanwhile; a refusal of the server in the page and as a
// toast, the draft kept; the same form without JavaScript); the draft surviving a reload; the
// signed-out text.
import type { Page, Route } from "@playwright/test";
import { toastOf } from "./pages/admin.ts";
import { createAccount, signInByApi, TINY_PNG, type Account } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { allowConsoleErrors, expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";
import { AUTHORING_MESSAGES } from "../../contract/blog/post-authoring-texts.ts";

const VIDEO_ID = "dQw4w9WgXcQ";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
  // the player is not what is tested (and the test machine may be offline)
  await page.route(/^https:\/\/(www\.youtube\.com|player\.vimeo\.com)\//, (route) =>
    // 204: the frame stays an empty document of the page's own (axe looks into frames)
    route.fulfill({ status: 204 }),
  );
});

async function signedIn(page: Page, request: Parameters<typeof createAccount>[0], dataDir: string): Promise<Account> {
  const account = await createAccount(request, dataDir);
  await signInByApi(page.context(), account);
  return account;
}

async function openWriter(page: Page) {
  await page.goto("/admin/write");
  await hydrated(page);
  const editor = page.getByRole("textbox", { name: "Post" });
  await expect(editor).toBeVisible();
  await expect(editor).toHaveAttribute("contenteditable", "true");
  return editor;
}

test("writes a post with an uploaded cover, an inline image and a YouTube embed @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  // two uploads, a post and three page loads: more than the default 30 s on a busy machine
  test.setTimeout(90_000);
  await signedIn(page, request, dataDir);
  const editor = await openWriter(page);
  const main = page.getByRole("main");
  const send = main.getByRole("button", { name: "Send" });
  const title = `Shipping a design system ${Date.now().toString(36)}`;

  // the cover: uploaded, then previewed
  await main.getByLabel("Add a cover image").setInputFiles({ ...TINY_PNG, name: "cover.png" });
  await expect(main.getByRole("img", { name: "Cover preview" })).toBeVisible();

  await main.getByLabel("Title").fill(title);
  const category = main.getByLabel("Category");
  const firstCategory = (await category.locator("option").nth(1).textContent())!;
  await category.selectOption(firstCategory);
  await main.getByLabel("Short description").fill("How a small team built one.");

  await editor.click();
  await page.keyboard.type("Why it matters");
  await main.getByRole("button", { name: "Heading 2" }).click();
  await expect(main.getByRole("button", { name: "Heading 2" })).toHaveAttribute("aria-pressed", "true");
  // (a toolbar button gives the focus back to the editor a frame later: keys pressed before that are lost)
  await expect(editor).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("One set of parts ");
  const bold = main.getByRole("button", { name: "Bold" });
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await expect(editor).toBeFocused();
  await page.keyboard.type("for every screen");
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "false");
  await expect(editor).toBeFocused();
  await page.keyboard.type(". Write to team@example.com");
  // a link on the e-mail address: selected, then Link with nothing typed → mailto:
  await page.keyboard.down("Shift");
  for (let i = 0; i < "team@example.com".length; i++) await page.keyboard.press("ArrowLeft");
  await page.keyboard.up("Shift");
  await main.getByRole("button", { name: "Link" }).click();
  await main.getByRole("button", { name: "Apply link" }).click();
  await expect(editor.locator('a[href="mailto:team@example.com"]')).toHaveText("team@example.com");
  // (Tiptap gives focus back to the editor a frame later, with the linked text selected again: wait
  // for it, or the End is lost and the Enter replaces the link)
  await expect(editor).toBeFocused();
  const selected = () => page.evaluate(() => window.getSelection()?.toString() ?? "");
  await expect.poll(selected).toBe("team@example.com");
  // The editor takes a moved cursor into its own state a little after the browser moved it (the
  // selectionchange event): Enter pressed before that would act on the old selection, the link text.
  const frames = () =>
    page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await frames();
  await page.keyboard.press("End");
  await expect.poll(selected).toBe("");
  await frames();
  await page.keyboard.press("Enter");
  await expect(editor.locator('a[href="mailto:team@example.com"]')).toHaveText("team@example.com");

  // the inline image: the upload is held back so that its state can be watched
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/backend/api/v1/files/upload", async (route: Route) => {
    await held;
    await route.continue();
  });
  await main.getByLabel("Upload image").setInputFiles({ ...TINY_PNG, name: "inline.png" });
  const progress = main.getByRole("progressbar", { name: /Uploading the image/ });
  await expect(progress).toBeVisible();
  const value = Number(await progress.getAttribute("value"));
  expect(value).toBeGreaterThanOrEqual(0);
  expect(value).toBeLessThanOrEqual(100);
  await expect(editor).toHaveAttribute("contenteditable", "false");
  await expect(send).toBeDisabled();
  await expect(main.getByRole("button", { name: "Bold" })).toBeDisabled();
  release();
  await expect(progress).toBeHidden();
  await expect(editor.locator('img[src^="/media/uploads/"]')).toHaveCount(1);
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await expect(send).toBeEnabled();
  await page.unroute("**/backend/api/v1/files/upload");
  // then its alt text, asked at once (decision 027): required
  const alt = main.getByLabel("Alt text: describe the picture");
  await expect(alt).toBeFocused();
  await main.getByRole("button", { name: "Save alt text" }).click();
  await expect(main.getByText(AUTHORING_MESSAGES.altEmpty)).toBeVisible();
  await alt.fill("A diagram of the design system");
  await alt.press("Enter");
  await expect(alt).toBeHidden();
  await expect(editor.locator('img[src^="/media/uploads/"]')).toHaveAttribute("alt", "A diagram of the design system");
  await expect(editor).toBeFocused();

  // the video: a watch link becomes the player
  await main.getByRole("button", { name: "Video" }).click();
  await main.getByLabel("Video link (YouTube or Vimeo)").fill(`https://www.youtube.com/watch?v=${VIDEO_ID}`);
  await main.getByRole("button", { name: "Insert video" }).click();
  await expect(editor.locator(`iframe[src="https://www.youtube.com/embed/${VIDEO_ID}"]`)).toHaveCount(1);

  await expectAccessible(page, { skipFrames: true });

  await send.click();
  await expect(page.getByText("Post has been created")).toBeVisible();
  const slug = title.toLowerCase().replace(/ /g, "-");
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const body = page.locator(".post-body");
  await expect(body.getByRole("heading", { level: 2, name: "Why it matters" })).toBeVisible();
  await expect(body.locator("strong")).toHaveText("for every screen");
  await expect(body.locator('a[href="mailto:team@example.com"]')).toBeVisible();
  // (a 1×1 picture, smaller than every size /media makes: shown as its file, with its size)
  const picture = body.getByRole("img", { name: "A diagram of the design system" });
  await expect(picture).toHaveAttribute("src", /^\/media\/uploads\/[a-z0-9]+\.png$/);
  await expect(picture).toHaveAttribute("width", "1");
  // the player waits behind its play button until the reader asks for it (decision 027)
  await expect(body.locator("iframe")).toHaveCount(0);
  await body.getByRole("link", { name: "Play video: Embedded video" }).click();
  await expect(body.locator(`iframe[src="https://www.youtube.com/embed/${VIDEO_ID}?autoplay=1"]`)).toHaveCount(1);

  // sent: the draft is gone
  await page.goto("/admin/write");
  await hydrated(page);
  await expect(page.getByLabel("Title")).toHaveValue("");
});

/** A small MP4 the upload endpoint takes (an `ftyp` box first), then 2000 bytes of an `mdat`. */
function tinyMp4(): Buffer {
  const bytes = Buffer.alloc(2024);
  Buffer.from([0, 0, 0, 16, ...Buffer.from("ftypisom"), 0, 0, 2, 0, 0, 0, 0x07, 0xd8, ...Buffer.from("mdat")]).copy(
    bytes,
  );
  for (let i = 24; i < bytes.length; i++) bytes[i] = i % 251;
  return bytes;
}

test("uploads a video into a post: progress, read-only while it runs, a <video> with controls in the post, served in parts @desktop", async ({
  page,
  request,
  dataDir,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await signedIn(page, request, dataDir);
  const editor = await openWriter(page);
  const main = page.getByRole("main");
  const send = main.getByRole("button", { name: "Send" });
  const title = `A clip of the studio ${Date.now().toString(36)}`;
  await main.getByLabel("Title").fill(title);
  await editor.click();
  await page.keyboard.type("Our studio in ten seconds:");
  await page.keyboard.press("Enter");

  // a file that is not a video: refused with the server's reason, the draft untouched
  await main.getByRole("button", { name: "Video" }).click();
  await main
    .getByLabel("Upload a video")
    .setInputFiles({ name: "fake.mp4", mimeType: "video/mp4", buffer: Buffer.from("not a video at all") });
  await expect(main.getByText(/Video upload failed! Only images .* and videos \(MP4, WebM\)/)).toBeVisible();
  allowConsoleErrors(consoleErrors, /422|Unprocessable/);
  await expect(editor).toContainText("Our studio in ten seconds:");
  await expect(editor).toHaveAttribute("contenteditable", "true");

  // the real one, held back so that the upload's state can be watched
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/backend/api/v1/files/upload", async (route: Route) => {
    await held;
    await route.continue();
  });
  await main
    .getByLabel("Upload a video")
    .setInputFiles({ name: "studio.mp4", mimeType: "video/mp4", buffer: tinyMp4() });
  const progress = main.getByRole("progressbar", { name: /Uploading the video/ });
  await expect(progress).toBeVisible();
  const value = Number(await progress.getAttribute("value"));
  expect(value).toBeGreaterThanOrEqual(0);
  expect(value).toBeLessThanOrEqual(100);
  await expect(editor).toHaveAttribute("contenteditable", "false");
  await expect(send).toBeDisabled();
  await expect(main.getByLabel("Upload a video")).toBeDisabled();
  release();
  await expect(progress).toBeHidden();
  const inEditor = editor.locator('video[src^="/media/uploads/"]');
  await expect(inEditor).toHaveCount(1);
  await expect(inEditor).toHaveAttribute("controls", "");
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await expect(send).toBeEnabled();
  await page.unroute("**/backend/api/v1/files/upload");

  await send.click();
  await expect(page.getByText("Post has been created")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const video = page.locator(".post-body video");
  await expect(video).toHaveCount(1);
  await expect(video).toHaveAttribute("controls", "");
  const src = (await video.getAttribute("src"))!;
  expect(src).toMatch(/^\/media\/uploads\/[a-z0-9]+\.mp4$/);

  // the stored video is served in parts, for seeking
  const part = await request.get(src, { headers: { Range: "bytes=100-199" } });
  expect(part.status()).toBe(206);
  expect(part.headers()["content-type"]).toBe("video/mp4");
  expect(part.headers()["content-range"]).toBe("bytes 100-199/2024");
  expect(Buffer.from(await part.body()).equals(tinyMp4().subarray(100, 200))).toBe(true);
});

test("Send without a title or a body says 'Title and content are required!'; a refused upload says why and keeps the draft @desktop", async ({
  page,
  request,
  dataDir,
  consoleErrors,
}) => {
  await signedIn(page, request, dataDir);
  const editor = await openWriter(page);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Send" }).click();
  await expect(main.getByText("Title and content are required!")).toBeVisible();
  await main.getByLabel("Title").fill("Only a title");
  await main.getByRole("button", { name: "Send" }).click();
  await expect(main.getByText("Title and content are required!")).toBeVisible();
  await expect(editor).toHaveAttribute("aria-invalid", "true");

  await editor.click();
  await page.keyboard.type("A body that stays.");
  // a file that only claims to be a picture: refused by the server, with its reason
  await main
    .getByLabel("Upload image")
    .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not a png") });
  await expect(main.getByText(/Image upload failed! .*images/i)).toBeVisible();
  allowConsoleErrors(consoleErrors, /422|Unprocessable/);
  await expect(editor).toHaveText("A body that stays.");
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await expect(main.getByLabel("Title")).toHaveValue("Only a title");
});

test("Send posts to the page's action: 'Loading...' meanwhile; the server's refusal in the page and as a toast, the draft kept @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  await signedIn(page, request, dataDir);
  // a category that is removed while the post is written: only the server can refuse that
  const admin = await createAccount(request, dataDir, { admin: true });
  const headers = { Authorization: `Bearer ${(await signInByApi(request, admin)).token}` };
  const category = `Short-lived ${Date.now().toString(36)}`;
  const added = await request.post("/backend/posts/category", { headers, data: { name: category } });
  expect(added.status(), await added.text()).toBe(201);

  const editor = await openWriter(page);
  const main = page.getByRole("main");
  const send = main.getByRole("button", { name: "Send" });
  const title = `Written for a category that went ${Date.now().toString(36)}`;
  await main.getByLabel("Title").fill(title);
  await main.getByLabel("Category").selectOption(category);
  await editor.click();
  await page.keyboard.type("A body that stays.");
  const removed = await request.delete(`/backend/posts/category/${encodeURIComponent(category)}`, { headers });
  expect(removed.ok(), await removed.text()).toBe(true);

  // the form post to the page (/admin/write.data), held back so that 'Loading...' can be seen
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/write.data*", async (route: Route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await send.click();
  const loading = main.getByRole("button", { name: "Loading..." });
  await expect(loading).toBeDisabled();
  release();
  const refusal = `Failed to create post: "${category}" is not one of the categories`;
  await expect(main.getByRole("alert").filter({ hasText: refusal })).toBeVisible();
  await expect(toastOf(page, refusal)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/write$/);
  await expect(send).toBeEnabled();
  await expect(main.getByLabel("Title")).toHaveValue(title);
  await expect(editor).toHaveText("A body that stays.");
  await page.unroute("**/admin/write.data*");

  // the draft is still kept (saved once the typing has settled: waited for in the browser's storage)
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith("academy.post-draft."))
          .map((k) => localStorage.getItem(k) ?? "")
          .join(""),
      ),
    )
    .toContain("A body that stays.");
  await page.reload();
  await expect(await openWriter(page)).toHaveText("A body that stays.");
  await expect(main.getByLabel("Title")).toHaveValue(title);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Send posts the form as it is, and the answer comes back in the page (the editor itself needs JavaScript) @desktop", async ({
    page,
    request,
    dataDir,
  }) => {
    await signedIn(page, request, dataDir);
    await page.goto("/write");
    const main = page.getByRole("main");
    await main.getByLabel("Title").fill("A title without a body");
    const answered = page.waitForResponse((r) => r.request().method() === "POST");
    await main.getByRole("button", { name: "Send" }).click();
    expect((await answered).status()).toBe(200);
    await expect(main.getByRole("alert").filter({ hasText: "Title and content are required!" })).toBeVisible();
    await expect(page).toHaveURL(/\/write$/);
  });
});

test("Send refuses an uploaded picture without alt text and says where to give it @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  await signedIn(page, request, dataDir);
  const editor = await openWriter(page);
  const main = page.getByRole("main");
  await main.getByLabel("Title").fill(`A picture without words ${Date.now().toString(36)}`);
  await editor.click();
  await page.keyboard.type("Before the picture.");
  await main.getByLabel("Upload image").setInputFiles({ ...TINY_PNG, name: "inline.png" });
  const alt = main.getByLabel("Alt text: describe the picture");
  await expect(alt).toBeFocused();
  // put off: the picture is marked, and Send refuses
  await alt.press("Escape");
  await expect(alt).toBeHidden();
  const picture = editor.locator('img[src^="/media/uploads/"]');
  await expect(picture).not.toHaveAttribute("alt", /./);
  await main.getByRole("button", { name: "Send" }).click();
  const refusal = `${AUTHORING_MESSAGES.altMissing} ${AUTHORING_MESSAGES.altHowTo}`;
  await expect(main.getByText(refusal)).toBeVisible();
  await expect(editor).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/admin\/write$/);

  // the picture selected, "Alt text" gives it one; then Send goes
  await picture.click();
  await main.getByRole("button", { name: "Alt text" }).click();
  await expect(alt).toBeFocused();
  await alt.fill("  Our logo,   in blue ");
  await main.getByRole("button", { name: "Save alt text" }).click();
  await expect(picture).toHaveAttribute("alt", "Our logo, in blue");
  await main.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Post has been created")).toBeVisible();
  await expect(page.locator(".post-body").getByRole("img", { name: "Our logo, in blue" })).toBeVisible();
});

test("the draft survives a reload until it is sent @desktop", async ({ page, request, dataDir }) => {
  await signedIn(page, request, dataDir);
  const editor = await openWriter(page);
  const main = page.getByRole("main");
  await main.getByLabel("Title").fill("A draft in progress");
  await main.getByLabel("Short description").fill("Not done yet");
  await editor.click();
  await page.keyboard.type("Half a thought");
  const italic = main.getByRole("button", { name: "Italic" });
  await italic.click();
  // (the editor has the focus back a frame after the toolbar's click: keys pressed before are lost)
  await expect(italic).toHaveAttribute("aria-pressed", "true");
  await expect(editor).toBeFocused();
  await page.keyboard.type(" and more");
  // the draft is written a moment after the last change: wait until it holds the last words
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith("academy.post-draft."))
          .map((k) => localStorage.getItem(k) ?? "")
          .join(""),
      ),
    )
    .toContain("and more</em>");

  await page.reload();
  const again = await openWriter(page);
  await expect(main.getByLabel("Title")).toHaveValue("A draft in progress");
  await expect(main.getByLabel("Short description")).toHaveValue("Not done yet");
  await expect(again).toContainText("Half a thought and more");
  await expect(again.locator("em")).toHaveText(" and more");
});

test("signed out: the spec's text and a sign-in link that comes back here", async ({ page }) => {
  await page.goto("/admin/write");
  const main = page.getByRole("main");
  await expect(main.getByText("You must be logged in to create a post!")).toBeVisible();
  await expect(main.getByText("Loading...")).toHaveCount(0);
  const link = main.getByRole("link", { name: "Sign in" });
  await expect(link).toHaveAttribute("href", /\/login\?redirectTo=%2Fadmin%2Fwrite/);
  await expectAccessible(page);
});
