import { defineConfig } from "vitest/config";

// Vitest runs with a config of its own, without the React Router plugin (stack-notes "Tests").
export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.{ts,tsx}", "contract/**/*.test.ts", "scripts/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/support/global-setup.ts"],
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
