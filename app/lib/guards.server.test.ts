import { describe, expect, it } from "vitest";
import { loginUrl, safeRedirectTo } from "./guards.server.ts";

describe("safeRedirectTo", () => {
  it("keeps a path on this site, with its query and hash", () => {
    expect(safeRedirectTo("/admin")).toBe("/admin");
    expect(safeRedirectTo("/posts?cat=design&sort=newest#top")).toBe("/posts?cat=design&sort=newest#top");
  });

  it("falls back for anything that would leave the site", () => {
    for (const evil of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example/",
      // browsers drop tabs and newlines from URLs: "/\t/evil.example" is "//evil.example"
      "/\t/evil.example/",
      "/\n/evil.example/",
      "\\\\evil.example",
      "javascript:alert(1)",
      "admin",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectTo(evil), JSON.stringify(evil)).toBe("/");
    }
    expect(safeRedirectTo("//evil.example", "/login")).toBe("/login");
  });

  it("falls back for a path that leaves the site once normalised (the spellings: server/lib/safe-redirect.test.ts)", () => {
    // ?redirectTo=%2F.%2F%2Fevil.example and /..//evil.example/phish, as the page reads them
    expect(
      safeRedirectTo(new URL("http://x.test/login?redirectTo=%2F.%2F%2Fevil.example").searchParams.get("redirectTo")),
    ).toBe("/");
    expect(safeRedirectTo("/..//evil.example/phish")).toBe("/");
  });
});

describe("loginUrl", () => {
  const login = (url: string) => loginUrl(new Request(url));

  it("comes back to the page asked for, with its query", () => {
    expect(login("http://x.test/admin/users?search=ada")).toBe("/login?redirectTo=%2Fadmin%2Fusers%3Fsearch%3Dada");
  });

  it("comes back to the page, not its data, after a client-side navigation", () => {
    expect(login("http://x.test/admin/write.data?_routes=routes%2Fadmin%2Fwrite")).toBe(
      "/login?redirectTo=%2Fadmin%2Fwrite",
    );
    expect(login("http://x.test/_root.data?index&_routes=root")).toBe("/login?redirectTo=%2F");
    expect(login("http://x.test/coupon-table.data?page=2&_routes=x")).toBe(
      "/login?redirectTo=%2Fcoupon-table%3Fpage%3D2",
    );
  });

  it("never names another site as the way back, whatever the request's path", () => {
    expect(login("http://x.test//evil.example/saved")).toBe("/login?redirectTo=%2F");
    expect(login("http://x.test/%2F%2Fevil.example")).toBe("/login?redirectTo=%2F");
  });
});
