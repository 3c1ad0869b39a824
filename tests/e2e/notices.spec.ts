// Messages a user notices (issue 15; spec public-area §4 "Toasts auto-close after 5000 ms at top right",
// §8 'Comment deleted successfully'): toasts stand below the header, never over the user menu or the
// Menu button; without JavaScript deleting a comment says it was deleted.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Comment, PostListItem } from "../../contract/blog/blog.ts";
import { createAccount, signInByApi } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

async function seededPost(request: APIRequestContext): Promise<PostListItem> {
  const res = await request.get("/backend/posts?sort=oldest&limit=20");
  expect(res.ok()).toBe(true);
  const { posts } = (await res.json()) as { posts: PostListItem[] };
  return posts[4]!;
}

/** Whether the element is what a click at its centre reaches (nothing lies over it). */
async function reachable(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && el.contains(top);
  }, selector);
}

test("a toast stands below the header: the user menu and the Menu button stay in reach", async ({
  page,
  request,
  dataDir,
  isMobile,
}) => {
  const account = await createAccount(request, dataDir);
  await signInByApi(page.context(), account);
  const post = await seededPost(request);
  await page.goto(`/${post.slug}`);
  await hydrated(page);
  // an empty comment: the server's refusal comes back as a toast (nothing is stored)
  await page.getByRole("button", { name: "Send" }).click();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute("data-mounted", "true");

  const control = isMobile ? 'button[aria-controls="mobile-menu"]' : 'button[aria-controls="user-menu"]';
  const header = (await page.locator("header").boundingBox())!;
  // (polled: the toast slides in from above)
  await expect
    .poll(async () => (await toast.boundingBox())!.y, { message: "the toast's top, below the header" })
    .toBeGreaterThanOrEqual(header.y + header.height);
  expect(await reachable(page, control)).toBe(true);
  await page.locator(control).click();
  await expect(page.locator(control)).toHaveAttribute("aria-expanded", "true");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("deleting one's comment says 'Comment deleted successfully' where the page opens @desktop", async ({
    page,
    context,
    request,
    dataDir,
  }) => {
    const account = await createAccount(request, dataDir);
    await signInByApi(context, account);
    const post = await seededPost(request);
    const text = `A comment to delete ${Date.now().toString(36)}`;
    const res = await context.request.post(`/backend/comments/${post._id}`, {
      headers: { origin: new URL(test.info().project.use.baseURL!).origin },
      data: { desc: text },
    });
    expect(res.status()).toBe(201);
    expect(((await res.json()) as Comment).user.username).toBe(account.username);

    await page.goto(`/${post.slug}`);
    const comment = page.getByTestId("comment").filter({ hasText: text });
    await comment.getByRole("button", { name: /Delete/ }).click();
    const notice = page.getByRole("main").getByRole("status").filter({ hasText: "Comment deleted successfully" });
    await expect(notice).toBeVisible();
    await expect(notice).toBeInViewport();
    await expect(page.getByTestId("comment").filter({ hasText: text })).toHaveCount(0);
  });
});
