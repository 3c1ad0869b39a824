import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { Comment, PostDetail, PostList, PostListItem } from "../../contract/blog/blog.ts";
import { mediaUrl } from "../../contract/lib/media-urls.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

// spec public-area §2 "Blog page (/blog)", "Post list (/posts…)", "Single post page (/{slug})", §4 "Post
// list", §8, §9. The posts come from the seeded database, read through the public API: nothing here
// names a post, so the tests hold for any seed with more than one page of posts.

const PAGE_SIZE = 10;

/** GET a blog API path (under /backend/) and return its JSON body. */
async function backend<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/backend/${path}`);
  expect(res.ok(), `GET /backend/${path}`).toBe(true);
  return (await res.json()) as T;
}

/** Every post of a list (all its pages), in the API's order. */
async function allPosts(request: APIRequestContext, query = ""): Promise<PostListItem[]> {
  const all: PostListItem[] = [];
  for (let page = 1; ; page++) {
    const list = await backend<PostList>(request, `posts?${query}${query ? "&" : ""}page=${page}&limit=50`);
    all.push(...list.posts);
    if (!list.hasMore) return all;
  }
}

/** The seeded posts; the list tests need more than one page of them. */
async function seededPosts(request: APIRequestContext): Promise<PostListItem[]> {
  const posts = await allPosts(request);
  expect(posts.length, "the seeded database holds more than one page of posts").toBeGreaterThan(PAGE_SIZE);
  return posts;
}

/** The longest word of a title: a search word that is no stop word. */
const searchWord = (title: string) => title.split(/\W+/).sort((a, b) => b.length - a.length)[0]!;

/** A category and an author with posts, but not every post (so that filtering shows). */
function pickFilters(posts: PostListItem[]) {
  const byCount = <K extends string>(keys: K[]) => {
    const counts = new Map<K, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    return [...counts].filter(([, n]) => n < posts.length).sort((a, b) => b[1] - a[1])[0]?.[0];
  };
  const cat = byCount(posts.flatMap((p) => p.category));
  const author = byCount(posts.map((p) => p.user.username));
  expect(cat, "a category that some (not all) seeded posts have").toBeDefined();
  expect(author, "an author of some (not all) seeded posts").toBeDefined();
  return { cat: cat!, author: author! };
}

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const cardTitles = (page: Page) => cards(page).getByRole("heading", { level: 2 });

/** The side panel of /posts, opened on small screens. */
async function filterPanel(page: Page): Promise<Locator> {
  const toggle = page.getByRole("button", { name: "Filter or Search" });
  if (await toggle.isVisible()) await toggle.click();
  const panel = page.getByRole("complementary", { name: "Search and filters" });
  await expect(panel.getByRole("searchbox", { name: "Search" })).toBeVisible();
  return panel;
}

/** Scrolls to the end of the page until `done` shows (the infinite scroll loads a page each time). */
async function scrollUntil(page: Page, done: Locator) {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(done).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

// ---------------------------------------------------------------------------------------------------
// /blog

test("/blog: breadcrumb, welcome, the category bar, up to 4 featured posts newest first and the recent posts", async ({
  page,
  request,
}) => {
  const categories = await backend<string[]>(request, "posts/categories");
  await page.goto("/blog");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText("Home • Blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to our blog");

  const bar = page.getByRole("navigation", { name: "Blog categories" });
  await expect(bar.getByRole("link")).toHaveText(["All Posts", ...categories]);
  await expect(bar.getByRole("link", { name: "All Posts" })).toHaveAttribute("href", "/posts");
  for (const cat of categories) {
    await expect(bar.getByRole("link", { name: cat, exact: true })).toHaveAttribute(
      "href",
      `/posts?cat=${encodeURIComponent(cat)}`,
    );
  }
  await hydrated(page);
  await expectAccessible(page);

  // The featured and recent posts as the API has them when the page is made. Other tests write, feature
  // and delete posts on the same server meanwhile: until both agree, the lists are read again with a
  // fresh page (and the post followed is the oldest of the recent ones, not one a test is deleting).
  await expect(async () => {
    const featured = await backend<PostList>(request, "posts?featured=true&limit=4&sort=newest&page=1");
    const newest = await backend<PostList>(request, "posts?sort=newest&page=1&limit=6");
    expect(featured.posts.length, "the seed features some posts").toBeGreaterThan(0);
    await page.goto("/blog");
    const short = { timeout: 2_000 };
    const featuredBlock = page.getByRole("region", { name: "Featured Posts" });
    await expect(featuredBlock.getByRole("heading", { level: 3 })).toHaveText(
      featured.posts.map((p) => p.title),
      short,
    );
    for (const post of featured.posts) {
      await expect(featuredBlock.getByRole("link", { name: post.title, exact: true })).toHaveAttribute(
        "href",
        `/${post.slug}`,
        short,
      );
    }

    const recent = page.getByRole("region", { name: "Recent Posts" });
    await expect(recent.getByRole("heading", { level: 3 })).toHaveText(
      newest.posts.map((p) => p.title),
      short,
    );
    const first = newest.posts[0]!;
    const item = recent.getByRole("article").first();
    await expect(item).toContainText((first.category[0] ?? "general").toUpperCase(), {
      ignoreCase: true,
      ...short,
    });
    await expect(item.locator("time")).toHaveAttribute("datetime", first.createdAt, short);
    await expect(item.locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/, short);
    if (first.img) await expect(item.locator("img")).toHaveAttribute("src", new RegExp(`^${first.img}\\?tr=`), short);

    const last = newest.posts.at(-1)!;
    await recent.getByRole("link", { name: last.title, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/${last.slug}`, short);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(last.title, short);
  }).toPass({ timeout: 30_000 });
});

test("the links that led nowhere reach the blog: home teaser (button and image), footer @desktop", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const teaserButton = page.getByRole("link", { name: "Read the Blog Now" });
  await teaserButton.click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to our blog");

  await page.goto("/");
  await hydrated(page);
  const image = page.locator('a[href="/blog"]:has(img)');
  await image.scrollIntoViewIfNeeded();
  await image.click();
  await expect(page).toHaveURL(/\/blog$/);

  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Explore posts" }).click();
  await expect(page).toHaveURL(/\/posts$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Development Blog");
  // (from a page without infinite scroll: on /posts the footer moves down as more posts load)
  await page.goto("/about");
  await page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("header: 'Know more' opens /blog and 'Explore' /posts", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Know more" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to our blog");
  await nav.getByRole("link", { name: "Explore" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Development Blog");
});

// ---------------------------------------------------------------------------------------------------
// /posts

test("/posts: the first page of cards, newest first, each with its links, category and age", async ({
  page,
  request,
}) => {
  const posts = await seededPosts(request);
  const firstPage = posts.slice(0, PAGE_SIZE);
  await page.goto("/posts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Development Blog");
  await expect(cardTitles(page)).toHaveText(firstPage.map((p) => p.title));

  const post = firstPage.find((p) => p.img) ?? firstPage[0]!;
  const card = cards(page).filter({ has: page.getByRole("heading", { name: post.title, exact: true }) });
  await expect(card.getByRole("link", { name: post.title, exact: true })).toHaveAttribute("href", `/${post.slug}`);
  await expect(card).toContainText(`Written by ${post.user.username}`);
  await expect(card.getByRole("link", { name: post.user.username, exact: true })).toHaveAttribute(
    "href",
    `/posts?author=${encodeURIComponent(post.user.username)}`,
  );
  await expect(card).toContainText(post.category.length ? post.category.join(", ") : "general");
  await expect(card.locator("time")).toHaveText(/^(just now|\d+ (second|minute|hour|day|month|year)s? ago)$/);
  if (post.desc) await expect(card).toContainText(post.desc);
  await expect(card.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", `/${post.slug}`);
  if (post.img) {
    const img = card.locator("img");
    await expect(img).toHaveAttribute("loading", "lazy");
    // (uploaded covers, of posts other tests write, carry a version: mediaUrl knows)
    await expect(img).toHaveAttribute("src", mediaUrl(post.img, { w: 320, h: 180 }));
    await expect(img).toHaveAttribute("srcset", /w-640,h-360(&v=1)? 640w/);
  }
  await expect(page.getByText("All posts loaded!")).toBeHidden();
});

test("/posts passes the accessibility check, with the filter panel open on small screens", async ({ page }) => {
  await page.goto("/posts");
  await hydrated(page);
  await filterPanel(page);
  await expectAccessible(page);
});

test("scrolling down loads the next pages until 'All posts loaded!'", async ({ page, request }) => {
  const posts = await seededPosts(request);
  const requests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/backend/posts") requests.push(new URL(r.url()).search);
  });
  await page.goto("/posts");
  await hydrated(page);
  await expect(cards(page)).toHaveCount(PAGE_SIZE);

  await scrollUntil(page, page.getByText("All posts loaded!"));
  await expect(cardTitles(page)).toHaveText(posts.map((p) => p.title));
  // one request a page, from page 2 on, 10 at a time
  const pages = Math.ceil(posts.length / PAGE_SIZE);
  expect(requests).toEqual(Array.from({ length: pages - 1 }, (_, i) => `?page=${i + 2}&limit=10`));
});

test("a failed page says 'Something went wrong!' and Try again loads it @desktop", async ({
  page,
  request,
  consoleErrors,
}) => {
  const posts = await seededPosts(request);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let failed = false;
  await page.route(/\/backend\/posts\?page=2&/, async (route) => {
    if (failed) return route.continue();
    failed = true;
    await held;
    await route.fulfill({ status: 500, contentType: "application/json", body: '{"error":{}}' });
  });
  await page.goto("/posts");
  await hydrated(page);
  await cards(page).last().scrollIntoViewIfNeeded();
  await expect(page.getByText("Loading more posts...")).toBeVisible();
  release();
  await expect(page.getByRole("alert")).toContainText("Something went wrong!");
  await expect(cards(page)).toHaveCount(PAGE_SIZE);

  await page.getByRole("button", { name: "Try again" }).click();
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(Math.min(posts.length, 2 * PAGE_SIZE));
  await expect(page.getByText("Something went wrong!")).toBeHidden();
  // the browser logs the refused request (500) it was made to fail; nothing else may fail
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 500/.test(e)));
});

test("search: Enter sets search and keeps the category and sort @desktop", async ({ page, request }) => {
  const posts = await seededPosts(request);
  const { cat } = pickFilters(posts);
  const inCat = await allPosts(request, `cat=${encodeURIComponent(cat)}&sort=oldest`);
  // a word of a post's title in that category
  const word = searchWord(inCat[0]!.title);
  const expected = await allPosts(request, new URLSearchParams({ search: word, cat, sort: "oldest" }).toString());
  expect(expected.length).toBeGreaterThan(0);

  await page.goto(`/posts?cat=${encodeURIComponent(cat)}&sort=oldest`);
  await hydrated(page);
  const panel = await filterPanel(page);
  const box = panel.getByRole("searchbox", { name: "Search" });
  await expect(box).toHaveAttribute("placeholder", "search a post...");
  await box.fill(word);
  await box.press("Enter");
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === "/posts" &&
      url.searchParams.get("search") === word &&
      url.searchParams.get("cat") === cat &&
      url.searchParams.get("sort") === "oldest",
  );
  await expect(cardTitles(page)).toHaveText(expected.slice(0, PAGE_SIZE).map((p) => p.title));
});

test("a search that matches nothing says 'No posts found.' @desktop", async ({ page }) => {
  await page.goto("/posts?search=zzqxjv-no-such-words");
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText("No posts found.")).toBeVisible();
  await expect(page.getByText("All posts loaded!")).toBeHidden();
});

test("sort: clicking Oldest reorders the list at once @desktop", async ({ page, request }) => {
  const oldest = (await allPosts(request, "sort=oldest")).slice(0, PAGE_SIZE);
  await page.goto("/posts");
  await hydrated(page);
  const panel = await filterPanel(page);
  const sort = panel.getByRole("group", { name: "Sort" });
  await expect(sort.getByRole("radio")).toHaveCount(4);
  for (const label of ["Newest", "Most Popular", "Trending", "Oldest"]) {
    await expect(sort.getByRole("radio", { name: label })).toBeVisible();
  }
  await expect(sort.getByRole("radio", { name: "Newest" })).toBeChecked();
  // (for the keyboard, which only moves the choice: tests/e2e/posts-panel.spec.ts)
  await expect(panel.getByRole("button", { name: "Apply sort" })).toBeVisible();

  // a click applies the option at once
  await sort.getByRole("radio", { name: "Oldest" }).check();
  await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "oldest");
  await expect(cardTitles(page)).toHaveText(oldest.map((p) => p.title));
});

test("categories: 'All' and one link per category filter the list", async ({ page, request }) => {
  const posts = await seededPosts(request);
  const { cat } = pickFilters(posts);
  const categories = await backend<string[]>(request, "posts/categories");
  const inCat = (await allPosts(request, `cat=${encodeURIComponent(cat)}`)).slice(0, PAGE_SIZE);

  await page.goto("/posts?sort=oldest");
  await hydrated(page);
  let panel = await filterPanel(page);
  const list = panel.getByRole("region", { name: "Categories" });
  await expect(list.getByRole("link")).toHaveText(["All", ...categories]);
  await expect(list.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await list.getByRole("link", { name: cat, exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("cat") === cat && url.searchParams.get("sort") === "oldest",
  );
  const inCatOldest = (await allPosts(request, `cat=${encodeURIComponent(cat)}&sort=oldest`)).slice(0, PAGE_SIZE);
  await expect(cardTitles(page)).toHaveText(inCatOldest.map((p) => p.title));

  panel = await filterPanel(page);
  await expect(panel.getByRole("link", { name: cat, exact: true })).toHaveAttribute("aria-current", "page");
  await panel.getByRole("region", { name: "Categories" }).getByRole("link", { name: "All" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("cat") === "general");
  await expect(cards(page)).toHaveCount(PAGE_SIZE);

  // the blog page's bar leads to the same filtered list
  await page.goto("/blog");
  await page.getByRole("navigation", { name: "Blog categories" }).getByRole("link", { name: cat, exact: true }).click();
  await expect(cardTitles(page)).toHaveText(inCat.map((p) => p.title));
});

test("the author's name on a card lists that author's posts @desktop", async ({ page, request }) => {
  const posts = await seededPosts(request);
  // an author with a card on the first page
  const { author } = pickFilters(posts.slice(0, PAGE_SIZE));
  const theirs = posts.filter((p) => p.user.username === author).slice(0, PAGE_SIZE);
  await page.goto("/posts");
  await hydrated(page);
  const card = cards(page)
    .filter({ has: page.getByRole("link", { name: author, exact: true }) })
    .first();
  await card.getByRole("link", { name: author, exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("author") === author);
  await expect(cardTitles(page)).toHaveText(theirs.map((p) => p.title));
});

test("small screens: the panel hides behind 'Filter or Search' / 'Close'", { tag: "@mobile" }, async ({ page }) => {
  await page.goto("/posts");
  await hydrated(page);
  const toggle = page.getByRole("button", { name: "Filter or Search" });
  const search = page.getByRole("searchbox", { name: "Search" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(search).toBeHidden();

  await toggle.focus();
  await page.keyboard.press("Enter");
  const close = page.getByRole("button", { name: "Close" });
  await expect(close).toHaveAttribute("aria-expanded", "true");
  await expect(search).toBeVisible();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(search).toBeHidden();

  await toggle.click();
  await expect(search).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(search).toBeHidden();
  await expect(toggle).toBeFocused();
});

test("wide screens show the panel beside the list, without a toggle", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/posts");
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Filter or Search" })).toBeHidden();
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
  const panel = await page.getByRole("complementary", { name: "Search and filters" }).boundingBox();
  const list = await cards(page).first().boundingBox();
  expect(panel!.x).toBeGreaterThan(list!.x + list!.width);
});

test("a bad page or sort typed into the address falls back to the defaults @desktop", async ({ page, request }) => {
  const posts = await seededPosts(request);
  const res = await page.goto("/posts?page=abc&sort=sideways");
  expect(res?.status()).toBe(200);
  await expect(cardTitles(page)).toHaveText(posts.slice(0, PAGE_SIZE).map((p) => p.title));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list pages through 'Older posts' / 'Newer posts', keeping the parameters", async ({ page, request }) => {
    const oldest = await allPosts(request, "sort=oldest");
    expect(oldest.length).toBeGreaterThan(PAGE_SIZE);
    await page.goto("/posts?sort=oldest");
    await expect(cardTitles(page)).toHaveText(oldest.slice(0, PAGE_SIZE).map((p) => p.title));
    await expect(page.getByRole("link", { name: "Newer posts" })).toHaveCount(0);

    await page.getByRole("link", { name: "Older posts" }).click();
    await expect(page).toHaveURL(/\/posts\?sort=oldest&page=2$/);
    await expect(cardTitles(page)).toHaveText(oldest.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((p) => p.title));

    await page.getByRole("link", { name: "Newer posts" }).click();
    await expect(page).toHaveURL(/\/posts\?sort=oldest$/);
    await expect(cardTitles(page)).toHaveText(oldest.slice(0, PAGE_SIZE).map((p) => p.title));

    // the last page ends the list
    const last = Math.ceil(oldest.length / PAGE_SIZE);
    await page.goto(`/posts?sort=oldest&page=${last}`);
    await expect(page.getByText("All posts loaded!")).toBeVisible();
    await expect(page.getByRole("link", { name: "Older posts" })).toHaveCount(0);
  });

  test("search, sort and the filter panel work as plain forms", async ({ page, request, isMobile }) => {
    const posts = await seededPosts(request);
    const { cat } = pickFilters(posts);
    await page.goto(`/posts?cat=${encodeURIComponent(cat)}`);
    const search = page.getByRole("searchbox", { name: "Search" });
    if (isMobile) {
      await expect(search).toBeHidden();
      await page.locator("summary", { hasText: "Filter or Search" }).click();
    }
    await expect(search).toBeVisible();

    const sortForm = page.getByRole("form", { name: "Sort posts" });
    await sortForm.getByRole("radio", { name: "Most Popular" }).check();
    await sortForm.getByRole("button", { name: "Apply sort" }).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("sort") === "popular" && url.searchParams.get("cat") === cat,
    );

    if (isMobile) await page.locator("summary", { hasText: "Filter or Search" }).click();
    const word = searchWord(posts.find((p) => p.category.includes(cat))!.title);
    await page.getByRole("searchbox", { name: "Search" }).fill(word);
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get("search") === word &&
        url.searchParams.get("sort") === "popular" &&
        url.searchParams.get("cat") === cat,
    );
    await expect(cards(page).first()).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------------
// /{slug}

/** The newest seeded post with a cover image (not one another test just wrote). */
async function postWithImage(request: APIRequestContext): Promise<PostDetail> {
  const withImage = (await seededPosts(request)).find((p) => p.img.startsWith("/media/seed/"));
  expect(withImage, "a seeded post with a cover image under /media").toBeDefined();
  return backend<PostDetail>(request, `posts/${withImage!.slug}`);
}

test("a post: title, byline, description, body, side panel and comments", async ({ page, request, isMobile }) => {
  const post = await postWithImage(request);
  const comments = await backend<Comment[]>(request, `comments/${post._id}`);
  const categories = await backend<string[]>(request, "posts/categories");

  await page.goto(`/${post.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  const article = page.getByRole("article");
  const cats = post.category.length ? post.category : ["general"];
  await expect(article.locator("p").first()).toHaveText(
    new RegExp(`^Written by ${post.user.username} on ${cats.join(", ")} \\d{1,2} [A-Z][a-z]{2} \\d{4}$`),
  );
  for (const cat of cats) {
    await expect(article.getByRole("link", { name: cat, exact: true })).toHaveAttribute(
      "href",
      `/posts?cat=${encodeURIComponent(cat)}`,
    );
  }
  if (post.desc) await expect(article).toContainText(post.desc);
  await expect(article.locator(".post-body")).not.toBeEmpty();
  // spec §2: the cover on wide screens only
  await expect(page.getByTestId("post-cover")).toBeVisible({ visible: !isMobile });

  const aside = page.getByRole("complementary", { name: "About this post" });
  await expect(aside.getByRole("heading", { name: "Author" })).toBeVisible();
  await expect(aside.getByRole("link", { name: post.user.username, exact: true })).toBeVisible();
  if (post.user.img) {
    await expect(aside.getByTestId("author-image")).toHaveAttribute("width", "48");
    await expect(aside.getByTestId("author-image")).toHaveAttribute("height", "48");
  }
  await expect(aside.getByText("Do click the social icons to give us a follow")).toBeVisible();
  await expect(aside.getByRole("link", { name: /Follow us on/ })).toHaveAttribute("href", /^https:\/\//);
  await expect(aside.getByRole("img", { name: "Instagram" })).toBeVisible();
  const catList = aside.getByRole("region", { name: "Categories" });
  await expect(catList.getByRole("link")).toHaveText(["All", ...categories]);
  await expect(catList.getByRole("link", { name: "All" })).toHaveAttribute("href", "/posts?cat=general");

  const section = page.getByRole("region", { name: "Comments" });
  if (comments.length === 0) {
    await expect(section).toContainText("No comments yet.");
  } else {
    await expect(section.getByRole("listitem")).toHaveCount(comments.length);
    const first = section.getByRole("listitem").first();
    await expect(first).toContainText(comments[0]!.user.username);
    await expect(first).toContainText(comments[0]!.desc.split("\n")[0]!);
    await expect(first.locator("time")).toHaveText(/ago$|^just now$/);
  }

  await hydrated(page);
  await expectAccessible(page);
});

test("a post's comments: newest first, with the author's name and age @desktop", async ({ page, request }) => {
  let found: { post: PostListItem; comments: Comment[] } | null = null;
  for (const post of await seededPosts(request)) {
    const comments = await backend<Comment[]>(request, `comments/${post._id}`);
    if (comments.length > 0) {
      found = { post, comments };
      break;
    }
  }
  expect(found, "a seeded post with comments").not.toBeNull();
  await page.goto(`/${found!.post.slug}`);
  const items = page.getByRole("region", { name: "Comments" }).getByRole("listitem");
  await expect(items).toHaveCount(found!.comments.length);
  for (const [i, comment] of found!.comments.entries()) {
    await expect(items.nth(i)).toContainText(comment.user.username);
    await expect(items.nth(i).locator("time")).toHaveAttribute("datetime", comment.createdAt);
  }
});

test("the post page's search box goes to /posts?search=… @desktop", async ({ page, request }) => {
  const post = await postWithImage(request);
  await page.goto(`/${post.slug}`);
  await hydrated(page);
  const box = page.getByRole("complementary", { name: "About this post" }).getByRole("searchbox", { name: "Search" });
  await box.fill("design");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/posts\?search=design$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Development Blog");
});

test("an unknown post is a 404 'Post not found!' @desktop", async ({ page, request, consoleErrors }) => {
  const plain = await request.get("/no-such-post-here");
  expect(plain.status()).toBe(404);
  // the title is in the server's <head> (readers without JavaScript, tabs, history, search engines)
  const head = (await plain.text()).split("</head>")[0]!;
  expect(head.match(/<title>([^<]*)<\/title>/g)).toEqual(["<title>Post not found! | TechAfrica</title>"]);
  const res = await page.goto("/no-such-post-here");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post not found!");
  await expect(page).toHaveTitle("Post not found! | TechAfrica");
  await expect(page.getByRole("link", { name: "Back to the blog" })).toHaveAttribute("href", "/posts");
  // the browser logs the document's own 404; nothing else may fail
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 404/.test(e)));
});

test(
  "the post's cover asks for 600 wide (640, the next size step) and the blurred placeholder gives way to it",
  { tag: "@desktop" },
  async ({ page, request }) => {
    const post = await postWithImage(request);
    const placeholder = `${post.img}?tr=w-32,q-20,bl-10`;
    const html = await (await request.get(`/${post.slug}`)).text();
    expect(html).toContain(`url(&quot;${placeholder}&quot;)`);

    const full = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return url.pathname === post.img && url.searchParams.get("tr") === "w-640,h-361";
    });
    await page.goto(`/${post.slug}`);
    await hydrated(page);
    await full;
    const img = page.getByTestId("post-cover");
    await expect(img).toHaveAttribute("width", "600");
    await expect(img).toHaveAttribute("srcset", /w-1200,h-676 2x/);
    await expect
      .poll(() =>
        img.evaluate((el: HTMLImageElement) => ({
          complete: el.complete,
          loaded: el.naturalWidth > 0,
          background: getComputedStyle(el).backgroundImage,
        })),
      )
      .toEqual({ complete: true, loaded: true, background: "none" });
  },
);
