// npm run bench:lighthouse: Lighthouse's mobile profile (its default: a mid-range phone, simulated slow 4G
// and a 4× slower CPU) in Debian's Chromium against the production build, for the public pages of issue 20
// "Light on data, quick to paint" (decision 042). Builds (unless --no-build), starts the server on a fresh
// DATA_DIR (it migrates and seeds), runs Lighthouse on each page (--runs N, the median run by performance
// score is reported), prints LCP, TBT, CLS, the performance and accessibility scores and the JavaScript the
// browser fetched, each with its target and met/missed, and every public page's JS as its HTML names it
// (gzip -9). Writes bench-results/lighthouse-<time>.json. A missed target still exits 0.
// Lighthouse's simulated throttling scales what it observes: on a loaded machine CPU figures (TBT) grow.
// So each page is also run without its scripts (its HTML and inline stylesheet as a file, pictures from the
// app): the blocking time the browser and machine give a page that runs no JavaScript (decision 048).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import { featuredPostPath, pageJsLines, weighPublicPages, withoutScripts } from "./bench-front.ts";
import { fileTimestamp, formatBytes, productionNodeFlags } from "./bench-lib.ts";
import { readTestEnv } from "../server/env.ts";
import { freePort } from "../tests/support/server-child.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";
/** Debian's Chromium, the whole browser (LIGHTHOUSE_CHROMIUM_PATH; server/env.ts readTestEnv) */
const CHROMIUM = readTestEnv().LIGHTHOUSE_CHROMIUM_PATH;
/** The pages Lighthouse loads; "post" is a featured post of the demo blog. */
const LIGHTHOUSE_PAGES = ["/", "/courses", "/blog", "post", "/showcase"] as const;
export const LIGHTHOUSE_TARGETS = { lcpMs: 1200, tbtMs: 50, cls: 0.1, performance: 98, accessibility: 100 };
const USAGE = "Usage: npm run bench:lighthouse -- [--no-build] [--runs N (1-5, default 1)]";

const log = (message: string) => process.stderr.write(`[lighthouse] ${message}\n`);

interface PageFigures {
  path: string;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  performance: number;
  accessibility: number;
  /** scripts the browser fetched during the run (transfer size, as compressed on the wire) */
  scriptTransferBytes: number;
  /** the audits that failed accessibility, when any */
  a11yFailures: string[];
  /** the same page without its scripts (median of as many runs): what the browser and machine alone give */
  floor: { tbtMs: number; lcpMs: number };
}

/** Serves the script-less copies at /<n>.html on a port of its own. */
async function floorServer(pages: string[]): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const match = /^\/(\d+)\.html$/.exec(req.url ?? "");
    const html = match ? pages[Number(match[1])] : undefined;
    if (html === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(html);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, HOST, resolve));
  return { server, base: `http://${HOST}:${port}` };
}

function parseArgs(argv: string[]) {
  let build = true;
  let runs = 1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--no-build") build = false;
    else if (arg === "--runs") {
      runs = Number(argv[++i]);
      if (!Number.isInteger(runs) || runs < 1 || runs > 5) throw new Error("--runs must be a number from 1 to 5");
    } else if (arg === "--help" || arg === "-h") return null;
    else throw new Error(`unknown argument ${arg}`);
  }
  return { build, runs };
}

/** `env` omitted: the child inherits this process's environment. */
function run(command: string, args: string[], env?: Record<string, string>): ChildProcess {
  return spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], ...(env ? { env } : {}) });
}

async function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** Resolves with the first match of `pattern` in what the child prints, or fails when it ends first. */
function waitForOutput(child: ChildProcess, pattern: RegExp, what: string, timeoutMs: number) {
  let output = "";
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} not ready in ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}):\n${output}`));
    });
  });
}

/** Polls /backend/health until it answers 200 (the first start migrates and seeds). */
async function waitHealthy(app: ChildProcess, base: string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null || app.signalCode !== null)
      throw new Error("the app server exited before it was healthy");
    try {
      if ((await fetch(`${base}/backend/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the app server was not healthy within 180 s");
}

/** One Lighthouse run's figures, with the machine's speed as Lighthouse measured it (its benchmark index) */
type RunFigures = Omit<PageFigures, "path" | "floor"> & { benchmarkIndex: number };

/** The browser's name and full version, as its DevTools endpoint gives it (e.g. "HeadlessChrome/156.0.8078.108"). */
async function browserVersion(port: number): Promise<string> {
  const res = await fetch(`http://${HOST}:${port}/json/version`, { signal: AbortSignal.timeout(10_000) });
  return ((await res.json()) as { Browser?: string }).Browser ?? "unknown browser";
}

async function lighthousePage(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    hostname: HOST,
    logLevel: "error",
    output: "json",
    onlyCategories: ["performance", "accessibility"],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits["resource-summary"]?.details as
    { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
  const a11y = lhr.categories.accessibility;
  return {
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: Math.round(numeric("cumulative-layout-shift") * 1000) / 1000,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((a11y?.score ?? 0) * 100),
    scriptTransferBytes: summary?.items?.find((item) => item.resourceType === "script")?.transferSize ?? 0,
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    a11yFailures: (a11y?.auditRefs ?? [])
      .filter((ref: { id: string; weight: number }) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref: { id: string }) => ref.id),
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is tried again, twice at most. */
async function retried<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt === 3) throw error;
      log(`trying again: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    }
  }
}

function pageLines(figures: PageFigures[]): string[] {
  const t = LIGHTHOUSE_TARGETS;
  const mark = (ok: boolean) => (ok ? "met" : "missed");
  const lines: string[] = [];
  for (const f of figures) {
    lines.push(
      `${f.path}`,
      `  LCP            ${(f.lcpMs / 1000).toFixed(2)} s   target <= ${t.lcpMs / 1000} s   ${mark(f.lcpMs <= t.lcpMs)}`,
      `  TBT            ${f.tbtMs} ms   target <= ${t.tbtMs} ms   ${mark(f.tbtMs <= t.tbtMs)}` +
        `   (without its scripts: ${f.floor.tbtMs} ms, LCP ${(f.floor.lcpMs / 1000).toFixed(2)} s)`,
      `  CLS            ${f.cls}   target <= ${t.cls}   ${mark(f.cls <= t.cls)}`,
      `  performance    ${f.performance}   target >= ${t.performance}   ${mark(f.performance >= t.performance)}`,
      `  accessibility  ${f.accessibility}   target ${t.accessibility}   ${mark(f.accessibility >= t.accessibility)}` +
        (f.a11yFailures.length ? `   (failed: ${f.a11yFailures.join(", ")})` : ""),
      `  scripts fetched ${formatBytes(f.scriptTransferBytes)} (transfer, during the run)`,
    );
  }
  return lines;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!options) {
    process.stdout.write(USAGE + "\n");
    return;
  }
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (scripts/setup-test-env.sh)`);
  if (options.build) {
    log("building: react-router build");
    const build = run(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.cjs"), "build"]);
    build.stderr?.pipe(process.stderr);
    if ((await exited(build)) !== 0) throw new Error("react-router build failed");
  }
  const started = new Date();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-lighthouse-"));
  const children: ChildProcess[] = [];
  const stopAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  process.once("SIGINT", () => {
    stopAll();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  });
  try {
    const appPort = await freePort();
    const startScript = (
      JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }
    ).scripts.start;
    const app = run(process.execPath, [...productionNodeFlags(startScript), "build/server/index.js"], {
      NODE_ENV: "production",
      PORT: String(appPort),
      DATA_DIR: path.join(dataDir, "app"),
      LOG_LEVEL: "warn",
      SEED_ON_EMPTY: "true",
    });
    children.push(app);
    const base = `http://${HOST}:${appPort}`;
    await waitHealthy(app, base);
    log(`app listening on ${base}`);

    const chromium = run(CHROMIUM, [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${path.join(dataDir, "chromium")}`,
      "--remote-debugging-address=127.0.0.1",
      "--remote-debugging-port=0",
      "about:blank",
    ]);
    children.push(chromium);
    const [, debugPort] = await waitForOutput(
      chromium,
      /DevTools listening on ws:\/\/[^:]+:(\d+)\//,
      "Chromium",
      60_000,
    );

    const browser = await browserVersion(Number(debugPort));
    const post = await featuredPostPath(base);
    const paths = LIGHTHOUSE_PAGES.map((page) => (page === "post" ? post : page));
    const bare = await Promise.all(
      paths.map(async (urlPath) => {
        const res = await fetch(`${base}${urlPath}`, { signal: AbortSignal.timeout(30_000) });
        if (!res.ok) throw new Error(`GET ${urlPath} answered ${res.status}`);
        return withoutScripts(await res.text(), base);
      }),
    );
    const floor = await floorServer(bare);
    const figures: PageFigures[] = [];
    const indexes: number[] = [];
    const middle = <T>(sorted: T[]): T => sorted[Math.floor(sorted.length / 2)]!;
    try {
      for (const [n, urlPath] of paths.entries()) {
        const runs: RunFigures[] = [];
        const floorRuns: RunFigures[] = [];
        for (let i = 0; i < options.runs; i++) {
          log(`${urlPath}: run ${i + 1} of ${options.runs}, then without its scripts`);
          const run = await retried(() => lighthousePage(`${base}${urlPath}`, Number(debugPort)));
          const floorRun = await retried(() => lighthousePage(`${floor.base}/${n}.html`, Number(debugPort)));
          runs.push(run);
          floorRuns.push(floorRun);
          indexes.push(run.benchmarkIndex, floorRun.benchmarkIndex);
        }
        runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
        floorRuns.sort((a, b) => a.tbtMs - b.tbtMs);
        const { benchmarkIndex: _index, ...median } = middle(runs);
        const { tbtMs, lcpMs } = middle(floorRuns);
        figures.push({ path: urlPath, ...median, floor: { tbtMs, lcpMs } });
      }
    } finally {
      floor.server.close();
    }
    const benchmarkIndex = indexes.length ? `${Math.min(...indexes)}–${Math.max(...indexes)}` : "none";
    const pagesJs = await weighPublicPages(base);
    const loadAverage = os.loadavg()[0]!.toFixed(2);

    const dir = path.join(ROOT, "bench-results");
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `lighthouse-${fileTimestamp(started)}.json`);
    const results = {
      date: started.toISOString(),
      runs: options.runs,
      loadAverage,
      browser,
      benchmarkIndex,
      targets: LIGHTHOUSE_TARGETS,
      pages: figures,
      pagesJs,
    };
    await writeFile(file, JSON.stringify(results, null, 2) + "\n");
    process.stdout.write(
      [
        `Lighthouse mobile (simulated slow 4G, 4× CPU), ${browser}, median of ${options.runs} run(s), ` +
          `${os.cpus().length} CPUs, load average ${loadAverage}, Lighthouse's benchmark index ${benchmarkIndex}`,
        "",
        ...pageLines(figures),
        "",
        "JavaScript per public page (named by its HTML, gzip -9)",
        ...pageJsLines(pagesJs, formatBytes),
        "",
        `results: ${path.relative(process.cwd(), file) || file}`,
      ].join("\n") + "\n",
    );
  } finally {
    stopAll();
    await Promise.all(children.map(exited));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
