// A person's `npm test` and CI's run the browser tests alike (issue 34): the same retries, the same
// trace setting, and a test that passes only on its retry fails the run. Only the reporter may differ.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlaywrightTestConfig } from "@playwright/test";

async function configWith(ci: string | undefined): Promise<PlaywrightTestConfig> {
  vi.resetModules();
  vi.stubEnv("CI", ci);
  // (the config makes a data directory for the server under test unless it is given one)
  vi.stubEnv("E2E_DATA_DIR", "/tmp/academy-e2e-config-test");
  return ((await import("../../playwright.config.ts")) as { default: PlaywrightTestConfig }).default;
}

/** What decides which tests pass: everything but the reporter. */
function settings(config: PlaywrightTestConfig) {
  return {
    retries: config.retries,
    failOnFlakyTests: config.failOnFlakyTests,
    trace: config.use?.trace,
    projects: config.projects?.map((p) => ({ name: p.name, retries: p.retries, trace: p.use?.trace })),
    workers: config.workers,
    timeout: config.timeout,
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("playwright.config.ts", () => {
  it("runs the browser tests the same way with and without CI", async () => {
    const person = settings(await configWith(undefined));
    expect(settings(await configWith("true"))).toEqual(person);
    expect(settings(await configWith("1"))).toEqual(person);
  });

  it("fails a run whose test passed only on a retry", async () => {
    for (const ci of [undefined, "true"]) {
      const config = await configWith(ci);
      if ((config.retries ?? 0) > 0) expect(config.failOnFlakyTests).toBe(true);
      // a trace, when one is recorded, is recorded in both runs
      expect(config.use?.trace).not.toBe("off");
    }
  });
});
