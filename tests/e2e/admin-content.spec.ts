// The home and about content screens (spec admin-back-office §2, §4, §5, §8; issue 16; decision 029):
// each adds, edits (Add → Update), reorders and deletes with confirmation, and the public pages show the
// change; the no-JavaScript path of one screen; axe at both widths where the layout differs. These
// tests change what /, /about and the other specs read, so they run in a project of their own after
// the others (playwright.config.ts "content-writes"); within it, each uses names of its own.
import type { APIRequestContext, Page } from "@playwright/test";
import {
  BLOG_TEASERS,
  CAROUSEL,
  EXPERTS,
  FAQS,
  HERO,
  INSTRUCTOR_CTAS,
} from "../../contract/content/content-resources.ts";
import { TALENTS } from "../../contract/showcase/showcase-resources.ts";
import { photoJpeg } from "../support/images.ts";
import { ResourceScreenPage } from "./pages/admin.ts";
import { createAccount, signInByApi, type Account } from "./support/accounts.ts";
import { expectAccessible } from "./support/a11y.ts";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, holdScriptsBack, hydrated } from "./support/page.ts";
import { uploadPicture } from "./support/posts.ts";

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

async function asAdmin(page: Page, request: APIRequestContext, dataDir: string): Promise<Account> {
  const admin = await createAccount(request, dataDir, { admin: true });
  await asReturningVisitor(page);
  await signInByApi(page.context(), admin);
  return admin;
}

/** A picture the site has (the first seeded slide's): a made-up address would be a 404 in the page. */
async function seedPicture(request: APIRequestContext): Promise<string> {
  const slides = (await (await request.get("/backend/api/carousel")).json()) as Array<{ image: string }>;
  return slides.find((s) => s.image)!.image;
}

/** Removes, through the API, every item of `key` whose title field starts with `prefix` (clean-up). */
async function removeAll(request: APIRequestContext, admin: Account, key: string, field: string, prefix: string) {
  const { token } = await signInByApi(request, admin);
  const items = (await (await request.get(`/backend/api/${key}`)).json()) as Array<Record<string, string>>;
  for (const item of items.filter((i) => i[field]?.startsWith(prefix))) {
    await request.delete(`/backend/api/${key}/${item._id}`, { headers: { Authorization: `Bearer ${token}` } });
  }
}

test("FAQs: add, the spec's required message, Edit turns Add into Update, reorder, delete after the question; the home page follows", async ({
  page,
  request,
  dataDir,
}) => {
  test.setTimeout(90_000);
  const admin = await asAdmin(page, request, dataDir);
  const prefix = unique("Q");
  const screen = new ResourceScreenPage(page, "/admin/faqs", "FAQs");
  try {
    await screen.goto();
    await hydrated(page);
    const faqs = screen.section("FAQs");

    // spec admin §5: 'Question and answer are required'
    await faqs.fill({ Question: `${prefix} only a question` });
    await faqs.button("Add FAQ").click();
    await expect(faqs.formError).toHaveText(FAQS.texts.required!);
    await expect(faqs.field("Answer *")).toBeFocused();

    const long = "Eight to twelve weeks, with a mentor who reviews every project you send in.";
    await faqs.fill({ Question: `${prefix} how long?`, Answer: long });
    await faqs.button("Add FAQ").click();
    await expect(screen.toast(FAQS.texts.added)).toBeVisible();
    // the list shows the first 50 characters of the answer and an ellipsis (admin §9)
    await expect(faqs.row(`${prefix} how long?`)).toContainText(`${long.slice(0, 50)}...`);
    await expect(faqs.field("Question *")).toHaveValue("");

    await faqs.fill({ Question: `${prefix} who teaches?`, Answer: "Working engineers." });
    await faqs.button("Add FAQ").click();
    await expect(faqs.row(`${prefix} who teaches?`)).toHaveCount(1);

    // Edit: the form holds the item and says Update FAQ; a save clears it and leaves edit mode
    await faqs.edit(`${prefix} how long?`);
    await expect(faqs.button("Update FAQ")).toBeVisible();
    await expect(faqs.field("Question *")).toHaveValue(`${prefix} how long?`);
    await faqs.fill({ Answer: "Ten weeks." });
    await faqs.button("Update FAQ").click();
    await expect(screen.toast(FAQS.texts.updated).first()).toBeVisible();
    await expect(faqs.button("Add FAQ")).toBeVisible();
    await expect(faqs.field("Answer *")).toHaveValue("");
    await expect(faqs.row(`${prefix} how long?`)).toContainText("Ten weeks.");

    // reorder: the second moves up, and the home page asks the questions in that order
    const mine = async () => (await faqs.titles()).filter((t) => t.startsWith(prefix));
    expect(await mine()).toEqual([`${prefix} how long?`, `${prefix} who teaches?`]);
    await faqs.move(`${prefix} who teaches?`, "up");
    await expect.poll(mine).toEqual([`${prefix} who teaches?`, `${prefix} how long?`]);
    await page.goto("/");
    const asked = (await page.getByRole("button", { name: new RegExp(`^${prefix}`) }).allInnerTexts()).map((t) =>
      t.trim(),
    );
    expect(asked).toEqual([`${prefix} who teaches?`, `${prefix} how long?`]);

    // delete: Cancel keeps it, Delete removes it after the question
    await screen.goto();
    await hydrated(page);
    await faqs.delete(`${prefix} who teaches?`, FAQS.texts.confirmDelete(""), "Cancel");
    await expect(faqs.row(`${prefix} who teaches?`)).toHaveCount(1);
    await faqs.delete(`${prefix} who teaches?`, FAQS.texts.confirmDelete(""));
    await expect(screen.toast(FAQS.texts.deleted)).toBeVisible();
    await expect(faqs.row(`${prefix} who teaches?`)).toHaveCount(0);
    await expectAccessible(page);
  } finally {
    await removeAll(request, admin, "faqs", "question", prefix);
  }
});

test("/admin/home: the carousel and the three sections below it; a slide added shows on the home page, 'All fields are required' for a teaser", async ({
  page,
  request,
  dataDir,
}) => {
  test.setTimeout(90_000);
  const admin = await asAdmin(page, request, dataDir);
  const picture = await seedPicture(request);
  const prefix = unique("Slide");
  const screen = new ResourceScreenPage(page, "/admin/home", CAROUSEL.texts.title);
  try {
    await screen.goto();
    await hydrated(page);
    for (const spec of [BLOG_TEASERS, INSTRUCTOR_CTAS, FAQS]) {
      await expect(page.getByRole("heading", { level: 2, name: spec.texts.title })).toBeVisible();
    }
    const carousel = screen.section(CAROUSEL.texts.title);
    await carousel.fill({
      Title: `${prefix} learn`,
      Description: "Mentors every week",
      Image: picture,
    });
    await carousel.button("Add Item").click();
    await expect(screen.toast(CAROUSEL.texts.added)).toBeVisible();
    await expect(carousel.row(`${prefix} learn`)).toHaveCount(1);

    await carousel.edit(`${prefix} learn`);
    await carousel.fill({ Title: `${prefix} design` });
    await carousel.button("Update Item").click();
    await expect(screen.toast(CAROUSEL.texts.updated)).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Highlights" }).getByText(`${prefix} design`)).toHaveCount(1);

    await screen.goto();
    await hydrated(page);
    const teasers = screen.section(BLOG_TEASERS.texts.title);
    await teasers.fill({ Headline: `${prefix} teaser` });
    await teasers.button("Add Blog Teaser").click();
    await expect(teasers.formError).toHaveText(BLOG_TEASERS.texts.required!);
    await expect(teasers.field("Description *")).toBeFocused();

    await carousel.delete(`${prefix} design`, CAROUSEL.texts.confirmDelete(""));
    await expect(screen.toast(CAROUSEL.texts.deleted)).toBeVisible();
    await expect(carousel.row(`${prefix} design`)).toHaveCount(0);
  } finally {
    await removeAll(request, admin, "carousel", "title", prefix);
  }
});

test("blog teasers and instructor calls to action: add, edit and delete on their own screens; the home page shows them", async ({
  page,
  request,
  dataDir,
}) => {
  test.setTimeout(120_000);
  const admin = await asAdmin(page, request, dataDir);
  const picture = await seedPicture(request);
  const prefix = unique("Teach");
  try {
    const ctas = new ResourceScreenPage(page, "/admin/instructor-ctas", INSTRUCTOR_CTAS.texts.title);
    await ctas.goto();
    await hydrated(page);
    const cta = ctas.section(INSTRUCTOR_CTAS.texts.title);
    // an address that is no web address nor a path of this site is refused
    await cta.fill({
      Title: `${prefix} with us`,
      Description: "Share what you know",
      Image: "javascript:alert(1)",
      "Button text": "Apply",
      "Button link": "/contact",
    });
    await cta.button("Add Instructor CTA").click();
    await expect(cta.root.getByText("Image must be a web address")).toBeVisible();
    await cta.fill({ Image: picture });
    await cta.button("Add Instructor CTA").click();
    await expect(ctas.toast(INSTRUCTOR_CTAS.texts.added)).toBeVisible();
    await cta.edit(`${prefix} with us`);
    await cta.fill({ "Button text": "Apply now" });
    await cta.button("Update Instructor CTA").click();
    await expect(cta.button("Add Instructor CTA")).toBeVisible();
    await expect(ctas.toast(INSTRUCTOR_CTAS.texts.updated).first()).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("link", { name: /Apply now/ })).toHaveCount(1);

    const teasersScreen = new ResourceScreenPage(page, "/admin/blog-teasers", BLOG_TEASERS.texts.title);
    await teasersScreen.goto();
    await hydrated(page);
    const teasers = teasersScreen.section(BLOG_TEASERS.texts.title);
    await teasers.fill({
      Headline: `${prefix} read`,
      Description: "Tips from mentors",
      Image: picture,
    });
    await teasers.button("Add Blog Teaser").click();
    await expect(teasersScreen.toast(BLOG_TEASERS.texts.added)).toBeVisible();
    await teasers.delete(`${prefix} read`, BLOG_TEASERS.texts.confirmDelete(""));
    await expect(teasersScreen.toast(BLOG_TEASERS.texts.deleted)).toBeVisible();
    await expect(teasers.row(`${prefix} read`)).toHaveCount(0);

    await ctas.goto();
    await hydrated(page);
    await cta.delete(`${prefix} with us`, INSTRUCTOR_CTAS.texts.confirmDelete(""));
    await expect(ctas.toast(INSTRUCTOR_CTAS.texts.deleted)).toBeVisible();
  } finally {
    await removeAll(request, admin, "instructorCTAs", "title", prefix);
    await removeAll(request, admin, "blogTeasers", "headline", prefix);
  }
});

test("a 3000×2000 JPEG uploaded as the blog teaser costs a 375 px phone a small sized copy, not the original", async ({
  page,
  request,
  dataDir,
}) => {
  // issue 29: the teaser was a plain <img src> of the upload, 4.36 MB for every visitor
  test.setTimeout(90_000);
  const admin = await createAccount(request, dataDir, { admin: true });
  const { token } = await signInByApi(request, admin);
  const buffer = Buffer.from(await photoJpeg(3000, 2000));
  expect(buffer.length).toBeGreaterThan(2_500_000);
  const uploaded = await uploadPicture(request, token, { name: "teaser.jpg", mimeType: "image/jpeg", buffer });
  const original = new URL(uploaded, "http://site.invalid").pathname;
  const headline = unique("Big teaser");
  try {
    const made = await request.post("/backend/api/blogTeasers", {
      headers: { Authorization: `Bearer ${token}` },
      data: { headline, description: "A large photo", image: original },
    });
    expect(made.status(), await made.text()).toBeLessThan(300);

    const fetched: Array<{ url: URL; bytes: Promise<number> }> = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname !== original) return;
      fetched.push({
        url,
        bytes: response
          .request()
          .sizes()
          .then((s) => s.responseBodySize + s.responseHeadersSize),
      });
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await asReturningVisitor(page);
    await page.goto("/");
    await hydrated(page);
    const picture = page.getByRole("region", { name: headline }).locator("img");
    await expect(picture).toHaveAttribute("loading", "lazy");
    await expect(picture).toHaveAttribute("srcset", / \d+w(,|$)/);
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    const chosen = new URL(await picture.evaluate((img: HTMLImageElement) => img.currentSrc));
    expect(chosen.pathname).toBe(original);
    expect(Number(/(?:^|,)w-(\d+)/.exec(chosen.searchParams.get("tr") ?? "")?.[1])).toBeLessThanOrEqual(480);
    const asked = fetched.map((f) => f.url.search);
    expect(asked, "the original upload").not.toContain("");
    const bytes = (await Promise.all(fetched.map((f) => f.bytes))).reduce((a, b) => a + b, 0);
    expect(bytes, `teaser copies fetched: ${asked.join(" ")}`).toBeLessThan(100_000);
  } finally {
    await removeAll(request, admin, "blogTeasers", "headline", headline);
  }
});

test("/tickets: talents added, edited and deleted after the question; the showcase page follows", async ({
  page,
  request,
  dataDir,
}) => {
  test.setTimeout(90_000);
  const admin = await asAdmin(page, request, dataDir);
  const picture = await seedPicture(request);
  const prefix = unique("Talent");
  const screen = new ResourceScreenPage(page, "/tickets", "Events and talents");
  try {
    await screen.goto();
    await hydrated(page);
    const talents = screen.section(TALENTS.texts.title);
    await talents.fill({ Name: `${prefix} Temi`, Role: "Video editor" });
    await talents.button("Add Talent").click();
    await expect(talents.root.getByText("Photo is required")).toBeVisible();
    await talents.fill({ Photo: picture });
    await talents.button("Add Talent").click();
    await expect(screen.toast(TALENTS.texts.added)).toBeVisible();

    await talents.edit(`${prefix} Temi`);
    await talents.fill({ Role: "Motion designer" });
    await talents.button("Update Talent").click();
    await expect(screen.toast(TALENTS.texts.updated)).toBeVisible();
    await page.goto("/showcase");
    const card = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ hasText: `${prefix} Temi` });
    await expect(card).toBeVisible();
    await expect(card.getByText("Motion designer", { exact: true })).toBeVisible();
    await expect(card.getByRole("img")).toBeVisible();

    await screen.goto();
    await hydrated(page);
    await talents.delete(`${prefix} Temi`, TALENTS.texts.confirmDelete(`${prefix} Temi`));
    await expect(screen.toast(TALENTS.texts.deleted)).toBeVisible();
    await page.goto("/showcase");
    await expect(page.getByRole("main").getByText(`${prefix} Temi`)).toHaveCount(0);
  } finally {
    await removeAll(request, admin, "talents", "name", prefix);
  }
});

test("/admin/about: Update Hero and Delete Hero (the page falls back to its defaults); experts added, edited, moved and deleted", async ({
  page,
  request,
  dataDir,
}) => {
  test.setTimeout(120_000);
  const admin = await asAdmin(page, request, dataDir);
  const picture = await seedPicture(request);
  const prefix = unique("Ada");
  const screen = new ResourceScreenPage(page, "/admin/about", "Admin Panel");
  try {
    await screen.goto();
    await hydrated(page);
    const hero = screen.section(HERO.texts.title);
    await hero.fill({
      Title: `${prefix}: skills that pay`,
      Subtitle: `${prefix} subtitle`,
      "Button text": "Start now",
      "Button link": "/courses",
    });
    await hero.button("Update Hero").click();
    await expect(screen.toast(HERO.texts.updated)).toBeVisible();
    await expect(hero.field("Title")).toHaveValue(`${prefix}: skills that pay`);
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${prefix}: skills that pay`);

    await screen.goto();
    await hydrated(page);
    await hero.button("Delete Hero").click();
    const question = page.getByRole("dialog", { name: HERO.texts.confirmDelete("") });
    await question.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(screen.toast(HERO.texts.deleted)).toBeVisible();
    // every hero field is blank on the screen (admin §4 "Hero delete blanks all hero fields"), so the
    // next Update Hero does not save the old text again
    for (const label of ["Title", "Subtitle", "Button text", "Button link"])
      await expect(hero.field(label), label).toHaveValue("");
    await hero.fill({ Title: `${prefix}: only a title` });
    await hero.button("Update Hero").click();
    await expect(screen.toast(HERO.texts.updated)).toBeVisible();
    const saved = (await (await request.get("/backend/api/hero")).json()) as Record<string, string> | null;
    expect(saved).toMatchObject({ title: `${prefix}: only a title`, subtitle: "", buttonText: "", buttonLink: "" });
    await hero.button("Delete Hero").click();
    await question.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(hero.field("Title")).toHaveValue("");
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(`${prefix}: skills that pay`);

    await screen.goto();
    await hydrated(page);
    const experts = screen.section(EXPERTS.texts.title);
    await experts.fill({
      Name: `${prefix} Obi`,
      Role: "Mentor",
      Expertise: "Cybersecurity",
      Image: picture,
    });
    await experts.button("Add Expert").click();
    await expect(screen.toast(EXPERTS.texts.added)).toBeVisible();
    await experts.fill({ Name: `${prefix} Bello`, Role: "Mentor", Expertise: "Design" });
    await experts.button("Add Expert").click();
    await expect(experts.row(`${prefix} Bello`)).toHaveCount(1);
    await experts.edit(`${prefix} Obi`);
    await experts.fill({ Role: "Lead mentor" });
    await experts.button("Update Expert").click();
    await expect(screen.toast(EXPERTS.texts.updated)).toBeVisible();
    await experts.move(`${prefix} Bello`, "up");
    const mine = async () => (await experts.titles()).filter((t) => t.startsWith(prefix));
    await expect.poll(mine).toEqual([`${prefix} Bello`, `${prefix} Obi`]);
    await page.goto("/about");
    await expect(page.getByText("Lead mentor")).not.toHaveCount(0);

    await screen.goto();
    await hydrated(page);
    await experts.delete(`${prefix} Bello`, EXPERTS.texts.confirmDelete(""));
    await expect(screen.toast(EXPERTS.texts.deleted)).toBeVisible();
    await expect(experts.row(`${prefix} Bello`)).toHaveCount(0);
  } finally {
    await removeAll(request, admin, "experts", "name", prefix);
    const { token } = await signInByApi(request, admin);
    await request.delete("/backend/api/hero", { headers: { Authorization: `Bearer ${token}` } });
  }
});

test("an answer edited before the page's scripts arrive (a slow connection) is kept and saved", async ({
  page,
  request,
  dataDir,
}) => {
  const admin = await asAdmin(page, request, dataDir);
  const prefix = unique("Early");
  const { token } = await signInByApi(request, admin);
  const made = await request.post("/backend/api/faqs", {
    headers: { Authorization: `Bearer ${token}` },
    data: { question: `${prefix} slow?`, answer: "The answer as stored." },
  });
  expect(made.ok()).toBe(true);
  const screen = new ResourceScreenPage(page, "/admin/faqs", "FAQs");
  try {
    await screen.goto();
    const faqs = screen.section("FAQs");
    const edit = await faqs
      .row(`${prefix} slow?`)
      .getByRole("link", { name: /^Edit / })
      .getAttribute("href");
    const scripts = await holdScriptsBack(page);
    await page.goto(edit!, { waitUntil: "commit" });
    await faqs.fill({ Answer: "Typed before the scripts." });
    scripts.release();
    await hydrated(page);
    await expect(faqs.root.getByRole("textbox", { name: /^Answer/ })).toHaveValue("Typed before the scripts.");
    await faqs.button("Update FAQ").click();
    await expect(screen.toast(FAQS.texts.updated).first()).toBeVisible();
    await expect(faqs.row(`${prefix} slow?`)).toContainText("Typed before the scripts.");
  } finally {
    await removeAll(request, admin, "faqs", "question", prefix);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/admin/faqs adds, edits and deletes with plain forms: the messages in the page, the question on the page", async ({
    page,
    request,
    dataDir,
  }) => {
    test.setTimeout(90_000);
    const admin = await asAdmin(page, request, dataDir);
    const prefix = unique("NoJS");
    const screen = new ResourceScreenPage(page, "/admin/faqs", "FAQs");
    try {
      await screen.goto();
      const faqs = screen.section("FAQs");
      await faqs.fill({ Question: `${prefix} plain?` });
      await faqs.button("Add FAQ").click();
      await expect(faqs.formError).toHaveText(FAQS.texts.required!);
      await faqs.fill({ Question: `${prefix} plain?`, Answer: "Yes." });
      await faqs.button("Add FAQ").click();
      await expect(screen.notice(FAQS.texts.added)).toBeVisible();
      await expect(faqs.row(`${prefix} plain?`)).toHaveCount(1);

      await faqs.edit(`${prefix} plain?`);
      await faqs.fill({ Answer: "Yes, plain." });
      await faqs.button("Update FAQ").click();
      await expect(screen.notice(FAQS.texts.updated)).toBeVisible();
      await expect(faqs.row(`${prefix} plain?`)).toContainText("Yes, plain.");

      await faqs
        .row(`${prefix} plain?`)
        .getByRole("button", { name: /^Delete / })
        .click();
      await expect(page.getByText(FAQS.texts.confirmDelete(""))).toBeVisible();
      await faqs.root.getByRole("region", { name: "Confirm delete" }).getByRole("button", { name: "Delete" }).click();
      await expect(screen.notice(FAQS.texts.deleted)).toBeVisible();
      await expect(faqs.row(`${prefix} plain?`)).toHaveCount(0);
    } finally {
      await removeAll(request, admin, "faqs", "question", prefix);
    }
  });
});

test.describe("without JavaScript, where the page lands", () => {
  test.use({ javaScriptEnabled: false });

  // issue 29: a plain form's redirect lands on its section (/admin/home#faqs, the last of four); its
  // message showed at the top of the page, out of sight above it. It is now at the top of that section.
  test("adding an FAQ on /admin/home: the message is in the FAQs section, on the screen", async ({
    page,
    request,
    dataDir,
  }) => {
    const admin = await asAdmin(page, request, dataDir);
    const prefix = unique("Landing");
    const screen = new ResourceScreenPage(page, "/admin/home", CAROUSEL.texts.title);
    try {
      await screen.goto();
      const faqs = screen.section(FAQS.texts.title);
      await faqs.fill({ Question: `${prefix} where?`, Answer: "Here." });
      await faqs.button("Add FAQ").click();
      await expect(page).toHaveURL(/\/admin\/home#faqs$/);
      const notice = faqs.root.getByRole("region", { name: "Message" }).getByRole("status");
      await expect(notice).toHaveText(FAQS.texts.added);
      await expect(notice).toBeInViewport();
      // once: not at the top of the page as well
      await expect(page.getByRole("status").filter({ hasText: FAQS.texts.added })).toHaveCount(1);
      await expect(faqs.row(`${prefix} where?`)).toHaveCount(1);
    } finally {
      await removeAll(request, admin, "faqs", "question", prefix);
    }
  });
});

test("the home content screen passes the accessibility check (a table on desktop, cards on phones)", async ({
  page,
  request,
  dataDir,
}) => {
  // two scans of long pages (four lists with their pictures): more than the default 30 s on a busy machine
  test.setTimeout(60_000);
  await asAdmin(page, request, dataDir);
  const screen = new ResourceScreenPage(page, "/admin/home", CAROUSEL.texts.title);
  await screen.goto();
  await hydrated(page);
  await expectAccessible(page);
  const about = new ResourceScreenPage(page, "/admin/about", "Admin Panel");
  await about.goto();
  await hydrated(page);
  await expectAccessible(page);
});

test("/admin/home links the blog teasers, calls to action and FAQs to their own screens, under Home page (issue 29)", async ({
  page,
  request,
  dataDir,
}) => {
  await asAdmin(page, request, dataDir);
  const screen = new ResourceScreenPage(page, "/admin/home", CAROUSEL.texts.title);
  await screen.goto();
  const more = page.getByRole("main").getByRole("navigation", { name: "More home page content" });
  await expect(more.getByRole("link")).toHaveText([
    BLOG_TEASERS.texts.title,
    INSTRUCTOR_CTAS.texts.title,
    FAQS.texts.title,
  ]);
  for (const spec of [BLOG_TEASERS, INSTRUCTOR_CTAS, FAQS]) {
    await screen.goto();
    await more.getByRole("link", { name: spec.texts.title, exact: true }).click();
    await expect(page).toHaveURL(spec.adminPath);
    await expect(screen.heading).toHaveText(spec.texts.title);
    // the admin navigation marks the section these screens belong to
    await screen.showNav();
    await expect(screen.navLink("Home page")).toHaveAttribute("aria-current", "true");
    await expect(screen.navCurrent).toHaveCount(1);
    // a screen of one section links nowhere else
    await expect(more).toHaveCount(0);
  }
});

test("the lists of slides, blog teasers, calls to action and experts show each item's picture as a small sized thumbnail (issue 29)", async ({
  page,
  request,
  dataDir,
}) => {
  await asAdmin(page, request, dataDir);
  const lists = [
    { path: "/admin/home", title: CAROUSEL.texts.title, section: CAROUSEL.texts.title },
    { path: "/admin/home", title: CAROUSEL.texts.title, section: BLOG_TEASERS.texts.title },
    { path: "/admin/home", title: CAROUSEL.texts.title, section: INSTRUCTOR_CTAS.texts.title },
    { path: "/admin/about", title: "Admin Panel", section: EXPERTS.texts.title },
  ];
  for (const list of lists) {
    const screen = new ResourceScreenPage(page, list.path, list.title);
    await screen.goto();
    // the seeded items come first, each with a picture
    const row = screen.section(list.section).rows.first();
    const title = (await row.locator("th").innerText()).trim();
    const thumbnail = row.getByRole("img", { name: title, exact: true });
    await thumbnail.scrollIntoViewIfNeeded();
    await expect(thumbnail, list.section).toBeVisible();
    // asked at the size it is shown (64 × 48, twice that for sharp screens), lazily, with its box reserved
    await expect(thumbnail).toHaveAttribute("src", /^\/media\/\S+\?tr=w-64,h-48(&|$)/);
    await expect(thumbnail).toHaveAttribute("srcset", /\?tr=w-128,h-96\S* 2x$/);
    await expect(thumbnail).toHaveAttribute("loading", "lazy");
    await expect(thumbnail).toHaveAttribute("width", "64");
    await expect(thumbnail).toHaveAttribute("height", "48");
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        message: `${list.section}: the thumbnail loads`,
      })
      .toBe(true);
    const box = (await thumbnail.boundingBox())!;
    expect(Math.round(box.width)).toBe(64);
    expect(Math.round(box.height)).toBe(48);
  }
});
