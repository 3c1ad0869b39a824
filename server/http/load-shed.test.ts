// The admission limit (decision 041): slots, the bounded wait list, the wait's end, what passes.
import { EventEmitter } from "node:events";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../tests/support/test-app.ts";
import { parseEnv } from "../env.ts";
import { BUSY_MESSAGE, loadShed, loadShedLimits, type LoadShedOptions } from "./load-shed.ts";

/** A promise resolved from outside: a handler that finishes when the test says so. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** An app whose /work/:id handlers wait for their gate; `started` lists the ids that began, in order. */
function appWith(options: Partial<LoadShedOptions> = {}) {
  const gates = new Map<string, ReturnType<typeof gate>>();
  const started: string[] = [];
  const shed: string[] = [];
  const limiter = loadShed({
    concurrency: 2,
    queue: 2,
    maxWaitMs: 1000,
    retryAfterSeconds: 3,
    bypass: (path) => path.startsWith("/assets/") || path === "/backend/health",
    onShed: (info) => shed.push(`${info.path} ${info.reason}`),
    ...options,
  });
  const app = new Hono();
  app.use("*", limiter);
  const work = async (id: string) => {
    started.push(id);
    const g = gate();
    gates.set(id, g);
    await g.opened;
  };
  app.get("/work/:id", async (c) => {
    await work(c.req.param("id"));
    return c.text(`done ${c.req.param("id")}`);
  });
  app.get("/backend/work/:id", async (c) => {
    await work(c.req.param("id"));
    return c.json({ ok: true });
  });
  app.get("/boom", () => {
    throw new Error("boom");
  });
  app.get("/assets/app.js", (c) => c.text("asset"));
  app.get("/backend/health", (c) => c.json({ status: "ok" }));
  app.onError((_err, c) => c.text("failed", 500));
  const finish = (id: string) => gates.get(id)!.open();
  return { app, limiter, started, shed, finish };
}

/** Lets pending promise callbacks run (no timers involved). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise<void>((resolve) => setImmediate(resolve));
};

afterEach(() => {
  vi.useRealTimers();
});

describe("loadShed", () => {
  it("works on at most `concurrency` requests at once and admits the waiting ones in order of arrival", async () => {
    const { app, limiter, started, finish } = appWith();
    const a = app.request("/work/a");
    const b = app.request("/work/b");
    const c = app.request("/work/c");
    const d = app.request("/work/d");
    await settle();
    expect(started).toEqual(["a", "b"]);
    expect(limiter.stats()).toEqual({ running: 2, waiting: 2 });

    finish("b");
    expect(await (await b).text()).toBe("done b");
    await settle();
    expect(started).toEqual(["a", "b", "c"]);
    finish("a");
    await a;
    await settle();
    expect(started).toEqual(["a", "b", "c", "d"]);
    finish("c");
    finish("d");
    expect((await c).status).toBe(200);
    expect((await d).status).toBe(200);
    await settle();
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once with 503, Retry-After and a JSON message when the wait list is full", async () => {
    const { app, started, shed, finish } = appWith();
    const held = ["a", "b", "c", "d"].map((id) => app.request(`/backend/work/${id}`));
    await settle();
    const res = await app.request("/backend/work/e");
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("3");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: { code: "unavailable", message: BUSY_MESSAGE } });
    expect(started).not.toContain("e");
    expect(shed).toEqual(["/backend/work/e queue_full"]);
    finish("a");
    finish("b");
    await settle();
    finish("c");
    finish("d");
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it("answers a page request that is refused with an HTML page", async () => {
    const { app, finish } = appWith({ queue: 0 });
    const held = ["a", "b"].map((id) => app.request(`/work/${id}`));
    await settle();
    const res = await app.request("/work/c", { headers: { Accept: "text/html,application/xhtml+xml" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("3");
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain(BUSY_MESSAGE);
    finish("a");
    finish("b");
    await Promise.all(held);
  });

  it("refuses a request that waited `maxWaitMs` without a slot, and takes it off the list", async () => {
    vi.useFakeTimers();
    const { app, limiter, started, shed, finish } = appWith();
    const held = ["a", "b"].map((id) => app.request(`/backend/work/${id}`));
    const waiting = app.request("/backend/work/c");
    await vi.advanceTimersByTimeAsync(999);
    expect(limiter.stats()).toEqual({ running: 2, waiting: 1 });
    await vi.advanceTimersByTimeAsync(1);
    const res = await waiting;
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("3");
    expect(shed).toEqual(["/backend/work/c timeout"]);
    expect(limiter.stats()).toEqual({ running: 2, waiting: 0 });
    // the slot freed later goes to nobody: the refused request never starts
    finish("a");
    finish("b");
    await Promise.all(held);
    expect(started).toEqual(["a", "b"]);
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("lets the assets and the health check through however busy it is", async () => {
    const { app, finish } = appWith({ queue: 0 });
    const held = ["a", "b"].map((id) => app.request(`/work/${id}`));
    await settle();
    expect((await app.request("/work/c")).status).toBe(503);
    expect((await app.request("/assets/app.js")).status).toBe(200);
    expect((await app.request("/backend/health")).status).toBe(200);
    finish("a");
    finish("b");
    await Promise.all(held);
  });

  it("gives the slot back when the handler fails", async () => {
    const { app, limiter } = appWith({ concurrency: 1 });
    expect((await app.request("/boom")).status).toBe(500);
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("holds the slot until the response has been written out, when there is a socket", async () => {
    const { app, limiter, started, finish } = appWith({ concurrency: 1 });
    const outgoing = Object.assign(new EventEmitter(), { writableFinished: false, destroyed: false });
    const a = app.request("/work/a", {}, { outgoing });
    await settle();
    const b = app.request("/work/b");
    await settle();
    finish("a");
    expect((await a).status).toBe(200);
    await settle();
    // the handler is done but the body is still being written: b still waits
    expect(started).toEqual(["a"]);
    expect(limiter.stats()).toEqual({ running: 1, waiting: 1 });
    outgoing.emit("close");
    await settle();
    expect(started).toEqual(["a", "b"]);
    finish("b");
    await b;
  });

  it("forgets a waiting request whose client went away", async () => {
    const { app, limiter, started, finish } = appWith({ concurrency: 1 });
    const a = app.request("/work/a");
    await settle();
    const gone = Object.assign(new EventEmitter(), { writableFinished: false, destroyed: false });
    const b = app.request("/work/b", {}, { outgoing: gone });
    await settle();
    expect(limiter.stats()).toEqual({ running: 1, waiting: 1 });
    Object.assign(gone, { destroyed: true });
    gone.emit("close");
    expect((await b).status).toBe(503);
    expect(limiter.stats()).toEqual({ running: 1, waiting: 0 });
    finish("a");
    await a;
    await settle();
    expect(started).toEqual(["a"]);
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("does nothing with a concurrency of 0", async () => {
    const { app, limiter, started, finish } = appWith({ concurrency: 0, queue: 0 });
    const all = ["a", "b", "c", "d", "e"].map((id) => app.request(`/work/${id}`));
    await settle();
    expect(started).toHaveLength(5);
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 });
    for (const id of ["a", "b", "c", "d", "e"]) finish(id);
    expect((await Promise.all(all)).every((r) => r.status === 200)).toBe(true);
  });
});

describe("loadShedLimits", () => {
  it("has defaults per engine, each replaced by its setting", () => {
    const pglite = loadShedLimits("pglite", {});
    const postgres = loadShedLimits("postgres", {});
    expect(pglite).toEqual({ concurrency: 4, queue: 200, maxWaitMs: 1000 });
    expect(postgres).toEqual({ concurrency: 4, queue: 400, maxWaitMs: 1000 });
    expect(pglite.maxWaitMs).toBeLessThan(2000);
    expect(postgres.maxWaitMs).toBeLessThan(2000);
    const env = parseEnv({ LOAD_SHED_CONCURRENCY: "7", LOAD_SHED_QUEUE: "9", LOAD_SHED_MAX_WAIT_MS: "500" });
    expect(loadShedLimits("pglite", env)).toEqual({ concurrency: 7, queue: 9, maxWaitMs: 500 });
    expect(loadShedLimits("postgres", parseEnv({ LOAD_SHED_CONCURRENCY: "0" })).concurrency).toBe(0);
  });

  it("refuses a setting that is not a number of requests", () => {
    expect(() => parseEnv({ LOAD_SHED_CONCURRENCY: "many" })).toThrow(/LOAD_SHED_CONCURRENCY must be a number/);
    expect(() => parseEnv({ LOAD_SHED_MAX_WAIT_MS: "0" })).toThrow(/LOAD_SHED_MAX_WAIT_MS must be at least 1/);
  });
});

describe("the admission limit in the app (server/app.ts)", () => {
  it("refuses a page or an API call beyond the limit; health, assets, media, uploads and cached reads pass", async () => {
    const t = await createTestApp({
      LOAD_SHED_CONCURRENCY: "1",
      LOAD_SHED_QUEUE: "0",
      PAGE_CACHE_MAX_BYTES: "1000000",
    });
    try {
      // an answer still being written to its socket holds the one slot (and fills the page cache)
      const socket = Object.assign(new EventEmitter(), { writableFinished: false, destroyed: false });
      expect((await t.app.request("/backend/api/courses", {}, { outgoing: socket })).status).toBe(200);
      const api = await t.app.request("/backend/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "busy@example.com", message: "Hello" }),
      });
      expect(api.status).toBe(503);
      expect(api.headers.get("Retry-After")).toBe("2");
      expect(api.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await api.json()).toEqual({ error: { code: "unavailable", message: BUSY_MESSAGE } });
      const page = await t.app.request("/courses", { headers: { Accept: "text/html" } });
      expect(page.status).toBe(503);
      expect(page.headers.get("X-Frame-Options")).toBe("DENY");
      expect(await page.text()).toContain(BUSY_MESSAGE);
      // the page cache answers what it holds without a slot
      expect((await t.app.request("/backend/api/courses")).status).toBe(200);
      expect((await t.app.request("/backend/health")).status).toBe(200);
      for (const path of ["/assets/missing.js", "/media/missing.png", "/backend/api/v1/files/upload"]) {
        expect((await t.app.request(path, { method: path.endsWith("upload") ? "POST" : "GET" })).status).not.toBe(503);
      }
      socket.emit("close");
      const sent = await t.app.request("/backend/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "later@example.com", message: "Hello" }),
      });
      expect(sent.status).toBe(201);
    } finally {
      await t.close();
    }
  });
});
