// The request log (issue 20, decision 040): its time covers the whole body, not just the headers (a page
// streamed slowly must not look fast in the log), and the request id goes with the work a request
// causes: a job it queues carries the id, and the job's log lines say it. Both engines.
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { MAIL_QUEUE } from "../features/mail/mail.service.ts";
import { createLogger } from "../lib/logger.ts";
import { requestLogger, type AppEnv } from "./middleware.ts";

type Line = Record<string, unknown> & { msg: string };
const parse = (lines: string[]) => lines.map((line) => JSON.parse(line) as Line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the request log on the Node server", () => {
  const lines: string[] = [];
  let server: ServerType;
  let base: string;
  const GAPS = 3;
  const GAP_MS = 200;

  beforeAll(async () => {
    const app = new Hono<AppEnv>();
    app.use("*", requestLogger(createLogger("info", (line) => lines.push(line))));
    app.get("/slow", () => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent > 0) await sleep(GAP_MS);
          controller.enqueue(new TextEncoder().encode(`<p>part ${sent}</p>`));
          if (++sent > GAPS) controller.close();
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/html" } });
    });
    app.get("/quick", (c) => c.text("ok"));
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const logged = async (path: string) => {
    const line = () => parse(lines).find((l) => l.msg === "request" && l.path === path);
    for (let i = 0; i < 100 && !line(); i++) await sleep(20);
    return line();
  };

  it("times a streamed body to its last byte, and the headers apart", async () => {
    const res = await fetch(`${base}/slow`, { headers: { "X-Request-Id": "slow-1" } });
    expect(res.headers.get("x-request-id")).toBe("slow-1");
    expect(await res.text()).toContain(`part ${GAPS}`);
    const line = await logged("/slow");
    expect(line).toMatchObject({ requestId: "slow-1", method: "GET", status: 200 });
    expect(line).not.toHaveProperty("aborted");
    // the body cannot end before its gaps have passed; the headers went out before the first gap
    expect(line!.ms as number).toBeGreaterThanOrEqual(GAPS * GAP_MS - 5);
    expect(line!.headersMs as number).toBeLessThan(line!.ms as number);
  });

  it("says when the client left before the end of the body", async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/slow`, { signal: controller.signal, headers: { "X-Request-Id": "left-1" } });
    await res.body!.getReader().read();
    controller.abort();
    await expect
      .poll(() => parse(lines).find((l) => l.requestId === "left-1"), { timeout: 3000 })
      .toMatchObject({ msg: "request", aborted: true });
  });

  it("logs a plain answer once, with its request id", async () => {
    await (await fetch(`${base}/quick`)).text();
    const line = await logged("/quick");
    expect(line).toMatchObject({ status: 200, requestId: expect.any(String) });
    expect(parse(lines).filter((l) => l.path === "/quick")).toHaveLength(1);
  });
});

describe("the request id in the logs of the jobs a request queues", () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { logger: createLogger("info", (line) => lines.push(line)) });
  });
  afterAll(() => t?.close());

  it("goes from the request into the mail job and its 'mail sent' line", async () => {
    const res = await t.request("/backend/api/newsletter", {
      method: "POST",
      headers: { "X-Request-Id": "trace-newsletter-1" },
      json: { email: "traced@example.com" },
    });
    expect(res.status).toBeLessThan(300);
    await t.mailer.drain();
    const sent = parse(lines).filter((l) => l.msg === "mail sent");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ requestId: "trace-newsletter-1", kind: expect.any(String) });
    // the job itself holds it: a job taken by another process logs the same id
    const [job] = await t.queue.boss.findJobs(MAIL_QUEUE, { data: { requestId: "trace-newsletter-1" } });
    expect(job).toBeDefined();
  });

  it("leaves jobs queued outside a request without one", async () => {
    lines.length = 0;
    await t.mailer.send({ to: "plain@example.com", subject: "No request", text: "Hello", kind: "test" });
    await t.mailer.drain();
    const sent = parse(lines).filter((l) => l.msg === "mail sent");
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty("requestId");
  });
});
