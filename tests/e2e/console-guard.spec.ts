// The console guard of every browser test (support/fixtures.ts) drops only the sandbox's refusal of the
// test tooling's own scripts (issue 34; the newsletter and outbox specs meet those with --trace=on): a
// script of the page's own refused in a sandboxed frame is still an error that fails a test.
import { test as base, expect } from "@playwright/test";
import { isSandboxRefusal } from "./support/fixtures.ts";

const PREVIEW = `<!doctype html><title>preview</title>
<iframe title="preview" sandbox="" srcdoc="<p>hi</p><script>document.title='ran'</script>"></iframe>`;

base("a page's own script refused by a sandboxed frame still counts as an error @desktop", async ({ page }) => {
  const kept: string[] = [];
  const dropped: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    (isSandboxRefusal(msg.text(), msg.location().url) ? dropped : kept).push(msg.text());
  });
  await page.route("http://guard.test/", (route) => route.fulfill({ contentType: "text/html", body: PREVIEW }));
  await page.goto("http://guard.test/");
  await expect.poll(() => kept.length).toBe(1);
  expect(kept[0]).toMatch(/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/);
  expect(dropped).toEqual([]);
});
