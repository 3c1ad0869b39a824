import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readTestEnv } from "./server/env.ts";

// Browser tests run on the production build with a freshly seeded database, in Debian's Chromium
// (no browser download; stack-notes "Tests").
const testEnv = readTestEnv();
const port = 3107;
const baseURL = testEnv.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-e2e-"));

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

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: testEnv.CI ? 1 : 0,
  reporter: testEnv.CI ? "line" : "list",
  timeout: 30_000,
  use: { baseURL, trace: "retain-on-failure", launchOptions },
  projects: [
    // A test tagged @desktop or @mobile is about one screen size only and runs in that project alone.
    { name: "desktop", grepInvert: /@mobile/, use: { ...devices["Desktop Chrome"], launchOptions } },
    {
      name: "mobile",
      grepInvert: /@desktop/,
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, launchOptions },
    },
  ],
  webServer: testEnv.E2E_BASE_URL
    ? undefined
    : {
        command: "node build/server/index.js",
        url: `${baseURL}/backend/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        env: { NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: baseURL },
      },
});
