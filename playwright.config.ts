import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readTestEnv } from "./server/env.ts";
import { MALLOC_SETTINGS } from "./server/lib/malloc-settings.ts";
import { E2E_ADMIN_EMAILS, type WorkerOptions } from "./tests/e2e/support/fixtures.ts";

// Browser tests run on the production build with a freshly seeded database, in Debian's Chromium
// (no browser download; stack-notes "Tests").
const testEnv = readTestEnv();
/** Specs that write the shared home, about and course content (see the "content-writes" project). */
const CONTENT_WRITES =
  /(admin-(content|audit|courses|categories|refunds|coupons|events|cache)|layout-fit|about-video|learning|course-content|quiz)\.spec\.ts$/;
/** Of those, the ones with phone tests too (the categories show on /courses; the layout check and learning add a course). */
const BOTH_SIZES_WRITES = /(admin-categories|layout-fit|learning)\.spec\.ts$/;
const port = testEnv.E2E_PORT;
const baseURL = testEnv.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
// Each worker process loads this file again: it must get the directory the runner made for the server
// (where the tests read the outbox), not a new one. Workers inherit the runner's environment.
const dataDir = testEnv.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "academy-e2e-"));
// eslint-disable-next-line no-restricted-properties -- handing the value to the worker processes
process.env.E2E_DATA_DIR = dataDir;

const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const launchOptions = {
  executablePath: testEnv.CHROMIUM_PATH,
  args: [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig<object, WorkerOptions>({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // A person's run and CI's are the same run (issue 34; tests/unit/playwright-config.test.ts): a failed
  // test is tried once more, recording a trace, and a test that passes only on that retry is flaky and
  // fails the run. Only the reporter differs: CI's log wants one line a test.
  retries: 1,
  failOnFlakyTests: true,
  reporter: testEnv.CI ? "line" : "list",
  timeout: 30_000,
  // dataDir: where the server under test keeps its files (the outbox of sent e-mail among them)
  // A trace costs every test its snapshots: only the retry of a failed test records one.
  use: { baseURL, trace: "on-first-retry", launchOptions, dataDir },
  projects: [
    // A test tagged @desktop or @mobile is about one screen size only and runs in that project alone.
    {
      name: "desktop",
      grepInvert: /@mobile/,
      testIgnore: CONTENT_WRITES,
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      name: "mobile",
      grepInvert: /@desktop/,
      testIgnore: CONTENT_WRITES,
      use: { ...phone, launchOptions },
    },
    // The admin content, course and category screens change what the home, about and courses pages (and
    // the specs reading them) show: they run after the others (a course or category made while /courses is
    // measured moves its cards), at desktop width, with a phone twin for the specs that test both sizes.
    {
      name: "content-writes",
      testMatch: CONTENT_WRITES,
      grepInvert: /@mobile/,
      dependencies: ["desktop", "mobile"],
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      name: "content-writes-mobile",
      testMatch: BOTH_SIZES_WRITES,
      grepInvert: /@desktop/,
      dependencies: ["desktop", "mobile"],
      use: { ...phone, launchOptions },
    },
  ],
  webServer: testEnv.E2E_BASE_URL
    ? undefined
    : {
        command: "node build/server/index.js",
        url: `${baseURL}/backend/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        env: {
          NODE_ENV: "production",
          // npm start's allocator settings (decision 058)
          ...MALLOC_SETTINGS,
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: "warn",
          PUBLIC_URL: baseURL,
          // accounts with these addresses become admins when they sign up (tests/e2e/support/accounts.ts)
          ADMIN_EMAILS: E2E_ADMIN_EMAILS.join(","),
          // many test accounts sign in from one address; the limit itself is tested in the API tests
          SIGN_IN_RATE_LIMIT: "1000",
          // every test opens verification links and signs out from the one address (the limit: API tests)
          AUTH_RATE_LIMIT: "1000",
          PAYMENT_RATE_LIMIT: "1000",
          // writing, per test account (each test makes its own), and all tests together from one address;
          // tests/e2e/write-limits.spec.ts meets COMMENT_RATE_LIMIT on purpose
          COMMENT_RATE_LIMIT: "10",
          POST_RATE_LIMIT: "50",
          UPLOAD_RATE_LIMIT: "200",
          // the public forms, per browser context (each has its own device cookie)
          // (API calls without a device cookie all count as 127.0.0.1; the limits are tested in the API tests)
          NEWSLETTER_RATE_LIMIT: "1000",
          CONTACT_RATE_LIMIT: "1000",
          CREDENTIAL_CHECK_RATE_LIMIT: "1000",
          ADDRESS_RATE_LIMIT_FACTOR: "1000",
          // the admission limit queues the tests' requests rather than refusing them on a slow machine
          LOAD_SHED_MAX_WAIT_MS: "60000",
        },
      },
});
