// A process's life as an operator sees it (issue 20 "Operable", decision 040): starting, ready, draining.
// On SIGTERM or SIGINT readiness turns false at once; after SHUTDOWN_DELAY_SECONDS (default 0, for load
// balancers that poll readiness) the process stops taking connections, lets the
// requests in flight and the running jobs' current step finish (up to SHUTDOWN_TIMEOUT_SECONDS), closes
// the database and exits 0; 1 when the limit had to cut something off.
import type { Server } from "node:http";
import type { Database } from "./db/client.ts";
import type { Logger } from "./lib/logger.ts";
import type { Queue } from "./jobs/queue.ts";

export type LifecycleState = "starting" | "ready" | "draining";

export interface Lifecycle {
  readonly state: LifecycleState;
  /** the HTTP server to drain on a signal (app/server.ts's onServe, the tests' server) */
  attach(server: Server): void;
  /** listening: the readiness answer turns true */
  markReady(): void;
  /** something to close once the queue has stopped, before the database (the page cache's listener, Redis) */
  onClose(close: () => Promise<void>): void;
  /** drains and closes everything; resolves with the exit code (0 drained, 1 cut off at the limit) */
  shutdown(reason: string): Promise<number>;
}

export interface LifecycleDeps {
  database: Database;
  queue: Pick<Queue, "stop">;
  logger: Logger;
  timeoutMs: number;
  /** how long the port stays open after the signal, readiness already false (SHUTDOWN_DELAY_SECONDS) */
  delayMs?: number;
}

export function createLifecycle(deps: LifecycleDeps): Lifecycle {
  const { database, queue, logger, timeoutMs, delayMs = 0 } = deps;
  let state: LifecycleState = "starting";
  const servers: Server[] = [];
  const closers: Array<() => Promise<void>> = [];
  let stopping: Promise<number> | null = null;

  async function drain(reason: string): Promise<number> {
    state = "draining";
    const started = performance.now();
    logger.info("draining", { reason, timeoutMs, delayMs });
    let cut = false;
    const limit = new Promise<"limit">((resolve) => setTimeout(() => resolve("limit"), timeoutMs).unref());
    // HTTP first: a request in flight may still queue a job. Then the queue: a job in hand finishes its
    // step (or is given back to the queue) while the database is still open.
    const drained = new Promise((resolve) => setTimeout(resolve, Math.min(delayMs, timeoutMs)))
      .then(() => Promise.all(servers.map(closeServer)))
      .then(() => queue.stop())
      .then(() => Promise.all(closers.map((close) => close())))
      .catch((error: unknown) => logger.error("stopping failed", { error: String(error) }));
    if ((await Promise.race([drained, limit])) === "limit") {
      cut = true;
      logger.warn("shutdown limit reached: cutting the remaining connections and jobs", { timeoutMs });
      for (const server of servers) server.closeAllConnections();
    }
    await database.close().catch((error: unknown) => logger.error("database close failed", { error: String(error) }));
    logger.info("stopped", { reason, ms: Math.round(performance.now() - started) });
    return cut ? 1 : 0;
  }

  return {
    get state() {
      return state;
    },
    attach(server) {
      servers.push(server);
    },
    markReady() {
      if (state === "starting") state = "ready";
    },
    onClose(close) {
      closers.push(close);
    },
    shutdown(reason) {
      stopping ??= drain(reason);
      return stopping;
    },
  };
}

/**
 * Stops listening and resolves once every connection has ended. Node's close() ends idle keep-alive
 * connections at once; a connection busy with a request is ended when its answer is done (checked
 * every 50 ms), so no answer is cut and no request already read is dropped.
 */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
  });
}

/** SIGTERM and SIGINT drain the process, then end it; a second signal ends it at once. */
export function exitOnSignals(lifecycle: Lifecycle, logger: Logger): void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (lifecycle.state === "draining") {
      logger.warn("second signal: exiting now", { signal });
      process.exit(1);
    }
    void lifecycle.shutdown(signal).then((code) => process.exit(code));
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
