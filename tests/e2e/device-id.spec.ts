// The device id a browser pays with (issue 15, decision 025): the payment limits count each browser on
// its own, so that buyers behind one carrier NAT address are not refused together. The id comes with the
// first page one can pay on, also when the visitor arrived elsewhere and followed a link there (React
// Router then loads the page's data, not the document), and every other page stays free of cookies.
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

test("a browser gets its device id with the first page it can pay on, also after following a link @desktop", async ({
  page,
  context,
}) => {
  await asReturningVisitor(page);
  const deviceCookie = async () => (await context.cookies()).find((c) => c.name === "academy.device");

  const blog = await page.goto("/blog");
  expect(blog!.headers()["set-cookie"] ?? "").not.toContain("academy.device");
  await hydrated(page);
  expect(await deviceCookie()).toBeUndefined();

  // a link, followed in the page: /showcase.data brings the id
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Showcase", exact: true }).click();
  await expect(page).toHaveURL(/\/showcase$/);
  await expect.poll(deviceCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  const id = (await deviceCookie())!.value;
  expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);

  // it is kept from then on
  await page.goto("/courses");
  expect((await deviceCookie())!.value).toBe(id);
});
