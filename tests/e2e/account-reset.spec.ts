// Password reset (architecture "Identity": "password reset through the mailer"): /forgot-password
// answers the same for any address and e-mails a link only to a real account; /reset-password?token=
// sets the new password once, and the old one stops working.
//
// Better Auth allows 5 reset requests a minute from one address, and every browser test comes from
// 127.0.0.1: this file asks twice per project (4 in a full run). Keep further reset tests few.
import type { Page } from "@playwright/test";
import { AUTH_MESSAGES } from "../../contract/account/auth.ts";
import { expectAccessible } from "./support/a11y.ts";
import { createAccount, linkIn, mailsTo, RESET_SUBJECT, waitForMail } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

async function askForReset(page: Page, email: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("main").getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle(/^Forgot your password\? \|/);
  const main = page.getByRole("main");
  await main.getByLabel("E-mail").fill(email);
  await main.getByRole("button", { name: "Send me a reset link" }).click();
  const status = main.getByRole("status");
  // the same words whether or not the address has an account
  await expect(status).toContainText(AUTH_MESSAGES.resetSent);
  await expect(status).toBeFocused();
  return status;
}

test("forgot → the e-mailed link → a new password → sign in with it; the old one and the used link fail @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  test.slow(); // a long journey with five accessibility checks
  const account = await createAccount(request, dataDir);
  const unknown = `nobody-${account.username}@example.com`;

  await askForReset(page, unknown);
  await expectAccessible(page);
  await askForReset(page, account.email);

  const mail = await waitForMail(dataDir, { to: account.email, subject: RESET_SUBJECT });
  const link = linkIn(mail);
  expect(new URL(link).pathname).toBe("/reset-password");
  // the unknown address was sent nothing (its request came first, and the queue keeps order)
  expect(mailsTo(dataDir, unknown)).toEqual([]);

  await page.goto(link);
  await expect(page).toHaveTitle(/^Choose a new password \|/);
  await hydrated(page);
  const main = page.getByRole("main");
  const password = main.getByLabel("New password", { exact: true });
  const again = main.getByLabel("New password again");
  const submit = main.getByRole("button", { name: "Change my password" });
  await expect(password).toHaveAccessibleDescription(/At least 8 characters, with both letters and numbers/);
  await expectAccessible(page);

  // two different passwords: said at the second field, nothing changed
  await password.fill("brand-new-pass-1");
  await again.fill("brand-new-pass-2");
  await submit.click();
  await expect(again).toHaveAttribute("aria-invalid", "true");
  await expect(again).toHaveAccessibleDescription(/The two passwords are not the same/);
  await expect(again).toBeFocused();
  await expect(password).toHaveValue("");
  await expectAccessible(page);

  // a weak one: said at the first
  await password.fill("lettersonly");
  await again.fill("lettersonly");
  await submit.click();
  await expect(password).toHaveAccessibleDescription(/Password must contain letters and numbers/);

  const newPassword = "brand-new-pass-1";
  await password.fill(newPassword);
  await again.fill(newPassword);
  await submit.click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  const note = main.getByRole("status");
  await expect(note).toContainText("Your password has been changed.");
  await expectAccessible(page);

  // the old password no longer works, the new one does
  await main.getByLabel("E-mail or username").fill(account.email);
  await main.getByLabel("Password", { exact: true }).fill(account.password);
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(main.getByRole("alert")).toHaveText(AUTH_MESSAGES.wrongCredentials);
  await main.getByLabel("Password", { exact: true }).fill(newPassword);
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");

  // the link was for one use
  await page.goto(link);
  await expect(main.getByRole("alert")).toContainText(AUTH_MESSAGES.badResetLink);
  await expect(main.getByLabel("New password", { exact: true })).toHaveCount(0);
  await main.getByRole("link", { name: "Ask for a new reset link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("a reset link with an unknown token says so at once, with a way to ask again @desktop", async ({ page }) => {
  await page.goto("/reset-password?token=not-a-real-token");
  const main = page.getByRole("main");
  const alert = main.getByRole("alert");
  await expect(alert).toContainText("This link does not work.");
  await expect(alert).toContainText(AUTH_MESSAGES.badResetLink);
  await expectAccessible(page);
  await page.goto("/reset-password");
  await expect(alert).toContainText(AUTH_MESSAGES.badResetLink);
  await hydrated(page);
  await main.getByRole("link", { name: "Ask for a new reset link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
});
