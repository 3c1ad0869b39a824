// The enrol and ticket dialogs, the small things a buyer notices (issue 15; spec public-area §4, §5, §9;
// decision 023): a failed course payment comes back to the enrol dialog with everything typed (the
// coupon too) and the message, and trying again pays; the ticket total follows the quantity typed, and a
// quantity of 0, -3, 2.5 or nothing shows no total but what is wrong, and Pay Now is refused with it.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Course } from "../../contract/courses/catalog.ts";
import type { ShowcaseEvent } from "../../contract/showcase/events.ts";
import { couponPrice, coursePrice } from "../../contract/lib/money.ts";
import { CHECKOUT_TEXTS } from "../../contract/payments/payment-texts.ts";
import type { PaymentOutcome } from "../../contract/payments/payments.ts";
import { TICKET_MESSAGES } from "../../contract/showcase/tickets.ts";
import { expect, test } from "./support/fixtures.ts";
import { api, hydrated } from "./support/page.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const nairaCents = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });
const nairaWhole = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

async function outcome(request: APIRequestContext, reference: string): Promise<PaymentOutcome> {
  const res = await request.get(`/backend/api/verify/${reference}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as PaymentOutcome;
}

/** Pay Now, and the reference of the payment the server started. */
async function payNow(page: Page, scope: ReturnType<Page["getByRole"]>, path: string): Promise<string> {
  const started = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === "POST");
  await scope.getByRole("button", { name: "Pay Now" }).click();
  return ((await (await started).json()) as { reference: string }).reference;
}

test("a failed course payment keeps the enrol dialog open with what was typed; trying again pays @desktop", async ({
  page,
  request,
}) => {
  const [course] = await api<Course[]>(request, "courses");
  const price = coursePrice(course!).price;
  await page.goto("/courses");
  await hydrated(page);
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: course!.title, exact: true }) })
    .getByRole("button", { name: "Enroll Now" })
    .click();
  const dialog = page.getByRole("dialog", { name: course!.title });
  const email = `retry-${unique()}@example.com`;
  const typed = { "Full Name": "Adaeze Chioma Obi", "Phone Number": "08031234567", Email: email };
  for (const [label, value] of Object.entries(typed)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByLabel("Coupon Code").fill("WELCOME10");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByTestId("coupon-message")).toHaveText(CHECKOUT_TEXTS.couponApplied);

  const first = await payNow(page, dialog, "/backend/api/payments/course");
  await page.getByRole("dialog", { name: "Sandbox checkout" }).getByRole("button", { name: "Fail" }).click();

  // the same dialog, saying so, with everything as it was typed
  const message = dialog.getByRole("alert");
  await expect(message).toHaveText(CHECKOUT_TEXTS.failed);
  await expect(message).toBeFocused();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  for (const [label, value] of Object.entries(typed)) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await expect(dialog.getByLabel("Coupon Code")).toHaveValue("WELCOME10");
  await expect(dialog.getByTestId("course-price")).toContainText(nairaCents.format(couponPrice(price, 10)));
  expect((await outcome(request, first)).status).not.toBe("paid");

  // trying again is one click: a new payment, with the coupon's amount
  const second = await payNow(page, dialog, "/backend/api/payments/course");
  expect(second).not.toBe(first);
  const checkout = page.getByRole("dialog", { name: "Sandbox checkout" });
  await expect(checkout.getByTestId("sandbox-amount")).toHaveText(nairaCents.format(couponPrice(price, 10)));
  await checkout.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("alertdialog", { name: CHECKOUT_TEXTS.success(second) })).toBeVisible({
    timeout: 15_000,
  });
  expect(await outcome(request, second)).toMatchObject({ status: "paid", kind: "course", itemId: course!._id });
});

test("the ticket total is for the quantity typed; 0, -3, 2.5 or nothing show no total, say why and cannot be paid @desktop", async ({
  page,
  request,
}) => {
  const [event] = await api<ShowcaseEvent[]>(request, "events");
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/backend/api/payments/")) asked.push(r.url());
  });
  await page.goto("/showcase");
  await hydrated(page);
  await page.getByRole("button", { name: `Buy Ticket for ${event!.name}` }).click();
  const modal = page.getByRole("dialog", { name: event!.name });
  await modal.getByRole("textbox", { name: "Email" }).fill(`qty-${unique()}@example.com`);
  const quantity = modal.getByRole("spinbutton", { name: "Quantity" });
  const total = modal.getByTestId("ticket-total");
  const line = modal.getByTestId("ticket-total-line");

  await quantity.fill("3");
  await expect(line).toHaveText(`3 × ${nairaWhole.format(2500)}`);
  await expect(total).toHaveText(nairaWhole.format(7500));
  await expect(quantity).not.toHaveAttribute("aria-invalid", "true");

  for (const typed of ["0", "-3", "2.5", ""]) {
    await quantity.fill(typed);
    await expect(total).not.toContainText("₦");
    await expect(line).not.toContainText("×");
    await expect(quantity).toHaveAttribute("aria-invalid", "true");
    await expect(quantity).toHaveAccessibleDescription(TICKET_MESSAGES.quantity);
    await modal.getByRole("button", { name: "Pay Now" }).click();
    await expect(quantity).toBeFocused();
  }
  await quantity.fill("21");
  await expect(quantity).toHaveAccessibleDescription(TICKET_MESSAGES.tooMany);
  await expect(total).not.toContainText("₦");

  // VIP, 2: the total follows at once
  await modal.getByRole("radio", { name: /VIP/ }).check();
  await quantity.fill("2");
  await expect(total).toHaveText(nairaWhole.format(10_000));
  await expect(quantity).not.toHaveAttribute("aria-invalid", "true");
  // nothing was started for the quantities refused
  expect(asked).toEqual([]);
});
