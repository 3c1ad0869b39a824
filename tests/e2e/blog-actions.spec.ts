// The post page's signed-in actions (issue 10; spec public-area §2 "Single post page" comments and
// actions panel, §4 "Save toggle", "Feature toggle", "Comment sending", §5, §8): commenting with and
// without JavaScript, the anonymous comment message, deleting comments, saving and the saved list,
// featuring. Seeded posts are used (the e2e database is shared by parallel tests): comments carry texts
// of their own, saves belong to fresh accounts, and a featured post is unfeatured again.
// A post to delete is written by its author through POST /backend/posts.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type { Comment, PostListItem } from "../../contract/blog/blog.ts";
import { expectAccessible } from "./support/a11y.ts";
import { createAccount, signInByApi, type Account } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

const T = {
  sending: " (Sending...)",
  posted: "Comment posted successfully",
  deleted: "Comment deleted successfully",
  logIn: "Please log in to comment!",
  inProgress: "(in progress)",
};

/** A seeded post (the oldest ones, which the home page's featured block never shows). */
async function seededPost(request: APIRequestContext, nth = 0): Promise<PostListItem> {
  const res = await request.get("/backend/posts?sort=oldest&limit=20");
  expect(res.ok()).toBe(true);
  const { posts } = (await res.json()) as { posts: PostListItem[] };
  expect(posts.length).toBeGreaterThan(nth);
  return posts[nth]!;
}

const uniqueText = (what: string) => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

function ownOrigin(page: Page) {
  return { origin: new URL(page.url() === "about:blank" ? test.info().project.use.baseURL! : page.url()).origin };
}

/** A comment by whoever `context` is signed in as, through the API. */
async function commentByApi(context: BrowserContext, page: Page, postId: string, desc: string): Promise<Comment> {
  const res = await context.request.post(`/backend/comments/${postId}`, { headers: ownOrigin(page), data: { desc } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Comment;
}

/** Holds the page's form posts (`/{slug}.data`) for a moment, so that the in-between state can be seen. */
async function slowFormPosts(page: Page, slug: string, ms = 1200) {
  await page.route(`**/${slug}.data*`, async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

async function signedIn(context: BrowserContext, request: APIRequestContext, dataDir: string, admin = false) {
  const account: Account = await createAccount(request, dataDir, { admin });
  await signInByApi(context, account);
  return account;
}

const commentItem = (page: Page, text: string) => page.getByTestId("comment").filter({ hasText: text });

test.describe("comments @desktop", () => {
  test("a signed-in reader comments: ' (Sending...)' first, then the comment and the toast", async ({
    page,
    context,
    request,
    dataDir,
  }) => {
    const account = await signedIn(context, request, dataDir);
    const post = await seededPost(request, 1);
    await page.goto(`/${post.slug}`);
    await hydrated(page);
    // the page with the form and the actions panel, before any toast (sonner's own colours are not ours to check)
    await expectAccessible(page);
    const text = uniqueText("Thanks for this guide");
    await page.getByLabel("Write a comment").fill(text);
    await slowFormPosts(page, post.slug);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("comment-pending")).toContainText(text + T.sending);
    await expect(page.getByText(T.posted)).toBeVisible();
    await expect(commentItem(page, text)).toContainText(account.username);
    await expect(page.getByTestId("comment-pending")).toHaveCount(0);
    await expect(page.getByLabel("Write a comment")).toHaveValue("");
  });

  test("an empty comment is refused with the server's message", async ({ page, context, request, dataDir }) => {
    await signedIn(context, request, dataDir);
    const post = await seededPost(request, 1);
    await page.goto(`/${post.slug}`);
    await hydrated(page);
    await page.getByLabel("Write a comment").fill("   ");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please write a comment first." }).first()).toBeVisible();
  });

  test("an anonymous reader gets 'Please log in to comment!' and nothing is sent", async ({ page, request }) => {
    const post = await seededPost(request, 1);
    await page.goto(`/${post.slug}`);
    await hydrated(page);
    const text = uniqueText("anonymous words");
    await page.getByLabel("Write a comment").fill(text);
    // spec §5 "no request is sent": nothing that could carry the comment (a post, the page's data, the API)
    const sent: string[] = [];
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (r.method() !== "GET" || pathname.startsWith(`/${post.slug}`) || pathname.startsWith("/backend/"))
        sent.push(`${r.method()} ${r.url()}`);
    });
    await page.getByRole("button", { name: "Send" }).click();
    const message = page.getByRole("main").getByRole("alert").filter({ hasText: T.logIn });
    await expect(message).toBeVisible();
    const signIn = message.getByRole("link", { name: "Sign in" });
    await expect(signIn).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(`/${post.slug}`)}`);
    // nor anything else: the link appears without React Router's look-up of its route (a request of its own)
    await expect(signIn).not.toHaveAttribute("data-discover");
    await expect(page.getByRole("region", { name: /Notifications/ }).getByText(T.logIn)).toBeVisible();
    expect(sent).toEqual([]);
    await expect(page.getByLabel("Write a comment")).toHaveValue(text);
  });

  test("anonymous, before the page is hydrated: the form posts, the server stores nothing and answers the message with the text kept, at the form", async ({
    page,
    request,
  }) => {
    const post = await seededPost(request, 1);
    // the page's scripts are held: what the visitor has is the server's HTML
    let release = () => {};
    const scriptsArrive = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
      await scriptsArrive;
      // (a script of the page left behind by the form's post is gone with it)
      await route.continue().catch(() => undefined);
    });
    const posted: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posted.push(`${r.resourceType()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(`/${post.slug}`, { waitUntil: "commit" });
    const text = uniqueText("typed before hydration");
    await page.getByLabel("Write a comment").fill(text);
    await page.getByRole("button", { name: "Send" }).click();
    // the answer: the same message with the sign-in link, the text as typed, opened at the form
    const message = page.getByRole("main").getByRole("alert").filter({ hasText: T.logIn });
    await expect(message).toBeVisible();
    await expect(message.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(page.getByLabel("Write a comment")).toHaveValue(text);
    expect(new URL(page.url()).hash).toBe("#comments");
    await expect(page.getByLabel("Write a comment")).toBeInViewport();
    expect(posted).toEqual([`document /${post.slug}`]);
    await expect(commentItem(page, text)).toHaveCount(0);
    // once the scripts arrive the page hydrates with the answer as it is
    release();
    await hydrated(page);
    await expect(message).toBeFocused();
    await expect(page.getByLabel("Write a comment")).toHaveValue(text);
  });

  test("the author deletes their comment; another reader sees no Delete on it", async ({
    page,
    context,
    browser,
    request,
    dataDir,
  }) => {
    await signedIn(context, request, dataDir);
    const post = await seededPost(request, 2);
    await page.goto(`/${post.slug}`);
    const text = uniqueText("A comment to delete");
    await commentByApi(context, page, post._id, text);

    // another signed-in reader: the comment, without a Delete
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await asReturningVisitor(other);
    await signedIn(otherContext, otherContext.request, dataDir);
    await other.goto(`/${post.slug}`);
    await expect(commentItem(other, text)).toBeVisible();
    await expect(commentItem(other, text).getByRole("button", { name: /Delete/ })).toHaveCount(0);
    await otherContext.close();

    await page.reload();
    await hydrated(page);
    await commentItem(page, text)
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect(page.getByText(T.deleted)).toBeVisible();
    await expect(commentItem(page, text)).toHaveCount(0);
  });
});

test.describe("comments without JavaScript @desktop", () => {
  test.use({ javaScriptEnabled: false });

  test("the comment form posts as a plain form; the page shows the comment and the message", async ({
    page,
    context,
    request,
    dataDir,
  }) => {
    const account = await signedIn(context, request, dataDir);
    const post = await seededPost(request, 3);
    await page.goto(`/${post.slug}`);
    const text = uniqueText("Written without JavaScript");
    await page.getByLabel("Write a comment").fill(text);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("status").filter({ hasText: T.posted })).toBeVisible();
    // the answer is where the page opens: at the comments, not at the top of the post (issue 29)
    await expect(page).toHaveURL(new RegExp(`/${post.slug}#comments$`));
    await expect(page.getByRole("status").filter({ hasText: T.posted })).toBeInViewport();
    await expect(commentItem(page, text)).toContainText(account.username);
  });

  test("anonymous: the plain form answers 'Please log in to comment!' and stores nothing", async ({
    page,
    request,
  }) => {
    const post = await seededPost(request, 3);
    await page.goto(`/${post.slug}`);
    const text = uniqueText("anonymous plain");
    await page.getByLabel("Write a comment").fill(text);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("main").getByRole("alert").filter({ hasText: T.logIn })).toBeVisible();
    await expect(commentItem(page, text)).toHaveCount(0);
    // what was typed is kept, and the answer opens at the form (decision 065)
    await expect(page.getByLabel("Write a comment")).toHaveValue(text);
    expect(new URL(page.url()).hash).toBe("#comments");
    await expect(page.getByLabel("Write a comment")).toBeInViewport();
  });
});

test.describe("the actions panel @desktop", () => {
  test("Save, the saved list from the user menu, then unsave", async ({ page, context, request, dataDir }) => {
    await signedIn(context, request, dataDir);
    const post = await seededPost(request, 4);
    await page.goto(`/${post.slug}`);
    await hydrated(page);
    const save = page.getByTestId("post-save");
    await expect(save).toHaveText("Save");
    await expect(save.locator("svg")).toHaveAttribute("data-filled", "false");
    await slowFormPosts(page, post.slug);
    await save.click();
    // during the request: '(in progress)' and the saved state previewed
    await expect(save).toHaveText(`Saved ${T.inProgress}`);
    await expect(save).toHaveText("Saved");
    await expect(save.locator("svg")).toHaveAttribute("data-filled", "true");
    await page.unroute(`**/${post.slug}.data*`);

    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("link", { name: "Saved posts" }).click();
    await expect(page).toHaveURL(/\/saved$/);
    await expect(page.getByRole("heading", { level: 1, name: "Saved posts" })).toBeVisible();
    await expect(page.getByTestId("saved-posts").getByRole("link", { name: post.title }).first()).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/${post.slug}`);
    await hydrated(page);
    await expect(save).toHaveText("Saved");
    await save.click();
    await expect(save).toHaveText("Save");
    await page.goto("/saved");
    await expect(page.getByTestId("saved-empty")).toContainText("You have not saved any posts yet.");
    await expect(page.getByTestId("saved-empty").getByRole("link", { name: "Browse the blog" })).toHaveAttribute(
      "href",
      "/posts",
    );
  });

  test("anonymous: Save goes to /login and back to the post", async ({ page, request }) => {
    const post = await seededPost(request, 4);
    const res = await page.goto(`/${post.slug}`);
    expect(res!.headers()["cache-control"] ?? "").not.toContain("private");
    await hydrated(page);
    await expect(page.getByTestId("post-feature")).toHaveCount(0);
    await expect(page.getByTestId("post-delete")).toHaveCount(0);
    await page.getByTestId("post-save").click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/${post.slug}`)}`);
  });

  test("a plain user sees Save but neither Feature nor Delete on someone else's post", async ({
    page,
    context,
    request,
    dataDir,
  }) => {
    await signedIn(context, request, dataDir);
    const post = await seededPost(request, 4);
    const res = await page.goto(`/${post.slug}`);
    // a signed-in reader's page (their saved state, their buttons) is never kept by a shared cache
    expect(res!.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByTestId("post-save")).toBeVisible();
    await expect(page.getByTestId("post-feature")).toHaveCount(0);
    await expect(page.getByTestId("post-delete")).toHaveCount(0);
  });

  test("an admin features a post (star), then unfeatures it", async ({ page, context, request, dataDir }) => {
    await signedIn(context, request, dataDir, true);
    const candidates = (await (await request.get("/backend/posts?sort=oldest&limit=20")).json()) as {
      posts: PostListItem[];
    };
    const post = candidates.posts.find((p, i) => i >= 5 && !p.isFeatured);
    expect(post, "an old seeded post that is not featured").toBeDefined();
    const featured = async () =>
      ((await (await request.get(`/backend/posts/${post!.slug}`)).json()) as PostListItem).isFeatured;
    await page.goto(`/${post!.slug}`);
    await hydrated(page);
    const star = page.getByTestId("post-feature");
    await expect(star).toHaveText("Feature");
    await expect(star.locator("svg")).toHaveAttribute("data-filled", "false");
    try {
      await slowFormPosts(page, post!.slug);
      await star.click();
      await expect(star).toHaveText(`Featured ${T.inProgress}`);
      await expect(star).toHaveText("Featured");
      await expect(star.locator("svg")).toHaveAttribute("data-filled", "true");
      expect(await featured()).toBe(true);
      await page.unroute(`**/${post!.slug}.data*`);
      await star.click();
      await expect(star).toHaveText("Feature");
      await expect(star.locator("svg")).toHaveAttribute("data-filled", "false");
      expect(await featured()).toBe(false);
    } finally {
      // leave the shared database as it was, whatever happened above
      if (await featured()) {
        await context.request.patch("/backend/posts/feature", {
          headers: ownOrigin(page),
          data: { postId: post!._id },
        });
      }
    }
    // the admin may delete any post: the button is there (not pressed: seeded posts stay)
    await expect(page.getByTestId("post-delete")).toBeVisible();
  });
});

test.describe("the actions panel without JavaScript @desktop", () => {
  test.use({ javaScriptEnabled: false });

  test("Save and unsave post as plain forms", async ({ page, context, request, dataDir }) => {
    await signedIn(context, request, dataDir);
    const post = await seededPost(request, 5);
    await page.goto(`/${post.slug}`);
    await page.getByTestId("post-save").click();
    await expect(page.getByRole("status").filter({ hasText: "Post saved." })).toBeVisible();
    await expect(page.getByTestId("post-save")).toHaveText("Saved");
    await page.getByTestId("post-save").click();
    await expect(page.getByRole("status").filter({ hasText: "Post removed from your saved posts." })).toBeVisible();
    await expect(page.getByTestId("post-save")).toHaveText("Save");
  });

  test("an admin's Delete asks for a confirmation before anything is deleted", async ({
    page,
    context,
    request,
    dataDir,
  }) => {
    await signedIn(context, request, dataDir, true);
    const post = await seededPost(request, 5);
    await page.goto(`/${post.slug}`);
    await page.getByTestId("post-delete").click();
    await expect(page.getByText("Are you sure you want to delete this post?")).toBeVisible();
    await expect(page.getByRole("button", { name: "Yes, delete it" })).toBeVisible();
    // (not pressed: seeded posts stay) the post is still there
    expect((await request.get(`/backend/posts/${post.slug}`)).status()).toBe(200);
  });

  test("the author's Delete: the question, then home with the message 'Post deleted successfully!'", async ({
    page,
    context,
    request,
    dataDir,
  }) => {
    const slug = await openOwnPost(context, page, request, dataDir);
    await page.getByTestId("post-delete").click();
    await page.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page).toHaveURL(/\/$/);
    // the message the redirect left, at the top of the page, once
    const notice = page.getByRole("region", { name: "Message" }).getByRole("status");
    await expect(notice).toHaveText("Post deleted successfully!");
    expect((await request.get(`/backend/posts/${slug}`)).status()).toBe(404);
    await page.reload();
    await expect(notice).toHaveCount(0);
  });
});

/** A new user's own post, written through POST /backend/posts and opened: its slug. */
async function openOwnPost(
  context: BrowserContext,
  page: Page,
  request: APIRequestContext,
  dataDir: string,
): Promise<string> {
  await signedIn(context, request, dataDir);
  const categories = (await (await request.get("/backend/posts/categories")).json()) as string[];
  const written = await context.request.post("/backend/posts", {
    headers: ownOrigin(page),
    data: {
      img: "",
      title: uniqueText("A post to delete"),
      category: [categories[0]],
      desc: "Short",
      content: "<p>Soon gone.</p>",
    },
  });
  expect(written.status(), await written.text()).toBe(201);
  const { slug } = (await written.json()) as { slug: string };
  await page.goto(`/${slug}`);
  return slug;
}

test("the author deletes their own post: a confirmation, then home with 'Post deleted successfully!' @desktop", async ({
  page,
  context,
  request,
  dataDir,
}) => {
  const slug = await openOwnPost(context, page, request, dataDir);
  await hydrated(page);
  await page.getByTestId("post-delete").click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this post?" });
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Post deleted successfully!")).toBeVisible();
  expect((await request.get(`/backend/posts/${slug}`)).status()).toBe(404);
  // home took the post's place in the history: Back does not lead to its 404
  await page.goBack();
  await expect(page).not.toHaveURL(new RegExp(`/${slug}$`));
});
