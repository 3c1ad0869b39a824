import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

// spec public-area §2 "Navigation and layout"
const NAV = [
  { label: "Home", path: "/" },
  { label: "Know more", path: "/blog" },
  { label: "Explore", path: "/posts" },
  { label: "About", path: "/about" },
  { label: "Contact", path: "/contact" },
  { label: "Showcase", path: "/showcase" },
  { label: "Login", path: "/login" },
];
const MOBILE_ONLY = { label: "Courses", path: "/courses" };

/** A 404 page's own document status, which the browser logs; nothing else may. */
function dropMissingPageErrors(errors: string[]) {
  const rest = errors.filter((e) => !/status of 404/.test(e));
  errors.splice(0, errors.length, ...rest);
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("the header shows the logo with the short name and the footer the year 2025", async ({ page }) => {
  await page.goto("/courses");
  const logo = page.getByRole("banner").getByRole("link", { name: /, home$/ });
  await expect(logo).toBeVisible();
  await expect(logo.locator("svg")).toBeVisible();
  const siteName = (await logo.innerText()).trim();
  expect(siteName.length).toBeGreaterThan(0);

  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("2025");
  await expect(footer).toContainText(`© 2025 ${siteName}`);

  await logo.click();
  await expect(page).toHaveURL(/\/$/);
});

test("a skip link jumps to the main content", async ({ page }) => {
  await page.goto("/courses");
  await hydrated(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expect(skip).toHaveAttribute("href", "#main");
  await expect(page.locator("main#main")).toHaveCount(1);
});

// The full navigation shows on wide screens only; the @mobile test below covers the hamburger.
test(
  "desktop: every header link leads to its page; Courses is in the mobile menu only",
  { tag: "@desktop" },
  async ({ page }) => {
    await page.goto("/about");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    await expect(nav.getByRole("link", { name: MOBILE_ONLY.label })).toHaveCount(0);

    for (const item of NAV) {
      const link = nav.getByRole("link", { name: item.label, exact: true });
      await expect(link).toHaveAttribute("href", item.path);
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === item.path);
      await expect(nav.getByRole("link", { name: item.label, exact: true })).toHaveAttribute("aria-current", "page");
    }
  },
);

test(
  "mobile: the hamburger opens and closes the menu, which holds every link including Courses",
  { tag: "@mobile" },
  async ({ page }) => {
    await page.goto("/about");
    await hydrated(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    const menuButton = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toHaveAttribute("aria-controls", "mobile-menu");
    await expect(menu).toBeHidden();

    // open, then close with the button
    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("id", "mobile-menu");
    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    // Escape closes it and gives focus back to the button
    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    // each link navigates and closes the menu
    for (const item of [...NAV, MOBILE_ONLY]) {
      await menuButton.click();
      const link = menu.getByRole("link", { name: item.label, exact: true });
      await expect(link).toHaveAttribute("href", item.path);
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === item.path);
      await expect(menu).toBeHidden();
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    }
  },
);

test("the layout passes the accessibility check, with the mobile menu open on small screens", async ({
  page,
  isMobile,
}) => {
  await page.goto("/courses");
  await hydrated(page);
  if (isMobile) {
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  }
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the navigation works: the header links on wide screens, a <details> menu on small ones", async ({
    page,
    isMobile,
  }) => {
    await page.goto("/courses");
    await expect(page.getByRole("contentinfo")).toContainText("2025");
    if (!isMobile) {
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const item of NAV) {
        await expect(nav.getByRole("link", { name: item.label, exact: true })).toHaveAttribute("href", item.path);
      }
      return;
    }
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await page.locator("summary", { hasText: "Menu" }).click();
    await expect(menu).toBeVisible();
    for (const item of [...NAV, MOBILE_ONLY]) {
      await expect(menu.getByRole("link", { name: item.label, exact: true })).toHaveAttribute("href", item.path);
    }
    await menu.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
  });
});

// (one segment, /no-such-page, would be a post's address: blog.spec.ts checks 'Post not found!')
test("an unknown page is a real 404 inside the site layout", async ({ page, request, consoleErrors }) => {
  expect((await request.get("/no/such/page")).status()).toBe(404);
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("2025");
  dropMissingPageErrors(consoleErrors);
});
