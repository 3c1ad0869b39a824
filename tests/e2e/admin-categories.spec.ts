// /admin/categories (spec admin-back-office §2 "Categories admin", §5, §8; decisions 020, 029): an admin
// adds and removes categories on the admin kit's screen; a duplicate, a blank name and a category in use
// are refused with their messages; signed out and plain users are turned away with the spec's texts. The e2e database is
// shared by the tests running in parallel: every category made here has a unique name, and the seeded
// ones are only ever asked to be removed where the server refuses (courses use them).
import { AuditPage, CategoriesPage } from "./pages/admin.ts";
import { createAccount, signIn, signInByApi } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { allowConsoleErrors, expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

const EMPTY = "Category name cannot be empty!";
const ADDED = "Category added successfully!";
const REMOVED = "Category removed successfully!";

let counter = 0;
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test(
  "an admin adds a category: the toast, the list and an empty box; a duplicate in another case and a blank name are refused",
  { tag: "@desktop" },
  async ({ page, request, dataDir }) => {
    // three round trips and two accessibility scans: more than the default 30 s on a busy machine
    test.setTimeout(60_000);
    const admin = await createAccount(request, dataDir, { admin: true });
    await signIn(page, admin);
    const categories = new CategoriesPage(page);
    await categories.goto();
    await hydrated(page);
    await expectAccessible(page);

    const name = uniqueName("Data Science");
    await categories.add(`  ${name}  `);
    await expect(categories.toast(ADDED)).toBeVisible();
    await expect(categories.row(name)).toHaveCount(1);
    await expect(categories.rowField(name, "Courses")).toHaveText("0 courses");
    await expect(categories.rowField(name, "Posts")).toHaveText("0 posts");
    await expect(categories.nameBox).toHaveValue("");

    // a duplicate, whatever its case: the server's 409 message, above the form and as a toast, the name kept
    await categories.add(name.toUpperCase());
    const duplicate = `A category named "${name}" already exists.`;
    await expect(categories.formError).toHaveText(duplicate);
    await expect(categories.toast(duplicate)).toBeVisible();
    await expect(categories.formError).toBeFocused();
    await expect(categories.nameBox).toHaveValue(name.toUpperCase());
    await expect(categories.row(name)).toHaveCount(1);
    await expectAccessible(page);

    // blank after trimming: the spec's message beside the field, found in the browser before anything is sent
    await categories.add("   ");
    await expect(categories.nameError).toContainText(EMPTY);
    await expect(categories.nameBox).toHaveAttribute("aria-invalid", "true");
    await expect(categories.nameBox).toBeFocused();
  },
);

test(
  "remove asks 'Are you sure you want to delete \"{name}\"?': Cancel keeps the category, Remove removes it",
  { tag: "@desktop" },
  async ({ page, request, dataDir }) => {
    const admin = await createAccount(request, dataDir, { admin: true });
    await signIn(page, admin);
    const categories = new CategoriesPage(page);
    await categories.goto();
    await hydrated(page);
    const name = uniqueName(`UI/UX "Design"`);
    await categories.add(name);
    await expect(categories.row(name)).toHaveCount(1);

    await categories.removeButton(name).click();
    const dialog = categories.confirmDialog(name);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(categories.removeButton(name)).toBeFocused();
    await expect(categories.row(name)).toHaveCount(1);

    await categories.removeButton(name).click();
    await categories.confirmDialog(name).getByRole("button", { name: "Remove" }).click();
    await expect(categories.toast(REMOVED)).toBeVisible();
    await expect(categories.row(name)).toHaveCount(0);
    // the public list no longer has it
    const names = (await (await request.get("/backend/posts/categories")).json()) as string[];
    expect(names).not.toContain(name);
    // and the audit log has the add and the removal, by this admin
    const audit = new AuditPage(page);
    await audit.goto("resource=categories");
    await expect(audit.entry(name)).toHaveCount(2);
    await expect(audit.entry(name).filter({ hasText: admin.email })).toHaveCount(2);
  },
);

test(
  "removing a category that courses use is refused, saying how many use it; the category stays",
  { tag: "@desktop" },
  async ({ page, request, dataDir }) => {
    // an accessibility scan of the page with its refusal: more than the default 30 s on a busy machine
    test.setTimeout(60_000);
    const admin = await createAccount(request, dataDir, { admin: true });
    await signIn(page, admin);
    const categories = new CategoriesPage(page);
    await categories.goto();
    await hydrated(page);
    // "Coding" is seeded, and seeded courses use it: the server refuses, so it is never removed here.
    const used = "Coding";
    await expect(categories.rowField(used, "Courses")).not.toHaveText("0 courses");
    // issue 29: its Remove is muted and says why, and stays a button that can be pressed (neither
    // disabled nor aria-disabled, which no click reaches: decision 064)
    const remove = categories.removeButton(used);
    await expect(remove).toHaveAccessibleDescription(/^In use by \d+ courses?( and \d+ posts?)?$/);
    await expect(categories.row(used).getByText(/^In use by \d+ course/)).toBeVisible();
    await expect(remove).toHaveCSS("border-top-style", "dashed");
    await expect(remove).toBeEnabled();
    // pressed, it says the server's refusal at once: no question, nothing sent
    const posted: string[] = [];
    page.on("request", (r) => {
      if (r.method() !== "GET") posted.push(r.url());
    });
    await remove.click();
    const refusal = new RegExp(`Cannot delete "${used}": \\d+ courses?( and \\d+ posts?)? uses? it\\.`);
    await expect(categories.toast(refusal)).toBeVisible();
    await expect(categories.refusal(refusal)).toBeVisible();
    await expect(categories.confirmDialog(used)).toHaveCount(0);
    expect(posted).toEqual([]);
    await expect(categories.row(used)).toHaveCount(1);
    await expectAccessible(page);
  },
);

test("signed out, /admin/categories sends to sign-in with 'Please sign in to manage categories.'", async ({
  page,
  request,
  dataDir,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  await page.goto("/admin/categories");
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/admin/categories")}`);
  await expect(
    page.getByRole("main").getByRole("status").filter({ hasText: "Please sign in to manage categories." }),
  ).toBeVisible();
  await signIn(page, admin, { from: "current" });
  await expect(page).toHaveURL("/admin/categories");
  await expect(new CategoriesPage(page).heading).toHaveText("Categories");
});

test("a plain user sees 'Access Denied: Admins only.' and cannot add through the page", async ({
  page,
  request,
  dataDir,
  consoleErrors,
}) => {
  const learner = await createAccount(request, dataDir);
  await signIn(page, learner);
  const res = await page.goto("/admin/categories");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Access Denied: Admins only.");
  await expect(page.getByRole("textbox", { name: "Category name" })).toHaveCount(0);
  const name = uniqueName("Sneaky");
  const post = await page.request.post("/admin/categories", {
    form: { resource: "categories", intent: "save", name },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
  const names = (await (await request.get("/backend/posts/categories")).json()) as string[];
  expect(names).not.toContain(name);
  allowConsoleErrors(consoleErrors, /status of 403/);
});

test(
  "at 375 px the list is cards with their figures and Remove buttons",
  { tag: "@mobile" },
  async ({ page, request, dataDir }) => {
    const admin = await createAccount(request, dataDir, { admin: true });
    await signIn(page, admin);
    const categories = new CategoriesPage(page);
    await categories.goto();
    await hydrated(page);
    const name = uniqueName("Mobile Dev");
    await categories.add(name);
    await expect(categories.toast(ADDED)).toBeVisible();
    await expect(categories.rowField(name, "Courses")).toBeVisible();
    const remove = categories.removeButton(name);
    await remove.scrollIntoViewIfNeeded();
    const box = await remove.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  },
);

test.describe("without JavaScript", { tag: "@desktop" }, () => {
  test.use({ javaScriptEnabled: false });

  test("adding works, a blank name is refused, and Remove asks its question on the page", async ({
    page,
    request,
    dataDir,
  }) => {
    const admin = await createAccount(request, dataDir, { admin: true });
    await signInByApi(page.context(), admin);
    const categories = new CategoriesPage(page);
    await categories.goto();

    const name = uniqueName("No Script");
    await categories.add(name);
    await expect(categories.notice(ADDED)).toBeVisible();
    await expect(categories.row(name)).toHaveCount(1);
    await expect(categories.nameBox).toHaveValue("");

    // the server's check: the spec's message beside the field
    await categories.add("  ");
    await expect(categories.nameError).toContainText(EMPTY);
    await expect(categories.row(name)).toHaveCount(1);

    // no dialog without JavaScript: the question comes on the page, and nothing is removed until confirmed
    await categories.removeButton(name).click();
    await expect(categories.confirmOnPage).toContainText(`Are you sure you want to delete "${name}"?`);
    await expect(categories.row(name)).toHaveCount(1);
    await categories.confirmOnPage.getByRole("button", { name: "Remove" }).click();
    await expect(categories.notice(REMOVED)).toBeVisible();
    await expect(categories.row(name)).toHaveCount(0);

    // one in use: Remove answers the server's refusal at once, with no question first (issue 29)
    await categories.removeButton("Coding").click();
    await expect(
      categories.refusal(/^Cannot delete "Coding": \d+ courses?( and \d+ posts?)? uses? it\./),
    ).toBeVisible();
    await expect(categories.confirmOnPage).toHaveCount(0);
    await expect(categories.row("Coding")).toHaveCount(1);
  });
});
