// Page objects of the course admin screens (issue 17): the course manager (/pmtalsLink/admin), the simple
// form (/add-course, /edit-course/{id}) and a course's detail page (/admin/course/{id}). The tests say what
// an admin does ("add this course", "delete it, giving the password again"); these know where it is.
import type { Locator, Page } from "@playwright/test";
import { expect } from "../support/fixtures.ts";
import { AdminPage, toastOf } from "./admin.ts";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A field by its label, whatever follows it: the required mark or "(optional)". */
const labelled = (label: string) => new RegExp(`^${escape(label)}( \\*| \\(optional\\))?$`);

/** The course form's values, by label ("Title", "Price", "Show the discount"...). */
export type CourseValues = Record<string, string | boolean>;

/** The course form of the manager and of the simple form's page. */
export class CourseFormPart {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page, root: Locator) {
    this.page = page;
    this.root = root;
  }

  field(label: string): Locator {
    return this.root.getByLabel(labelled(label));
  }

  /** Fills the fields by label: text, a category's name for the select, true/false for the checkbox. */
  async fill(values: CourseValues) {
    for (const [label, value] of Object.entries(values)) {
      const field = this.field(label);
      if (typeof value === "boolean") await field.setChecked(value);
      else if (label === "Category") await field.selectOption(value);
      else await field.fill(value);
    }
  }

  button(name: "Add Course" | "Update Course"): Locator {
    return this.root.getByRole("button", { name, exact: true });
  }

  /** The message above the form ('Failed to save course: ...'). */
  get formError(): Locator {
    return this.root.getByRole("alert").first();
  }

  /** A field's own message. */
  errorOf(label: string): Locator {
    return this.root.locator(`[id="${this.idOf(label)}-error"]`);
  }

  private idOf(label: string): string {
    const ids: Record<string, string> = {
      Title: "course-title",
      Instructor: "course-instructor",
      Category: "course-category",
      Price: "course-price",
      "Discount price": "course-discountPrice",
      Duration: "course-duration",
      Rating: "course-rating",
      Image: "course-img",
      "Image URL": "course-img",
      Features: "course-features",
    };
    return ids[label] ?? label;
  }
}

export class CourseManagerPage extends AdminPage {
  static readonly PATH = "/pmtalsLink/admin";

  async goto(query = "") {
    await this.page.goto(query ? `${CourseManagerPage.PATH}?${query}` : CourseManagerPage.PATH);
    await expect(this.heading).toHaveText("Courses");
  }

  get form(): CourseFormPart {
    return new CourseFormPart(
      this.page,
      this.page.getByRole("main").getByRole("form", { name: /^(Add a course|Edit “.*”)$/ }),
    );
  }

  get list(): Locator {
    return this.page.getByRole("main").getByRole("region", { name: "All courses" });
  }

  /** A course's row in the list. */
  row(title: string): Locator {
    return this.list.getByRole("row").filter({ has: this.page.getByRole("rowheader", { name: title, exact: true }) });
  }

  /** A row's value under a column heading (Category, Price, Discount, Rating). */
  cell(title: string, header: "Category" | "Price" | "Discount" | "Rating"): Locator {
    return this.row(title).locator(`td[data-label="${header}"]`);
  }

  /** Edit: the form holds the course and says Update Course (typing before that would be overwritten). */
  async edit(title: string) {
    await this.row(title)
      .getByRole("link", { name: `Edit ${title}`, exact: true })
      .click();
    await expect(this.page).toHaveURL(/[?&]edit=[0-9a-f]{24}/);
    await expect(this.form.button("Update Course")).toBeVisible();
    await expect(this.form.field("Title")).toHaveValue(title);
  }

  detailsLink(title: string): Locator {
    return this.row(title).getByRole("link", { name: `Details of ${title}`, exact: true });
  }

  /** Delete, answering the dialog; its question is checked. */
  async delete(title: string, question: string, answer: "Delete" | "Cancel" = "Delete") {
    await this.row(title)
      .getByRole("button", { name: `Delete ${title}`, exact: true })
      .click();
    const dialog = this.page.getByRole("dialog", { name: question });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: answer, exact: true }).click();
  }

  /** The password prompt that replaces the page when the last password is too old (step-up). */
  get stepUp() {
    const section = this.page.getByRole("region", { name: "Confirm it is you" });
    return {
      section,
      password: section.getByLabel("Password", { exact: true }),
      confirm: section.getByRole("button", { name: "Confirm and delete" }),
      error: section.getByRole("alert"),
    };
  }

  get categories() {
    const section = this.page.getByRole("main").getByRole("region", { name: "Categories", exact: true });
    const form = section.getByRole("form", { name: "Add a category" });
    return {
      section,
      name: form.getByLabel("Category name"),
      add: form.getByRole("button", { name: "Add Category" }),
      error: form.locator('[id="course-category-name-error"]'),
      row: (name: string) =>
        section.getByRole("row").filter({ has: this.page.getByRole("rowheader", { name, exact: true }) }),
      remove: (name: string) => section.getByRole("button", { name: `Remove ${name}`, exact: true }),
    };
  }

  toast(text: string | RegExp): Locator {
    return toastOf(this.page, text);
  }

  /** Without JavaScript, the message after a redirect, at the top of the page. */
  notice(text: string | RegExp): Locator {
    return this.page.getByRole("region", { name: "Message" }).filter({ hasText: text });
  }
}

/** /add-course and /edit-course/{id}. */
export class SimpleCoursePage extends AdminPage {
  async gotoAdd() {
    await this.page.goto("/add-course");
    await expect(this.heading).toHaveText("Add Course");
  }

  async gotoEdit(id: string) {
    await this.page.goto(`/edit-course/${id}`);
    await expect(this.heading).toHaveText("Edit Course");
  }

  get form(): CourseFormPart {
    return new CourseFormPart(
      this.page,
      this.page.getByRole("main").getByRole("form", { name: /^(Add Course|Edit Course)$/ }),
    );
  }
}

/** /admin/course/{id}. */
export class CourseDetailPage extends AdminPage {
  async goto(id: string) {
    return this.page.goto(`/admin/course/${id}`);
  }

  /** A figure of the purchase statistics: "Total purchases", "Revenue", "All records". */
  figure(label: string): Locator {
    return this.page
      .getByRole("main")
      .getByRole("region", { name: "Purchase statistics" })
      .locator("dl > div")
      .filter({ has: this.page.getByRole("term").filter({ hasText: label }) })
      .getByRole("definition")
      .first();
  }

  /** A course field of the info list ("Category", "Price", "Features"...). */
  info(label: string): Locator {
    return this.page
      .getByRole("main")
      .getByRole("region", { name: "Course", exact: true })
      .locator("dl > div")
      .filter({ has: this.page.getByRole("term").filter({ hasText: new RegExp(`^${escape(label)}$`) }) })
      .getByRole("definition");
  }

  /** The purchase records' rows, by the buyer's name. */
  purchase(userName: string): Locator {
    return this.page
      .getByRole("main")
      .getByRole("region", { name: "Purchases", exact: true })
      .getByRole("row")
      .filter({ has: this.page.getByRole("rowheader", { name: userName, exact: true }) });
  }

  get backLink(): Locator {
    return this.page.getByRole("main").getByRole("link", { name: /Back to admin/ });
  }

  /** The record's Refund (decision 035; its accessible name names the buyer's e-mail and the amount). */
  refundButton(userName: string): Locator {
    return this.purchase(userName).getByRole("button", { name: /^(Refund|Try refund again):/ });
  }

  /** The refund's question, in a dialog (with JavaScript). */
  get refundDialog(): Locator {
    return this.page.getByRole("dialog", { name: /^Refund / });
  }

  /** The step-up prompt: the password again, then "Confirm and refund". */
  get stepUp(): Locator {
    return this.page.getByRole("main").getByRole("region", { name: "Confirm it is you" });
  }
}
