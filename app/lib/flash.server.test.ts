// A redirect's message names the section it lands on (issue 29: without JavaScript the notice shows
// there, not at the top of the page above it); a cookie naming anything but a section id is refused.
import { describe, expect, it } from "vitest";
import { redirectWithMessage, takeFlash } from "./flash.server.ts";

const COOKIES = { cookieSecret: "test-cookie-secret", secureCookies: false };

async function flashAfter(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await takeFlash(new Request("http://localhost/", { headers: { Cookie: cookie } }), COOKIES)).flash;
}

describe("redirectWithMessage", () => {
  it("records the section of a redirect to `#id` as the flash's `at`", async () => {
    const res = await redirectWithMessage(COOKIES, "/admin/faqs?page=2#faqs", "FAQ added");
    expect(res.headers.get("Location")).toBe("/admin/faqs?page=2#faqs");
    expect(await flashAfter(res)).toEqual({ message: "FAQ added", kind: "success", at: "faqs" });
  });

  it("records no section for an address without one, or with a fragment that is no id", async () => {
    expect(await flashAfter(await redirectWithMessage(COOKIES, "/coupons", "Saved"))).toEqual({
      message: "Saved",
      kind: "success",
    });
    expect(await flashAfter(await redirectWithMessage(COOKIES, "/x#a b<", "Saved", "error"))).toEqual({
      message: "Saved",
      kind: "error",
    });
  });
});
