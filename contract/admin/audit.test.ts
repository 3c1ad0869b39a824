import { describe, expect, it } from "vitest";
import {
  AuditQuerySchema,
  auditFieldLabel,
  auditItemHref,
  auditResourceLabel,
  auditValueText,
  describeAuditAction,
  shortAuditValue,
} from "./audit.ts";

const ID = "0123456789abcdef01234567";
const here = { exists: true };
const gone = { exists: false };

describe("auditItemHref", () => {
  it("opens a declared list's screen on the item while it exists, and its list once it is gone", () => {
    expect(auditItemHref("carousel", ID, here)).toBe(`/admin/home?edit=${ID}`);
    expect(auditItemHref("blogTeasers", ID, here)).toBe(`/admin/blog-teasers?edit=${ID}`);
    expect(auditItemHref("instructorCTAs", ID, here)).toBe(`/admin/instructor-ctas?edit=${ID}`);
    expect(auditItemHref("faqs", ID, here)).toBe(`/admin/faqs?edit=${ID}`);
    expect(auditItemHref("experts", ID, here)).toBe(`/admin/about?edit=${ID}`);
    expect(auditItemHref("faqs", ID, gone)).toBe("/admin/faqs");
    expect(auditItemHref("carousel", null, here)).toBe("/admin/home");
  });

  it("sends the hero to /admin/about and categories to their list, whatever became of them", () => {
    expect(auditItemHref("hero", ID, gone)).toBe("/admin/about");
    expect(auditItemHref("categories", ID, gone)).toBe("/admin/categories");
  });

  it("finds an account by its e-mail and a post at its address; nothing once they are gone", () => {
    expect(auditItemHref("users", ID, { exists: true, email: "ada+x@example.com" })).toBe(
      "/admin/users?search=ada%2Bx%40example.com",
    );
    expect(auditItemHref("users", ID, gone)).toBeNull();
    expect(auditItemHref("posts", ID, { exists: true, slug: "learn-react" })).toBe("/learn-react");
    expect(auditItemHref("posts", ID, gone)).toBeNull();
    expect(auditItemHref("refunds", ID, here)).toBeNull();
    // a coupon opens on its detail page while it exists, else the coupon table
    expect(auditItemHref("coupons", ID, here)).toBe(`/coupons/view/${ID}`);
    expect(auditItemHref("coupons", ID, { exists: false })).toBe("/coupon-table");
    // a refunded payment opens on its course's (or event's) page
    expect(auditItemHref("payments", ID, { exists: true, path: "/admin/course/c1" })).toBe("/admin/course/c1");
    expect(auditItemHref("payments", ID, { exists: false })).toBeNull();
  });
});

describe("the words of an entry", () => {
  it("says what happened", () => {
    expect(describeAuditAction({ action: "update", resource: "faqs", changes: {} })).toBe("Updated FAQ");
    expect(describeAuditAction({ action: "create", resource: "categories", changes: {} })).toBe("Added category");
    expect(describeAuditAction({ action: "move", resource: "experts", changes: {} })).toBe("Moved expert");
    expect(describeAuditAction({ action: "refund", resource: "payments", changes: {} })).toBe("Refunded payment");
    const flag = (after: boolean) => ({ isFeatured: { before: !after, after } });
    expect(describeAuditAction({ action: "feature", resource: "posts", changes: flag(true) })).toBe("Featured post");
    expect(describeAuditAction({ action: "feature", resource: "posts", changes: flag(false) })).toBe("Unfeatured post");
    const role = (after: string) => ({ role: { before: "x", after } });
    expect(describeAuditAction({ action: "role", resource: "users", changes: role("admin") })).toBe(
      "Granted admin role",
    );
    expect(describeAuditAction({ action: "role", resource: "users", changes: role("user") })).toBe(
      "Revoked admin role",
    );
    expect(describeAuditAction({ action: "archive", resource: "refunds", changes: {} })).toBe("Archive refunds");
  });

  it("names resources and fields", () => {
    expect(auditResourceLabel("instructorCTAs")).toBe("Instructor calls to action");
    expect(auditResourceLabel("refunds")).toBe("refunds");
    expect(auditFieldLabel("instructorCTAs", "buttonLink")).toBe("Button link");
    expect(auditFieldLabel("posts", "isFeatured")).toBe("Featured");
    expect(auditFieldLabel("refunds", "discountPercent")).toBe("Discount percent");
  });

  it("writes values as text, cut after 80 characters", () => {
    expect(auditValueText(null)).toBe("(none)");
    expect(auditValueText("")).toBe("(empty)");
    expect(auditValueText(true)).toBe("yes");
    expect(auditValueText(3)).toBe("3");
    expect(auditValueText(["Coding", "Design"])).toBe("Coding, Design");
    expect(auditValueText({ a: 1 })).toBe('{"a":1}');
    expect(shortAuditValue("x".repeat(80))).toEqual({ shown: "x".repeat(80), cut: false });
    expect(shortAuditValue("é".repeat(81))).toEqual({ shown: `${"é".repeat(80)}…`, cut: true });
  });
});

describe("AuditQuerySchema", () => {
  it("takes blank filters as none and real Lagos days", () => {
    expect(AuditQuerySchema.parse({ from: "", to: "", actorId: "", resource: "" })).toMatchObject({ page: 1 });
    expect(AuditQuerySchema.safeParse({ from: "2026-03-03", to: "2026-03-03" }).success).toBe(true);
  });

  it("refuses what is no day, and from after to", () => {
    const messages = (input: Record<string, string>) => {
      const parsed = AuditQuerySchema.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(messages({ from: "2026-02-29" })).toEqual(["from must be a date written YYYY-MM-DD"]);
    expect(messages({ to: "tomorrow" })).toEqual(["to must be a date written YYYY-MM-DD"]);
    expect(messages({ from: "2026-03-04", to: "2026-03-03" })).toEqual(["from must not be later than to"]);
  });
});
