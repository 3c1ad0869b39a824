// /admin/users: the accounts with search, and granting or revoking the admin role behind the step-up
// (spec public-area §6 "moderate" level; a test makes the session forget its password proof instead of
// waiting 60 minutes: forgetPasswordProof).
import type { Locator, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { DashboardPage, UsersPage } from "./pages/admin.ts";
import { createAccount, forgetPasswordProof, signIn, signInByApi, type Account } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

const WRONG_PASSWORD = "That password is not right. Please try again.";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

/** The status of /admin for `account`, asked with a session of its own. */
async function adminStatusFor(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  account: Account,
) {
  const api = await playwright.request.newContext({ baseURL });
  await signInByApi(api, account);
  const status = (await api.get("/admin", { maxRedirects: 0 })).status();
  await api.dispose();
  return status;
}

/** The header's account menu, opened (on phones it is part of the hamburger menu). */
async function openAccountMenu(page: Page, isMobile: boolean, username: string): Promise<Locator> {
  await hydrated(page);
  if (isMobile) {
    await page.getByRole("button", { name: "Menu" }).click();
    return page.getByRole("navigation", { name: "Mobile" });
  }
  await page.getByRole("button", { name: `Account menu for ${username}` }).click();
  return page.locator("#user-menu");
}

test("the list shows each account's username, e-mail, role, verification and joining date, and searches", async ({
  page,
  request,
  dataDir,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  const learner = await createAccount(request, dataDir);
  await signIn(page, admin);
  const users = new UsersPage(page);
  await users.goto();
  await users.search(learner.email);
  await expect(users.row(learner.email)).toHaveCount(1);
  await expect(users.row(learner.email)).toContainText(learner.username);
  await expect(users.rowField(learner.email, "Role")).toHaveText("user");
  await expect(users.rowField(learner.email, "Verified")).toHaveText(/^(yes|no)$/);
  await expect(users.rowField(learner.email, "Joined")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(users.grantButton(learner.username)).toBeVisible();
  await expect(page.getByRole("heading", { name: /1 account matches/ })).toBeVisible();
  await expectAccessible(page);

  await users.search(admin.username);
  await expect(users.rowField(admin.email, "Role")).toHaveText("admin");
  await users.search(`nobody-${Date.now()}`);
  await expect(page.getByText("No accounts found.")).toBeVisible();
});

test("granting admin after the step-up window asks for the password; a wrong one is refused, the right one applies the change @desktop", async ({
  page,
  request,
  dataDir,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const admin = await createAccount(request, dataDir, { admin: true });
  const learner = await createAccount(request, dataDir);
  await signIn(page, admin);
  expect(await adminStatusFor(playwright, baseURL, learner)).toBe(403);

  const users = new UsersPage(page);
  await users.goto(learner.email);
  await forgetPasswordProof(page.context());
  await users.grantButton(learner.username).click();

  const stepUp = users.stepUp;
  await expect(stepUp.prompt).toBeVisible();
  await expect(stepUp.section).toContainText(`grant the admin role to ${learner.username}`);
  await expect(stepUp.password).toBeFocused();
  await expectAccessible(page);

  await stepUp.password.fill("not-my-password-1");
  await stepUp.confirm.click();
  await expect(stepUp.error).toHaveText(WRONG_PASSWORD);
  await expect(stepUp.password).toHaveValue("");
  await expect(stepUp.password).toHaveAttribute("aria-invalid", "true");
  await expect(users.rowField(learner.email, "Role")).toHaveCount(0); // still the prompt, not the list

  await stepUp.password.fill(admin.password);
  await stepUp.confirm.click();
  await expect(users.status).toHaveText(`${learner.username} is now an admin.`);
  // back to the same list: the search is kept
  await expect(page).toHaveURL(
    (url) => url.pathname === "/admin/users" && url.searchParams.get("search") === learner.email,
  );
  await expect(users.rowField(learner.email, "Role")).toHaveText("admin");
  await expect(users.revokeButton(learner.username)).toBeVisible();
  expect(await adminStatusFor(playwright, baseURL, learner)).toBe(200);

  // Within the fresh window the next change needs no password.
  await users.revokeButton(learner.username).click();
  await expect(users.status).toHaveText(`${learner.username} is no longer an admin.`);
  await expect(users.rowField(learner.email, "Role")).toHaveText("user");
});

test("a user made admin sees the Admin link and opens /admin", async ({
  page,
  request,
  dataDir,
  browser,
  isMobile,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  const learner = await createAccount(request, dataDir);
  await signIn(page, learner);
  await page.goto("/about");
  let menu = await openAccountMenu(page, isMobile, learner.username);
  await expect(menu.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);

  // The admin, in a browser of their own and fresh from signing in (no prompt), grants the role.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signInByApi(adminContext, admin);
  const users = new UsersPage(await adminContext.newPage());
  await users.goto(learner.email);
  await users.grantButton(learner.username).click();
  await expect(users.status).toHaveText(`${learner.username} is now an admin.`);
  await adminContext.close();

  await page.reload();
  menu = await openAccountMenu(page, isMobile, learner.username);
  await menu.getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL("/admin");
  await expect(new DashboardPage(page).heading).toHaveText("Dashboard");
});

test("cancelling the prompt changes nothing @desktop", async ({ page, request, dataDir }) => {
  test.setTimeout(60_000);
  const admin = await createAccount(request, dataDir, { admin: true });
  const learner = await createAccount(request, dataDir);
  await signIn(page, admin);
  const users = new UsersPage(page);
  await users.goto(learner.email);
  await forgetPasswordProof(page.context());
  await users.grantButton(learner.username).click();
  await expect(users.stepUp.prompt).toBeVisible();
  await users.stepUp.cancel.click();
  await expect(users.rowField(learner.email, "Role")).toHaveText("user");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the step-up prompt is a server-rendered form that carries the change through @desktop", async ({
    page,
    request,
    dataDir,
  }) => {
    test.setTimeout(60_000);
    const admin = await createAccount(request, dataDir, { admin: true });
    const learner = await createAccount(request, dataDir);
    await signInByApi(page.context(), admin);
    const users = new UsersPage(page);
    await users.goto(learner.email);
    await forgetPasswordProof(page.context());
    await users.grantButton(learner.username).click();
    await expect(users.stepUp.prompt).toBeVisible();
    await users.stepUp.password.fill("not-my-password-1");
    await users.stepUp.confirm.click();
    await expect(users.stepUp.error).toHaveText(WRONG_PASSWORD);
    await users.stepUp.password.fill(admin.password);
    await users.stepUp.confirm.click();
    // the message the redirect left, at the top of the list it came back to (the search kept)
    await expect(users.status).toHaveText(`${learner.username} is now an admin.`);
    await expect(page).toHaveURL(
      (url) => url.pathname === "/admin/users" && url.searchParams.get("search") === learner.email,
    );
    await expect(users.rowField(learner.email, "Role")).toHaveText("admin");
    // shown once: a reload has no message
    await page.reload();
    await expect(users.status).toHaveCount(0);
  });
});
