// /admin/contacts (spec admin-back-office §2 "Contacts admin", §4, §8 "Contacts"; issue 19): requests
// sent through the public API are found with the filters, answered from their response box (the e-mail
// arrives as the reply to the subject, the request becomes Responded and shows its response), refused
// when empty, and deleted after the confirmation; the same without JavaScript; axe at both widths.
import type { APIRequestContext } from "@playwright/test";
import { ContactsPage } from "./pages/admin.ts";
import { createAccount, signIn, signInByApi, waitForMail } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A contact request sent as a visitor would; its e-mail address, unique to the test. */
async function sendRequest(request: APIRequestContext, subject = "Technical Support", name = "Ngozi Eze") {
  const email = `contact-${unique()}@example.com`;
  const res = await request.post("/backend/api/contact", {
    data: { name, email, subject, message: "The course video stops after a minute on my phone." },
  });
  expect(res.status()).toBe(201);
  return email;
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("an admin finds a request, responds by e-mail, sees it Responded with its response, then deletes it @desktop", async ({
  page,
  request,
  dataDir,
}) => {
  test.setTimeout(60_000);
  const admin = await createAccount(request, dataDir, { admin: true });
  const email = await sendRequest(request);
  const other = await sendRequest(request, "Other");
  await signIn(page, admin, { redirectTo: "/admin" });
  const contacts = new ContactsPage(page);
  await contacts.openFromNav("Contacts", "/admin/contacts");
  await hydrated(page);

  await contacts.filter({ email });
  await expect(page).toHaveURL(/search=/);
  await expect(contacts.row(email)).toHaveCount(1);
  await expect(contacts.row(other)).toHaveCount(0);
  await expect(contacts.cell(email, "From")).toContainText("Ngozi Eze");
  await expect(contacts.cell(email, "Subject")).toHaveText("Technical Support");
  await expect(contacts.cell(email, "Status")).toHaveText("New");

  // an empty response: the server's reason after the spec's prefix, nothing sent
  await contacts.respond(email, "   ");
  await expect(contacts.toast("Failed to send response: Response is required")).toBeVisible();

  // issue 29: the box previews the e-mail as it will be sent (its lines, Reply-To, one greeting)
  const row = contacts.row(email);
  await row.getByLabel(`Response to ${email}`).fill("Hi Ngozi,\nPlease switch the player to 360p.\nWe are fixing it.");
  await row.getByRole("button", { name: "Preview" }).click();
  const preview = row.getByRole("region", { name: "Preview of the e-mail" });
  await expect(preview).toContainText(`To${email}`);
  await expect(preview).toContainText(`Reply-To${admin.email}`);
  await expect(preview).toContainText("SubjectRe: Technical Support");
  await expect(preview.locator("pre")).toContainText("Hi Ngozi,\nPlease switch the player to 360p.\nWe are fixing it.");
  await expect(preview.locator("pre")).not.toContainText("Hello Ngozi,");
  await expect(contacts.cell(email, "Status")).toHaveText("New");
  await expectAccessible(page);
  await row.getByRole("button", { name: "Send response" }).click();
  await expect(contacts.toast("Response sent successfully")).toBeVisible();
  await contacts.dismissToast("Response sent successfully");
  const previewed = await waitForMail(dataDir, { to: email, subject: /^Re: Technical Support$/ });
  expect(previewed.headers["reply-to"]).toBe(admin.email);
  expect(previewed.html).toMatch(/Please switch the player to 360p\.<br\s*\/?>\s*We are fixing it\./);

  await contacts.respond(email, "Please switch the player to 360p while we fix it.");
  await expect(contacts.toast("Response sent successfully")).toBeVisible();
  await expect(contacts.cell(email, "Status")).toHaveText("Responded");
  await expect(contacts.cell(email, "Message")).toContainText("Please switch the player to 360p while we fix it.");
  // the second response's e-mail
  const mail = await waitForMail(dataDir, { to: email, subject: /^Re: Technical Support$/, skip: 1 });
  expect(mail.text).toContain("Please switch the player to 360p while we fix it.");

  await contacts.filter({ email: "", status: "Responded" });
  await expect(contacts.row(email)).toHaveCount(1);
  await expect(contacts.row(other)).toHaveCount(0);

  await contacts.delete(email, "Cancel");
  await expect(contacts.row(email)).toHaveCount(1);
  await contacts.delete(email);
  await expect(contacts.toast("Contact deleted successfully")).toBeVisible();
  await expect(contacts.row(email)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters, the response box and the delete's question work as plain forms @desktop", async ({
    page,
    request,
    dataDir,
  }) => {
    const admin = await createAccount(request, dataDir, { admin: true });
    const email = await sendRequest(request, "Course Inquiry", "");
    await signInByApi(page.context(), admin);
    const contacts = new ContactsPage(page);
    await contacts.goto(`search=${encodeURIComponent(email)}`);
    await expect(contacts.cell(email, "From")).toContainText("N/A");

    await contacts.respond(email, "The next cohort starts in January.");
    await expect(contacts.notice("Response sent successfully")).toBeVisible();
    await expect(contacts.cell(email, "Status")).toHaveText("Responded");

    await contacts
      .row(email)
      .getByRole("button", { name: `Delete the request from ${email}` })
      .click();
    const question = page.getByRole("region", { name: "Confirm delete" });
    await expect(question).toContainText(`Are you sure you want to delete the contact request from ${email}?`);
    await question.getByRole("button", { name: "Delete" }).click();
    await expect(contacts.notice("Contact deleted successfully")).toBeVisible();
    await expect(contacts.row(email)).toHaveCount(0);
  });
});

// A table on wide screens and a card per request on phones.
test("the contacts screen passes axe with a request, its open response box and a response", async ({
  page,
  request,
  dataDir,
}) => {
  const admin = await createAccount(request, dataDir, { admin: true });
  const email = await sendRequest(request);
  const { token } = await signInByApi(request, admin);
  const list = await request.get(`/backend/api/admin/contacts?search=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [contact] = ((await list.json()) as { items: Array<{ _id: string }> }).items;
  const answered = await request.post("/backend/api/admin/respond", {
    headers: { Authorization: `Bearer ${token}` },
    data: { contactId: contact!._id, response: "Thank you, we are on it." },
  });
  expect(answered.status()).toBe(200);
  await signInByApi(page.context(), admin);
  const contacts = new ContactsPage(page);
  await contacts.goto(`search=${encodeURIComponent(email)}`);
  await hydrated(page);
  await contacts.openResponseBox(email);
  await expectAccessible(page);
});
