// Writing limits as a reader meets them (issue 15 "No limit on writing"): once a signed-in reader has
// sent COMMENT_RATE_LIMIT comments in a minute (10 on the test server, playwright.config.ts), the
// comment form's answer says how long to wait, as a toast with JavaScript and as the notice under the
// form without it, and keeps what was typed. The comments before are sent through the API, which shares
// the count with the page.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type { PostListItem } from "../../contract/blog/blog.ts";
import { createAccount, signInByApi } from "./support/accounts.ts";
import { allowConsoleErrors, expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

/** COMMENT_RATE_LIMIT of the test server */
const COMMENTS_A_MINUTE = 10;
const TOO_FAST = /^You are commenting too fast\. Please wait \d+ seconds? and try again\.$/;

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

async function seededPost(request: APIRequestContext): Promise<PostListItem> {
  const res = await request.get("/backend/posts?sort=oldest&limit=20");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { posts: PostListItem[] }).posts[5]!;
}

/** A fresh signed-in reader who has used up this minute's comments through the API. */
async function readerOutOfComments(
  context: BrowserContext,
  request: APIRequestContext,
  dataDir: string,
  postId: string,
) {
  const account = await createAccount(request, dataDir);
  await signInByApi(context, account);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  // all at once: the count is one conditional statement per call, so none slips through
  const sent = await Promise.all(
    Array.from({ length: COMMENTS_A_MINUTE }, (_, i) =>
      context.request.post(`/backend/comments/${postId}`, {
        headers: { origin },
        data: { desc: `limit test ${i} ${Date.now().toString(36)}` },
      }),
    ),
  );
  expect(sent.map((res) => res.status())).toEqual(Array(COMMENTS_A_MINUTE).fill(201));
  const over = await context.request.post(`/backend/comments/${postId}`, {
    headers: { origin },
    data: { desc: "one more" },
  });
  expect(over.status()).toBe(429);
  expect(Number(over.headers()["retry-after"])).toBeGreaterThan(0);
}

/** The browser logs the 429 answer as an error (sometimes after the page shows it): expected here. */
async function expectLogged429(consoleErrors: string[]) {
  await expect.poll(() => consoleErrors.some((e) => /status of 429/.test(e))).toBe(true);
  allowConsoleErrors(consoleErrors, /status of 429/);
}

async function sendComment(page: Page, text: string) {
  await page.getByLabel("Write a comment").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

test.describe("the comment form over the limit @desktop", () => {
  test("with JavaScript: a toast says how long to wait; the text stays in the form", async ({
    page,
    context,
    request,
    dataDir,
    consoleErrors,
  }) => {
    const post = await seededPost(request);
    await readerOutOfComments(context, request, dataDir, post._id);
    await page.goto(`/${post.slug}`);
    await hydrated(page);
    const text = `Wait for me ${Date.now().toString(36)}`;
    await sendComment(page, text);
    const toast = page.getByRole("alert").filter({ hasText: TOO_FAST });
    await expect(toast.first()).toBeVisible();
    await expect(page.getByLabel("Write a comment")).toHaveValue(text);
    await expect(page.getByTestId("comment").filter({ hasText: text })).toHaveCount(0);
    await expectLogged429(consoleErrors);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the page comes back with 429, the message under the form and the text kept", async ({
      page,
      context,
      request,
      dataDir,
      consoleErrors,
    }) => {
      const post = await seededPost(request);
      await readerOutOfComments(context, request, dataDir, post._id);
      await page.goto(`/${post.slug}`);
      const text = `Plain and patient ${Date.now().toString(36)}`;
      const answered = page.waitForResponse((r) => r.request().method() === "POST");
      await sendComment(page, text);
      const response = await answered;
      expect(response.status()).toBe(429);
      expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
      const notice = page.getByRole("main").getByRole("alert").filter({ hasText: TOO_FAST });
      await expect(notice).toBeVisible();
      await expect(page.getByLabel("Write a comment")).toHaveValue(text);
      await expect(page.getByTestId("comment").filter({ hasText: text })).toHaveCount(0);
      await expectLogged429(consoleErrors);
    });
  });
});
