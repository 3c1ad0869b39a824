// /verify-payment (spec public-area §2 "Payment verification", §4 "verifying, then verified or failed,
// then redirect to / after 3 seconds", §8). Payments are started and settled through the sandbox API;
// only the page is driven in the browser.
import type { APIRequestContext, Page } from "@playwright/test";
import { VERIFY_MESSAGES } from "../../contract/payments/payment-texts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { hydrated } from "./support/page.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A sandbox ticket payment for the first seeded event, settled with `outcome`; its reference. */
async function ticketPayment(request: APIRequestContext, outcome: "success" | "failed" | null): Promise<string> {
  const events = (await (await request.get("/backend/api/events")).json()) as Array<{ _id: string }>;
  const started = await request.post("/backend/api/payments/ticket", {
    data: { eventId: events[0]!._id, email: `fan-${unique()}@example.com`, ticketType: "VIP", quantity: 1 },
  });
  expect(started.status()).toBe(201);
  const { reference, checkoutUrl } = (await started.json()) as { reference: string; checkoutUrl: string };
  if (outcome) expect((await request.post(`${checkoutUrl}/${outcome}`)).ok()).toBe(true);
  return reference;
}

/** The page without its Refresh header (the browser would follow it after 3 real seconds). */
async function withoutRefresh(page: Page) {
  await page.route("**/verify-payment?*", async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers.refresh;
    await route.fulfill({ response, headers });
  });
}

test("a paid reference is verified, then the page goes home after 3 seconds", async ({ page, request }) => {
  const reference = await ticketPayment(request, "success");
  // The page's own timer runs on a clock that stands still until told, and the document comes without
  // its Refresh header (tested below): the redirect is the script's, at the 3 s the test says.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await withoutRefresh(page);
  await page.goto(`/verify-payment?reference=${reference}`);
  await expect(page.getByRole("status")).toHaveText(VERIFY_MESSAGES.verified);
  await expect(page.getByText(reference)).toBeVisible();
  await hydrated(page);
  await page.clock.runFor(2_500);
  await expect(page).toHaveURL(/\/verify-payment/);
  await page.clock.runFor(500);
  await expect(page).toHaveURL(/\/$/);
});

// The page as the server sends it, its scripts emptied and without its Refresh header: nothing takes
// it away while axe reads it (axe needs the page's JavaScript engine, and its timers, to run).
test("a verified payment's page passes the accessibility check", async ({ page, request }) => {
  const reference = await ticketPayment(request, "success");
  await page.route(/\/assets\/.*\.js$/, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  await withoutRefresh(page);
  await page.goto(`/verify-payment?reference=${reference}`);
  await expect(page.getByRole("status")).toHaveText(VERIFY_MESSAGES.verified);
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/verify-payment/);
});

test("a failed payment says so; an unknown or missing reference asks to contact support @desktop", async ({
  page,
  request,
}) => {
  const reference = await ticketPayment(request, "failed");
  await page.goto(`/verify-payment?reference=${reference}`);
  await expect(page.getByRole("status")).toHaveText(VERIFY_MESSAGES.failed);
  for (const address of [
    "/verify-payment?reference=ta_unknownreference000000",
    "/verify-payment",
    "/verify-payment?reference=%3Cscript%3E",
  ]) {
    await page.goto(address);
    await expect(page.getByRole("status"), address).toHaveText(VERIFY_MESSAGES.error);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the result shows and the page still goes home after 3 seconds @desktop", async ({ page, request }) => {
    const reference = await ticketPayment(request, null);
    // not settled yet: the sandbox answers "pending"
    await page.goto(`/verify-payment?reference=${reference}`);
    await expect(page.getByRole("status")).toHaveText(VERIFY_MESSAGES.pending);
    // the Refresh header alone takes the browser home
    await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
  });
});
