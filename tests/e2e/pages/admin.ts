// Page objects of the admin screens (conventions §16): the tests say what an admin does ("grant admin to
// this account", "open the newest e-mail to ..."), these classes know where it is on the page.
import type { Locator, Page } from "@playwright/test";
import { expect } from "../support/fixtures.ts";

/**
 * The admin area's navigation entries in their order: the spec's table (admin §2) plus our own screens,
 * each with the words it shows and its key (the spec's key for the spec's entries; decision 064).
 */
export const ADMIN_NAV_ENTRIES = [
  { key: "dashboard", label: "Dashboard", path: "/admin", heading: "Dashboard" },
  { key: "courses", label: "Courses", path: "/pmtalsLink/admin", heading: "Courses" },
  { key: "homePage", label: "Home page", path: "/admin/home", heading: "Admin Dashboard - Carousel" },
  { key: "coupons", label: "Coupons", path: "/coupon-table", heading: "Coupons" },
  { key: "tickets", label: "Events and tickets", path: "/tickets", heading: "Events and talents" },
  { key: "contacts", label: "Contacts", path: "/admin/contacts", heading: "Contact requests" },
  { key: "about", label: "About page", path: "/admin/about", heading: "Admin Panel" },
  { key: "writeblog", label: "Write a post", path: "/admin/write", heading: "Write a post" },
  { key: "posts", label: "Posts", path: "/admin/posts", heading: "Posts" },
  { key: "subscribers", label: "Newsletter subscribers", path: "/admin/newsletter", heading: "Newsletter subscribers" },
  { key: "blogcat", label: "Categories", path: "/admin/categories", heading: "Categories" },
  { key: "users", label: "Users", path: "/admin/users", heading: "Users" },
  { key: "outbox", label: "Outbox", path: "/admin/outbox", heading: "Outbox" },
  { key: "refunds", label: "Refunds", path: "/admin/refunds", heading: "Refunds" },
  { key: "audit", label: "Audit log", path: "/admin/audit", heading: "Audit log" },
] as const;

/** Every admin route of the spec (admin §2 "Admin area routes") with an example of each parameter. */
export const SPEC_ADMIN_ROUTES = [
  "/pmtalsLink/admin",
  "/admin/course/0123456789abcdef01234567",
  "/admin/write",
  "/admin/contacts",
  "/admin/home",
  "/admin/blog-teasers",
  "/admin/instructor-ctas",
  "/admin/faqs",
  "/admin/about",
  "/admin/newsletter",
  "/add-course",
  "/edit-course/0123456789abcdef01234567",
  "/coupons",
  "/coupon-table",
  "/coupons/view/0123456789abcdef01234567",
  "/admin/categories",
  "/tickets",
  "/admin/event/0123456789abcdef01234567",
] as const;

/** The spec's admin routes with the heading their screen shows. */
export const BUILT_SPEC_ADMIN_ROUTES: Readonly<Record<string, string>> = {
  "/admin/categories": "Categories",
  "/admin/home": "Admin Dashboard - Carousel",
  "/admin/blog-teasers": "Blog Teasers",
  "/admin/instructor-ctas": "Instructor Calls to Action",
  "/admin/faqs": "FAQs",
  "/admin/about": "Admin Panel",
  "/admin/contacts": "Contact requests",
  "/admin/newsletter": "Newsletter subscribers",
  "/tickets": "Events and talents",
  "/pmtalsLink/admin": "Courses",
  "/add-course": "Add Course",
  "/coupons": "Coupons",
  "/coupon-table": "Coupons",
};

/** The spec's admin routes whose example id names nothing: their page's 404, with its own title. */
export const NOT_FOUND_SPEC_ADMIN_ROUTES: Readonly<Record<string, string>> = {
  "/admin/course/0123456789abcdef01234567": "Course not found",
  "/edit-course/0123456789abcdef01234567": "Course not found",
  "/coupons/view/0123456789abcdef01234567": "Coupon not found",
  "/admin/event/0123456789abcdef01234567": "Event not found",
};

/** The body rows of the page's DataTable (a row with cells; the header row has column headers only). */
function listRows(page: Page): Locator {
  return page
    .getByRole("main")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
}

/**
 * The cell of a DataTable row under the column headed `header`. The table labels each cell with its
 * column's heading (shown on phones), which is how a test finds a column whatever its position.
 */
function rowCell(row: Locator, header: string): Locator {
  return row.locator(`td[data-label="${header}"]`);
}

/** What every admin page has: the admin navigation, the page heading and the main landmark. */
export class AdminPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get nav(): Locator {
    return this.page.getByRole("navigation", { name: "Admin" });
  }

  /** On a phone, the disclosure that holds the entries ("Admin menu"); hidden on wide screens. */
  get navMenu(): Locator {
    return this.nav.locator("summary").filter({ hasText: "Admin menu" });
  }

  /** Shows the entries: on a phone, opens the "Admin menu" (the sidebar shows them on wide screens). */
  async showNav() {
    if (!(await this.navMenu.isVisible())) return;
    if ((await this.nav.locator("details").getAttribute("open")) === null) await this.navMenu.click();
    await expect(this.nav.getByRole("link").first()).toBeVisible();
  }

  /** An entry as shown at this width (the sidebar's, or the phone menu's once open). */
  navLink(label: string): Locator {
    return this.nav.getByRole("link", { name: label, exact: true });
  }

  /** The shown entries marked current (aria-current "page" or "true"). */
  get navCurrent(): Locator {
    return this.nav.locator("a[aria-current]:visible");
  }

  get heading(): Locator {
    return this.page.getByRole("main").getByRole("heading", { level: 1 });
  }

  /** A toast (with JavaScript) saying `text`. */
  toast(text: string | RegExp): Locator {
    return toastOf(this.page, text);
  }

  /**
   * Closes the toast saying `text` (its close button) and waits for it to go: the same message coming
   * again within its 5 seconds is then the next action's, not this one's.
   */
  async dismissToast(text: string | RegExp) {
    const toast = this.toast(text);
    await toast.getByRole("button", { name: /close/i }).click();
    await expect(toast).toHaveCount(0);
  }

  /** Without JavaScript, the message after a redirect, at the top of the page. */
  notice(text: string | RegExp): Locator {
    return this.page.getByRole("region", { name: "Message" }).filter({ hasText: text });
  }

  /** Follows a navigation entry and waits for its page. */
  async openFromNav(label: string, path: string) {
    await this.showNav();
    await this.navLink(label).click();
    await expect(this.page).toHaveURL(path);
    await this.showNav();
    await expect(this.navLink(label)).toHaveAttribute("aria-current", "page");
  }
}

export class DashboardPage extends AdminPage {
  async goto() {
    await this.page.goto("/admin");
    await expect(this.heading).toHaveText("Dashboard");
  }

  /** The number shown under a figure's label, e.g. "Contact requests today". */
  async figure(label: string): Promise<number> {
    const card = this.page
      .getByRole("main")
      .locator("dl > div")
      .filter({ has: this.page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) });
    const text = await card.getByRole("definition").first().innerText();
    return Number(text.replace(/[^0-9]/g, ""));
  }

  /** A figure of the last 30 days, by its heading: "Revenue by day", "Enrolments by course", ... */
  figureSection(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  /** The row of a figure's table whose first cell (its row header) is `name`. */
  figureRow(section: Locator, name: string | RegExp): Locator {
    return section
      .getByRole("row")
      .filter({ has: this.page.getByRole("rowheader", { name, exact: typeof name === "string" }) });
  }

  /** A figure row's cell under a column heading ("Uses", "Net (₦)"...). */
  figureCell(row: Locator, header: string): Locator {
    return rowCell(row, header);
  }

  /** The chart of a figure, drawn once the page has hydrated. */
  figureChart(section: Locator): Locator {
    return section.getByRole("img");
  }

  /** Downloads a figure's CSV through its link; the file's bytes and the name the server suggests. */
  async downloadCsv(section: Locator): Promise<{ bytes: Buffer; fileName: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent("download"),
      section.getByRole("link", { name: /^Download CSV/ }).click(),
    ]);
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    return { bytes: await readFile(path), fileName: download.suggestedFilename() };
  }
}

export class OutboxPage extends AdminPage {
  async goto(pageNumber = 1) {
    await this.page.goto(pageNumber > 1 ? `/admin/outbox?page=${pageNumber}` : "/admin/outbox");
    await expect(this.heading).toHaveText("Outbox");
  }

  /** The e-mails' rows of the list (the DataTable's body rows, not its header row). */
  get items(): Locator {
    return listRows(this.page);
  }

  /** An e-mail row's cell under a column heading (E-mail, Status, Queued). */
  cell(item: Locator, header: "Status" | "Queued"): Locator {
    return rowCell(item, header);
  }

  /** The list entries of e-mails to this address. */
  itemsTo(address: string): Locator {
    return this.items.filter({ hasText: `To: ${address}` });
  }

  async open(item: Locator) {
    await item.getByRole("link").click();
    await expect(this.page).toHaveURL(/\/admin\/outbox\/[0-9a-f]{24}$/);
  }

  get olderLink(): Locator {
    return this.page.getByRole("navigation", { name: "Outbox pages" }).getByRole("link", { name: /Older/ });
  }
}

export class OutboxMessagePage extends AdminPage {
  /** The value beside a label of the message's details (To, Status, Attempts, Kind, Queued, Sent, Error). */
  field(label: string): Locator {
    return this.page
      .getByRole("main")
      .locator("dl > div")
      .filter({ has: this.page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
      .getByRole("definition");
  }

  get text(): Locator {
    return this.page.getByRole("region", { name: "Text" }).locator("pre");
  }

  get htmlFrame(): Locator {
    return this.page.getByRole("region", { name: "HTML" }).locator("iframe");
  }
}

export class UsersPage extends AdminPage {
  async goto(search?: string) {
    await this.page.goto(search ? `/admin/users?search=${encodeURIComponent(search)}` : "/admin/users");
    await expect(this.heading).toHaveText("Users");
  }

  get searchBox(): Locator {
    return this.page.getByRole("searchbox", { name: "Search by e-mail or username" });
  }

  async search(term: string) {
    await this.searchBox.fill(term);
    await this.page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(this.page).toHaveURL(new RegExp(`search=${encodeURIComponent(term).replace(/[.+]/g, "\\$&")}`));
  }

  /** The row of one account. */
  row(email: string): Locator {
    return listRows(this.page).filter({ hasText: email });
  }

  /** The value of Role, Verified or Joined in an account's row. */
  rowField(email: string, label: "Role" | "Verified" | "Joined"): Locator {
    return rowCell(this.row(email), label);
  }

  grantButton(username: string): Locator {
    return this.page.getByRole("button", { name: `Grant admin to ${username}` });
  }

  revokeButton(username: string): Locator {
    return this.page.getByRole("button", { name: `Revoke admin from ${username}` });
  }

  /** The step-up prompt that replaces the list when the password must be confirmed. */
  get stepUp() {
    const section = this.page.getByRole("region", { name: "Confirm it is you" });
    return {
      section,
      prompt: section.getByText("Please confirm your password to continue."),
      password: section.getByLabel("Password", { exact: true }),
      confirm: section.getByRole("button", { name: /^Confirm and/ }),
      cancel: section.getByRole("link", { name: "Cancel" }),
      error: section.getByRole("alert"),
    };
  }

  /**
   * The latest result of a change, the message its redirect leaves (decision 029): a toast with
   * JavaScript (newest first), the notice at the top of the page without.
   */
  get status(): Locator {
    return this.page
      .getByRole("region", { name: "Message" })
      .getByRole("status")
      .or(this.page.getByRole("region", { name: /^Notifications/ }).getByRole("listitem"))
      .filter({ hasText: /\S/ })
      .first();
  }
}

/** A toast (with JavaScript) saying `text`. */
export function toastOf(page: Page, text: string | RegExp): Locator {
  return page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: text });
}

/**
 * A screen of declared resources (/admin/home, /admin/faqs, /admin/about...: decision 029), and its
 * sections: each one a form (Add, or Update while editing) and a list with Edit, Up, Down and Delete.
 */
export class ResourceScreenPage extends AdminPage {
  readonly path: string;
  readonly title: string;

  constructor(page: Page, path: string, title: string) {
    super(page);
    this.path = path;
    this.title = title;
  }

  async goto() {
    await this.page.goto(this.path);
    await expect(this.heading).toHaveText(this.title);
  }

  /** The section of a resource, by its title (the page's own when it is the only one). */
  section(title: string): ResourceSectionPart {
    return new ResourceSectionPart(
      this.page,
      this.page.getByRole("main").getByRole("region", { name: title, exact: true }),
    );
  }
}

export class ResourceSectionPart {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page, root: Locator) {
    this.page = page;
    this.root = root;
  }

  field(label: string): Locator {
    return this.root.getByLabel(label, { exact: true });
  }

  /** Fills the form's fields by their labels (a required field's label ends with its asterisk). */
  async fill(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) {
      await this.root.getByRole("textbox", { name: new RegExp(`^${label}( \\*)?$`) }).fill(value);
    }
  }

  button(name: string): Locator {
    return this.root.getByRole("button", { name, exact: true });
  }

  get formError(): Locator {
    return this.root.getByRole("alert").first();
  }

  /** The list's rows (header row left out), in their order. */
  get rows(): Locator {
    return this.root.getByRole("row").filter({ has: this.page.getByRole("cell") });
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  /** Edit, then wait until the form holds the item (typing before that would be overwritten). */
  async edit(text: string) {
    await this.row(text)
      .getByRole("link", { name: /^Edit / })
      .click();
    await expect(this.page).toHaveURL(/[?&]edit=/);
    await expect(this.root.getByRole("button", { name: /^Update / })).toBeVisible();
  }

  async move(text: string, direction: "up" | "down") {
    await this.row(text)
      .getByRole("button", { name: new RegExp(`^Move .* ${direction}$`) })
      .click();
  }

  /** Delete, then the dialog's answer: its question is checked. */
  async delete(text: string, question: string, answer: "Delete" | "Cancel" = "Delete") {
    await this.row(text)
      .getByRole("button", { name: /^Delete / })
      .click();
    const dialog = this.page
      .getByRole("alertdialog", { name: question })
      .or(this.page.getByRole("dialog", { name: question }));
    await expect(dialog).toBeVisible();
    // it names the item, and reads from the left like the rest of the page (issue 29: it was a generic
    // "this carousel item", right-aligned because the row's actions cell is)
    await expect(dialog).toContainText(text);
    await expect(dialog.getByRole("heading", { name: question })).toHaveCSS("text-align", /^(left|start)$/);
    await dialog.getByRole("button", { name: answer, exact: true }).click();
  }

  /** The titles of the list's rows, in order. */
  async titles(): Promise<string[]> {
    return (await this.rows.locator("th").allInnerTexts()).map((t) => t.trim());
  }
}

export class AuditPage extends AdminPage {
  async goto(query = "") {
    await this.page.goto(query ? `/admin/audit?${query}` : "/admin/audit");
    await expect(this.heading).toHaveText("Audit log");
  }

  get filters(): Locator {
    return this.page.getByRole("search", { name: "Audit log filters" });
  }

  /** Picks an admin and a resource by their options' text, days as YYYY-MM-DD, and submits the form. */
  async filter(choice: { admin?: string; resource?: string; from?: string; to?: string }) {
    if (choice.admin) await this.filters.getByLabel("Admin").selectOption({ label: choice.admin });
    if (choice.resource) await this.filters.getByLabel("Resource").selectOption({ label: choice.resource });
    if (choice.from) await this.filters.getByLabel("From").fill(choice.from);
    if (choice.to) await this.filters.getByLabel("To").fill(choice.to);
    await this.filters.getByRole("button", { name: "Filter" }).click();
  }

  /** The entries about an item, by its label. */
  entry(itemLabel: string): Locator {
    return listRows(this.page).filter({
      has: this.page.locator('td[data-label="Item"]').getByText(itemLabel, { exact: true }),
    });
  }

  /** What, Who, Item or Changes of an entry. */
  entryField(itemLabel: string, label: "Who" | "What" | "Item" | "Changes"): Locator {
    return rowCell(this.entry(itemLabel), label);
  }

  get emptyState(): Locator {
    return this.page.getByRole("main").getByText(/^(No admin actions recorded yet\.|Nothing matches these filters\.)$/);
  }
}

/** /admin/contacts: the filters, a request's row, its response box and its Delete. */
export class ContactsPage extends AdminPage {
  async goto(query = "") {
    await this.page.goto(query ? `/admin/contacts?${query}` : "/admin/contacts");
    await expect(this.heading).toHaveText("Contact requests");
  }

  get filters(): Locator {
    return this.page.getByRole("search", { name: "Contact request filters" });
  }

  async filter(choice: { status?: string; subject?: string; email?: string }) {
    if (choice.status) await this.filters.getByLabel("Status").selectOption({ label: choice.status });
    if (choice.subject) await this.filters.getByLabel("Subject").selectOption({ label: choice.subject });
    if (choice.email !== undefined) await this.filters.getByLabel("E-mail").fill(choice.email);
    await this.filters.getByRole("button", { name: "Filter" }).click();
  }

  /** The request from `email`. */
  row(email: string): Locator {
    return listRows(this.page).filter({ has: this.page.getByRole("rowheader").getByText(email, { exact: true }) });
  }

  cell(email: string, header: "From" | "Subject" | "Message" | "Received" | "Status"): Locator {
    const row = this.row(email);
    return header === "From" ? row.getByRole("rowheader") : rowCell(row, header);
  }

  /** Opens the request's response box (a <details>: it opens without JavaScript too). */
  async openResponseBox(email: string) {
    const row = this.row(email);
    const box = row.locator("details");
    if ((await box.getAttribute("open")) === null) await row.locator("summary").click();
    await expect(row.getByLabel(`Response to ${email}`)).toBeVisible();
  }

  /** Opens the response box, types the response and sends it. */
  async respond(email: string, response: string) {
    const row = this.row(email);
    await this.openResponseBox(email);
    await row.getByLabel(`Response to ${email}`).fill(response);
    await row.getByRole("button", { name: "Send response" }).click();
  }

  async delete(email: string, answer: "Delete" | "Cancel" = "Delete") {
    await this.row(email)
      .getByRole("button", { name: `Delete the request from ${email}` })
      .click();
    const dialog = this.page.getByRole("alertdialog").or(this.page.getByRole("dialog"));
    await expect(dialog).toContainText(`Are you sure you want to delete the contact request from ${email}?`);
    await dialog.getByRole("button", { name: answer, exact: true }).click();
  }
}

/** /admin/newsletter: the subscribers' filters and rows with Delete, the bulk e-mail form, its preview and the sends. */
export class NewsletterPage extends AdminPage {
  async goto(query = "") {
    await this.page.goto(query ? `/admin/newsletter?${query}` : "/admin/newsletter");
    await expect(this.heading).toHaveText("Newsletter subscribers");
  }

  get filters(): Locator {
    return this.page.getByRole("search", { name: "Subscriber filters" });
  }

  async filter(choice: { state?: string; email?: string }) {
    if (choice.state) await this.filters.getByLabel("State").selectOption({ label: choice.state });
    if (choice.email !== undefined) await this.filters.getByLabel("E-mail").fill(choice.email);
    await this.filters.getByRole("button", { name: "Filter" }).click();
  }

  row(email: string): Locator {
    return listRows(this.page).filter({ has: this.page.getByRole("rowheader").getByText(email, { exact: true }) });
  }

  cell(email: string, header: "Subscribed" | "State"): Locator {
    return rowCell(this.row(email), header);
  }

  async delete(email: string, answer: "Delete" | "Cancel" = "Delete") {
    await this.row(email)
      .getByRole("button", { name: `Delete the subscriber ${email}` })
      .click();
    const dialog = this.page.getByRole("alertdialog").or(this.page.getByRole("dialog"));
    await expect(dialog).toContainText(`Are you sure you want to delete the subscriber ${email}?`);
    await dialog.getByRole("button", { name: answer, exact: true }).click();
  }

  get compose(): Locator {
    return this.page.getByRole("region", { name: "Send a bulk e-mail" });
  }

  async fill(
    fields: Partial<
      Record<"Subject" | "Message" | "Background color" | "Image URL" | "Video URL" | "Link URL", string>
    >,
  ) {
    for (const [label, value] of Object.entries(fields)) {
      await this.compose.getByLabel(label, { exact: false }).first().fill(value);
    }
  }

  /** The preview's frame (the e-mail as the server renders it). */
  get preview() {
    return this.page.frameLocator('iframe[title="Preview of the e-mail"]');
  }

  /** Sends; when the password is asked for again (step-up), gives it. */
  async send(password: string) {
    await this.compose.getByRole("button", { name: "Send bulk email" }).click();
    const sent = this.page.getByRole("status").filter({ hasText: "Bulk email sent successfully!" });
    const prompt = this.page.getByRole("heading", { name: "Confirm it is you" });
    await expect(sent.or(prompt)).toBeVisible();
    if (await prompt.isVisible()) {
      await this.page.getByLabel("Password").fill(password);
      await this.page.getByRole("button", { name: "Confirm and send" }).click();
    }
  }

  /** A send in the history, by its subject. */
  send_(subject: string): Locator {
    return this.page
      .getByRole("list", { name: "Bulk e-mails sent, newest first" })
      .getByRole("listitem")
      .filter({ hasText: subject });
  }
}

/**
 * /admin/categories (decision 029: the admin kit's screen of the categories' declaration): the add form,
 * the list with each category's figures and Remove.
 */
export class CategoriesPage extends ResourceScreenPage {
  constructor(page: Page) {
    super(page, "/admin/categories", "Categories");
  }

  get nameBox(): Locator {
    return this.page.getByRole("textbox", { name: "Category name" });
  }

  get addButton(): Locator {
    return this.page.getByRole("button", { name: "Add category" });
  }

  async add(name: string) {
    await this.nameBox.fill(name);
    await this.addButton.click();
  }

  /** The row of one category (its name cell is the row header). */
  row(name: string): Locator {
    return listRows(this.page).filter({ has: this.page.getByRole("rowheader", { name, exact: true }) });
  }

  /** How many courses or posts use a category, as its row shows it ("2 courses"). */
  rowField(name: string, label: "Courses" | "Posts"): Locator {
    return rowCell(this.row(name), label);
  }

  removeButton(name: string): Locator {
    return this.page.getByRole("button", { name: `Remove ${name}`, exact: true });
  }

  /** The confirmation dialog, named by its question. */
  confirmDialog(name: string): Locator {
    return this.page.getByRole("dialog", { name: `Are you sure you want to delete "${name}"?` });
  }

  /** Without JavaScript, the question on the page, with its Remove button. */
  get confirmOnPage(): Locator {
    return this.page.getByRole("main").getByRole("region", { name: "Confirm remove" });
  }

  /** The error under the name box. */
  get nameError(): Locator {
    return this.page.locator("#categories-field-name-error");
  }

  /** A refusal of the add, above the form. */
  get formError(): Locator {
    return this.page.locator("#categories-form-error");
  }

  /** A refusal of a removal, above the list. */
  refusal(text: string | RegExp): Locator {
    return this.page.getByRole("main").getByRole("alert").filter({ hasText: text });
  }
}

/** /admin/event/{id}: the event, its ticket figures and its purchases (issue 18). */
export class EventDetailPage extends AdminPage {
  async goto(id: string) {
    await this.page.goto(`/admin/event/${id}`);
  }

  /** A figure of the ticket statistics ("Checked in", "Revenue"...), as its value reads. */
  figure(label: string): Locator {
    return this.page
      .getByRole("region", { name: "Ticket statistics" })
      .locator("div")
      .filter({ has: this.page.getByRole("term").filter({ hasText: label }) })
      .getByRole("definition")
      .first();
  }

  purchase(email: string): Locator {
    return listRows(this.page).filter({ hasText: email });
  }

  purchaseCell(email: string, header: string): Locator {
    return rowCell(this.purchase(email), header);
  }

  /** A ticket's Refund (decision 035; its accessible name names the buyer's e-mail and the amount). */
  refundButton(email: string): Locator {
    return this.purchase(email).getByRole("button", { name: /^(Refund|Try refund again):/ });
  }

  get refundDialog(): Locator {
    return this.page.getByRole("dialog", { name: /^Refund / });
  }

  /** The step-up prompt of a refund: the password again, then "Confirm and refund". */
  get stepUp(): Locator {
    return this.page.getByRole("main").getByRole("region", { name: "Confirm it is you" });
  }
}

/** /admin/event/{id}/check-in: the door (issue 18). */
export class CheckInPage extends AdminPage {
  async goto(id: string) {
    await this.page.goto(`/admin/event/${id}/check-in`);
  }

  get answer(): Locator {
    return this.page.locator("[data-result]");
  }

  /** Types a ticket's code and checks it in. */
  async type(code: string) {
    await this.page.getByLabel("Ticket code", { exact: true }).fill(code);
    await this.page.getByRole("button", { name: "Check in", exact: true }).click();
  }

  /** Feeds a picture of a QR code to the scanner. */
  async picture(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByLabel("Or read the QR code from a picture").setInputFiles(file);
  }
}
