import { describe, expect, it } from "vitest";
import { ACCESS_RULES, accessFor } from "./access-policy.ts";

describe("accessFor", () => {
  it.each([
    ["GET", "/api/courses", "public"],
    ["GET", "/api/courses/abc", "public"],
    ["POST", "/api/courses", "admin"],
    ["PUT", "/api/courses/abc", "admin"],
    ["GET", "/api/courses/abc/purchases", "admin"],
    ["POST", "/api/courses/abc/purchases", "public"],
    ["GET", "/api/coupons/validate/SAVE10", "public"],
    ["GET", "/api/coupons", "admin"],
    ["GET", "/api/coupons/abc", "admin"],
    ["HEAD", "/api/coupons/abc", "admin"],
    ["GET", "/api/events/abc", "public"],
    ["GET", "/api/events/abc/purchases", "admin"],
    ["POST", "/api/events/abc/purchases", "public"],
    ["DELETE", "/api/hero", "admin"],
    ["GET", "/api/hero", "public"],
    ["GET", "/api/admin/contacts", "admin"],
    ["POST", "/api/admin/newsletter/bulk-email", "admin"],
    ["GET", "/api/admin/users/", "admin"],
    ["PATCH", "/posts/feature", "admin"],
    ["DELETE", "/posts/category/Coding", "admin"],
    ["DELETE", "/posts/abc", "user"],
    ["POST", "/posts", "user"],
    ["GET", "/posts", "public"],
    ["GET", "/posts/some-slug", "public"],
    ["GET", "/users/saved", "user"],
    ["POST", "/comments/abc", "user"],
    ["GET", "/comments/abc", "public"],
    ["POST", "/api/newsletter", "public"],
    ["POST", "/api/contact", "public"],
  ])("%s %s is %s", (method, path, access) => {
    expect(accessFor(method, path)).toBe(access);
  });

  it("does not let a longer path slip past a rule by a prefix", () => {
    expect(accessFor("GET", "/api/coupons/validate/X/extra")).toBe("admin");
    expect(accessFor("POST", "/api/coursesX")).toBe("public");
  });

  it("lists each method and path once", () => {
    const keys = ACCESS_RULES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
