// /admin/audit (issue 16 "Audit log", beyond the spec): an admin changes things through the API, then
// finds the entries on the page (who, what, the item's link, each field before → after, a long value
// cut with the whole text one click away) and filters them by resource, with and without JavaScript.
// The e2e database is shared by the tests running in parallel: every item made here has a unique name,
// and the checks look for those entries only.
import type { APIRequestContext } from "@playwright/test";
import { AuditPage } from "./pages/admin.ts";
import { createAccount, signIn, signInByApi, type Account } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

// Each call's answer is its own (the FAQ is on / while the test runs, and no two FAQs may share it)
const longAnswer = (question: string) =>
  `In this audit test a course runs for ten weeks, with two live sessions a week, a project at the end ` +
  `and a mentor who reviews every piece of work (${question}).`;

/** A category and an FAQ made by `admin` through the API, the FAQ then changed: three entries. */
async function changeThings(request: APIRequestContext, admin: Account) {
  const { token } = await signInByApi(request, admin);
  const headers = { Authorization: `Bearer ${token}` };
  const category = unique("Audit category");
  const added = await request.post("/backend/posts/category", { headers, data: { name: category } });
  expect(added.status(), await added.text()).toBe(201);
  const question = unique("How long is a course?");
  const created = await request.post("/backend/api/faqs", {
    headers,
    data: { question, answer: "Eight weeks." },
  });
  expect(created.status(), await created.text()).toBe(201);
  const faq = (await created.json()) as { _id: string };
  const updated = await request.put(`/backend/api/faqs/${faq._id}`, {
    headers,
    data: { question, answer: longAnswer(question) },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  return { category, question, answer: longAnswer(question), faqId: faq._id };
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test(
  "an admin's changes show in the log with who, what, the item's link and the changes; the resource filter narrows it",
  { tag: "@desktop" },
  async ({ page, request, dataDir }) => {
    test.setTimeout(60_000);
    const admin = await createAccount(request, dataDir, { admin: true });
    const { category, question, answer, faqId } = await changeThings(request, admin);
    await signIn(page, admin, { redirectTo: "/admin" });
    const audit = new AuditPage(page);
    await audit.openFromNav("Audit log", "/admin/audit");
    await hydrated(page);

    await expect(audit.entry(category)).toHaveCount(1);
    await expect(audit.entryField(category, "What")).toHaveText("Added category");
    await expect(audit.entryField(category, "Who")).toContainText(admin.email);
    await expect(audit.entryField(category, "Item").getByRole("link")).toHaveAttribute("href", "/admin/categories");

    const edits = audit.entry(question);
    await expect(edits).toHaveCount(2);
    const update = edits.filter({ hasText: "Updated FAQ" });
    await expect(update.getByRole("link", { name: question })).toHaveAttribute("href", `/admin/faqs?edit=${faqId}`);
    // the long answer is cut after 80 characters; the whole text is one click away
    const changes = update.locator('td[data-label="Changes"]');
    await expect(changes.getByRole("listitem")).toHaveCount(1);
    await expect(changes.getByRole("listitem")).toContainText(/^Answer: Eight weeks\. →changed to /);
    await expect(changes).toContainText(`${answer.slice(0, 80)}…`);
    await expect(changes.getByText(answer, { exact: true })).toBeHidden();
    await changes.getByText("Show in full").click();
    await expect(changes.getByText(answer, { exact: true })).toBeVisible();

    await audit.filter({ resource: "FAQs" });
    await expect(page).toHaveURL(/[?&]resource=faqs(&|$)/);
    await expect(audit.filters.getByLabel("Resource")).toHaveValue("faqs");
    await expect(audit.entry(question)).toHaveCount(2);
    await expect(audit.entry(category)).toHaveCount(0);

    // a day with no entries
    await audit.filter({ from: "2001-01-01", to: "2001-01-31" });
    await expect(audit.emptyState).toHaveText("Nothing matches these filters.");
  },
);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form is a plain GET form", { tag: "@desktop" }, async ({ page, request, dataDir }) => {
    const admin = await createAccount(request, dataDir, { admin: true });
    const { category, question } = await changeThings(request, admin);
    await signInByApi(page.context(), admin);
    const audit = new AuditPage(page);
    await audit.goto();
    await audit.filter({ resource: "Categories" });
    await expect(page).toHaveURL(/[?&]resource=categories(&|$)/);
    await expect(audit.entry(category)).toHaveCount(1);
    await expect(audit.entry(question)).toHaveCount(0);
  });
});

// The list is a table on wide screens and a card per entry on phones: axe checks both (this spec runs
// in the desktop-width "content-writes" project, so the phone width is set here).
test("the audit log passes axe, with entries, a cut value and the filters, wide and on a phone", async ({
  page,
  request,
  dataDir,
}) => {
  // two accessibility scans: more than the default 30 s on a busy machine
  test.setTimeout(60_000);
  const admin = await createAccount(request, dataDir, { admin: true });
  const { question } = await changeThings(request, admin);
  await signInByApi(page.context(), admin);
  const audit = new AuditPage(page);
  await audit.goto("resource=faqs");
  await hydrated(page);
  await expect(audit.entry(question)).toHaveCount(2);
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(audit.entry(question)).toHaveCount(2);
  await expectAccessible(page);
});
