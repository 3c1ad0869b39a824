// The device id cookie (issue 15, decision 025): a browser gets one with the first page it can pay on
// (the paying pages are the test's own here; the site's are PAYING_PAGES), so that its first coupon
// check already counts as itself and not as its (perhaps shared) address.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE, deviceCookie, deviceId, PAYING_PAGES } from "./device.ts";

function site(secure = false) {
  const app = new Hono();
  app.use("*", deviceCookie({ secure, pages: ["/courses", "/courses.data", "/private", "/cached", "/missing"] }));
  app.get("/courses.data", (c) => c.body("[]", 200, { "Content-Type": "text/x-script" }));
  app.get("/blog", (c) => c.html("<p>blog</p>"));
  app.get("/courses", (c) => c.html("<p>courses</p>"));
  app.get("/private", (c) => c.html("<p>mine</p>", 200, { "Cache-Control": "private, no-store" }));
  app.get("/cached", (c) => c.html("<p>cached</p>", 200, { "Cache-Control": "public, max-age=60" }));
  app.get("/missing", (c) => c.html("<p>not found</p>", 404));
  app.get("/backend/api/courses", (c) => c.json([]));
  app.get("/media/a.png", (c) => c.body("png", 200, { "Content-Type": "text/html" }));
  app.get("/who", (c) => c.text(deviceId(c) ?? "none"));
  return app;
}

const get = (app: Hono, path: string, cookie?: string) =>
  Promise.resolve(app.request(path, { headers: cookie ? { Cookie: cookie } : {} }));
const deviceCookies = (res: Response) => res.headers.getSetCookie().filter((c) => c.startsWith(`${DEVICE_COOKIE}=`));

describe("the device id cookie", () => {
  it("comes with a page to a browser that has none: random, HttpOnly, a year, never shared by a cache", async () => {
    const app = site();
    const first = await get(app, "/courses");
    const [cookie] = deviceCookies(first);
    expect(cookie).toMatch(/^academy\.device=[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(first.headers.get("Cache-Control")).toBe("private");
    const other = deviceCookies(await get(app, "/courses"))[0];
    expect(other).not.toBe(cookie);
    // a page's own cache policy is kept, and made private when it was public
    expect((await get(app, "/private")).headers.get("Cache-Control")).toBe("private, no-store");
    expect((await get(app, "/cached")).headers.get("Cache-Control")).toBe("private, max-age=60");
  });

  it("is kept once the browser has one; the request's id is read back", async () => {
    const app = site();
    const value = deviceCookies(await get(app, "/courses"))[0]!.split(";")[0]!;
    const again = await get(app, "/courses", value);
    expect(deviceCookies(again)).toEqual([]);
    expect(again.headers.get("Cache-Control")).toBeNull();
    expect(await (await get(app, "/who", value)).text()).toBe(value.split("=")[1]);
    // something that is not one of ours in shape counts as none (and a fresh one is handed out)
    expect(await (await get(app, "/who", `${DEVICE_COOKIE}=x';drop`)).text()).toBe("none");
    expect(deviceCookies(await get(app, "/courses", `${DEVICE_COOKIE}=short`))).toHaveLength(1);
  });

  it("comes with the data request of a paying page too (a visitor who followed a link to it)", async () => {
    expect(deviceCookies(await get(site(), "/courses.data"))).toHaveLength(1);
    // the site's paying pages, as documents and as React Router 8's data requests ("/" loads "/_.data")
    expect([...PAYING_PAGES].sort()).toEqual([
      "/",
      "/_.data",
      "/courses",
      "/courses.data",
      "/showcase",
      "/showcase.data",
    ]);
  });

  it("is not set on other pages (an anonymous reader's page stays cacheable), API answers, media, or failed pages", async () => {
    const app = site();
    for (const path of ["/blog", "/backend/api/courses", "/media/a.png", "/missing"]) {
      expect(deviceCookies(await get(app, path)), path).toEqual([]);
    }
  });

  it("is Secure on an https site", async () => {
    expect(deviceCookies(await get(site(true), "/courses"))[0]).toMatch(/; Secure$/);
  });
});
