// Issue 20 "Several processes on one PostgreSQL" and "Operable" (decision 040), on real server processes:
// - three processes started at the same moment on one empty database all come up (migrations and the
//   first seed under the start-up lock); on PGlite, whose directory one process holds, one comes up and
//   the other two say why they cannot;
// - SIGTERM under a stream of requests: readiness turns 503 while the port is still open, every request
//   sent before the signal is answered (none reset) — one whose body is still arriving included — the
//   mail job in hand finishes its step, the job queued meanwhile stays queued, and the process exits 0.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  freePort,
  startServerChild,
  stopServerChild,
  until,
  withServerDatabase,
} from "../tests/support/server-child.ts";
import { startSmtpSink, type SmtpSink } from "../tests/support/smtp-sink.ts";
import { createEmptyPostgres, createTestDatabase } from "../tests/support/test-db.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { courses, mailMessages } from "./db/schema.ts";
import { readTestEnv } from "./env.ts";

const { TEST_DATABASE_URL } = readTestEnv();
const engine = TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) await stopServerChild(child, "SIGKILL");
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "academy-lifecycle-"));
  dirs.push(dir);
  return dir;
}

describe(`three processes started at once on one empty database (${engine})`, () => {
  it(
    TEST_DATABASE_URL ? "all come up, and the database is seeded once" : "one comes up; the others are refused",
    async () => {
      const dataDir = tempDir();
      const empty = TEST_DATABASE_URL ? await createEmptyPostgres() : null;
      try {
        const ports = await Promise.all([freePort(), freePort(), freePort()]);
        const starts = await Promise.allSettled(
          ports.map((port) =>
            startServerChild({
              port,
              dataDir,
              env: { SEED_ON_EMPTY: "true", ...(empty ? { DATABASE_URL: empty.url } : {}) },
            }).then((child) => (children.push(child), child)),
          ),
        );
        const up = ports.filter((_, i) => starts[i]!.status === "fulfilled");
        if (empty) {
          expect(starts.filter((s) => s.status === "rejected")).toEqual([]);
          for (const port of up) {
            const res = await fetch(`http://127.0.0.1:${port}/backend/ready`);
            expect(await res.json()).toEqual({ ready: true, state: "ready", database: "up" });
            const list = await fetch(`http://127.0.0.1:${port}/backend/api/courses`);
            expect(list.status).toBe(200);
          }
          // seeded once: a second seed would have replaced the courses (new ids), or failed
          const database = await openDatabase({ url: empty.url, poolSize: 1 });
          try {
            const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(courses);
            expect(row!.n).toBeGreaterThan(0);
          } finally {
            await database.close();
          }
        } else {
          expect(up).toHaveLength(1);
          const refusals = starts.flatMap((s) => (s.status === "rejected" ? [String(s.reason)] : []));
          expect(refusals).toHaveLength(2);
          for (const refusal of refusals) expect(refusal).toMatch(/is in use by another server \(process \d+\)/);
          expect((await fetch(`http://127.0.0.1:${up[0]}/backend/ready`)).status).toBe(200);
        }
      } finally {
        for (const child of children.splice(0)) await stopServerChild(child, "SIGKILL");
        await empty?.drop();
      }
    },
    240_000,
  );
});

/** A POST whose headers go now and whose body is finished by `finish()`: a request in flight. */
function slowPost(port: number, urlPath: string, json: unknown) {
  const body = Buffer.from(JSON.stringify(json));
  const req = http.request({
    host: "127.0.0.1",
    port,
    path: urlPath,
    method: "POST",
    agent: false,
    headers: { "Content-Type": "application/json", "Content-Length": body.length },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
  req.write(body.subarray(0, 5));
  return { answer, finish: () => req.end(body.subarray(5)) };
}

describe(`SIGTERM under load (${engine})`, () => {
  let sink: SmtpSink | undefined;
  let postgres: Database | undefined;
  afterAll(async () => {
    await sink?.close();
    await postgres?.close();
  });

  it("answers every request sent before it, finishes the mail job in hand, keeps the queued one, exits 0", async () => {
    const dataDir = tempDir();
    // the SMTP server takes 4 s to accept a message: the job in hand is mid-step when the signal comes
    sink = await startSmtpSink({ delayMs: 4000 });
    if (TEST_DATABASE_URL) postgres = await createTestDatabase();
    const port = await freePort();
    const logs: string[] = [];
    const child = await startServerChild({
      port,
      dataDir,
      postgres,
      env: {
        SMTP_URL: sink.url,
        LOG_LEVEL: "info",
        SHUTDOWN_DELAY_SECONDS: "1",
        SHUTDOWN_TIMEOUT_SECONDS: "20",
      },
      onLine: (line) => logs.push(line),
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/backend/ready`)).status).toBe(200);

    // a mail job in hand: the first subscriber's confirmation, being handed to the slow SMTP server
    const first = await fetch(`${base}/backend/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "first@example.com" }),
    });
    expect(first.status).toBe(201);
    await until("the first confirmation to reach the SMTP server", () =>
      sink!.recipientsTried.includes("first@example.com"),
    );

    // a request in flight: its body is still arriving when the signal comes
    const slow = slowPost(port, "/backend/api/newsletter", { email: "second@example.com" });

    // a stream of requests from four clients
    type Outcome = { sentBeforeSignal: boolean; status?: number; error?: string };
    const outcomes: Outcome[] = [];
    let signalled = false;
    let stop = false;
    const client = async () => {
      while (!stop) {
        const outcome: Outcome = { sentBeforeSignal: !signalled };
        outcomes.push(outcome);
        try {
          const res = await fetch(`${base}/backend/api/faqs`);
          await res.arrayBuffer();
          outcome.status = res.status;
        } catch (error) {
          outcome.error = String((error as Error).cause ?? error);
          if (signalled) return;
        }
      }
    };
    const clients = Promise.all([client(), client(), client(), client()]);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once("exit", (code) => resolve({ code, at: Date.now() })),
    );
    const signalAt = Date.now();
    signalled = true;
    child.kill("SIGTERM");

    // readiness says no while the port is still open (SHUTDOWN_DELAY_SECONDS)
    let readiness: { status: number; body: unknown } | undefined;
    await until(
      "readiness to turn 503",
      async () => {
        const res = await fetch(`${base}/backend/ready`);
        readiness = { status: res.status, body: await res.json() };
        return res.status === 503;
      },
      5000,
    );
    expect(readiness!.body).toMatchObject({ ready: false, state: "draining" });

    await new Promise((resolve) => setTimeout(resolve, 1500));
    slow.finish();
    expect((await slow.answer).status).toBe(201);

    const { code, at } = await exited;
    stop = true;
    await clients;
    expect(code).toBe(0);
    expect(at - signalAt).toBeLessThan(20_000);

    const before = outcomes.filter((o) => o.sentBeforeSignal);
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((o) => o.status !== 200)).toEqual([]);

    // the job in hand finished its step: sent once, and recorded as sent before the database closed
    expect(sink.received.filter((m) => m.envelope.to.includes("first@example.com"))).toHaveLength(1);
    const rows = await withServerDatabase(postgres, dataDir, (db) =>
      db
        .select({ to: mailMessages.to, status: mailMessages.status })
        .from(mailMessages)
        .where(inArray(mailMessages.to, ["first@example.com", "second@example.com"])),
    );
    expect(rows.find((r) => r.to === "first@example.com")?.status).toBe("sent");
    // the one queued while draining is not lost: stored, and still queued (or sent) for the next start
    expect(["queued", "sent"]).toContain(rows.find((r) => r.to === "second@example.com")?.status);
    const lines = logs.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(["draining", "stopped"]));
  }, 120_000);
});
