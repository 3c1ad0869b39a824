// Redirect targets from a request (issue 15 "Open redirect after sign-in"): only a path on this site,
// judged after normalising, the way the browser will read the Location header.
import { describe, expect, it } from "vitest";
import { safeRedirectPath, safeRedirectTo } from "./safe-redirect.ts";

/** Every spelling of "another site" tried: none may come back as anything but the fallback. */
const ELSEWHERE = [
  // the two
  "/.//evil.example",
  "/..//evil.example/phish",
  // what ?redirectTo=%2F.%2F%2Fevil.example is before the query is decoded (no leading "/")
  "%2F.%2F%2Fevil.example",
  // network-path references and backslashes (browsers read "\" as "/")
  "//evil",
  "//evil.example/",
  "///evil.example",
  "/\\evil",
  "\\\\evil",
  "\\/evil",
  "/./\\/evil",
  "/.\\/evil",
  "/a/..\\..\\/evil",
  "/../../\\evil",
  // absolute addresses and schemes
  "https://evil",
  "http://evil.example/",
  "HTTPS://evil.example",
  "https:evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  // encoded separators, once and twice
  "/%2F%2Fevil",
  "/%2f%2fevil.example",
  "/%5Cevil",
  "/%5cevil",
  "/%2F.%2F%2Fevil.example",
  "/%252F%252Fevil",
  "/%255Cevil",
  "/.%2F%2Fevil",
  "/%2E%2E//evil.example",
  // tabs, newlines and other controls inside (browsers drop tabs and newlines: "/\t/evil" is "//evil")
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0d%0a/evil.example",
  "/\u0000/evil",
  "/\u007f/evil",
  "\t//evil.example",
  // not a path at all
  "evil.example",
  "admin",
  "",
  " ",
  "?x=1",
  "#top",
  `/${"a".repeat(5000)}`,
];

describe("safeRedirectPath", () => {
  it.each(ELSEWHERE)("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBeNull();
    expect(safeRedirectTo(value)).toBe("/");
  });

  it("refuses what is not text", () => {
    for (const value of [null, undefined, 42, ["/admin"], { path: "/admin" }]) {
      expect(safeRedirectPath(value)).toBeNull();
      expect(safeRedirectTo(value)).toBe("/");
    }
    expect(safeRedirectTo("//evil.example", "/login")).toBe("/login");
  });

  it("keeps a path on this site, normalised, with its query and hash", () => {
    expect(safeRedirectTo("/admin")).toBe("/admin");
    expect(safeRedirectTo("/")).toBe("/");
    expect(safeRedirectTo("/posts?cat=design&sort=newest#top")).toBe("/posts?cat=design&sort=newest#top");
    expect(safeRedirectTo("/admin/users?search=a%2Fb")).toBe("/admin/users?search=a%2Fb");
    expect(safeRedirectTo("/posts?next=//evil.example")).toBe("/posts?next=//evil.example");
    expect(safeRedirectTo("/blog/../saved")).toBe("/saved");
    expect(safeRedirectTo("/./admin/./categories")).toBe("/admin/categories");
    expect(safeRedirectTo("/caf%C3%A9-post")).toBe("/caf%C3%A9-post");
    expect(safeRedirectTo("/100%-sure")).toBe("/100%-sure");
  });
});
