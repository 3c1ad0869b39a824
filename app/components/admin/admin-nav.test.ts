import { describe, expect, it } from "vitest";
import { ADMIN_NAV, currentEntry, currentState } from "./admin-nav.ts";

const entry = (key: string) => ADMIN_NAV.find((e) => e.key === key)!;

describe("admin navigation", () => {
  it("shows words people read, keeps the spec's keys as ids, with the spec's routes (admin-back-office §2)", () => {
    expect(ADMIN_NAV.map((e) => [e.key, e.label, e.to])).toEqual([
      ["dashboard", "Dashboard", "/admin"],
      ["courses", "Courses", "/pmtalsLink/admin"],
      ["homePage", "Home page", "/admin/home"],
      ["coupons", "Coupons", "/coupon-table"],
      ["tickets", "Events and tickets", "/tickets"],
      ["contacts", "Contacts", "/admin/contacts"],
      ["about", "About page", "/admin/about"],
      ["writeblog", "Write a post", "/admin/write"],
      ["posts", "Posts", "/admin/posts"],
      ["subscribers", "Newsletter subscribers", "/admin/newsletter"],
      ["blogcat", "Categories", "/admin/categories"],
      ["users", "Users", "/admin/users"],
      ["outbox", "Outbox", "/admin/outbox"],
      ["refunds", "Refunds", "/admin/refunds"],
      ["audit", "Audit log", "/admin/audit"],
    ]);
    // issue 29: no label is a key ("homePage", "writeblog", "blogcat"): each starts with a capital
    // letter and has no capital inside a word
    for (const e of ADMIN_NAV) expect(e.label, e.key).toMatch(/^[A-Z][a-z]*( [a-z]+)*$/);
    expect(new Set(ADMIN_NAV.map((e) => e.key)).size).toBe(ADMIN_NAV.length);
    expect(new Set(ADMIN_NAV.map((e) => e.label)).size).toBe(ADMIN_NAV.length);
  });

  it("marks the entry of the open page, and the entry a page belongs to", () => {
    expect(currentState(entry("dashboard"), "/admin")).toBe("page");
    expect(currentState(entry("dashboard"), "/admin/users")).toBeUndefined();
    expect(currentState(entry("users"), "/admin/users/")).toBe("page");
    expect(currentState(entry("coupons"), "/coupons/view/0123456789abcdef01234567")).toBe("true");
    expect(currentState(entry("coupons"), "/coupons")).toBe("true");
    expect(currentState(entry("courses"), "/edit-course/abc")).toBe("true");
    expect(currentState(entry("outbox"), "/admin/outbox/0123456789abcdef01234567")).toBe("true");
    expect(currentState(entry("tickets"), "/admin/event/1/extra")).toBeUndefined();
    // the home page's content on screens of its own (issue 29: linked from /admin/home)
    for (const path of ["/admin/blog-teasers", "/admin/instructor-ctas", "/admin/faqs"]) {
      expect(currentState(entry("homePage"), path), path).toBe("true");
      expect(currentEntry(path)?.label, path).toBe("Home page");
    }
    expect(currentEntry("/admin/nothing-here")).toBeUndefined();
  });
});
