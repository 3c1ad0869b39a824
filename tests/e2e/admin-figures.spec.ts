// /admin's last 30 days (issue 17 "Figures and exports"; decision 038): a coupon made and a course paid
// with it through the API and the sandbox, then the dashboard's figures, the chart (drawn once hydrated,
// as wide as a phone allows), and a figure downloaded as CSV. Other tests pay at the same time on the same
// server: the shared figures are compared as "at least", the coupon's own row exactly.
import type { APIRequestContext } from "@playwright/test";
import { coursePrice, discountedKobo, formatKobo, nairaToKobo } from "../../contract/lib/money.ts";
import { DashboardPage } from "./pages/admin.ts";
import { expectAccessible } from "./support/a11y.ts";
import { createAccount, signInByApi } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { api, asReturningVisitor } from "./support/page.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

interface Course {
  _id: string;
  title: string;
  price: number;
  discountPrice: number | null;
  showDiscount: boolean;
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

/** A general coupon made by the admin `request` is signed in as, and a course paid with it in the sandbox. */
async function paidWithCoupon(request: APIRequestContext, origin: string, discount: number) {
  const headers = { origin };
  const code = `FIG${unique()}`;
  const made = await request.post("/backend/api/coupons", { headers, data: { discount, code, courseId: null } });
  expect(made.status(), await made.text()).toBe(201);
  const [course] = await api<Course[]>(request, "courses");
  const started = await request.post("/backend/api/payments/course", {
    headers,
    data: {
      courseId: course!._id,
      fullName: "Adébáyọ̀ Figures",
      email: `figures-${code.toLowerCase()}@example.com`,
      phone: "08030000000",
      couponCode: code,
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
  const settled = await request.post(`${checkoutUrl}/success`, { headers });
  expect(await settled.json()).toMatchObject({ status: "paid" });
  const listKobo = nairaToKobo(coursePrice(course!).price);
  return { code, course: course!, discountKobo: listKobo - discountedKobo(listKobo, discount) };
}

test("the dashboard shows the last 30 days with a chart, and a figure downloads as CSV", async ({
  page,
  context,
  request,
  dataDir,
  baseURL,
  isMobile,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  await signInByApi(request, admin);
  const { code, course, discountKobo } = await paidWithCoupon(request, new URL(baseURL!).origin, 20);

  await signInByApi(context, admin);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(page.getByRole("heading", { level: 2, name: "Last 30 days" })).toBeVisible();
  expect(await dashboard.figure("Gross revenue")).toBeGreaterThan(0);

  const coupons = dashboard.figureSection("Coupon use");
  const row = dashboard.figureRow(coupons, code);
  await expect(dashboard.figureCell(row, "Uses")).toHaveText("1");
  await expect(dashboard.figureCell(row, "Paid")).toHaveText("1");
  await expect(dashboard.figureCell(row, "Refunded")).toHaveText("0");
  await expect(dashboard.figureCell(row, "Coupon discount (₦)")).toHaveText(formatKobo(discountKobo));

  const enrolments = dashboard.figureSection("Enrolments by course");
  const courseRow = dashboard.figureRow(enrolments, course.title);
  expect(Number(await dashboard.figureCell(courseRow, "Enrolments").innerText())).toBeGreaterThanOrEqual(1);

  // the chart, drawn in the browser, no wider than its box (a phone's 375 px included); the page does not scroll sideways
  const revenue = dashboard.figureSection("Revenue by day");
  const chart = dashboard.figureChart(revenue);
  await expect(chart.locator("canvas")).toBeVisible();
  // the legend names each series with a value (the newest day's), never "Gross:" and nothing (issue 29)
  const legendValues = chart.locator(".u-legend .u-series:not(:first-child) .u-value");
  await expect(legendValues.first()).toBeVisible();
  for (const value of await legendValues.allTextContents()) expect(value.trim()).toMatch(/\d/);
  const chartBox = (await chart.boundingBox())!;
  expect(chartBox.width).toBeLessThanOrEqual(isMobile ? 375 : 1280);
  expect(chartBox.height).toBeGreaterThan(100);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);

  const { bytes, fileName } = await dashboard.downloadCsv(coupons);
  expect(fileName).toMatch(/^coupon-use-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString("utf8").slice(1).split("\r\n");
  expect(lines[0]).toBe("Code,Uses,Paid,Refunded,Coupon discount (₦)");
  expect(lines).toContain(`${code},1,1,0,${(discountKobo / 100).toFixed(2)}`);

  await expectAccessible(page);
});

test("uPlot loads on /admin only, and the exports are for admins @desktop", async ({
  page,
  context,
  request,
  dataDir,
}) => {
  const charts: string[] = [];
  page.on("request", (r) => {
    if (/figure-chart/.test(r.url())) charts.push(r.url());
  });
  const admin = await createAccount(request, dataDir, { admin: true });
  await signInByApi(context, admin);
  await page.goto("/admin/users");
  await page.goto("/");
  await expect(page.getByRole("main")).toBeVisible();
  expect(charts).toEqual([]);
  await new DashboardPage(page).goto();
  await expect(page.getByRole("region", { name: "Revenue by day" }).locator("canvas")).toBeVisible();
  expect(charts.length).toBeGreaterThan(0);

  // signed out: to /login; a plain user: 'Access Denied: Admins only.'
  const anonymous = await request.get("/admin/figures/revenue.csv", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe("/login?redirectTo=%2Fadmin%2Ffigures%2Frevenue.csv");
  const learner = await createAccount(request, dataDir);
  await signInByApi(request, learner);
  const refused = await request.get("/admin/figures/revenue.csv", { maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Access Denied: Admins only.");
  expect(refused.headers()["content-type"]).not.toContain("text/csv");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the figures are tables in the page, and the CSV link still downloads @desktop", async ({
    page,
    context,
    request,
    dataDir,
  }) => {
    const admin = await createAccount(request, dataDir, { admin: true });
    await signInByApi(context, admin);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    const revenue = dashboard.figureSection("Revenue by day");
    // the days are folded under a native <details>: it opens without JavaScript; 30 days, no chart
    await revenue.getByText("Day by day (30 days)").click();
    await expect(revenue.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveCount(30);
    await expect(revenue.getByRole("img")).toHaveCount(0);
    const { bytes, fileName } = await dashboard.downloadCsv(revenue);
    expect(fileName).toMatch(/^revenue-by-day-/);
    expect(bytes.toString("utf8").slice(1).split("\r\n")[0]).toBe(
      "Day,Payments,Gross (₦),Refunds,Refunded (₦),Net (₦)",
    );
  });
});
