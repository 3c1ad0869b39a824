// The enrol dialog's amounts and a free enrolment on a 375 px phone (issue 29; decisions 059 and 060): a
// course with a shown discount and a 10 % coupon shows full price, course discount, price after discount,
// coupon discount and the amount to pay, one row each within the dialog; a 100 % coupon shows "Free"
// and ₦0.00, and "Enrol for free" enrols with no payment pop-up, then the normal success alert. The
// coupons are the test's own (made by the admin through the API, for one seeded course).
import type { APIRequestContext, Locator } from "@playwright/test";
import type { Course } from "../../contract/courses/catalog.ts";
import { amountsOfCourse, formatKobo, percentOf } from "../../contract/lib/money.ts";
import { AMOUNT_NAMES, CHECKOUT_TEXTS } from "../../contract/payments/payment-texts.ts";
import type { PaymentOutcome } from "../../contract/payments/payments.ts";
import { createAccount, signInByApi } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { api, asReturningVisitor, hydrated } from "./support/page.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

async function courseCoupon(request: APIRequestContext, origin: string, courseId: string, discount: number) {
  const code = `FREE${discount}${unique()}`;
  const made = await request.post("/backend/api/coupons", { headers: { origin }, data: { discount, code, courseId } });
  expect(made.status(), await made.text()).toBe(201);
  return code;
}

/** The row of the amounts named `testId`: its name and amount on one line, inside the dialog. */
async function expectOneLine(dialog: Locator, row: Locator) {
  const box = (await row.boundingBox())!;
  const dialogBox = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(dialogBox.x);
  expect(box.x + box.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  const [term, name, amount] = [
    (await row.locator("dt").boundingBox())!,
    (await row.locator("dt > span").first().boundingBox())!,
    (await row.locator("dd").boundingBox())!,
  ];
  // side by side: the amount right of the name (and of anything under it), on the name's line
  expect(amount.x).toBeGreaterThanOrEqual(term.x + term.width);
  expect(name.height, `${await row.getAttribute("data-testid")}: the name fits one line`).toBeLessThan(28);
  expect(amount.y, "the amount on the name's line").toBeLessThan(name.y + name.height);
  expect(amount.y + amount.height, "the amount on the name's line").toBeGreaterThan(name.y);
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("a phone's enrol dialog names every amount, and a 100 % coupon enrols for free with no pop-up @mobile", async ({
  page,
  request,
  dataDir,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const course = (await api<Course[]>(request, "courses")).find((c) => c.showDiscount && c.discountPrice !== null)!;
  const admin = await createAccount(request, dataDir, { admin: true });
  await signInByApi(request, admin);
  const tenOff = await courseCoupon(request, origin, course._id, 10);
  const allOff = await courseCoupon(request, origin, course._id, 100);

  await page.goto("/courses");
  await hydrated(page);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: course.title, exact: true }) });
  // the card: the price after discount, the full price struck through (decision 059's names)
  await expect(card.getByTestId("course-price")).toContainText(`${AMOUNT_NAMES.priceAfterDiscount}:`);
  await expect(card.getByTestId("course-price").locator("del")).toContainText(AMOUNT_NAMES.fullPrice);
  await card.getByRole("button", { name: "Enroll Now" }).click();
  const dialog = page.getByRole("dialog", { name: course.title });
  await dialog.getByLabel("Full Name").fill("Chiamaka Free Okeke");
  await dialog.getByLabel("Phone Number").fill("08031234567");
  await dialog.getByLabel("Email", { exact: true }).fill(`free-${unique().toLowerCase()}@example.com`);

  await dialog.getByLabel("Coupon Code").fill(tenOff);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByTestId("coupon-message")).toHaveText(CHECKOUT_TEXTS.couponApplied);
  const a = amountsOfCourse(course, 10);
  const rows = {
    "amount-full-price": [AMOUNT_NAMES.fullPrice, formatKobo(a.fullPrice)],
    "amount-course-discount": [
      `${AMOUNT_NAMES.courseDiscount} (${percentOf(a.courseDiscount, a.fullPrice)}%)`,
      `−${formatKobo(a.courseDiscount)}`,
    ],
    "amount-price-after-discount": [AMOUNT_NAMES.priceAfterDiscount, formatKobo(a.priceAfterDiscount)],
    "amount-coupon-discount": [`${AMOUNT_NAMES.couponDiscount}${tenOff} · 10%`, `−${formatKobo(a.couponDiscount)}`],
    "amount-to-pay": [AMOUNT_NAMES.amountToPay, formatKobo(a.amountPaid)],
  };
  for (const [testId, [name, amount]] of Object.entries(rows)) {
    const row = dialog.getByTestId(testId);
    await expect(row.locator("dt")).toHaveText(name!);
    await expect(row.locator("dd")).toHaveText(amount!);
    await expectOneLine(dialog, row);
  }
  expect(a.amountPaid).toBe(a.priceAfterDiscount - a.couponDiscount);
  await expect(dialog.getByRole("button", { name: "Pay Now" })).toBeVisible();

  // 100 %: free, and the button enrols directly
  await dialog.getByLabel("Coupon Code").fill(allOff);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByTestId("coupon-message")).toHaveText(CHECKOUT_TEXTS.couponApplied);
  const toPay = dialog.getByTestId("amount-to-pay");
  await expect(toPay.locator("dd")).toHaveText(`${CHECKOUT_TEXTS.freeTotal}${formatKobo(0)}`);
  await expectOneLine(dialog, toPay);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  await expect(dialog.getByRole("button", { name: "Pay Now" })).toHaveCount(0);

  const started = page.waitForResponse((r) => r.url().endsWith("/backend/api/payments/course"));
  await dialog.getByRole("button", { name: CHECKOUT_TEXTS.enrolFree }).click();
  const { reference } = (await (await started).json()) as { reference: string };
  const alert = page.getByRole("alertdialog", { name: CHECKOUT_TEXTS.freeSuccess(reference) });
  await expect(alert).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Sandbox checkout" })).toHaveCount(0);
  const outcome = (await (await request.get(`/backend/api/verify/${reference}`)).json()) as PaymentOutcome;
  expect(outcome).toMatchObject({ status: "paid", amount: 0, itemId: course._id, channel: "free" });
  await alert.getByRole("button", { name: "OK" }).click();
  await expect(alert).toBeHidden();
});
