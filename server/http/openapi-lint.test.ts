// /backend/openapi.json passes `redocly lint` with its recommended rules, so that generated clients work
// (issue 7 "Access, declared on each route"): every operation has its security, an operationId and its
// 4xx answers. Redocly runs offline from node_modules, on the document the app serves.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const run = promisify(execFile);
const REDOCLY = path.resolve("node_modules/.bin/redocly");

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

async function lint(document: string): Promise<LintReport> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "openapi-lint-"));
  try {
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, document);
    // Run in the temporary directory: no redocly.yaml of the project (or above it) changes the rules.
    const result = await run(REDOCLY, ["lint", "--extends", "recommended", file, "--format", "json"], {
      cwd: dir,
      // eslint-disable-next-line no-restricted-properties -- the child process needs PATH (node) and HOME
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      // redocly exits with 1 when it finds errors; the report is still on stdout.
      if (error.stdout) return { stdout: error.stdout };
      throw new Error(`redocly did not run: ${error.stderr ?? String(error)}`);
    });
    return JSON.parse(result.stdout) as LintReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the OpenAPI document", () => {
  it("passes redocly lint with the recommended rules, with no errors", async () => {
    const res = await t.request("/backend/openapi.json");
    expect(res.status).toBe(200);
    const report = await lint(await res.text());
    const errors = report.problems
      .filter((p) => p.severity === "error")
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it("the check can fail: an operation without security or operationId is an error", async () => {
    const res = await t.request("/backend/openapi.json");
    const doc = (await res.json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const op = doc.paths["/api/faqs"]!.get!;
    delete op.security;
    const report = await lint(JSON.stringify(doc));
    expect(report.problems.filter((p) => p.severity === "error").map((p) => p.ruleId)).toContain("security-defined");
  });
});
