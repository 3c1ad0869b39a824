// /showcase (spec public-area §2 "Showcase", "Ticket modal", §5, §8, §9). Events and talents come from
// the API, not from the seed's names.
import type { Page } from "@playwright/test";
import type { ShowcaseEvent, Talent } from "../../contract/showcase/events.ts";
import { expectAccessible } from "./support/a11y.ts";
import { allowConsoleErrors, expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

async function firstEvent(request: import("@playwright/test").APIRequestContext) {
  const events = (await (await request.get("/backend/api/events")).json()) as ShowcaseEvent[];
  expect(events.length).toBeGreaterThan(0);
  const event = events.find((e) => e.photos.length > 1) ?? events[0]!;
  return { events, event };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function cardOf(page: Page, event: ShowcaseEvent) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: event.name, exact: true }) });
}

test("the intro says how long a showcase runs and when the streaming link arrives @desktop", async ({ page }) => {
  await page.goto("/showcase");
  await expect(page).toHaveTitle(/Showcase/);
  await expect(
    page.getByText("Showcase runs 120 minutes; ticket holders get a streaming link 24 hours before."),
  ).toBeVisible();
});

test("every event card shows its cover, name, time and description", async ({ page, request }) => {
  const { events } = await firstEvent(request);
  await page.goto("/showcase");
  for (const event of events) {
    const card = cardOf(page, event);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(event.time);
    await expect(card).toContainText(event.description);
    await expect(card.locator(`img[src^="${event.coverPhoto}?tr="]`)).toHaveAttribute("loading", "lazy");
  }
});

test("an event card expands to its photos, and a photo opens the zoom overlay", async ({ page, request }) => {
  const { event } = await firstEvent(request);
  const count = event.photos.length;
  await page.goto("/showcase");
  await hydrated(page);

  const card = cardOf(page, event);
  const toggle = card.locator("button[aria-expanded]");
  const photos = card.getByRole("list", { name: `Photos from ${event.name}` });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(photos).toBeHidden();

  // A click anywhere on the card expands it (the heading is covered by the toggle's click area).
  await card.getByRole("heading", { name: event.name }).click({ force: true });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(photos).toBeVisible();
  await expect(photos.getByRole("button")).toHaveCount(count);

  // Keyboard: Enter on the toggle collapses and expands it again.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(photos).toBeHidden();
  await page.keyboard.press("Enter");
  await expect(photos).toBeVisible();

  // The zoom overlay: the large photo, then Escape closes it and focus returns to the photo.
  const second = photos.getByRole("button", { name: `Open photo 2 of ${count}: ${event.name}` });
  await second.click();
  const zoom = page.getByRole("dialog", { name: `${event.name}: photo 2 of ${count}` });
  await expect(zoom).toBeVisible();
  // the photo sized for the dialog, with a srcset: never the uploaded original (issue 29)
  const zoomed = zoom.getByRole("img");
  await expect(zoomed).toHaveAttribute("src", new RegExp(`^${escapeRegExp(event.photos[1]!)}\\?tr=w-\\d+`));
  await expect(zoomed).toHaveAttribute("srcset", / \d+w(,|$)/);
  await expect(zoomed).toHaveAttribute("sizes", /.+/);
  await page.keyboard.press("Escape");
  await expect(zoom).toBeHidden();
  await expect(second).toBeFocused();

  // Next photo inside the overlay, the close button, and a click outside the photo.
  await second.click();
  await zoom.getByRole("button", { name: "Next photo" }).click();
  await expect(
    page.getByRole("dialog", { name: `${event.name}: photo ${count > 2 ? 3 : 1} of ${count}` }),
  ).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(second).toBeFocused();

  await second.click();
  await expect(zoom).toBeVisible();
  await page.mouse.click(2, 2);
  await expect(zoom).toBeHidden();
});

test("the talents are listed with photo, name and role", async ({ page, request }) => {
  const talents = (await (await request.get("/backend/api/talents")).json()) as Talent[];
  expect(talents.length).toBeGreaterThan(0);
  await page.goto("/showcase");
  const list = page.getByRole("region", { name: "Meet the talents" }).getByRole("listitem");
  await expect(list).toHaveCount(talents.length);
  for (const t of talents) {
    const item = list.filter({ has: page.getByRole("heading", { name: t.name, exact: true }) });
    await expect(item).toContainText(t.role);
    // asked at its shown size (issue 8 "Delivery")
    await expect(item.getByRole("img")).toHaveAttribute("src", `${t.photo}?tr=w-128,h-128`);
  }
});

test("the ticket modal checks the email, totals VIP × 2 as ₦10,000, and Cancel closes it @desktop", async ({
  page,
  request,
}) => {
  const { event } = await firstEvent(request);
  await page.goto("/showcase");
  await hydrated(page);

  const buy = cardOf(page, event).getByRole("button", { name: `Buy Ticket for ${event.name}` });
  await expect(buy).toContainText("Buy Ticket");
  await buy.click();
  const modal = page.getByRole("dialog", { name: event.name });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("textbox", { name: "Email" })).toBeFocused();
  await expect(modal.getByRole("radio", { name: "Standard ₦2,500" })).toBeChecked();
  await expect(modal.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("1");
  await expect(modal.getByTestId("ticket-total")).toHaveText("₦2,500");

  // spec §5/§8: empty, or without '@' -> 'Please enter a valid email address'
  const pay = modal.getByRole("button", { name: "Pay Now" });
  await pay.click();
  await expect(modal.getByRole("alert")).toHaveText("Please enter a valid email address");
  await modal.getByRole("textbox", { name: "Email" }).fill("ada.example.com");
  await pay.click();
  await expect(modal.getByRole("alert")).toHaveText("Please enter a valid email address");
  await expect(modal.getByRole("textbox", { name: "Email" })).toHaveAttribute("aria-invalid", "true");

  await modal.getByRole("textbox", { name: "Email" }).fill("ada@example.com");
  await modal.getByRole("radio", { name: "VIP (with Q&A) ₦5,000" }).check();
  await modal.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await expect(modal.getByTestId("ticket-total")).toHaveText("₦10,000");
  await modal.getByRole("button", { name: "Increase quantity" }).click();
  await expect(modal.getByTestId("ticket-total")).toHaveText("₦15,000");
  await modal.getByRole("button", { name: "Decrease quantity" }).click();
  await expect(modal.getByTestId("ticket-total")).toHaveText("₦10,000");

  // paying: tests/e2e/paying.spec.ts
  await modal.getByRole("button", { name: "Cancel" }).click();
  await expect(modal).toBeHidden();
  await expect(buy).toBeFocused();
});

test("the showcase page and its ticket modal have no serious accessibility violations", async ({ page, request }) => {
  const { event } = await firstEvent(request);
  await page.goto("/showcase");
  await hydrated(page);
  await expectAccessible(page);
  await cardOf(page, event).locator("button[aria-expanded]").click();
  await cardOf(page, event)
    .getByRole("button", { name: `Buy Ticket for ${event.name}` })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page);
});

/**
 * issue 29: without JavaScript (switched off, or its files not arriving) an event's photos open from
 * its card: a <details> that needs no script, each photo sized and lazy, a link to the photo.
 */
async function expectPhotosWithoutScript(page: Page, event: ShowcaseEvent) {
  const count = event.photos.length;
  const card = cardOf(page, event);
  const photos = card.getByRole("list", { name: `Photos from ${event.name}` });
  await expect(photos).toBeHidden();
  await card.locator("summary", { hasText: `View photos (${count})` }).click();
  await expect(photos).toBeVisible();
  const links = photos.getByRole("link");
  await expect(links).toHaveCount(count);
  for (const [i, src] of event.photos.entries()) {
    const link = photos.getByRole("link", { name: `Open photo ${i + 1} of ${count}: ${event.name}`, exact: true });
    // a sized copy, never the uploaded original
    await expect(link).toHaveAttribute("href", new RegExp(`^${escapeRegExp(src)}\\?tr=w-\\d+`));
    const img = link.locator("img");
    await expect(img).toHaveAttribute("src", new RegExp(`^${escapeRegExp(src)}\\?tr=w-\\d+,h-\\d+`));
    await expect(img).toHaveAttribute("loading", "lazy");
    await img.scrollIntoViewIfNeeded();
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
  const href = await links.first().getAttribute("href");
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^image\//);
  await card.locator("summary", { hasText: "Hide photos" }).click();
  await expect(photos).toBeHidden();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an event card opens to its photos", async ({ page, request }) => {
    const { event } = await firstEvent(request);
    await page.goto("/showcase");
    await expectPhotosWithoutScript(page, event);
  });
});

test("before its scripts arrive (here: never), an event card still opens to its photos", async ({
  page,
  request,
  consoleErrors,
}) => {
  const { event } = await firstEvent(request);
  // JavaScript is on, so no <noscript> shows; the page's own scripts never load
  await page.route(/\/assets\/.*\.js(\?|$)/, (route) => route.abort());
  await page.goto("/showcase");
  await expectPhotosWithoutScript(page, event);
  // the refused scripts, on purpose
  allowConsoleErrors(consoleErrors, /ERR_FAILED|Failed to (load|fetch)|module script|dynamically imported/i);
});
