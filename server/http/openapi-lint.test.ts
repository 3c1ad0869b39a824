// /backend/openapi.json passes `redocly lint` with its recommended rules, so that generated clients work
// (issue 7 "Access, declared on each route"): every operation has its security, an operationId and its
// 4xx answers. Redocly runs offline from node_modules, on the document the app serves.
import { execFile } from "node:child_process";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
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

// issue 29: "The 431 answers are not in the OpenAPI document." Node's HTTP server gives them, before any
// route, to a request whose headers are over its limit (16 KB): every operation may get one.
describe("431 Request Header Fields Too Large", () => {
  /** `GET path` with a cookie of `size` bytes, through a real socket: the status and the body. */
  function withCookie(port: number, path: string, size: number): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const headers = { Cookie: `big=${"x".repeat(size)}` };
      const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET", headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("is what the server answers to headers over 16 KB, before any route, with no body", async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1", overrideGlobalObjects: true });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    try {
      const port = (server.address() as AddressInfo).port;
      expect((await withCookie(port, "/backend/health", 1_000)).status).toBe(200);
      for (const path of ["/backend/health", "/backend/api/courses", "/backend/api/admin/users"]) {
        expect(await withCookie(port, path, 20_000), path).toEqual({ status: 431, body: "" });
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("is documented for every operation", async () => {
    const doc = (await (await t.request("/backend/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ["get", "put", "post", "delete", "patch"].includes(method))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(50);
    const without = operations.filter(({ op }) => !op.responses?.["431"]).map(({ name }) => name);
    expect(without).toEqual([]);
    expect(operations[0]!.op.responses!["431"]!.description).toContain("over 16 KB");
  });
});
