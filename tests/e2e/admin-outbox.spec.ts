// /admin/outbox and /admin/outbox/{id} (architecture "Mail"): the e-mails the academy sent or queued,
// newest first with paging, each opened with its text, its HTML in a sandboxed frame, status and attempts.
import { OutboxMessagePage, OutboxPage } from "./pages/admin.ts";
import type { APIRequestContext } from "@playwright/test";
import { createAccount, newAccountDetails, signIn } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";

/** Signs up `n` accounts through the API without waiting for their e-mail: each one queues a verification e-mail. */
async function signUpMany(request: APIRequestContext, n: number) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  for (let i = 0; i < n; i++) {
    const { username, email, password } = newAccountDetails();
    const res = await request.post("/backend/api/auth/sign-up/email", {
      headers: { origin },
      data: { name: username, username, email, password },
    });
    expect(res.ok(), `sign-up of ${username}`).toBe(true);
  }
}

test("the outbox lists the verification e-mails of new accounts and opens one", async ({ page, request, dataDir }) => {
  // two accounts made through the pages and the outbox read: more than 30 s on a busy machine
  test.setTimeout(60_000);
  const admin = await createAccount(request, dataDir, { admin: true });
  const learner = await createAccount(request, dataDir);
  await signIn(page, admin);
  const outbox = new OutboxPage(page);
  await outbox.goto();

  // The learner's account is new: its e-mail is among the newest.
  const item = outbox.itemsTo(learner.email).filter({ hasText: "Verify your e-mail address" });
  await expect(item).toHaveCount(1);
  await expect(outbox.cell(item, "Status")).toContainText(/^(sent|queued)/);
  // Newest first: the times never increase down the list.
  const times = await outbox.items.locator("time").evaluateAll((els) => els.map((el) => el.getAttribute("datetime")!));
  expect(times.length).toBeGreaterThanOrEqual(2);
  expect([...times].sort().reverse()).toEqual(times);
  await expectAccessible(page);

  await outbox.open(item);
  const message = new OutboxMessagePage(page);
  await expect(message.heading).toContainText("Verify your e-mail address");
  await message.showNav();
  await expect(message.navLink("Outbox")).toHaveAttribute("aria-current", "true");
  await expect(message.field("To")).toHaveText(learner.email);
  // The worker may still have it in hand: it is sent within moments.
  await expect(async () => {
    await page.reload();
    await expect(message.field("Status")).toHaveText("sent", { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(message.field("Attempts")).toHaveText("1");
  await expect(message.field("Kind")).toHaveText("auth");
  await expect(message.field("Error")).toHaveText("None");
  await expect(message.text).toContainText("/backend/api/auth/verify-email?token=");

  // The HTML part: shown as sent, in a frame where no script can run. (The test reads the frame's source
  // rather than its document: looking inside would mean running script in it, which it refuses, loudly.)
  const frame = message.htmlFrame;
  const sandbox = (await frame.getAttribute("sandbox")) ?? "";
  expect(sandbox.split(" ")).not.toContain("allow-scripts");
  expect(sandbox.split(" ")).not.toContain("allow-same-origin");
  // (the kit's button: the link wraps the label in spans for Outlook)
  expect(await frame.getAttribute("srcdoc")).toMatch(
    /<a href="[^"]*\/backend\/api\/auth\/verify-email\?token=[^"]*"[^>]*>(?:(?!<\/a>).)*>Verify my e-mail address</,
  );
  await expect(frame).toBeVisible();
  await expectAccessible(page, { skipFrames: true });

  await page.getByRole("link", { name: "Back to the outbox" }).click();
  await expect(page).toHaveURL("/admin/outbox");
});

test("the outbox pages through older e-mails, 25 at a time @desktop", async ({ page, request, dataDir }) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  await signIn(page, admin);
  const outbox = new OutboxPage(page);
  await outbox.goto();
  const total = Number((await page.getByRole("heading", { level: 2 }).first().innerText()).replace(/[^0-9]/g, ""));
  // Enough new accounts (each one is sent a verification e-mail) for a second page.
  await signUpMany(request, 26 - total);
  await outbox.goto();
  await expect(outbox.items).toHaveCount(25);
  await outbox.olderLink.click();
  await expect(page).toHaveURL("/admin/outbox?page=2");
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  expect(await outbox.items.count()).toBeGreaterThanOrEqual(1);
  await page.getByRole("link", { name: /Newer/ }).click();
  await expect(page).toHaveURL("/admin/outbox");
});

test("an unknown e-mail is a 404 inside the admin area @desktop", async ({ page, request, dataDir, consoleErrors }) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  await signIn(page, admin);
  const res = await page.goto("/admin/outbox/0123456789abcdef01234567");
  expect(res?.status()).toBe(404);
  const message = new OutboxMessagePage(page);
  await expect(message.heading).toHaveText("E-mail not found");
  // the service's own message, through the one error page (app/components/ui/error-page.tsx)
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("No e-mail with id 0123456789abcdef01234567");
  await expect(message.nav).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Back to the outbox" })).toHaveAttribute(
    "href",
    "/admin/outbox",
  );
  // the browser logs the 404 answer
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 404/.test(e)));
});
