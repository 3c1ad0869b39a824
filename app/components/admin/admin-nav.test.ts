import { describe, expect, it } from "vitest";
import { ADMIN_NAV, currentState } from "./admin-nav.ts";

const entry = (label: string) => ADMIN_NAV.find((e) => e.label === label)!;

describe("admin navigation", () => {
  it("names the spec's entries exactly, with their routes (admin-back-office §2)", () => {
    expect(ADMIN_NAV.map((e) => [e.label, e.to])).toEqual([
      ["Dashboard", "/admin"],
      ["courses", "/pmtalsLink/admin"],
      ["homePage", "/admin/home"],
      ["coupons", "/coupon-table"],
      ["tickets", "/tickets"],
      ["contacts", "/admin/contacts"],
      ["about", "/admin/about"],
      ["writeblog", "/admin/write"],
      ["Posts", "/admin/posts"],
      ["subscribers", "/admin/newsletter"],
      ["blogcat", "/admin/categories"],
      ["Users", "/admin/users"],
      ["Outbox", "/admin/outbox"],
      ["Refunds", "/admin/refunds"],
      ["Audit log", "/admin/audit"],
    ]);
  });

  it("marks the entry of the open page, and the entry a page belongs to", () => {
    expect(currentState(entry("Dashboard"), "/admin")).toBe("page");
    expect(currentState(entry("Dashboard"), "/admin/users")).toBeUndefined();
    expect(currentState(entry("Users"), "/admin/users/")).toBe("page");
    expect(currentState(entry("coupons"), "/coupons/view/0123456789abcdef01234567")).toBe("true");
    expect(currentState(entry("coupons"), "/coupons")).toBe("true");
    expect(currentState(entry("courses"), "/edit-course/abc")).toBe("true");
    expect(currentState(entry("Outbox"), "/admin/outbox/0123456789abcdef01234567")).toBe("true");
    expect(currentState(entry("tickets"), "/admin/event/1/extra")).toBeUndefined();
  });
});
