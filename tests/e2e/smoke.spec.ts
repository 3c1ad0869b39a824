import { expect, test } from "@playwright/test";

test("the home page renders on the server and an unknown page is a 404", async ({ page, request }) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  await expect(page.locator("footer")).toContainText("2025");
  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
});
