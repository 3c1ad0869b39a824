// The bench's load generator (issue 35; decision 049): wrk, a C program from Debian. autocannon is itself
// a Node process on the same two cores and tops out near 10,000 requests a second whatever it loads, so
// every ratio it printed measured autocannon. wrk with one thread reaches nginx's rate on this machine
// (55,000-90,000 req/s for a 22 KB page), far above what the app or a bare Node server answer.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const WRK_PATHS = ["/usr/bin/wrk", "/usr/local/bin/wrk"];

/**
 * A Debian package's binary, installing the package when none is there and this process may (root);
 * else null, and `log` says what is not measured.
 */
export function findDebianTool(
  paths: readonly string[],
  packages: readonly string[],
  what: string,
  log: (message: string) => void,
): string | null {
  const found = paths.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) {
    log(`${packages[0]} is not installed (apt-get install ${packages[0]} as root): ${what} not measured`);
    return null;
  }
  log(`installing ${packages[0]} from Debian for ${what}`);
  const env = { PATH: "/usr/sbin:/usr/bin:/sbin:/bin", DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
  for (const name of packages) {
    const installed = spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", name], {
      stdio: "ignore",
      env,
    });
    if (installed.status === 0) break;
  }
  return paths.find((p) => existsSync(p)) ?? null;
}

export function findWrk(log: (message: string) => void): string | null {
  return findDebianTool(WRK_PATHS, ["wrk"], "the loads (wrk)", log);
}

export interface WrkResult {
  rps: number;
  /** latency percentiles, ms */
  p50: number;
  p99: number;
  requests: number;
  /** socket errors: connect, read and write */
  errors: number;
  timeouts: number;
  /** answers that were neither 2xx nor 3xx */
  non2xx: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function milliseconds(text: string | undefined): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? "");
  if (!m) return NaN;
  return Math.round(Number(m[1]) * UNIT_MS[m[2]!]! * 100) / 100;
}

/** Reads what `wrk --latency` printed; throws when it is not a finished run's report. */
export function parseWrk(output: string): WrkResult {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  const total = /^\s*(\d+) requests in /m.exec(output);
  if (!rps || !total) throw new Error(`wrk printed no result:\n${output.trim().slice(0, 2000)}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  return {
    rps: Math.round(Number(rps[1]) * 10) / 10,
    p50: milliseconds(/^\s+50%\s+(\S+)/m.exec(output)?.[1]),
    p99: milliseconds(/^\s+99%\s+(\S+)/m.exec(output)?.[1]),
    requests: Number(total[1]),
    errors: socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) : 0,
    timeouts: socket ? Number(socket[4]) : 0,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
  };
}

/** What a browser sends with a page request that changes the answer: its encodings and its device id. */
export function browserHeaders(deviceId: string): Record<string, string> {
  return { "Accept-Encoding": "br, gzip", Cookie: `academy.device=${deviceId}` };
}

export interface WrkRun {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
}

/** One wrk run (one thread: the other core is the server's); resolves with its figures. */
export function runWrk(binary: string, run: WrkRun, signal?: AbortSignal): Promise<WrkResult> {
  const args = ["-t1", `-c${run.connections}`, `-d${run.seconds}s`, "--timeout", "10s", "--latency"];
  for (const [name, value] of Object.entries(run.headers ?? {})) args.push("-H", `${name}: ${value}`);
  args.push(run.url);
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${output.trim().slice(0, 2000)}`));
      try {
        resolve(parseWrk(output));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}
