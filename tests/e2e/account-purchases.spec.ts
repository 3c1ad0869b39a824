// /account (issue 9 "Paying": "browser tests pay for a course ... buy VIP tickets, and see them on
// /account"; decision 018). Payments are started as the signed-in user and settled through the sandbox
// API; the page is what the browser checks. (tests/e2e/account.spec.ts is about signing up and in.)
import type { APIRequestContext, Page } from "@playwright/test";
import { expectAccessible } from "./support/a11y.ts";
import { createAccount, signIn, signInByApi } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { api, asReturningVisitor, hydrated, naira } from "./support/page.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

interface Started {
  reference: string;
  checkoutUrl: string;
  amount: number;
}

/** Starts a payment as whoever `request` is signed in as, then pays it at the sandbox checkout. */
async function payAs(request: APIRequestContext, origin: string, path: string, data: object): Promise<Started> {
  // (a write carrying the session cookie must come from our own pages)
  const headers = { origin };
  const res = await request.post(`/backend/api/payments/${path}`, { headers, data });
  expect(res.status(), await res.text()).toBe(201);
  const started = (await res.json()) as Started;
  const settled = await request.post(`${started.checkoutUrl}/success`, { headers });
  expect(settled.status()).toBe(200);
  expect(await settled.json()).toMatchObject({ status: "paid" });
  return started;
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

test("a learner pays for a course and two VIP tickets, then finds them with the QR code and receipts on /account", async ({
  page,
  context,
  request,
  dataDir,
  baseURL,
  isMobile,
}) => {
  const account = await createAccount(request, dataDir);
  await signInByApi(context, account);
  const origin = new URL(baseURL!).origin;
  const [course] = await api<Array<{ _id: string; title: string }>>(request, "courses");
  const [event] = await api<Array<{ _id: string; name: string }>>(request, "events");
  const coursePaid = await payAs(context.request, origin, "course", {
    courseId: course!._id,
    fullName: "Ada Lovelace",
    email: account.email,
    phone: "08030000000",
  });
  const ticketsPaid = await payAs(context.request, origin, "ticket", {
    eventId: event!._id,
    email: account.email,
    ticketType: "VIP",
    quantity: 2,
  });

  await page.goto("/account");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();

  const courses = main.getByRole("region", { name: "My courses" });
  await expect(courses.getByRole("heading", { level: 3, name: course!.title })).toBeVisible();
  await expect(courses.getByText(coursePaid.reference)).toBeVisible();

  const tickets = main.getByRole("region", { name: "My tickets" });
  const ticket = tickets.getByRole("listitem").filter({ hasText: ticketsPaid.reference });
  await expect(ticket.getByRole("heading", { level: 3, name: event!.name })).toBeVisible();
  await expect(ticket.getByText("VIP (with Q&A)", { exact: true })).toBeVisible();
  await expect(ticket.getByRole("definition").filter({ hasText: /^2$/ })).toBeVisible();
  const qr = ticket.getByRole("img", { name: `QR code of your ticket: VIP (with Q&A) × 2 for ${event!.name}` });
  await expect(qr).toBeVisible();
  // a real picture, big enough to scan from a phone's screen
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = await qr.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(200);

  const receipts = main.getByRole("table", { name: "Your payments, newest first" });
  const courseRow = receipts.getByRole("row").filter({ hasText: coursePaid.reference });
  await expect(courseRow).toContainText(course!.title);
  await expect(courseRow).toContainText(naira.format(coursePaid.amount));
  const ticketRow = receipts.getByRole("row").filter({ hasText: ticketsPaid.reference });
  await expect(ticketRow).toContainText(`2 × VIP (with Q&A) tickets for ${event!.name}`);
  await expect(ticketRow).toContainText(naira.format(ticketsPaid.amount));
  await expect(ticketRow).toContainText("Paid by Card");

  await expectAccessible(page);
  await expectNoSideways(page);

  // The header's user menu leads here.
  await page.goto("/");
  await hydrated(page);
  if (isMobile) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByTestId("mobile-account").getByRole("link", { name: "My account" }).click();
  } else {
    await page.getByRole("button", { name: `Account menu for ${account.username}` }).click();
    await page.locator("#user-menu").getByRole("link", { name: "My account" }).click();
  }
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
});

test("signed out, /account goes to /login and back; a new learner sees where to buy @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  const account = await createAccount(request, dataDir);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await signIn(page, account, { from: "current" });
  await expect(page).toHaveURL(/\/account$/);
  const main = page.getByRole("main");
  await expect(
    main.getByRole("region", { name: "My courses" }).getByRole("link", { name: "Browse courses" }),
  ).toHaveAttribute("href", "/courses");
  await expect(
    main.getByRole("region", { name: "My tickets" }).getByRole("link", { name: "See the showcase" }),
  ).toHaveAttribute("href", "/showcase");
  await expect(main.getByRole("table")).toHaveCount(0);
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the purchases and the QR code are in the page itself @desktop", async ({
    page,
    context,
    request,
    dataDir,
    baseURL,
  }) => {
    const account = await createAccount(request, dataDir);
    await signInByApi(context, account);
    const [event] = await api<Array<{ _id: string; name: string }>>(request, "events");
    const paid = await payAs(context.request, new URL(baseURL!).origin, "ticket", {
      eventId: event!._id,
      email: account.email,
      ticketType: "Standard",
      quantity: 1,
    });
    await page.goto("/account");
    const ticket = page.getByRole("region", { name: "My tickets" }).getByRole("listitem");
    await expect(ticket).toContainText(paid.reference);
    await expect(
      ticket.getByRole("img", { name: `QR code of your ticket: Standard × 1 for ${event!.name}` }),
    ).toBeVisible();
  });
});
