// The coupon screens (spec admin-back-office §2 "Coupon manager (/coupons) and coupon table
// (/coupon-table)", "Coupon detail", §4, §5, §8, §9; issue 17; decision 034): an admin adds a coupon on
// /coupons (the empty discount refused with the spec's message), invalidates and validates it, edits it
// inline (code forced to upper case, a usage limit of one), a learner buys the course with it in the
// sandbox checkout, the next learner is told it is used up, its detail page shows the paid use, and the
// table deletes it after the spec's question. Coupons are shared content (the enrol dialog reads them),
// so this runs in the "content-writes" project; its coupon has a code of its own and is deleted at the
// end, whatever happens.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { Course } from "../../contract/courses/catalog.ts";
import type { CouponJson } from "../../contract/coupons/coupons.ts";
import { couponPrice, coursePrice } from "../../contract/lib/money.ts";
import { CHECKOUT_TEXTS } from "../../contract/payments/payment-texts.ts";
import { CouponDetailPage, CouponsPage } from "./pages/coupons.ts";
import { createAccount, signInByApi, type Account } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { api, asReturningVisitor, hydrated } from "./support/page.ts";

const nairaCents = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });

const courseCard = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function openEnrol(page: Page, course: Course): Promise<Locator> {
  await page.goto("/courses");
  await hydrated(page);
  await courseCard(page, course.title).getByRole("button", { name: "Enroll Now" }).click();
  const dialog = page.getByRole("dialog", { name: course.title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Deletes, through the API, the coupons with these codes (clean-up). */
async function removeCoupons(request: APIRequestContext, admin: Account, baseURL: string, codes: string[]) {
  const { token } = await signInByApi(request, admin);
  const headers = { Authorization: `Bearer ${token}`, origin: new URL(baseURL).origin };
  const res = await request.get("/backend/api/coupons", { headers });
  for (const coupon of ((await res.json()) as CouponJson[]).filter((c) => codes.includes(c.code))) {
    await request.delete(`/backend/api/coupons/${coupon._id}`, { headers });
  }
}

test("an admin adds, toggles, edits and deletes a coupon; a learner pays with it and its page shows the use", async ({
  page,
  request,
  dataDir,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await createAccount(request, dataDir, { admin: true });
  await asReturningVisitor(page);
  await signInByApi(page.context(), admin);
  const suffix = Date.now().toString(36).toUpperCase();
  const code = `E2E-${suffix}`;
  const renamed = `E2E-${suffix}-B`;
  const courses = await api<Course[]>(request, "courses");
  const course = courses.find((c) => c.title === "Frontend Development with React") ?? courses[0]!;
  const coupons = new CouponsPage(page);
  try {
    await coupons.gotoManager();
    await hydrated(page);
    await expectAccessible(page);

    // spec admin §5: an empty discount is refused
    await coupons.add({ "Discount (%)": "" });
    await expect(coupons.addError("discount")).toHaveText(/Please enter a valid discount percentage \(0-100\)/);

    await coupons.add({ "Discount (%)": "20", Course: course.title, Code: code.toLowerCase(), "Usage limit": "5" });
    await expect(coupons.toast(`Coupon ${code} created`)).toBeVisible();
    await expect(coupons.cell(code, "Discount")).toHaveText("20%");
    await expect(coupons.cell(code, "Course")).toContainText(course.title);
    await expect(coupons.cell(code, "Course")).toContainText("Course-Specific");
    await expect(coupons.cell(code, "Status")).toHaveText("Active");
    await expect(coupons.cell(code, "Times used")).toHaveText("0");
    await expect(coupons.cell(code, "Usage limit")).toHaveText("5");
    // the form is empty again
    await expect(coupons.addField("Code")).toHaveValue("");

    await coupons.toggle(code, "Invalidate");
    await expect(coupons.toast(`Coupon ${code} is now invalid`)).toBeVisible();
    await expect(coupons.cell(code, "Status")).toHaveText("Invalid");
    await coupons.toggle(code, "Validate");
    await expect(coupons.toast(`Coupon ${code} is now active`)).toBeVisible();
    await expect(coupons.cell(code, "Status")).toHaveText("Active");

    // the inline edit: discount, code (upper case), a limit of one use; Cancel first changes nothing
    await coupons.edit(code);
    await coupons.inlineField(code, "Discount (%)").fill("99");
    await page.getByRole("main").getByRole("link", { name: "Cancel", exact: true }).click();
    await expect(coupons.cell(code, "Discount")).toHaveText("20%");
    const form = await coupons.edit(code);
    await expectAccessible(page);
    await coupons.inlineField(code, "Discount (%)").fill("30");
    await coupons.inlineField(code, "Code").fill(renamed.toLowerCase());
    await coupons.inlineField(code, "Usage limit").fill("1");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(coupons.toast(`Coupon ${renamed} saved`)).toBeVisible();
    await expect(coupons.cell(renamed, "Discount")).toHaveText("30%");
    await expect(coupons.cell(renamed, "Times used")).toHaveText("0");
    await expect(coupons.cell(renamed, "Usage limit")).toHaveText("1");

    // a learner buys the course with it in the sandbox checkout
    const price = coursePrice(course).price;
    const dialog = await openEnrol(page, course);
    await dialog.getByLabel("Full Name").fill("Adaeze Chioma Obi");
    await dialog.getByLabel("Phone Number").fill("08031234567");
    await dialog.getByLabel("Email", { exact: true }).fill(`learner-${suffix.toLowerCase()}@example.com`);
    await dialog.getByLabel("Coupon Code").fill(renamed.toLowerCase());
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog.getByTestId("coupon-message")).toHaveText(CHECKOUT_TEXTS.couponApplied);
    await dialog.getByRole("button", { name: "Pay Now" }).click();
    const checkout = page.getByRole("dialog", { name: "Sandbox checkout" });
    await expect(checkout.getByTestId("sandbox-amount")).toHaveText(nairaCents.format(couponPrice(price, 30)));
    await checkout.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("alertdialog", { name: /^Payment successful! Reference: / })).toBeVisible({
      timeout: 15_000,
    });
    await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();

    // its one use is taken: the next learner is told so (decision 034)
    const next = await openEnrol(page, course);
    await next.getByLabel("Coupon Code").fill(renamed);
    await next.getByRole("button", { name: "Apply" }).click();
    await expect(next.getByTestId("coupon-message")).toHaveText("This coupon has been used up");

    // the table, and the coupon's page with the paid use
    await coupons.gotoTable();
    await hydrated(page);
    await expect(coupons.cell(renamed, "Status")).toContainText("Used up");
    await coupons.detailsLink(renamed).click();
    const detail = new CouponDetailPage(page);
    await expect(detail.heading).toHaveText(`Coupon ${renamed}`);
    await expect(detail.info("Code")).toHaveText(renamed);
    await expect(detail.info("Discount")).toHaveText("30%");
    await expect(detail.info("Type")).toHaveText("Course-Specific");
    await expect(detail.info("Course")).toHaveText(course.title);
    await expect(detail.info("Status")).toContainText("Active");
    await expect(detail.info("Times used")).toHaveText("1");
    await expect(detail.info("Usage limit")).toHaveText("1 (0 left)");
    await expect(detail.usageCell("Adaeze Chioma Obi", "E-mail")).toHaveText(
      `learner-${suffix.toLowerCase()}@example.com`,
    );
    await expect(detail.usageCell("Adaeze Chioma Obi", "Phone")).toHaveText("08031234567");
    await expect(detail.usageCell("Adaeze Chioma Obi", "Course")).toHaveText(course.title);
    await expect(detail.usageCell("Adaeze Chioma Obi", "Payment status")).toHaveText("Paid");
    await expect(detail.usageCell("Adaeze Chioma Obi", "Used at")).toHaveText(
      /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    await expectAccessible(page);
    await detail.backLink.click();
    await expect(page).toHaveURL("/coupon-table");

    // the table deletes it after the spec's question; Cancel keeps it
    await coupons.delete(renamed, "Cancel");
    await expect(coupons.row(renamed)).toHaveCount(1);
    await coupons.delete(renamed);
    await expect(coupons.toast("Coupon deleted successfully")).toBeVisible();
    await expect(coupons.row(renamed)).toHaveCount(0);
  } finally {
    await removeCoupons(request, admin, baseURL!, [code, renamed]);
  }
});

test("without JavaScript: the inline edit saves, the delete asks on the page, and a missing coupon's page says so", async ({
  browser,
  request,
  dataDir,
  baseURL,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signInByApi(context, admin);
  const page = await context.newPage();
  const code = `NOJS-${Date.now().toString(36).toUpperCase()}`;
  const { token } = await signInByApi(request, admin);
  const headers = { Authorization: `Bearer ${token}`, origin: new URL(baseURL!).origin };
  const created = await request.post("/backend/api/coupons", { headers, data: { discount: 5, code } });
  expect(created.status(), await created.text()).toBe(201);
  try {
    const coupons = new CouponsPage(page);
    await coupons.gotoTable();
    await coupons
      .row(code)
      .getByRole("button", { name: `Delete ${code}`, exact: true })
      .click();
    const confirm = page.getByRole("region", { name: "Confirm delete" });
    await expect(confirm.getByText("Are you sure you want to delete this coupon?")).toBeVisible();
    await expect(coupons.row(code)).toHaveCount(1);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(coupons.notice("Coupon deleted successfully")).toBeVisible();
    await expect(coupons.row(code)).toHaveCount(0);

    const res = await page.goto("/coupons/view/0123456789abcdef01234567");
    expect(res?.status()).toBe(404);
    await expect(coupons.heading).toHaveText("Coupon not found");
    await expect(page.getByRole("main").getByRole("link", { name: /Back to Coupons/ })).toBeVisible();
  } finally {
    await removeCoupons(request, admin, baseURL!, [code]);
    await context.close();
  }
});

// What is typed in the add form stays while the list changes under it: here another admin adds a coupon
// and this one invalidates a coupon before sending the form (the form was keyed on the list's length, so
// the list growing emptied it; a concurrent test's coupon once did that between two fields).
test("a coupon added meanwhile by another admin leaves the add form as typed", async ({
  page,
  request,
  dataDir,
  baseURL,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  await signInByApi(page.context(), admin);
  const suffix = Date.now().toString(36).toUpperCase();
  const [mine, theirs, typed] = [`KEEP-${suffix}`, `OTHER-${suffix}`, `TYPED-${suffix}`];
  const { token } = await signInByApi(request, admin);
  const headers = { Authorization: `Bearer ${token}`, origin: new URL(baseURL!).origin };
  const add = (code: string) => request.post("/backend/api/coupons", { headers, data: { discount: 5, code } });
  expect((await add(mine)).status()).toBe(201);
  try {
    const coupons = new CouponsPage(page);
    await coupons.gotoManager();
    await hydrated(page);
    await coupons.addField("Discount (%)").fill("15");
    await coupons.addField("Code").fill(typed);
    expect((await add(theirs)).status()).toBe(201);
    await coupons.toggle(mine, "Invalidate");
    await expect(coupons.toast(`Coupon ${mine} is now invalid`)).toBeVisible();
    await expect(coupons.row(theirs)).toHaveCount(1);
    await expect(coupons.addField("Discount (%)")).toHaveValue("15");
    await expect(coupons.addField("Code")).toHaveValue(typed);
    // and its own success empties it
    await coupons.add({});
    await expect(coupons.toast(`Coupon ${typed} created`)).toBeVisible();
    await expect(coupons.addField("Discount (%)")).toHaveValue("");
    await expect(coupons.addField("Code")).toHaveValue("");
  } finally {
    await removeCoupons(request, admin, baseURL!, [mine, theirs, typed]);
  }
});

// issue 29: the inline edit put the usage-limit field in the column headed "Times used". Every field of
// the edited row sits under its own heading: in the heading's column at 1280 px, and labelled with it
// on a phone's card.
for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`the inline edit's fields each sit under their own column heading at ${width} px`, async ({
    page,
    request,
    dataDir,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height });
    const admin = await createAccount(request, dataDir, { admin: true });
    await signInByApi(page.context(), admin);
    const code = `COLS-${width}-${Date.now().toString(36).toUpperCase()}`;
    const { token } = await signInByApi(request, admin);
    const headers = { Authorization: `Bearer ${token}`, origin: new URL(baseURL!).origin };
    const created = await request.post("/backend/api/coupons", { headers, data: { discount: 5, code, usageLimit: 5 } });
    expect(created.status(), await created.text()).toBe(201);
    const { _id } = (await created.json()) as CouponJson;
    try {
      const coupons = new CouponsPage(page);
      await page.goto(`/coupon-table?edit=${_id}`);
      const headings = await coupons.list.locator("thead th").allTextContents();
      const fields = [
        ["Discount (%)", "Discount"],
        ["Course", "Course"],
        ["Usage limit", "Usage limit"],
        ["Expires (Lagos time)", "Expires"],
      ] as const;
      for (const [label, heading] of fields) {
        const field = coupons.inlineField(code, label);
        await expect(field).toBeVisible();
        const cell = field.locator("xpath=ancestor::td[1]");
        // the cell's heading (a phone card shows it as the cell's label)
        await expect(cell, `the ${label} field's cell`).toHaveAttribute("data-label", heading);
        const index = await cell.evaluate((td) => [...td.parentElement!.children].indexOf(td));
        expect(headings[index], `the heading above the ${label} field`).toBe(heading);
        if (width >= 768) {
          // and the field stands within its heading's column
          const th = (await coupons.list.locator("thead th").nth(index).boundingBox())!;
          const box = (await field.boundingBox())!;
          expect(box.x + box.width / 2).toBeGreaterThan(th.x);
          expect(box.x + box.width / 2).toBeLessThan(th.x + th.width);
        }
      }
      // the uses stay read-only, under their own heading
      const row = coupons.inlineField(code, "Code").locator("xpath=ancestor::tr[1]");
      const uses = row.locator('td[data-label="Times used"]');
      await expect(uses).toHaveText("0");
      await expect(uses.locator("input")).toHaveCount(0);
    } finally {
      await removeCoupons(request, admin, baseURL!, [code]);
    }
  });
}
