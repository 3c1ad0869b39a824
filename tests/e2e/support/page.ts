import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * React has hydrated the page: the header's menu button exists only after hydration (it is a
 * <details> element in the server HTML), so clicks from now on reach the handlers.
 */
export async function hydrated(page: Page) {
  await expect(page.locator('button[aria-controls="mobile-menu"]')).toBeAttached();
}

/** A returning visitor (local storage key `visited`, spec §4): the newsletter pop-up stays away. */
export async function asReturningVisitor(page: Page) {
  // (init scripts run in every frame: a video player's frame that cannot load here has no storage)
  await page.addInitScript(() => {
    try {
      window.localStorage.setItem("visited", "true");
    } catch {
      // not our page
    }
  });
}

/** GET a public API path (under /backend/api/) and return its JSON body. */
export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/backend/api/${path}`);
  expect(res.ok(), `GET /backend/api/${path}`).toBe(true);
  return (await res.json()) as T;
}

/** Naira as the pages show it. */
export const naira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });

/** A fake clock that stands still: only page.clock.runFor moves time (and fires the carousel's timer). */
export async function pausedClock(page: Page) {
  const start = new Date("2026-01-05T08:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
}

/**
 * Holds the page's scripts back until `release()` (a slow phone: the page is there, hydration comes
 * later). Go to the page with `{ waitUntil: "commit" }`: the load waits for its scripts.
 */
export async function holdScriptsBack(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** Requests to YouTube or Vimeo, answered with an empty page (the test machine may be offline). */
export async function countPlayerRequests(page: Page) {
  const urls: string[] = [];
  await page.route(
    /^https:\/\/(www\.youtube(-nocookie)?\.com|youtube\.com|player\.vimeo\.com|i\.ytimg\.com)\//,
    (route) => {
      urls.push(route.request().url());
      return route.fulfill({ status: 204 });
    },
  );
  return urls;
}
