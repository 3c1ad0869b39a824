// The bench's mixed run (issue 20 "Fair under load", "Light on memory"; decision 041): 100 connections
// for 30 s of pages, API reads and contact posts against the production server, on one process (PGlite
// or PostgreSQL) and, on PostgreSQL, against two processes on one database. Every answer's time is kept
// (autocannon's "response" events), so p50, p99 and the maximum are exact over both processes, and
// an answer over 2 s or a client time-out (10 s) misses the target. The server's RSS is read from /proc:
// once started and idle, at its highest during the load, and after it. scripts/bench.ts calls
// `measureMixed` with its own server helpers.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

export const MIXED_TARGETS = {
  /** no answer may take longer (a refused one, 503, is an answer) */
  maxLatencyMs: 2000,
  idleRssMb: 250,
  loadRssMb: 400,
};
/** the client's time-out: a request not answered by then is counted, and misses the target */
const CLIENT_TIMEOUT_S = 10;
const RSS_SAMPLE_MS = 200;
/** quiet seconds after the start (and after the load) before the idle RSS is read */
const SETTLE_MS = 3000;

/** What one request of the mix is: its label in the report, and what autocannon sends. */
export interface MixedRequest {
  label: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const PAGE = { Accept: "text/html,application/xhtml+xml", "Accept-Encoding": "gzip, deflate, br" };
const API = { Accept: "application/json", "Accept-Encoding": "gzip, deflate, br" };

/**
 * The mix, in the order each connection sends it: four pages (home, courses, the blog, a post), two API
 * reads and a contact post (not rate limited: public-area §7, no limit in server/http/rate-limit.ts).
 */
export function mixedRequests(postPath: string): MixedRequest[] {
  return [
    { label: "GET /", method: "GET", path: "/", headers: PAGE },
    { label: "GET /backend/api/courses", method: "GET", path: "/backend/api/courses", headers: API },
    { label: "GET /courses", method: "GET", path: "/courses", headers: PAGE },
    { label: "GET /backend/posts", method: "GET", path: "/backend/posts", headers: API },
    { label: "GET /blog", method: "GET", path: "/blog", headers: PAGE },
    { label: "GET a post", method: "GET", path: postPath, headers: PAGE },
    {
      label: "POST /backend/api/contact",
      method: "POST",
      path: "/backend/api/contact",
      headers: { ...API, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Bench Visitor",
        email: "bench-visitor@bench.test",
        subject: "Other",
        message: "A question sent by the bench's mixed run.",
      }),
    },
  ];
}

/** One answer (or time-out) as the client saw it. */
export interface Sample {
  label: string;
  status: number;
  ms: number;
}

export interface LatencySummary {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** answered with 503 (refused, busy) */
  refused: number;
  /** answered with another status that is not 2xx (a 3xx of a page counts as an answer) */
  otherErrors: number;
  /** answered after more than the target */
  overTarget: number;
  /** of those, answered with 503 (a refusal that came late) */
  overTargetRefused: number;
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function summarize(samples: Sample[], targetMs = MIXED_TARGETS.maxLatencyMs): LatencySummary {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    p50: round1(percentile(sorted, 50)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1) ?? 0),
    refused: samples.filter((s) => s.status === 503).length,
    otherErrors: samples.filter((s) => s.status >= 400 && s.status !== 503).length,
    overTarget: samples.filter((s) => s.ms > targetMs).length,
    overTargetRefused: samples.filter((s) => s.ms > targetMs && s.status === 503).length,
  };
}

export interface MixedServer {
  base: string;
  proc: { pid?: number };
  exited: boolean;
}

export interface MixedHooks<S extends MixedServer> {
  /** starts an app process on the bench's database and resolves once it answers its health check */
  start(name: string): Promise<S>;
  stop(server: S): Promise<void>;
  /** an error naming the server and showing its last output */
  failure(server: S, what: string): Error;
  log(message: string): void;
  /** told of each load generator while it runs (undefined once done), so an interrupt can stop it */
  track?(instance: autocannon.Instance | undefined): void;
}

export interface MixedRun extends LatencySummary {
  processes: number;
  connections: number;
  duration: number;
  rps: number;
  /** requests never answered within the client's time-out (10 s) */
  timeouts: number;
  /** connection errors other than time-outs */
  errors: number;
  byRequest: Record<string, LatencySummary>;
  /** each process: RSS once started and idle, highest during the load, a few seconds after it (MB) */
  rss: Array<{ idleMb: number | null; peakMb: number | null; afterMb: number | null }>;
  /** whether no answer took over the target and none timed out */
  met: boolean;
}

/** A process's RSS now (Linux VmRSS), or its peak so far (VmHWM), in MB; null elsewhere. */
export function rssMb(pid: number | undefined, field: "VmHWM" | "VmRSS" = "VmRSS"): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    return Number.isFinite(kb) ? round1(kb / 1024) : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One autocannon run of the mix on one server; every answer goes into `samples`. */
function loadOne(
  base: string,
  mix: MixedRequest[],
  connections: number,
  duration: number,
  samples: Sample[],
  track?: (instance: autocannon.Instance | undefined) => void,
): Promise<autocannon.Result> {
  // autocannon calls a request's onResponse just before it emits "response" for it, in the same tick
  let answered = "";
  const requests = mix.map((r) => ({
    method: r.method,
    path: r.path,
    headers: r.headers,
    ...(r.body ? { body: r.body } : {}),
    onResponse: () => {
      answered = r.label;
    },
  }));
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, duration, timeout: CLIENT_TIMEOUT_S, requests },
      (error, result) => {
        track?.(undefined);
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(result);
      },
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      samples.push({ label: answered, status, ms });
    });
    track?.(instance);
  });
}

/** The page of the demo blog's first featured post. */
async function featuredPostPath<S extends MixedServer>(hooks: MixedHooks<S>, server: S): Promise<string> {
  const res = await fetch(`${server.base}/backend/posts?featured=true&limit=1`, {
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json().catch(() => ({}))) as { posts?: Array<{ slug: string }> };
  const slug = body.posts?.[0]?.slug;
  if (!res.ok || !slug) throw hooks.failure(server, "the database has no featured post for the mixed run");
  return `/${slug}`;
}

/**
 * The mixed run on `processes` app processes (each started by hooks.start, on the same database), the
 * connections split between them. Warm-up requests (each of the mix once per process) are not counted.
 */
export async function measureMixed<S extends MixedServer>(
  hooks: MixedHooks<S>,
  options: { processes: number; connections: number; duration: number },
): Promise<MixedRun> {
  const { processes, connections, duration } = options;
  const servers: S[] = [];
  try {
    for (let i = 0; i < processes; i++) servers.push(await hooks.start(`app ${i + 1}/${processes} (mixed)`));
    await sleep(SETTLE_MS);
    const idle = servers.map((s) => rssMb(s.proc.pid));
    const mix = mixedRequests(await featuredPostPath(hooks, servers[0]!));
    for (const server of servers) {
      for (const r of mix) {
        const res = await fetch(`${server.base}${r.path}`, {
          method: r.method,
          headers: r.headers,
          body: r.body,
          signal: AbortSignal.timeout(30_000),
        }).catch((error: unknown) => {
          throw hooks.failure(server, `${r.label}: ${error instanceof Error ? error.message : String(error)}`);
        });
        await res.arrayBuffer();
        if (res.status >= 400) throw hooks.failure(server, `${r.label} answered ${res.status} before the load`);
      }
    }
    const peaks = servers.map(() => 0);
    const sampler = setInterval(() => {
      servers.forEach((s, i) => (peaks[i] = Math.max(peaks[i]!, rssMb(s.proc.pid) ?? 0)));
    }, RSS_SAMPLE_MS);
    const samples: Sample[] = [];
    const perProcess = Math.max(1, Math.round(connections / processes));
    hooks.log(
      `mixed run: ${processes} process(es), ${perProcess * processes} connections, ${duration} s, ` +
        mix.map((r) => r.label).join(", "),
    );
    let results: autocannon.Result[];
    try {
      results = await Promise.all(
        servers.map((s) =>
          loadOne(s.base, mix, perProcess, duration, samples, processes === 1 ? hooks.track : undefined),
        ),
      );
    } finally {
      clearInterval(sampler);
    }
    for (const s of servers) if (s.exited) throw hooks.failure(s, "the server ended during the mixed run");
    await sleep(SETTLE_MS);
    const after = servers.map((s) => rssMb(s.proc.pid));
    const timeouts = results.reduce((n, r) => n + r.timeouts, 0);
    const summary = summarize(samples);
    const byRequest: Record<string, LatencySummary> = {};
    for (const r of mix) byRequest[r.label] = summarize(samples.filter((s) => s.label === r.label));
    return {
      processes,
      connections: perProcess * processes,
      duration,
      rps: round1(samples.length / duration),
      timeouts,
      errors: results.reduce((n, r) => n + r.errors, 0) - timeouts,
      ...summary,
      byRequest,
      rss: servers.map((_, i) => ({ idleMb: idle[i] ?? null, peakMb: peaks[i] || null, afterMb: after[i] ?? null })),
      met: summary.overTarget === 0 && timeouts === 0,
    };
  } finally {
    for (const s of servers) await hooks.stop(s);
  }
}

/** The report's lines for the mixed runs, each figure with its target and whether it is met. */
export function mixedLines(runs: MixedRun[], engine: string): string[] {
  const verdict = (ok: boolean) => (ok ? "met" : "missed");
  const lines: string[] = [];
  for (const run of runs) {
    lines.push(
      `mixed run (${engine}, ${run.processes} process${run.processes > 1 ? "es" : ""}, ${run.connections} connections × ${run.duration} s): ` +
        `${run.requests} answers, ${run.rps} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, max ${run.max} ms, ` +
        `503 ${run.refused}, other errors ${run.otherErrors + run.errors}, time-outs ${run.timeouts}`,
      `  no answer over ${MIXED_TARGETS.maxLatencyMs} ms   ${run.overTarget} over (${run.overTargetRefused} of them 503), ` +
        `${run.timeouts} timed out   ` +
        verdict(run.met),
    );
    for (const [label, s] of Object.entries(run.byRequest)) {
      lines.push(
        `    ${label.padEnd(26)} ${String(s.requests).padStart(6)} answers  p50 ${s.p50} ms  p99 ${s.p99} ms  max ${s.max} ms  503 ${s.refused}`,
      );
    }
    run.rss.forEach((rss, i) => {
      const idleOk = rss.idleMb !== null && rss.idleMb <= MIXED_TARGETS.idleRssMb;
      const peakOk = rss.peakMb !== null && rss.peakMb <= MIXED_TARGETS.loadRssMb;
      lines.push(
        `  RSS process ${i + 1}: idle ${rss.idleMb ?? "?"} MB (target <= ${MIXED_TARGETS.idleRssMb} MB on PGlite: ${verdict(idleOk)}), ` +
          `under load ${rss.peakMb ?? "?"} MB (target <= ${MIXED_TARGETS.loadRssMb} MB on PGlite: ${verdict(peakOk)}), ` +
          `after ${rss.afterMb ?? "?"} MB`,
      );
    });
  }
  return lines;
}
