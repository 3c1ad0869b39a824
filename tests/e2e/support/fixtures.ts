import { test as base, expect } from "@playwright/test";

/** Addresses the server under test makes admins at sign-up (its ADMIN_EMAILS). */
export const E2E_ADMIN_EMAILS = ["admin1@e2e.test", "admin2@e2e.test", "admin3@e2e.test", "admin4@e2e.test"];

export interface WorkerOptions {
  /** the DATA_DIR of the server under test: its outbox holds the e-mail it sent */
  dataDir: string;
}

/**
 * The e-mail previews are frames with `sandbox=""`: no script runs there. Playwright's trace recorder
 * and a test's init scripts still try theirs in every frame, and Chromium logs each refusal as a console
 * error, whether tracing is on or off (issue 34). That refusal is the sandbox working on the tooling's
 * script, which has no address of its own (the location's url is empty); a refused script of the page's
 * own (an inline one in the frame names about:srcdoc) or any other error still fails the test.
 */
export function isSandboxRefusal(text: string, url: string) {
  return (
    url === "" &&
    text ===
      "Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set."
  );
}

// Every browser test fails on an unexpected console error or page error (conventions §17).
export const test = base.extend<{ consoleErrors: string[] }, WorkerOptions>({
  dataDir: ["", { option: true, scope: "worker" }],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !isSandboxRefusal(msg.text(), msg.location().url)) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Drops the console errors a test provokes on purpose (the browser logs every 4xx and aborted request). */
export function allowConsoleErrors(errors: string[], expected: RegExp) {
  const rest = errors.filter((e) => !expected.test(e));
  errors.splice(0, errors.length, ...rest);
}
