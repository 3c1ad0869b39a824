// /admin: the day's figures (Lagos time) and the totals, from services.users.dashboard. Other tests run
// at the same time on the same server, so the figures are compared as "at least one more".
import { DashboardPage } from "./pages/admin.ts";
import { createAccount, signIn } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor } from "./support/page.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("the dashboard labels the day's figures as Lagos time and shows the totals", async ({
  page,
  request,
  dataDir,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  await signIn(page, admin);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(page.getByRole("heading", { name: "Today (Lagos time)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Totals" })).toBeVisible();
  // This admin signed up today: at least one user today, and at least as many in total.
  const usersToday = await dashboard.figure("New users today");
  expect(usersToday).toBeGreaterThanOrEqual(1);
  expect(await dashboard.figure("Users in total")).toBeGreaterThanOrEqual(usersToday);
  expect(await dashboard.figure("Courses in total")).toBeGreaterThan(0); // the seeded catalogue
  await expectAccessible(page);
});

test("a contact request and a newsletter subscription made through the public API show in today's figures @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  await signIn(page, admin);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const before = {
    contacts: await dashboard.figure("Contact requests today"),
    subscribers: await dashboard.figure("New subscribers today"),
    contactsTotal: await dashboard.figure("Contact requests in total"),
    subscribersTotal: await dashboard.figure("Subscribers in total"),
  };

  const contact = await request.post("/backend/api/contact", {
    data: { name: "Ada", email: `ada-${unique()}@example.com`, subject: "Other", message: "Counted on the dashboard?" },
  });
  expect(contact.ok()).toBe(true);
  const subscription = await request.post("/backend/api/newsletter", {
    data: { email: `sub-${unique()}@example.com` },
  });
  expect(subscription.ok()).toBe(true);

  await dashboard.goto();
  expect(await dashboard.figure("Contact requests today")).toBeGreaterThanOrEqual(before.contacts + 1);
  expect(await dashboard.figure("New subscribers today")).toBeGreaterThanOrEqual(before.subscribers + 1);
  expect(await dashboard.figure("Contact requests in total")).toBeGreaterThanOrEqual(before.contactsTotal + 1);
  expect(await dashboard.figure("Subscribers in total")).toBeGreaterThanOrEqual(before.subscribersTotal + 1);
});
