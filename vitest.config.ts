import { defineConfig } from "vitest/config";

// Vitest runs with a config of its own, without the React Router plugin (stack-notes "Tests").
export default defineConfig({
  test: {
    include: [
      "server/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "contract/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/unit/**/*.test.{ts,tsx}",
    ],
    globalSetup: ["tests/support/global-setup.ts"],
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: "forks",
    maxWorkers: 2,
    // A worker process runs one file after another in the same module graph: each file still opens its
    // own database (tests/support/test-db.ts), but PGlite's WebAssembly, the server's modules and their
    // transforms are loaded once per worker, not once per file. The PGlite run took 423 s instead of
    // about 720 s on the 2-core machine (decision 068).
    isolate: false,
  },
});
