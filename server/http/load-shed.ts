// Admission under load (issue 20 "Fair under load", decision 041): at most `concurrency` requests are
// worked on at once; the others wait their turn, first come first served, in a bounded list and for a
// bounded time. A request that cannot start in time is refused at once with 503 and Retry-After instead
// of queueing without end: under 100 connections no answer waits more than a couple of seconds, and a
// refused client knows to come back. A slot is held until the response has been written out (the
// Node response's "close"), not only until the handler returns: a streamed page still costs CPU while
// its body renders and compresses.
import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { errorBody } from "./backend.ts";

export const BUSY_MESSAGE = "The site is busy right now. Please try again in a few seconds.";

export interface LoadShedOptions {
  /** requests worked on at once (0: no limit, the middleware does nothing) */
  concurrency: number;
  /** requests waiting for a slot; one more is refused at once */
  queue: number;
  /** how long a request may wait for a slot before it is refused, in milliseconds */
  maxWaitMs: number;
  /** what Retry-After says, in seconds */
  retryAfterSeconds?: number;
  /** requests that are never held back (static assets, the health check) */
  bypass?: (path: string) => boolean;
  /** told of each refusal (a log line) */
  onShed?: (info: { path: string; reason: "queue_full" | "timeout"; running: number; waiting: number }) => void;
}

interface Waiter {
  admit: () => void;
  /** set once admitted, refused or gone */
  settled: boolean;
}

export interface LoadShed extends MiddlewareHandler {
  /** requests being worked on and waiting now (for tests and logs) */
  stats(): { running: number; waiting: number };
}

/** The node-server adapter's response, when the request came through a socket (not app.request). */
function outgoing(c: Context): ServerResponse | undefined {
  const env = c.env as { outgoing?: ServerResponse } | undefined;
  return env?.outgoing && typeof env.outgoing.once === "function" ? env.outgoing : undefined;
}

export function loadShed(options: LoadShedOptions): LoadShed {
  const { concurrency, queue: maxWaiting, maxWaitMs, retryAfterSeconds = 2, bypass, onShed } = options;
  let running = 0;
  const waiting: Waiter[] = [];

  /** A finished request hands its slot to the first waiter still there (no newcomer slips in between). */
  function release() {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      if (next.settled) continue;
      next.settled = true;
      next.admit();
      return;
    }
    running--;
  }

  function refuse(c: Context, reason: "queue_full" | "timeout") {
    onShed?.({ path: c.req.path, reason, running, waiting: waiting.length });
    c.header("Retry-After", String(retryAfterSeconds));
    c.header("Cache-Control", "no-store");
    const wantsHtml =
      !c.req.path.startsWith("/backend/") &&
      !c.req.path.endsWith(".data") &&
      (c.req.header("accept") ?? "").includes("text/html");
    if (wantsHtml) return c.html(busyPage(), 503);
    return c.json(errorBody("unavailable", BUSY_MESSAGE), 503);
  }

  /** Resolves true once admitted, false when the wait ran out (or the client left). */
  function waitForSlot(res: ServerResponse | undefined): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        settled: false,
        admit: () => {
          clearTimeout(timer);
          res?.off("close", onGone);
          resolve(true);
        },
      };
      const giveUp = () => {
        if (waiter.settled) return;
        waiter.settled = true;
        const i = waiting.indexOf(waiter);
        if (i >= 0) waiting.splice(i, 1);
        clearTimeout(timer);
        res?.off("close", onGone);
        resolve(false);
      };
      const onGone = giveUp;
      const timer = setTimeout(giveUp, maxWaitMs);
      res?.once("close", onGone);
      waiting.push(waiter);
    });
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    if (concurrency <= 0 || bypass?.(c.req.path)) return next();
    if (running < concurrency) {
      running++;
    } else {
      if (waiting.length >= maxWaiting) return refuse(c, "queue_full");
      const res = outgoing(c);
      if (!(await waitForSlot(res))) {
        // the client left while waiting: nothing will read the answer
        if (res?.destroyed || res?.writableEnded) return c.body(null, 503);
        return refuse(c, "timeout");
      }
    }
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      release();
    };
    const res = outgoing(c);
    try {
      await next();
    } catch (error) {
      done();
      throw error;
    }
    // Held until the body is written out; without a socket (app.request) when the handler is done.
    if (res && !res.writableFinished && !res.destroyed) res.once("close", done);
    else done();
  };
  return Object.assign(middleware, { stats: () => ({ running, waiting: waiting.length }) });
}

function busyPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Busy, try again shortly</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>We are busy</h1><p>${BUSY_MESSAGE}</p><p><a href="">Try again</a></p></body></html>`;
}

export interface LoadShedSettings {
  LOAD_SHED_CONCURRENCY?: number;
  LOAD_SHED_QUEUE?: number;
  LOAD_SHED_MAX_WAIT_MS?: number;
}

/**
 * The limits for an engine, each overridable in the environment (docs/operations.md "Configuration"). The process
 * renders on one thread: beyond the few requests that keep it busy while others wait for the database,
 * more at once only lengthen every answer. PGlite runs its queries on that same thread too, one at a
 * time. Measured (decision 041): on PostgreSQL 4 at once served more, and sooner, than 8 or 24, so both
 * engines start at 4; PostgreSQL, shared by several processes, keeps a longer wait list.
 */
export function loadShedLimits(
  engine: "pglite" | "postgres",
  env: LoadShedSettings,
): Pick<LoadShedOptions, "concurrency" | "queue" | "maxWaitMs"> {
  const defaults =
    engine === "pglite"
      ? { concurrency: 4, queue: 200, maxWaitMs: 1000 }
      : { concurrency: 4, queue: 400, maxWaitMs: 1000 };
  return {
    concurrency: env.LOAD_SHED_CONCURRENCY ?? defaults.concurrency,
    queue: env.LOAD_SHED_QUEUE ?? defaults.queue,
    maxWaitMs: env.LOAD_SHED_MAX_WAIT_MS ?? defaults.maxWaitMs,
  };
}
