// Writing for every signed-in user (admin-back-office §1 "Signed-in users may write blog posts"; issue 15;
// decision 023): a plain user finds "Write a post" in the user menu (the mobile menu on phones) and on
// /blog, and writes at /write, a page without the admin navigation; /admin/write, the spec's address,
// still serves the page; signed out, /blog's entry leads to sign-in and back.
import type { Page } from "@playwright/test";
import { expectAccessible } from "./support/a11y.ts";
import { createAccount, signIn, signInByApi } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

/** The write page, ready: its heading, an editable editor and no admin navigation. */
async function expectWritePage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Write a post" })).toBeVisible();
  const editor = page.getByRole("textbox", { name: "Post" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
}

test("a plain user writes from the user menu: /write, without the admin navigation @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  const account = await createAccount(request, dataDir);
  await signInByApi(page.context(), account);
  await page.goto("/posts");
  await hydrated(page);
  await page.getByRole("button", { name: `Account menu for ${account.username}` }).click();
  const menu = page.locator("#user-menu");
  await expect(menu.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await menu.getByRole("link", { name: "Write a post" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/write");
  await expectWritePage(page);
  await expect(page).toHaveTitle("Write a post | TechAfrica");
  await expectAccessible(page);

  // the spec's address serves the same page, also without the admin navigation
  await page.goto("/admin/write");
  await hydrated(page);
  await expectWritePage(page);
});

test("a plain user finds 'Write a post' in the mobile menu @mobile", async ({ page, request, dataDir }) => {
  const account = await createAccount(request, dataDir);
  await signInByApi(page.context(), account);
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" }).getByTestId("mobile-account");
  await menu.getByRole("link", { name: "Write a post" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/write");
  await expectWritePage(page);
});

test("/blog: 'Write a post' opens /write when signed in; signed out it goes to sign-in and back @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  const account = await createAccount(request, dataDir);
  await page.goto("/blog");
  const entry = page.getByRole("main").getByRole("link", { name: "Write a post" });
  await expect(entry).toHaveAttribute("href", "/login?redirectTo=%2Fwrite");
  await entry.click();
  await signIn(page, account, { from: "current" });
  await expect(page).toHaveURL((url) => url.pathname === "/write");
  await hydrated(page);
  await expectWritePage(page);

  await page.goto("/blog");
  await page.getByRole("main").getByRole("link", { name: "Write a post" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/write");
  await hydrated(page);
  await expectWritePage(page);
});

test("an admin writes inside the admin frame at /admin/write, and on the site's page at /write @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  await signInByApi(page.context(), admin);
  await page.goto("/admin/write");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Write a post" })).toHaveAttribute("aria-current", "page");
  await page.goto("/write");
  await hydrated(page);
  await expectWritePage(page);
});
