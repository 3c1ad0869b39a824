// The rendered-page cache on the real pages (issue 20; decision 044): an anonymous visitor's second
// visit is answered from the cache and still hydrates (its inline scripts allowed by their hashes, not
// by a stale nonce: any CSP refusal fails the test as a console error); after an admin's change to an
// FAQ, a course (its title and its price) and after a comment on a post, the next anonymous page shows
// it; a cached post page's ages are brought up to date by the browser's clock. It changes what / and
// /courses show, so it runs in the "content-writes" project; what it adds it removes again.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Course } from "../../contract/courses/catalog.ts";
import { formatNaira } from "../../contract/lib/money.ts";
import { bearerHeaders, createAccount, signInByApi } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { api, asReturningVisitor, hydrated } from "./support/page.ts";
import { createPost } from "./support/posts.ts";

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** An admin's bearer headers for API writes. */
async function adminHeaders(request: APIRequestContext, dataDir: string, baseURL: string) {
  return bearerHeaders(request, await createAccount(request, dataDir, { admin: true }), baseURL);
}

/** Opens `path` as an anonymous visitor; returns whether the cache answered it. */
async function visit(page: Page, path: string): Promise<string | null> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  return (await res!.allHeaders())["x-cache"] ?? null;
}

test.describe("the rendered-page cache", () => {
  test("answers an anonymous visitor's second visit from the cache, and the page still hydrates", async ({ page }) => {
    await asReturningVisitor(page);
    await visit(page, "/about");
    expect(await visit(page, "/about")).toBe("HIT");
    await hydrated(page);
  });

  test("shows an admin's new FAQ and a course's new title and price to the next anonymous visitor", async ({
    page,
    request,
    dataDir,
    baseURL,
  }) => {
    const headers = await adminHeaders(request, dataDir, baseURL!);
    await asReturningVisitor(page);
    await visit(page, "/");
    await visit(page, "/courses");
    expect(await visit(page, "/courses")).toBe("HIT");

    const question = unique("Is the page cache exact?");
    const faq = await request.post("/backend/api/faqs", { headers, data: { question, answer: "Always." } });
    expect(faq.status(), await faq.text()).toBe(201);
    const faqId = ((await faq.json()) as { _id: string })._id;
    const course = (await api<Course[]>(request, "courses"))[0]!;
    const title = unique("Cached course");
    try {
      expect(await visit(page, "/")).toBe("MISS");
      await expect(page.getByText(question)).toBeVisible();

      const changed = await request.put(`/backend/api/courses/${course._id}`, {
        headers,
        data: { title, price: course.price + 1000 },
      });
      expect(changed.status(), await changed.text()).toBe(200);
      expect(await visit(page, "/courses")).toBe("MISS");
      const card = page.getByRole("main").locator("article", { hasText: title });
      await expect(card).toBeVisible();
      // the price shown (struck through when a discount shows) is the new one
      await expect(card.getByTestId("course-price")).toContainText(formatNaira(course.price + 1000));
    } finally {
      await request.delete(`/backend/api/faqs/${faqId}`, { headers });
      await request.put(`/backend/api/courses/${course._id}`, {
        headers,
        data: { title: course.title, price: course.price },
      });
    }
    expect(await visit(page, "/courses")).toBe("MISS");
    await expect(page.getByText(title)).toHaveCount(0);
  });

  test("shows a new comment on a cached post page; its ages follow the browser's clock", async ({
    page,
    request,
    dataDir,
  }) => {
    const writer = await createAccount(request, dataDir);
    const { token } = await signInByApi(request, writer);
    const post = await createPost(request, token, { title: unique("Cached post"), content: "<p>Body.</p>" });
    const auth = { Authorization: `Bearer ${token}` };
    try {
      await asReturningVisitor(page);
      await visit(page, `/${post.slug}`);
      expect(await visit(page, `/${post.slug}`)).toBe("HIT");

      const comment = unique("A comment the cache must show");
      const res = await request.post(`/backend/comments/${post._id}`, { headers: auth, data: { desc: comment } });
      expect(res.status(), await res.text()).toBe(201);
      expect(await visit(page, `/${post.slug}`)).toBe("MISS");
      await expect(page.getByText(comment)).toBeVisible();

      // Three hours later by the browser's clock: the copy made now shows its ages as of now, and the
      // browser brings them up to date once it runs.
      expect(await visit(page, `/${post.slug}`)).toBe("HIT");
      await page.clock.install({ time: Date.now() + 3 * 60 * 60 * 1000 });
      expect(await visit(page, `/${post.slug}`)).toBe("HIT");
      await hydrated(page);
      await expect(page.getByTestId("comment").filter({ hasText: comment }).locator("time")).toHaveText("3 hours ago");
    } finally {
      await request.delete(`/backend/posts/${post._id}`, { headers: auth });
    }
  });
});
