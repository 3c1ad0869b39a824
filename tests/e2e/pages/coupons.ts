// Page objects of the coupon screens (issue 17): the manager (/coupons), the table (/coupon-table) and a
// coupon's detail page (/coupons/view/{couponId}). The tests say what an admin does ("add a coupon",
// "invalidate it", "edit it inline", "delete it"); these know where it is on the page.
import type { Locator } from "@playwright/test";
import { expect } from "../support/fixtures.ts";
import { AdminPage } from "./admin.ts";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A field by its label, whatever follows it: the required mark or "(optional)". */
const labelled = (label: string) => new RegExp(`^${escape(label)}( \\*| \\(optional\\))?$`);

/** The values of the add form, by label ("Discount (%)", "Course", "Code", "Usage limit", "Expires (Lagos time)"). */
export type CouponValues = Partial<Record<string, string>>;

/** /coupons and /coupon-table: the same list; /coupons also has the add form. */
export class CouponsPage extends AdminPage {
  async gotoManager() {
    await this.page.goto("/coupons");
    await expect(this.heading).toHaveText("Coupons");
  }

  async gotoTable() {
    await this.page.goto("/coupon-table");
    await expect(this.heading).toHaveText("Coupons");
  }

  get addForm(): Locator {
    return this.page.getByRole("main").getByRole("region", { name: "Add a coupon" });
  }

  addField(label: string): Locator {
    return this.addForm.getByLabel(labelled(label));
  }

  /** Fills the add form (a course by its title) and sends it. */
  async add(values: CouponValues) {
    for (const [label, value] of Object.entries(values)) {
      const field = this.addField(label);
      if (label === "Course") await field.selectOption({ label: value! });
      else await field.fill(value!);
    }
    await this.addForm.getByRole("button", { name: "Add coupon" }).click();
  }

  /** The error under an add form field. */
  addError(field: "discount" | "code" | "limit" | "expiry" | "course"): Locator {
    return this.addForm.locator(`#coupon-${field}-error`);
  }

  get list(): Locator {
    return this.page.getByRole("main").getByRole("table");
  }

  /** A coupon's row, by its code. */
  row(code: string): Locator {
    return this.list.getByRole("row").filter({ has: this.page.getByRole("rowheader", { name: code, exact: true }) });
  }

  /** A row's value under a column heading. */
  cell(code: string, header: "Discount" | "Course" | "Status" | "Times used" | "Usage limit" | "Expires"): Locator {
    return this.row(code).locator(`td[data-label="${header}"]`);
  }

  async toggle(code: string, to: "Validate" | "Invalidate") {
    await this.row(code)
      .getByRole("button", { name: `${to} ${code}`, exact: true })
      .click();
  }

  /** Edit: the row turns into its form (the code in its field). */
  async edit(code: string): Promise<Locator> {
    await this.row(code)
      .getByRole("link", { name: `Edit ${code}`, exact: true })
      .click();
    await expect(this.page).toHaveURL(/[?&]edit=[0-9a-f]{24}/);
    const field = this.inlineField(code, "Code");
    await expect(field).toHaveValue(code);
    return this.page.getByRole("form", { name: `Edit coupon ${code}` });
  }

  /** A field of the row being edited ("Discount (%)", "Code", "Course", "Usage limit", "Expires (Lagos time)"). */
  inlineField(code: string, label: string): Locator {
    return this.list.getByLabel(`${label} of ${code}`, { exact: true });
  }

  detailsLink(code: string): Locator {
    return this.row(code).getByRole("link", { name: `Details of ${code}`, exact: true });
  }

  /** Delete, answering the dialog; its question is checked. */
  async delete(code: string, answer: "Delete" | "Cancel" = "Delete") {
    await this.row(code)
      .getByRole("button", { name: `Delete ${code}`, exact: true })
      .click();
    const dialog = this.page.getByRole("dialog", { name: "Are you sure you want to delete this coupon?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: answer, exact: true }).click();
  }
}

/** /coupons/view/{couponId}. */
export class CouponDetailPage extends AdminPage {
  async goto(id: string) {
    return this.page.goto(`/coupons/view/${id}`);
  }

  /** A field of the coupon's list ("Code", "Discount", "Type", "Status", "Times used"...). */
  info(label: string): Locator {
    return this.page
      .getByRole("main")
      .getByRole("region", { name: "Coupon", exact: true })
      .locator("dl > div")
      .filter({ has: this.page.getByRole("term").filter({ hasText: new RegExp(`^${escape(label)}$`) }) })
      .getByRole("definition");
  }

  /** A usage record's row, by the buyer's name. */
  usage(userName: string): Locator {
    return this.page
      .getByRole("main")
      .getByRole("region", { name: "Usage", exact: true })
      .getByRole("row")
      .filter({ has: this.page.getByRole("rowheader", { name: userName, exact: true }) });
  }

  usageCell(userName: string, header: "E-mail" | "Phone" | "Course" | "Payment status" | "Used at"): Locator {
    return this.usage(userName).locator(`td[data-label="${header}"]`);
  }

  get backLink(): Locator {
    return this.page.getByRole("main").getByRole("link", { name: /Back to Coupons/ });
  }
}
