// The bench's part for issue 20 "Several processes on one PostgreSQL" and "Operable" (decision 040),
// called by scripts/bench.ts with its own server start/stop and load functions, on PostgreSQL only:
// - the API route's load against two app processes on one database at once (the connections split
//   between them), beside one process's figure from the main run;
// - a rolling restart under load: clients spread GETs over both processes, as nginx does with
//   `proxy_next_upstream error` (a request that meets a closed port or a connection closed before any
//   answer goes to the other process); each process in turn gets SIGTERM and is started again.
//   Target: no request lost (every request answered 200 by one of them).
import type { LoadResult } from "./bench-lib.ts";

export interface OpsServer {
  base: string;
  exited: boolean;
  exit: Promise<void>;
  proc: { kill(signal: NodeJS.Signals): boolean };
}

export interface OpsHooks {
  /** starts an app process on the run's database on `port` and resolves once it is healthy */
  start(name: string, port: number): Promise<OpsServer>;
  load(url: string, duration: number, connections: number): Promise<LoadResult & { timeouts: number }>;
}

export interface OpsOptions {
  path: string;
  duration: number;
  connections: number;
}

export const OPS_TARGETS = { rollingRestartLost: 0 };

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The route's load on two processes at once: requests/s summed, the worse p99, errors summed. */
export async function loadTwoProcesses(
  hooks: OpsHooks,
  servers: OpsServer[],
  options: OpsOptions,
): Promise<LoadResult> {
  const half = Math.max(1, Math.floor(options.connections / servers.length));
  const results = await Promise.all(servers.map((s) => hooks.load(`${s.base}${options.path}`, options.duration, half)));
  return {
    rps: round(results.reduce((sum, r) => sum + r.rps, 0)),
    p50: round(Math.max(...results.map((r) => r.p50))),
    p99: round(Math.max(...results.map((r) => r.p99))),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

export interface RollingRestart {
  requests: number;
  /** answered by the second process after the first refused or closed before answering */
  retried: number;
  /** neither process answered it with 200 */
  lost: number;
  restarts: number;
  /** each process's time from SIGTERM to its exit, ms */
  drainMs: number[];
  met: boolean;
}

/**
 * Clients (`connections` loops) send GETs alternately to the processes, falling over to another on a
 * connection error as a proxy does, while each process in turn is stopped with SIGTERM and started
 * again on its port. `servers` are replaced in place by their restarted processes.
 */
export async function rollingRestart(
  hooks: OpsHooks,
  servers: OpsServer[],
  ports: number[],
  options: OpsOptions,
): Promise<RollingRestart> {
  let requests = 0;
  let retried = 0;
  let lost = 0;
  let running = true;
  let turn = 0;
  const once = async (base: string) => {
    const res = await fetch(`${base}${options.path}`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  };
  const client = async () => {
    while (running) {
      requests++;
      const first = turn++ % servers.length;
      let status = 0;
      for (let i = 0; i < servers.length && status === 0; i++) {
        try {
          status = await once(servers[(first + i) % servers.length]!.base);
          if (i > 0) retried++;
        } catch {
          // refused, or closed before an answer: the next process (nginx: proxy_next_upstream error)
        }
      }
      if (status !== 200) lost++;
    }
  };
  const clients = Array.from({ length: options.connections }, client);
  const drainMs: number[] = [];
  const pause = () => new Promise((resolve) => setTimeout(resolve, 1000));
  await pause();
  for (let i = 0; i < servers.length; i++) {
    const old = servers[i]!;
    const signalled = performance.now();
    old.proc.kill("SIGTERM");
    await old.exit;
    drainMs.push(Math.round(performance.now() - signalled));
    servers[i] = await hooks.start(`app ${i + 1} (restarted)`, ports[i]!);
    await pause();
  }
  running = false;
  await Promise.all(clients);
  return { requests, retried, lost, restarts: servers.length, drainMs, met: lost <= OPS_TARGETS.rollingRestartLost };
}

export function opsLines(urlPath: string, two: LoadResult, one: LoadResult, rolling: RollingRestart): string[] {
  return [
    `two processes, one PostgreSQL: GET ${urlPath} ${two.rps.toFixed(1)} req/s (one process ${one.rps.toFixed(1)}), ` +
      `p99 ${two.p99} ms, errors ${two.errors}, non2xx ${two.non2xx}`,
    `rolling restart (SIGTERM each of 2 processes under load, restarted): ${rolling.requests} requests, ` +
      `${rolling.lost} lost, ${rolling.retried} answered by the other process; drain ${rolling.drainMs.join(", ")} ms   ` +
      `target lost <= ${OPS_TARGETS.rollingRestartLost}   ${rolling.met ? "met" : "missed"}`,
  ];
}
