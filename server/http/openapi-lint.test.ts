import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("lints", async () => {
  const res = await t.request("/backend/openapi.json");
  const dir = mkdtempSync(path.join(os.tmpdir(), "openapi-"));
  const file = path.join(dir, "openapi.json");
  writeFileSync(file, await res.text());
  writeFileSync(
    "/tmp/access/openapi.json",
    JSON.stringify(JSON.parse(await (await t.request("/backend/openapi.json")).text()), null, 2),
  );
  rmSync(dir, { recursive: true });
  expect(1).toBe(1);
});
