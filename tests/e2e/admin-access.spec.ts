// The admin area's guard and frame (spec admin-back-office §2 "Admin navigation entries", "Admin area
// routes", "Write post" and §6): signed out → /login and back, plain users → 403 'Access Denied: Admins
// only.', admins → the navigation with every entry; /admin/write is for every signed-in user.
import {
  ADMIN_NAV_ENTRIES,
  AdminPage,
  BUILT_SPEC_ADMIN_ROUTES,
  DashboardPage,
  NOT_FOUND_SPEC_ADMIN_ROUTES,
  SPEC_ADMIN_ROUTES,
} from "./pages/admin.ts";
import { createAccount, signIn } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { allowConsoleErrors, expect, test } from "./support/fixtures.ts";
import { asReturningVisitor } from "./support/page.ts";

const ADMINS_ONLY = "Access Denied: Admins only.";

/** The browser logs the 403 answer to a plain user's request for an admin page; nothing else may be logged. */
function dropForbiddenErrors(errors: string[]) {
  const rest = errors.filter((e) => !/status of 403/.test(e));
  errors.splice(0, errors.length, ...rest);
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("signed out, the admin pages send to /login with the way back @desktop", async ({ page, request }) => {
  for (const path of [
    "/admin",
    "/coupon-table",
    "/admin/users",
    "/admin/outbox",
    "/admin/course/0123456789abcdef01234567",
  ]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(
      new URL(res.headers().location!, "http://x").pathname + new URL(res.headers().location!, "http://x").search,
    ).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  }
  await page.goto("/admin/outbox?page=2");
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/admin/outbox?page=2")}`);
});

test("after signing in from the redirect, the admin lands on the page asked for @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  await page.goto("/coupon-table");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcoupon-table$/);
  await signIn(page, admin, { from: "current" });
  await expect(page).toHaveURL("/coupon-table");
  await expect(new AdminPage(page).heading).toHaveText("Coupons");
});

test("a plain user is told 'Access Denied: Admins only.' with status 403 on every admin page @desktop", async ({
  page,
  request,
  dataDir,
  consoleErrors,
}) => {
  const learner = await createAccount(request, dataDir);
  await signIn(page, learner);
  for (const path of ["/admin", "/coupon-table"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(403);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("Access denied");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(ADMINS_ONLY);
    await expect(new AdminPage(page).nav).toHaveCount(0);
  }
  for (const path of [...SPEC_ADMIN_ROUTES.filter((p) => p !== "/admin/write"), "/admin/users", "/admin/outbox"]) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(403);
    expect(await res.text(), path).toContain(ADMINS_ONLY);
  }
  dropForbiddenErrors(consoleErrors);
});

test(
  "the 403 page is refused before any admin loader runs, and keeps the site's frame with the user's own menu",
  { tag: "@desktop" },
  async ({ page, request, dataDir, consoleErrors }) => {
    const learner = await createAccount(request, dataDir);
    await signIn(page, learner);
    // The root middleware refuses it (app/pages.ts declares the admin layout "admin"): no loader ran, so
    // the header's user menu comes with the denial itself.
    const res = await page.goto("/admin/users");
    expect(res?.status()).toBe(403);
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("main")).toContainText(ADMINS_ONLY);
    await expect(page.getByRole("button", { name: `Account menu for ${learner.username}` })).toBeVisible();
    dropForbiddenErrors(consoleErrors);
  },
);

test("/admin/write signed out shows the spec's text and a sign-in link that comes back @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  const learner = await createAccount(request, dataDir);
  const res = await page.goto("/admin/write");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("main")).toContainText("You must be logged in to create a post!");
  await expect(new AdminPage(page).nav).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fwrite$/);
  await signIn(page, learner, { from: "current" });
  await expect(page).toHaveURL((url) => url.pathname === "/admin/write");
  await expect(new AdminPage(page).heading).toHaveText("Write a post");
});

test("/admin/write is open to a plain signed-in user, without the admin navigation", async ({
  page,
  request,
  dataDir,
}) => {
  const learner = await createAccount(request, dataDir);
  await signIn(page, learner);
  const res = await page.goto("/admin/write");
  expect(res?.status()).toBe(200);
  const writePage = new AdminPage(page);
  await expect(writePage.heading).toHaveText("Write a post");
  await expect(page.getByRole("main")).not.toContainText(ADMINS_ONLY);
  await expect(writePage.nav).toHaveCount(0);
});

test("an admin sees every navigation entry, marked when current, and each entry's page loads", async ({
  page,
  request,
  dataDir,
  consoleErrors,
}) => {
  // fourteen admin pages, opened one after the other
  test.setTimeout(90_000);
  const admin = await createAccount(request, dataDir, { admin: true });
  await signIn(page, admin);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.showNav();
  // words people read, each link keeping its key (the spec's, for the spec's entries: decision 064)
  const links = dashboard.nav.getByRole("link");
  await expect(links).toHaveText(ADMIN_NAV_ENTRIES.map((e) => e.label));
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("data-nav-key")))).toEqual(
    ADMIN_NAV_ENTRIES.map((e) => e.key),
  );
  await expect(dashboard.navLink("Dashboard")).toHaveAttribute("aria-current", "page");
  await expect(dashboard.navCurrent).toHaveCount(1);

  for (const entry of ADMIN_NAV_ENTRIES.slice(1)) {
    await dashboard.openFromNav(entry.label, entry.path);
    await expect(dashboard.heading).toHaveText(entry.heading);
    await expect(dashboard.navCurrent).toHaveCount(1);
  }
  // A page that belongs to an entry marks it as the current section (also its 404 page).
  await page.goto("/coupons/view/0123456789abcdef01234567");
  await dashboard.showNav();
  await expect(dashboard.navLink("Coupons")).toHaveAttribute("aria-current", "true");
  // the browser logs the 404 of a coupon that does not exist
  allowConsoleErrors(consoleErrors, /status of 404/);
});

test("every admin route of the spec opens its screen for an admin @desktop", async ({
  page,
  request,
  dataDir,
  consoleErrors,
}) => {
  // seventeen pages one after the other: more than the default 30 s on a busy machine
  test.setTimeout(90_000);
  const admin = await createAccount(request, dataDir, { admin: true });
  await signIn(page, admin);
  const adminPage = new AdminPage(page);
  for (const path of SPEC_ADMIN_ROUTES) {
    const res = await page.goto(path);
    const missing = NOT_FOUND_SPEC_ADMIN_ROUTES[path];
    expect(res?.status(), path).toBe(missing ? 404 : 200);
    await expect(adminPage.nav, path).toBeVisible();
    const built = BUILT_SPEC_ADMIN_ROUTES[path] ?? missing;
    if (built) await expect(adminPage.heading, path).toHaveText(built);
    // the post editor (write-post.spec.ts)
    else if (path === "/admin/write") await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
    else throw new Error(`${path}: no screen known for this route of the spec`);
  }
  await page.goto("/tickets");
  await expectAccessible(page);
  // the browser logs the 404 of a course that does not exist
  allowConsoleErrors(consoleErrors, /status of 404/);
});

test("the admin navigation works from the keyboard", async ({ page, request, dataDir }) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  await signIn(page, admin);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.showNav();
  await dashboard.navLink("Dashboard").focus();
  // Tab walks the entries in order; Enter follows one.
  for (const entry of ADMIN_NAV_ENTRIES.slice(1, 4)) {
    await page.keyboard.press("Tab");
    await expect(dashboard.navLink(entry.label)).toBeFocused();
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(ADMIN_NAV_ENTRIES[3].path);
  await dashboard.showNav();
  await expect(dashboard.navLink(ADMIN_NAV_ENTRIES[3].label)).toHaveAttribute("aria-current", "page");
});

test(
  "on a 375 px phone the admin pages fit the screen, and the Admin menu opens onto every entry, none cut off",
  { tag: "@mobile" },
  async ({ page, request, dataDir }) => {
    const admin = await createAccount(request, dataDir, { admin: true });
    await signIn(page, admin);
    const dashboard = new DashboardPage(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const path of ["/admin", "/admin/users", "/admin/outbox", "/coupon-table"]) {
      await page.goto(path);
      expect(await overflow(), path).toBeLessThanOrEqual(0);
    }
    // Closed, the menu says it holds the admin pages and which one is open (issue 29: a strip cut off at
    // the screen's edge hid that more entries exist).
    await expect(dashboard.navMenu).toBeVisible();
    await expect(dashboard.navMenu).toHaveText(/^Admin menu\b.*\bCoupons$/);
    await expect(dashboard.nav.getByRole("link")).toHaveCount(0);
    // Open, every entry is on the screen's width, its words whole, and the page still does not scroll sideways.
    await dashboard.navMenu.click();
    const links = dashboard.nav.getByRole("link");
    await expect(links).toHaveText(ADMIN_NAV_ENTRIES.map((e) => e.label));
    for (const entry of ADMIN_NAV_ENTRIES) {
      const link = dashboard.navLink(entry.label);
      await link.scrollIntoViewIfNeeded();
      await expect(link, entry.label).toBeInViewport({ ratio: 1 });
      const box = (await link.boundingBox())!;
      expect(box.x, entry.label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, entry.label).toBeLessThanOrEqual(375);
      expect(await link.evaluate((a) => a.scrollWidth - a.clientWidth), entry.label).toBeLessThanOrEqual(0);
    }
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expect(dashboard.navLink("Coupons")).toHaveAttribute("aria-current", "page");
    // The last entry opens; its page comes with the menu closed, naming it.
    await dashboard.navLink("Audit log").click();
    await expect(page).toHaveURL("/admin/audit");
    await expect(dashboard.navMenu).toHaveText(/Audit log$/);
    await expect(dashboard.nav.getByRole("link")).toHaveCount(0);
  },
);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin navigation is plain links", async ({ page, request, dataDir }) => {
    const admin = await createAccount(request, dataDir, { admin: true });
    await signIn(page, admin);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.openFromNav("Users", "/admin/users");
    await dashboard.openFromNav("Newsletter subscribers", "/admin/newsletter");
    await expect(dashboard.heading).toHaveText("Newsletter subscribers");
  });
});
