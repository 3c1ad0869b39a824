// Every picture of the public pages goes through the sized, lazy, placeholder path (public-area §7
// "Images are served … sized by width and height, lazy loaded with a low-quality placeholder"; issue 29:
// the home teaser and the instructor call were plain `<img src>`, the uploaded original for everyone).
// Each public page is walked at both widths (what is below the fold differs): every <img> of our own
// /media pictures has a srcset (with `sizes` when it offers widths), width and height attributes, and is
// lazy when it starts below the fold.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { asReturningVisitor, hydrated } from "./support/page.ts";

interface ImageFacts {
  src: string;
  srcset: string | null;
  sizes: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  belowFold: boolean;
}

/** The page's <img> elements showing a /media picture of this site, as they are before any scrolling. */
function ownImages(page: Page): Promise<ImageFacts[]> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => {
        const url = new URL(img.getAttribute("src") ?? "", location.href);
        return url.origin === location.origin && url.pathname.startsWith("/media/");
      })
      .map((img) => ({
        src: img.getAttribute("src")!,
        srcset: img.getAttribute("srcset"),
        sizes: img.getAttribute("sizes"),
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
        belowFold: img.getBoundingClientRect().top >= window.innerHeight,
      })),
  );
}

/** What is wrong with one picture (empty: nothing). */
function faults(image: ImageFacts): string[] {
  const wrong: string[] = [];
  if (!image.srcset?.trim()) wrong.push("no srcset");
  else if (/\s\d+w(,|$)/.test(image.srcset) && !image.sizes?.trim()) wrong.push("width descriptors without sizes");
  if (!/^\d+$/.test(image.width ?? "") || !/^\d+$/.test(image.height ?? "")) wrong.push("no width and height");
  if (!/\?tr=/.test(image.src)) wrong.push("src is the original, not a sized copy");
  if (image.belowFold && image.loading !== "lazy") wrong.push('below the fold without loading="lazy"');
  return wrong;
}

async function firstPostSlug(page: Page): Promise<string> {
  const res = await page.request.get("/backend/posts?page=1&limit=10&sort=newest");
  expect(res.ok()).toBe(true);
  const { posts } = (await res.json()) as { posts: Array<{ slug: string; img?: string }> };
  expect(posts.length).toBeGreaterThan(0);
  return (posts.find((p) => p.img) ?? posts[0]!).slug;
}

test("every public page shows our pictures sized, with a srcset, and lazily below the fold", async ({ page }) => {
  test.setTimeout(90_000);
  await asReturningVisitor(page);
  const pages = [
    "/",
    "/courses",
    "/blog",
    "/posts",
    `/${await firstPostSlug(page)}`,
    "/showcase",
    "/about",
    "/contact",
  ];
  const found: string[] = [];
  const problems: string[] = [];
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await hydrated(page);
    const images = await ownImages(page);
    found.push(...images.map((i) => `${path} ${i.src}`));
    for (const image of images) {
      for (const fault of faults(image)) problems.push(`${path}: ${image.src}: ${fault}`);
    }
  }
  // the walk saw pictures (the seed's covers, slides, teaser, call to action, experts, talents)
  expect(found.length, found.join("\n")).toBeGreaterThan(8);
  expect(problems).toEqual([]);
});
