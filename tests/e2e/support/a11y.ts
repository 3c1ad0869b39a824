import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Fails on any serious or critical axe violation of the page once it has settled: nothing marked busy
 * (a table being refreshed is dimmed on purpose) and no CSS transition half-way (a colour or opacity
 * measured mid-fade is no colour the reader is left with). `skipFrames`: leave the page's frames out
 * (axe cannot run in a sandboxed frame without scripts: trying logs console errors and hangs).
 */
export async function expectAccessible(page: Page, { skipFrames = false }: { skipFrames?: boolean } = {}) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
  );
  const builder = new AxeBuilder({ page });
  if (skipFrames) builder.exclude("iframe");
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    ),
  ).toEqual([]);
}
