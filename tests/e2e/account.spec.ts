// Accounts (spec public-area §2 "Navigation and layout" — /login shown only when signed out, a user
// menu when signed in — and "Sign-in (/login)", whose sign-up URL is /register; §3 "Signed-in user";
// §6; architecture "Identity"): sign-up, e-mail verification, sign-in, the header's user menu, sign-out.
import type { Locator, Page } from "@playwright/test";
import { AUTH_MESSAGES, AVATAR_MESSAGES } from "../../contract/account/auth.ts";
import { expectAccessible } from "./support/a11y.ts";
import {
  createAccount,
  linkIn,
  mailsTo,
  newAccountDetails,
  signIn,
  signInByApi,
  TINY_PNG,
  VERIFY_SUBJECT,
  waitForMail,
  type Account,
} from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

function loginForm(page: Page) {
  const main = page.getByRole("main");
  return {
    identifier: main.getByLabel("E-mail or username"),
    password: main.getByLabel("Password", { exact: true }),
    submit: main.getByRole("button", { name: /^Sign(ing)? in/ }),
    alert: main.getByRole("alert"),
    status: main.getByRole("status"),
  };
}

function registerForm(page: Page) {
  const main = page.getByRole("main");
  return {
    username: main.getByLabel("Username"),
    email: main.getByLabel("E-mail"),
    password: main.getByLabel("Password"),
    image: main.getByLabel("Profile image (optional)"),
    submit: main.getByRole("button", { name: /Create account|Creating/ }),
    summary: main.getByRole("alert"),
  };
}

async function fillRegister(page: Page, account: Account) {
  const f = registerForm(page);
  await f.username.fill(account.username);
  await f.email.fill(account.email);
  await f.password.fill(account.password);
  return f;
}

/** The error text tied to a field through aria-describedby. */
async function expectFieldError(field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message instanceof RegExp ? message : new RegExp(escape(message)));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The signed-in user's menu, opened: on wide screens the header's account button, on small ones the
 * hamburger menu (where the account part is listed with the links).
 */
async function openUserMenu(page: Page, isMobile: boolean, username: string): Promise<Locator> {
  if (isMobile) {
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    return menu.getByTestId("mobile-account");
  }
  const toggle = page.getByRole("button", { name: `Account menu for ${username}` });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  return page.locator("#user-menu");
}

async function expectSignedOutHeader(page: Page, isMobile: boolean) {
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  if (isMobile) {
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(menu.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    await page.getByRole("button", { name: "Menu" }).click();
  } else {
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("button", { name: /^Account menu for/ })).toHaveCount(0);
  }
}

test("sign-up, the verification link from the e-mail, sign-in, the user menu on every page, sign-out", async ({
  page,
  dataDir,
  isMobile,
}) => {
  test.slow(); // a long journey with four accessibility checks
  const account = newAccountDetails();
  await page.goto("/login");
  await expect(page).toHaveTitle(/^Sign in \|/);
  await expectSignedOutHeader(page, isMobile);
  await page.getByRole("main").getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle(/^Create an account \|/);
  await hydrated(page);
  await expectAccessible(page);

  const f = await fillRegister(page, account);
  await f.submit.click();
  const done = page.getByRole("main").getByRole("status");
  await expect(done).toContainText("Your account is created.");
  await expect(done).toContainText(AUTH_MESSAGES.registered);
  await expect(done).toContainText(account.email);
  await expect(done).toBeFocused();
  await expectAccessible(page);

  // The e-mail: its link verifies the address and lands on /login with a note.
  const mail = await waitForMail(dataDir, { to: account.email, subject: VERIFY_SUBJECT });
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  const login = loginForm(page);
  await expect(login.status).toContainText("Your e-mail address is verified.");
  await expectAccessible(page);

  // Sign in with the username this time.
  await hydrated(page);
  await login.identifier.fill(account.username);
  await login.password.fill(account.password);
  await login.submit.click();
  await expect(page).toHaveURL((url) => url.pathname === "/");

  // The user menu on several pages: the home page reached after sign-in, then fresh loads.
  for (const path of ["/", "/about", "/courses"]) {
    if (path !== "/") await page.goto(path);
    await hydrated(page);
    if (!isMobile) {
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toHaveCount(0);
    }
    // the footer offers Login only to signed-out visitors too (spec §2)
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Login" })).toHaveCount(0);
    const menu = await openUserMenu(page, isMobile, account.username);
    await expect(menu).toContainText(account.username);
    await expect(menu.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Saved posts" })).toHaveAttribute("href", "/saved");
    await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
    if (path === "/about") await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  }

  const menu = await openUserMenu(page, isMobile, account.username);
  await menu.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expectSignedOutHeader(page, isMobile);
  // the session is gone for good, not just from the page
  await page.reload();
  await hydrated(page);
  await expectSignedOutHeader(page, isMobile);
  expect(await (await page.request.get("/backend/api/me")).json()).toBeNull();
});

test("a wrong password or an unknown account is refused with one clear message; the password is not kept @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  const account = await createAccount(request, dataDir);
  await page.goto("/login");
  await hydrated(page);
  const f = loginForm(page);
  await f.identifier.fill(account.email);
  await f.password.fill("not-my-password-1");
  await f.submit.click();
  await expect(f.alert).toHaveText(AUTH_MESSAGES.wrongCredentials);
  await expect(f.identifier).toHaveValue(account.email);
  await expect(f.password).toHaveValue("");
  await expectFieldError(f.identifier, AUTH_MESSAGES.wrongCredentials);
  await expectFieldError(f.password, AUTH_MESSAGES.wrongCredentials);
  await expect(f.identifier).toBeFocused();
  await expectAccessible(page);

  await f.identifier.fill(`nobody-${account.username}@example.com`);
  await f.password.fill(account.password);
  await f.submit.click();
  await expect(f.alert).toHaveText(AUTH_MESSAGES.wrongCredentials);
  await expect(page).toHaveURL(/\/login$/);
  expect(await (await page.request.get("/backend/api/me")).json()).toBeNull();
});

test("an account whose address is not verified yet cannot sign in, and gets a new link @desktop", async ({
  page,
  dataDir,
}) => {
  const account = newAccountDetails();
  await page.goto("/register");
  await hydrated(page);
  await (await fillRegister(page, account)).submit.click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your account is created.");
  await waitForMail(dataDir, { to: account.email, subject: VERIFY_SUBJECT });

  await page.goto("/login");
  await hydrated(page);
  const f = loginForm(page);
  await f.identifier.fill(account.email);
  await f.password.fill(account.password);
  await f.submit.click();
  await expect(f.alert).toHaveText(AUTH_MESSAGES.notVerified);
  // the new link works like the first one
  const second = await waitForMail(dataDir, { to: account.email, subject: VERIFY_SUBJECT, skip: 1 });
  await page.goto(linkIn(second));
  await expect(f.status).toContainText("Your e-mail address is verified.");
  await f.identifier.fill(account.email);
  await f.password.fill(account.password);
  await f.submit.click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
});

test("a broken or expired verification link says so on the sign-in page @desktop", async ({ page }) => {
  await page.goto("/backend/api/auth/verify-email?token=not-a-token&callbackURL=%2Flogin%3Fverified%3D1");
  await expect(page).toHaveURL(/\/login\?verified=1&error=INVALID_TOKEN$/);
  const f = loginForm(page);
  await expect(f.alert).toContainText("This verification link is not valid.");
  await expect(f.alert).toContainText("we will send you a new link");
  await expect(f.status).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/login?verified=1&error=TOKEN_EXPIRED");
  await expect(f.alert).toContainText("This verification link has expired.");
});

test("a taken username and a taken e-mail address are each shown at their field @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  const existing = await createAccount(request, dataDir);
  const fresh = newAccountDetails();
  await page.goto("/register");
  await hydrated(page);

  // the username in other letter case is the same username
  let f = await fillRegister(page, { ...fresh, username: existing.username.toUpperCase() });
  await f.submit.click();
  await expectFieldError(f.username, AUTH_MESSAGES.usernameTaken);
  await expect(f.username).toBeFocused();
  await expect(f.summary.getByRole("link", { name: AUTH_MESSAGES.usernameTaken })).toBeVisible();
  await expect(f.email).toHaveValue(fresh.email);
  await expect(f.email).not.toHaveAttribute("aria-invalid");
  await expectAccessible(page);

  f = await fillRegister(page, { ...fresh, email: existing.email.toUpperCase() });
  await f.submit.click();
  await expectFieldError(f.email, AUTH_MESSAGES.emailTaken);
  await expect(f.email).toBeFocused();
  await expect(f.username).not.toHaveAttribute("aria-invalid");
  expect(mailsTo(dataDir, fresh.email)).toEqual([]);
});

test("a weak password and a bad e-mail address are refused at their fields, together @desktop", async ({
  page,
  dataDir,
}) => {
  const account = newAccountDetails();
  await page.goto("/register");
  await hydrated(page);
  // Both pass the browser's own checks (long enough; "name@host" is a valid e-mail for HTML) and are
  // refused by the server's rules.
  const f = await fillRegister(page, { ...account, email: `${account.username}@example`, password: "onlyletters" });
  await f.submit.click();
  await expectFieldError(f.email, "Please enter a valid email address");
  await expectFieldError(f.password, "Password must contain letters and numbers");
  await expect(f.summary).toContainText("Please check the form.");
  await expect(f.email).toBeFocused();
  await expect(f.username).toHaveValue(account.username);
  await expectAccessible(page);

  // The rules are told before the first try, at the field.
  await expect(f.password).toHaveAccessibleDescription(/At least 8 characters, with both letters and numbers/);
  await f.email.fill(account.email);
  await f.password.fill(account.password);
  await f.submit.click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your account is created.");
  await waitForMail(dataDir, { to: account.email, subject: VERIFY_SUBJECT });
});

test("a profile image that is no picture, or too big, is refused at its field and no account is made @desktop", async ({
  page,
}) => {
  const account = newAccountDetails();
  await page.goto("/register");
  await hydrated(page);
  const f = await fillRegister(page, account);

  // too big: refused in the browser before anything is sent
  await f.image.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(1024 * 1024 + 1, 1) });
  await expectFieldError(f.image, AVATAR_MESSAGES.tooBig);
  await f.submit.click();
  await expect(page.getByRole("main").getByRole("status")).toHaveCount(0);

  // not a picture (whatever its name says): refused by the server
  await f.image.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") });
  await f.submit.click();
  await expectFieldError(f.image, AVATAR_MESSAGES.badType);
  await expect(f.image).toBeFocused();
  await expectAccessible(page);

  // nothing was made: the same username and address are still free
  await f.password.fill(account.password);
  await f.image.setInputFiles([]);
  await f.submit.click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your account is created.");
});

test("the profile image chosen at sign-up shows in the user menu", async ({
  page,
  context,
  request,
  dataDir,
  isMobile,
}) => {
  const account = await createAccount(request, dataDir, { image: TINY_PNG });
  await signInByApi(context, account);
  await page.goto("/about");
  await hydrated(page);
  if (!isMobile) {
    const avatar = page
      .getByRole("button", { name: `Account menu for ${account.username}` })
      .getByTestId("user-avatar");
    await expect(avatar).toHaveAttribute("src", /^\/media\/avatars\/[0-9a-f]{24}\.webp\?tr=w-\d+,h-\d+$/);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
  const menu = await openUserMenu(page, isMobile, account.username);
  if (isMobile) {
    const avatar = menu.getByTestId("user-avatar");
    await expect(avatar).toHaveAttribute("src", /^\/media\/avatars\/[0-9a-f]{24}\.webp\?tr=w-\d+,h-\d+$/);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
  await expect(menu).toContainText(account.username);
});

test("without a profile image the menu shows the username's initial", async ({
  page,
  context,
  request,
  dataDir,
  isMobile,
}) => {
  const account = await createAccount(request, dataDir);
  await signInByApi(context, account);
  await page.goto("/");
  await hydrated(page);
  const menu = await openUserMenu(page, isMobile, account.username);
  await expect(menu.getByTestId("user-avatar")).toHaveCount(0);
  await expect(page.getByTestId("user-avatar")).toHaveCount(0);
  await expect(menu).toContainText(account.username);
});

test("after sign-in the visitor goes where ?redirectTo= says, on this site only @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  // five sign-ins in a row: more than the default 30 s on a busy 2-core machine
  test.setTimeout(60_000);
  const account = await createAccount(request, dataDir);
  await signIn(page, account, { redirectTo: "/showcase?x=1" });
  await expect(page).toHaveURL((url) => url.pathname === "/showcase" && url.search === "?x=1");

  // signed in already: /login sends on at once, /register goes home
  await page.goto("/login?redirectTo=%2Fabout");
  await expect(page).toHaveURL((url) => url.pathname === "/about");
  await page.goto("/register");
  await expect(page).toHaveURL((url) => url.pathname === "/");

  // another site, or a path that the browser would read as one, is replaced by the home page
  for (const evil of ["https://evil.example/", "//evil.example/", "/\t/evil.example/", "/\\evil.example/"]) {
    await page.context().clearCookies();
    await signIn(page, account, { redirectTo: evil });
    await expect(page).toHaveURL((url) => url.pathname === "/" && url.hostname !== "evil.example");
  }
});

test("a guarded page sends a signed-out visitor to /login and back after sign-in; admins see the Admin link", async ({
  page,
  request,
  dataDir,
  isMobile,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  await page.goto("/admin");
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/admin");
  await hydrated(page);
  const f = loginForm(page);
  await f.identifier.fill(admin.email);
  await f.password.fill(admin.password);
  await f.submit.click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin");

  await page.goto("/about");
  await hydrated(page);
  const menu = await openUserMenu(page, isMobile, admin.username);
  await menu.getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
});

test(
  "desktop: the user menu works by keyboard and closes on Escape and on a click elsewhere",
  { tag: "@desktop" },
  async ({ page, context, request, dataDir }) => {
    const account = await createAccount(request, dataDir);
    await signInByApi(context, account);
    await page.goto("/contact");
    await hydrated(page);
    const toggle = page.getByRole("button", { name: `Account menu for ${account.username}` });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.locator("#user-menu").getByRole("link", { name: "My account" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.locator("#user-menu").getByRole("link", { name: "Saved posts" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.locator("#user-menu").getByRole("link", { name: "Write a post" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#user-menu")).toHaveCount(0);
    await expect(toggle).toBeFocused();

    await page.keyboard.press("Space");
    await expect(page.locator("#user-menu")).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(page.locator("#user-menu")).toHaveCount(0);
    await expectAccessible(page);
  },
);

test("every account page has its title and passes the accessibility check", async ({ page }) => {
  // four pages, each scanned by axe
  test.setTimeout(60_000);
  for (const [path, title, heading] of [
    ["/login", /^Sign in \|/, "Sign in"],
    ["/register", /^Create an account \|/, "Create your account"],
    ["/forgot-password", /^Forgot your password\? \|/, "Forgot your password?"],
    ["/reset-password?token=nope", /^Choose a new password \|/, "Choose a new password"],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expectAccessible(page);
  }
  // GET /logout signs nobody out and just goes home
  await page.goto("/logout");
  await expect(page).toHaveURL((url) => url.pathname === "/");
});

// (axe runs inside the page, so it needs JavaScript: the same markup is checked in the tests above.)
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-in, the user menu (a <details>) and sign-out work as plain pages and forms", async ({
    page,
    request,
    dataDir,
    isMobile,
  }) => {
    const account = await createAccount(request, dataDir);
    await page.goto("/login?redirectTo=%2Fabout");
    const f = loginForm(page);
    await f.identifier.fill(account.email);
    await f.password.fill("wrong-password-1");
    await f.submit.click();
    await expect(f.alert).toHaveText(AUTH_MESSAGES.wrongCredentials);
    await expect(f.identifier).toHaveValue(account.email);
    await expect(f.password).toHaveValue("");

    await f.password.fill(account.password);
    await f.submit.click();
    await expect(page).toHaveURL((url) => url.pathname === "/about");

    let signOut: Locator;
    if (isMobile) {
      await page.locator("summary", { hasText: /^Menu$/ }).click();
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect(menu).toContainText(account.username);
      signOut = menu.getByRole("button", { name: "Sign out" });
    } else {
      await page.locator("summary", { hasText: account.username }).click();
      await expect(page.locator("#user-menu")).toContainText(account.username);
      signOut = page.locator("#user-menu").getByRole("button", { name: "Sign out" });
    }
    await signOut.click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    // the Login link is back (on small screens inside the closed menu)
    await expect(page.getByRole("banner").locator('a[href="/login"]').first()).toBeAttached();
    await expect(page.locator("summary", { hasText: account.username })).toHaveCount(0);
    expect(await (await page.request.get("/backend/api/me")).json()).toBeNull();
  });

  test("sign-up works as a plain multipart form, with its errors shown at the fields", async ({ page, dataDir }) => {
    const account = newAccountDetails();
    await page.goto("/register");
    let f = await fillRegister(page, { ...account, password: "onlyletters" });
    await f.image.setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(2 * 1024 * 1024, 1) });
    await f.submit.click();
    f = registerForm(page);
    await expectFieldError(f.password, "Password must contain letters and numbers");
    await expectFieldError(f.image, AVATAR_MESSAGES.tooBig);
    await expect(f.username).toHaveValue(account.username);
    await expect(f.email).toHaveValue(account.email);
    await expect(f.password).toHaveValue("");

    await f.password.fill(account.password);
    await f.image.setInputFiles(TINY_PNG);
    await f.submit.click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(AUTH_MESSAGES.registered);
    const mail = await waitForMail(dataDir, { to: account.email, subject: VERIFY_SUBJECT });
    await page.goto(linkIn(mail));
    await expect(loginForm(page).status).toContainText("Your e-mail address is verified.");
  });
});
