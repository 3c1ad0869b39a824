// Pages fit their screen (issue 29 "What staff and learners hit"): no page is wider than the window at
// 1280 px or on a 375 px phone, also with what real data brings: a course title with a long unbroken
// word, audit entries of long actions, the coupon list's inline edit open.
import type { APIRequestContext } from "@playwright/test";
import type { Course } from "../../contract/courses/catalog.ts";
import { bearerHeaders, createAccount, signInByApi, type Account } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

const LONG_WORD = "Supercalifragilisticexpialidocious".repeat(3);

/** A course whose title is one long word, made through the API (and so an audit entry too). */
async function longTitledCourse(request: APIRequestContext, admin: Account, origin: string): Promise<Course> {
  const seeded = ((await (await request.get("/backend/api/courses")).json()) as Course[])[0]!;
  const created = await request.post("/backend/api/courses", {
    headers: await bearerHeaders(request, admin, origin),
    data: {
      title: `${LONG_WORD}${Date.now().toString(36)}`,
      instructor: `Ada ${LONG_WORD.slice(0, 60)}`,
      category: seeded.category,
      price: 42000,
      img: seeded.img,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Course;
}

/**
 * How far the page reaches past the screen's right edge: the document's own scroll width, and any element
 * beyond the edge that no scroller of its own holds (a page that clips its overflow hides it from the
 * scroll width, but a button out there still cannot be reached). Measured against the screen's width,
 * not window.innerWidth: a phone zooms out to show a page wider than itself, and then the window is as
 * wide as the page.
 */
async function overflowOf(page: import("@playwright/test").Page, path: string): Promise<number> {
  await page.goto(path);
  const screenWidth = page.viewportSize()!.width;
  return page.evaluate((width) => {
    const held = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== "visible") return true;
      return false;
    };
    let worst = Math.max(window.innerWidth, document.documentElement.scrollWidth) - width;
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width > 1 && box.right > width + 1 && !held(el)) worst = Math.max(worst, Math.round(box.right - width));
    }
    return worst;
  }, screenWidth);
}

test("the public and admin pages fit 1280 px and 375 px, with long words in the data", async ({
  page,
  request,
  dataDir,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const admin = await createAccount(request, dataDir, { admin: true });
  await longTitledCourse(request, admin, origin);
  await asReturningVisitor(page);
  const publicPaths = ["/", "/courses", "/blog", "/posts", "/showcase", "/about", "/contact"];
  const found: Record<string, number> = {};
  for (const path of publicPaths) found[path] = await overflowOf(page, path);
  await signInByApi(page.context(), admin);
  for (const path of ["/admin", "/tickets", "/admin/audit", "/coupon-table", "/pmtalsLink/admin", "/admin/users"])
    found[path] = await overflowOf(page, path);
  // the coupon list's inline edit (the Edit link's address): its row becomes a form, and still fits,
  // its Code field in sight
  const code = `FIT${Date.now().toString(36).toUpperCase()}`;
  const coupon = await request.post("/backend/api/coupons", {
    headers: await bearerHeaders(request, admin, origin),
    data: { discount: 5, code },
  });
  expect(coupon.status(), await coupon.text()).toBe(201);
  const { _id: couponId } = (await coupon.json()) as { _id: string };
  for (const path of [
    `/coupon-table?edit=${couponId}#coupon-${couponId}-code`,
    `/coupons?edit=${couponId}#coupon-${couponId}-code`,
  ]) {
    found[path] = await overflowOf(page, path);
    await expect(page.getByLabel(`Code of ${code}`), path).toBeInViewport();
  }
  expect(Object.entries(found).filter(([, overflow]) => overflow > 0)).toEqual([]);
});

test("with a dozen categories, /courses still shows the first course on the first screen, its filters in reach", async ({
  page,
  request,
  dataDir,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const admin = await createAccount(request, dataDir, { admin: true });
  const headers = await bearerHeaders(request, admin, origin);
  const stamp = Date.now().toString(36);
  const names = Array.from(
    { length: 12 },
    (_, i) => `Fit ${["Cloud", "Data", "Motion", "Product"][i % 4]} ${stamp}${i}`,
  );
  for (const name of names) {
    const res = await request.post("/backend/api/categories", { headers, data: { name } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await asReturningVisitor(page);
  await page.goto("/courses");
  await hydrated(page);
  await expect(page.locator("main article").first().locator("img")).toBeInViewport();
  // every filter can be reached: the last one scrolls into view (a phone: sideways, inside its row)
  const last = page.getByRole("group", { name: "Filter courses by category" }).getByText(names.at(-1)!);
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  expect(await overflowOf(page, "/courses")).toBeLessThanOrEqual(0);
});
