// npm run bench: builds the app, starts the production server on a fresh DATA_DIR (it migrates and seeds),
// adds generated posts (--posts), loads GET /, /courses, /backend/api/courses and the blog's reads with autocannon, then stops it and loads a bare
// node:http server (scripts/bench-bare-server.ts) on the same database doing the same courses query,
// weighs the home page's JS and CSS (gzip -9), and times a resized image (/media?tr=): made, then cached,
// then asks for 1,000 distinct resizes and reads the RSS they leave (scripts/bench-image-burst.ts);
// then adds generated payments (--payments) to the stopped app's PGlite directory and times the admin
// dashboard's figures query in process (scripts/bench-figures.ts); and sends a bulk e-mail to 10,000
// newsletter subscribers into a local SMTP sink (messages/s, the server's peak RSS; --subscribers,
// --only-newsletter). Prints a table and writes bench-results/bench-<time>.json.
// It is a report: a missed target still exits 0; only a failure to run exits non-zero.
// Only 127.0.0.1 is targeted, and every run has a fixed duration. See `npm run bench -- --help`.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { gzipSync } from "node:zlib";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { migrateDatabase, openDatabase } from "../server/db/client.ts";
import { newsletterSubscribers } from "../server/db/schema.ts";
import { parseEnv } from "../server/env.ts";
import { seedBenchPayments, timeFigures, type FiguresTiming } from "./bench-figures.ts";
import { pageJsLines, weighPublicPages } from "./bench-front.ts";
import { learningPaths, signedInAdmin } from "./bench-learning.ts";
import { findNginx, writeNginxSite, type ServedBytes } from "./bench-nginx.ts";
import { browserHeaders, findWrk, runWrk } from "./bench-wrk.ts";
import { cachedLines, cachedRow, medianRatio, type CachedRow } from "./bench-cached.ts";
import { IMAGE_BURST, imageBurstLines, measureImageBurst } from "./bench-image-burst.ts";
import { MALLOC_SETTINGS, mallocSettingsPrefix } from "../server/lib/malloc-settings.ts";
import http from "node:http";
import { measureMixed, MIXED_TARGETS, mixedLines, rssMb, type MixedHooks, type MixedRun } from "./bench-mixed.ts";
import { benchBlog, BLOG_USAGE, blogLines, parseBlogArgs, type BlogBenchOptions, type BlogRun } from "./bench-blog.ts";
import {
  collectHomeAssets,
  fileTimestamp,
  formatBytes,
  formatTable,
  loadRow,
  parseBenchArgs,
  productionNodeFlags,
  serverLaunch,
  USAGE,
  type BenchOptions,
  type LoadResult,
} from "./bench-lib.ts";
import { loadTwoProcesses, opsLines, rollingRestart } from "./bench-ops.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";
const SERVER_ENTRY = "build/server/index.js";
/** `npm start`: the production server's command, whose Node options the bench's app server gets too */
const START_SCRIPT = (
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }
).scripts.start;
const BARE_ENTRY = "scripts/bench-bare-server.ts";
const API_PATH = "/backend/api/courses";
const APP_PATHS = ["/", "/courses", API_PATH] as const;
/** The blog's list page on a database of `--posts` generated posts (its API reads: scripts/bench-blog.ts). */
const BLOG_PATHS = ["/posts"] as const;
const TARGETS = { homeJsGzipBytes: 133_120, apiRatio: 0.95, bulkMessagesPerSecond: 200, bulkPeakRssMb: 300 };
/** A photo-sized picture the bench writes under DATA_DIR/media, and the widths it asks for the first time. */
const IMAGE_PATH = "/media/bench/photo.jpg";
const IMAGE_FIRST_WIDTHS = [320, 480, 600, 800, 1200];
const IMAGE_CACHED_PATH = `${IMAGE_PATH}?tr=w-600,h-400`;
const START_TIMEOUT_MS = 180_000;
/** timed runs of the admin figures' query */
const FIGURES_RUNS = 20;
const STOP_GRACE_MS = 10_000;

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

interface Server {
  name: string;
  proc: ChildProcess;
  base: string;
  /** the last lines the process wrote, shown when it fails */
  output: string[];
  exited: boolean;
  exitInfo: string;
  exit: Promise<void>;
}

// What cleanup must undo, also on error and on SIGINT.
const servers = new Set<Server>();
let tempDir: string | undefined;
let currentLoad: autocannon.Instance | undefined;
let interrupted = false;

function assertNotInterrupted() {
  if (interrupted) throw new Error("interrupted");
}

async function runBuild(): Promise<void> {
  const bin = path.join(ROOT, "node_modules/@react-router/dev/bin.cjs");
  if (!existsSync(bin)) throw new Error(`react-router CLI not found at ${bin}; run npm install`);
  log("building: react-router build");
  // The build inherits this process's environment (no env option); its output goes to stderr.
  const child = spawn(process.execPath, [bin, "build"], { cwd: ROOT, stdio: ["ignore", 2, 2] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (c) => resolve(c));
  });
  if (code !== 0) throw new Error(`react-router build failed (exit code ${code})`);
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, HOST, resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("could not find a free port");
  return address.port;
}

/** An explicit, minimal environment: the benchmark does not depend on the caller's shell. */
let serverHeapMb = 0;

function serverEnv(port: number, dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_ON_EMPTY: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...loadShedSettings(),
  };
}

/** The admission limits of an experiment (LOAD_SHED_* in the bench's own environment, decision 041). */
function loadShedSettings(): Record<string, string> {
  const env = parseEnv();
  const settings = {
    LOAD_SHED_CONCURRENCY: env.LOAD_SHED_CONCURRENCY,
    LOAD_SHED_QUEUE: env.LOAD_SHED_QUEUE,
    LOAD_SHED_MAX_WAIT_MS: env.LOAD_SHED_MAX_WAIT_MS,
  };
  return Object.fromEntries(
    Object.entries(settings).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );
}

function startServer(name: string, entry: string, env: Record<string, string>): Server {
  // The app server runs with the Node options of `npm start` (its memory settings, decision 039;
  // --server-heap-mb replaces their heap limit) and its allocator settings (decision 058); so does the
  // bare server that runs the same query, so that both run the database engine alike.
  const launch = serverLaunch(entry, [SERVER_ENTRY, BARE_ENTRY], START_SCRIPT, MALLOC_SETTINGS, serverHeapMb);
  return startProcess(
    name,
    process.execPath,
    [...launch.flags, entry],
    { ...launch.env, ...env },
    `http://${HOST}:${env.PORT}`,
  );
}

function startProcess(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  base: string,
): Server {
  assertNotInterrupted();
  const proc = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 100) output.shift();
    }
  };
  proc.stdout?.on("data", collect);
  proc.stderr?.on("data", collect);
  let markExited = () => {};
  const server: Server = {
    name,
    proc,
    base,
    output,
    exited: false,
    exitInfo: "",
    exit: new Promise<void>((resolve) => (markExited = resolve)),
  };
  const onExit = (info: string) => {
    if (server.exited) return;
    server.exited = true;
    server.exitInfo = info;
    servers.delete(server);
    markExited();
  };
  proc.once("exit", (code, signal) => onExit(signal ? `signal ${signal}` : `exit code ${code}`));
  proc.once("error", (error) => onExit(`spawn error: ${error.message}`));
  servers.add(server);
  return server;
}

function describeFailure(server: Server, what: string): Error {
  const tail = server.output.length
    ? `\n--- last output of the ${server.name} server ---\n${server.output.join("\n")}`
    : "";
  return new Error(`${what}${server.exited ? ` (the ${server.name} server ended: ${server.exitInfo})` : ""}${tail}`);
}

async function stopServer(server: Server): Promise<void> {
  if (server.exited) return;
  server.proc.kill("SIGTERM");
  await Promise.race([server.exit, sleep(STOP_GRACE_MS)]);
  if (!server.exited) {
    log(`the ${server.name} server did not stop within ${STOP_GRACE_MS / 1000} s: killing it`);
    server.proc.kill("SIGKILL");
    await server.exit;
  }
}

interface Health {
  status: string;
  engine: "pglite" | "postgres";
}

async function waitHealthy(server: Server): Promise<Health> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    assertNotInterrupted();
    if (server.exited) throw describeFailure(server, `the ${server.name} server stopped before it was healthy`);
    try {
      const res = await fetch(`${server.base}/backend/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return (await res.json()) as Health;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw describeFailure(server, `the ${server.name} server was not healthy within ${START_TIMEOUT_MS / 1000} s`);
}

async function get(server: Server, urlPath: string): Promise<Response> {
  try {
    // identity: sizes are measured on the raw files, and the app does not spend time compressing
    return await fetch(`${server.base}${urlPath}`, {
      headers: { "Accept-Encoding": "identity" },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw describeFailure(server, `GET ${urlPath} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function getJson(server: Server, urlPath: string): Promise<unknown> {
  const res = await get(server, urlPath);
  if (!res.ok) throw describeFailure(server, `GET ${urlPath} on the ${server.name} server answered ${res.status}`);
  return res.json();
}

interface AssetWeight {
  path: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * What a page costs to load, gzip -9: its HTML, and the JS and CSS it references. The stylesheet written
 * into the page (decision 045) is counted as CSS (gzipped on its own) as well as in the HTML.
 */
async function weighPage(server: Server, urlPath: string) {
  const res = await get(server, urlPath);
  if (!res.ok) throw describeFailure(server, `GET ${urlPath} answered ${res.status}`);
  const html = await res.text();
  const assets = collectHomeAssets(html);
  if (!assets.manifestFound) log(`warning: ${urlPath} has no readable window.__reactRouterManifest`);
  if (assets.js.length === 0) throw new Error(`${urlPath} references no /assets/*.js`);
  const weigh = async (assetPath: string): Promise<AssetWeight> => {
    const r = await get(server, assetPath);
    if (!r.ok) throw describeFailure(server, `GET ${assetPath} answered ${r.status}`);
    const bytes = Buffer.from(await r.arrayBuffer());
    return { path: assetPath, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  };
  const js = await Promise.all(assets.js.map(weigh));
  const css = await Promise.all(assets.css.map(weigh));
  const sum = (files: AssetWeight[]) => files.reduce((n, f) => n + f.gzipBytes, 0);
  const htmlGzipBytes = gzipSync(Buffer.from(html), { level: 9 }).length;
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
  const inlineCssGzipBytes = inlineCss ? gzipSync(Buffer.from(inlineCss), { level: 9 }).length : 0;
  return {
    htmlGzipBytes,
    jsGzipBytes: sum(js),
    cssGzipBytes: sum(css) + inlineCssGzipBytes,
    inlineCssGzipBytes,
    files: [...js, ...css],
  };
}

/** Adds `count` generated posts to a PGlite DATA_DIR before the app starts (npm run seed -- --posts N). */
async function seedPosts(dataDir: string, count: number): Promise<void> {
  log(`seeding the demo content and ${count} generated posts`);
  const child = spawn(process.execPath, ["scripts/seed.ts", "--posts", String(count)], {
    cwd: ROOT,
    // (the seed opens no port; PORT only has to be valid)
    env: serverEnv(3000, dataDir, undefined),
    stdio: ["ignore", 2, 2],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (c) => resolve(c));
  });
  if (code !== 0) throw new Error(`npm run seed -- --posts ${count} failed (exit code ${code})`);
}

/** wrk when Debian's package is there (the bench installs it as root), else autocannon (decision 049). */
let wrkBinary: string | null = null;
/** The device id every load's requests carry, as a returning browser's do. */
const BENCH_DEVICE_ID = randomBytes(16).toString("base64url");

async function runLoad(
  url: string,
  duration: number,
  connections: number,
  headers: Record<string, string>,
): Promise<RouteFigures> {
  assertNotInterrupted();
  if (wrkBinary) return runWrk(wrkBinary, { url, seconds: duration, connections, headers });
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    currentLoad = autocannon({ url, duration, connections, timeout: 10, headers }, (error, result) => {
      currentLoad = undefined;
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(result);
    });
  });
  return {
    rps: round(r.requests.average, 1),
    p50: round(r.latency.p50),
    p99: round(r.latency.p99),
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
  };
}

/** A noisy 2400×1600 JPEG: resizing it costs what a real photo costs, unlike a flat colour. */
async function writeBenchPhoto(dataDir: string): Promise<void> {
  const width = 2400;
  const height = 1600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.imul(i, 2654435761) >>> 24;
  const file = path.join(dataDir, IMAGE_PATH.replace(/^\//, ""));
  await mkdir(path.dirname(file), { recursive: true });
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toFile(file);
}

/** Each width's first request (the derivative is made) timed one by one; then load on one cached derivative. */
async function measureImage(server: Server, options: BenchOptions) {
  const firstMs: number[] = [];
  for (const w of IMAGE_FIRST_WIDTHS) {
    const urlPath = `${IMAGE_PATH}?tr=w-${w}`;
    const clock = performance.now();
    const res = await get(server, urlPath);
    await res.arrayBuffer();
    firstMs.push(round(performance.now() - clock));
    if (!res.ok) throw describeFailure(server, `GET ${urlPath} answered ${res.status}`);
  }
  const sorted = [...firstMs].sort((a, b) => a - b);
  const cached = await loadRoute(server, IMAGE_CACHED_PATH, options);
  return { firstMs, firstMedianMs: sorted[Math.floor(sorted.length / 2)]!, cached };
}

interface RouteFigures extends LoadResult {
  requests: number;
  timeouts: number;
}

interface RouteResult extends RouteFigures {
  status: number;
}

/**
 * One GET to see the route answers, a discarded warm-up, then the measured run. The requests carry what a
 * browser sends (its encodings, its device id) unless `headers` says otherwise.
 */
async function loadRoute(
  server: Server,
  urlPath: string,
  options: Pick<BenchOptions, "duration" | "warmup" | "connections">,
  headers: Record<string, string> = browserHeaders(BENCH_DEVICE_ID),
): Promise<RouteResult> {
  const probe = await get(server, urlPath);
  await probe.arrayBuffer();
  if (!probe.ok) log(`warning: GET ${urlPath} on the ${server.name} server answered ${probe.status}`);
  const url = `${server.base}${urlPath}`;
  log(
    `${server.name} GET ${urlPath}: ${options.warmup} s warm-up, ${options.duration} s × ${options.connections} connections`,
  );
  if (options.warmup > 0) await runLoad(url, options.warmup, options.connections, headers);
  const r = await runLoad(url, options.duration, options.connections, headers);
  if (server.exited) throw describeFailure(server, `the ${server.name} server ended during the GET ${urlPath} run`);
  return { status: probe.status, ...r };
}

/** Two app processes on the run's PostgreSQL: load on both, then a rolling restart under load (scripts/bench-ops.ts). */
async function measureOps(app: Server, appPort: number, one: LoadResult, options: BenchOptions, databaseUrl: string) {
  const start = async (name: string, port: number) => {
    const server = startServer(name, SERVER_ENTRY, {
      ...serverEnv(port, tempDir!, databaseUrl),
      SHUTDOWN_DELAY_SECONDS: "1",
    });
    await waitHealthy(server);
    return server;
  };
  const hooks = {
    start,
    load: (url: string, duration: number, connections: number) =>
      runLoad(url, duration, connections, browserHeaders(BENCH_DEVICE_ID)),
  };
  const secondPort = await freePort();
  const running: Server[] = [app, await start("app 2", secondPort)];
  const settings = { path: API_PATH, duration: options.duration, connections: options.connections };
  log(`two app processes: GET ${API_PATH} ${options.duration} s, then a rolling restart under load`);
  const two = await loadTwoProcesses(hooks, running, settings);
  const rolling = await rollingRestart(hooks, running, [appPort, secondPort], settings);
  for (const server of running) await stopServer(server);
  return { one, two, rolling };
}

/** A local SMTP server that counts what it receives (smtp-server): the bulk e-mail's recipients, and keeps the admin's mail. */
async function startBenchSink(keepFor: string) {
  const counts = { bySubject: new Map<string, number>() };
  const kept: string[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    // the app's pool keeps up to 5 connections
    maxClients: 50,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
        counts.bySubject.set(subject, (counts.bySubject.get(subject) ?? 0) + 1);
        if (session.envelope.rcptTo.some((r) => r.address === keepFor)) kept.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, HOST, () => resolve());
  });
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://${HOST}:${port}`,
    received: (subject: string) => counts.bySubject.get(subject) ?? 0,
    kept,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A process's resident set size now (Linux VmRSS), or its peak so far (VmHWM), in MB; null elsewhere. */
const peakRssMb = (pid: number | undefined, field: "VmHWM" | "VmRSS" = "VmHWM") => rssMb(pid, field);

/** The mixed run's servers (scripts/bench-mixed.ts): app processes on the bench's database, started until healthy. */
function mixedHooks(dataDir: string, databaseUrl: string | undefined): MixedHooks<Server> {
  return {
    start: async (name) => {
      const server = startServer(name, SERVER_ENTRY, serverEnv(await freePort(), dataDir, databaseUrl));
      await waitHealthy(server);
      return server;
    },
    stop: stopServer,
    failure: describeFailure,
    log,
    track: (instance) => (currentLoad = instance),
  };
}

/** The mixed run on the bench's engine; on PostgreSQL also against two processes on the one database. */
async function runMixed(dataDir: string, databaseUrl: string | undefined, duration: number): Promise<MixedRun[]> {
  const runs = [await measureMixed(mixedHooks(dataDir, databaseUrl), { processes: 1, connections: 100, duration })];
  if (databaseUrl)
    runs.push(await measureMixed(mixedHooks(dataDir, databaseUrl), { processes: 2, connections: 100, duration }));
  return runs;
}

/**
 * Issue 19: a bulk e-mail to `subscribers` confirmed subscribers (added to the database first), sent by
 * the production server through its mail queue and pooled SMTP into a local sink. An admin signs up
 * (ADMIN_EMAILS), verifies from the e-mail the sink received, signs in and sends; measured from the
 * API's answer until the sink has every message: messages per second, and the server's peak RSS.
 */
async function measureBulkSend(dataDir: string, databaseUrl: string | undefined, subscribers: number) {
  const run = randomBytes(4).toString("hex");
  const adminEmail = `bench-admin-${run}@bench.test`;
  const password = `bench password ${run} 42`;
  log(`adding ${subscribers} confirmed newsletter subscribers`);
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { pgliteDir: path.join(dataDir, "pglite") });
  try {
    await migrateDatabase(database);
    for (let i = 0; i < subscribers; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, subscribers - i) }, (_, j) => ({
        email: `bench-${run}-${i + j}@bench.test`,
        status: "confirmed",
        unsubscribeToken: randomBytes(24).toString("hex"),
      }));
      await database.db.insert(newsletterSubscribers).values(rows);
    }
  } finally {
    await database.close();
  }
  const sink = await startBenchSink(adminEmail);
  const port = await freePort();
  const server = startServer("app (newsletter)", SERVER_ENTRY, {
    ...serverEnv(port, dataDir, databaseUrl),
    SEED_ON_EMPTY: "false",
    SMTP_URL: sink.url,
    ADMIN_EMAILS: adminEmail,
    PUBLIC_URL: `http://${HOST}:${port}`,
  });
  try {
    await waitHealthy(server);
    /** the server's RSS once started (migrated, queue and workers running), before any request */
    const rssAfterStartMb = peakRssMb(server.proc.pid, "VmRSS");
    const post = (urlPath: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.base}${urlPath}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.base, ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
    const signUp = await post("/backend/api/auth/sign-up/email", {
      name: `bench${run}`,
      username: `bench${run}`,
      email: adminEmail,
      password,
      callbackURL: "/login",
    });
    if (!signUp.ok) throw describeFailure(server, `the admin's sign-up answered ${signUp.status}`);
    const deadline = Date.now() + 60_000;
    while (sink.kept.length === 0 && Date.now() < deadline) await sleep(100);
    const link = /https?:\/\/[^\s"<>]+verify-email[^\s"<>]*/.exec(
      sink.kept[0]?.replace(/=\r?\n/g, "").replace(/=3D/g, "=") ?? "",
    )?.[0];
    if (!link) throw describeFailure(server, "no verification e-mail reached the sink");
    await fetch(link.replace(/^https?:\/\/[^/]+/, server.base), { redirect: "manual" });
    const signIn = await post("/backend/api/auth/sign-in/email", { email: adminEmail, password });
    const token = signIn.headers.get("set-auth-token");
    if (!token) throw describeFailure(server, `the admin's sign-in answered ${signIn.status} without a token`);
    const subject = `Bench ${run}`;
    const rssBeforeMb = peakRssMb(server.proc.pid);
    // the server's RSS while it sends, sampled every 100 ms (VmHWM also holds the start's own peak)
    let sendPeakMb = 0;
    const sampler = setInterval(() => {
      sendPeakMb = Math.max(sendPeakMb, peakRssMb(server.proc.pid, "VmRSS") ?? 0);
    }, 100);
    const started = performance.now();
    const sent = await post(
      "/backend/api/admin/newsletter/bulk-email",
      {
        subject,
        message: "This month at the academy: new courses, a live event and a discount.\n\nSee you in class.",
        imageUrl: "https://example.com/banner.jpg",
        videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        linkUrl: "https://example.com/courses",
      },
      { Authorization: `Bearer ${token}` },
    );
    if (sent.status !== 202)
      throw describeFailure(server, `the bulk e-mail answered ${sent.status}: ${await sent.text()}`);
    const { campaign } = (await sent.json()) as { campaign: { recipients: number } };
    const recipients = campaign.recipients;
    log(`bulk e-mail to ${recipients} subscribers accepted; waiting for the sink`);
    const sendDeadline = Date.now() + 30 * 60_000;
    let lastLog = Date.now();
    while (sink.received(subject) < recipients) {
      assertNotInterrupted();
      if (server.exited || Date.now() > sendDeadline)
        throw describeFailure(server, `only ${sink.received(subject)} of ${recipients} messages arrived`);
      if (Date.now() - lastLog > 10_000) {
        log(`${sink.received(subject)} of ${recipients} received`);
        lastLog = Date.now();
      }
      await sleep(50);
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rss = peakRssMb(server.proc.pid);
    return {
      subscribers: recipients,
      received: sink.received(subject),
      seconds: round(seconds, 1),
      messagesPerSecond: round(recipients / seconds, 1),
      /** the highest RSS sampled while sending */
      sendPeakRssMb: sendPeakMb,
      /** the process's peak over its life (VmHWM), its start included */
      peakRssMb: rss,
      /** that peak before the send (start, sign-up, sign-in) */
      peakRssBeforeSendMb: rssBeforeMb,
      rssAfterStartMb,
      /** the Node options the server ran with (npm start's, decision 039) */
      nodeFlags: productionNodeFlags(START_SCRIPT, serverHeapMb),
    };
  } finally {
    await stopServer(server);
    await sink.close();
  }
}

/** The blog's reads at --posts and --posts-large posts, each on a database of its own (scripts/bench-blog.ts). */
function runBlog(
  options: BenchOptions,
  blogOptions: BlogBenchOptions,
  databaseUrl: string | undefined,
  workDir: string,
): Promise<BlogRun[]> {
  return benchBlog(
    {
      root: ROOT,
      env: serverEnv,
      freePort,
      log,
      async start(name, env) {
        const server = startServer(name, SERVER_ENTRY, env);
        await waitHealthy(server);
        return {
          base: server.base,
          load: (urlPath, timing) => loadRoute(server, urlPath, { ...options, ...timing }),
          stop: () => stopServer(server),
        };
      },
    },
    {
      ...blogOptions,
      databaseUrl,
      workDir,
      posts: options.posts,
      duration: options.duration,
      warmup: options.warmup,
    },
  );
}

async function run(options: BenchOptions, blogOptions: BlogBenchOptions): Promise<void> {
  const started = new Date();
  const loadBefore = os.loadavg()[0]!;
  if (loadBefore > os.cpus().length) {
    log(
      `warning: the machine is busy (load average ${loadBefore.toFixed(1)} on ${os.cpus().length} CPUs): numbers will be noisy`,
    );
  }
  const databaseUrl = parseEnv().DATABASE_URL;
  serverHeapMb = options.serverHeapMb;
  wrkBinary = findWrk(log);
  if (options.build) await runBuild();
  if (!existsSync(path.join(ROOT, SERVER_ENTRY))) {
    throw new Error(`${SERVER_ENTRY} does not exist: run without --no-build, or run react-router build first`);
  }
  assertNotInterrupted();
  tempDir = mkdtempSync(path.join(os.tmpdir(), "academy-bench-"));
  log(`DATA_DIR ${tempDir}; database: ${databaseUrl ? "PostgreSQL from DATABASE_URL" : "PGlite in DATA_DIR/pglite"}`);

  if (options.onlyNewsletter) {
    const bulk = await measureBulkSend(tempDir, databaseUrl, options.subscribers || 10_000);
    const file = await writeResults(started, {
      date: started.toISOString(),
      node: process.version,
      bulkEmail: bulk,
      targets: TARGETS,
    });
    process.stdout.write(
      bulkLines(bulk, databaseUrl ? "postgres" : "pglite").join("\n") +
        `\n\nresults: ${path.relative(process.cwd(), file) || file}\n`,
    );
    return;
  }
  if (options.onlyMixed) {
    if (options.posts > 0 && !databaseUrl) await seedPosts(tempDir, options.posts);
    const engine = databaseUrl ? "postgres" : "pglite";
    const mixed = await runMixed(tempDir, databaseUrl, options.mixedDuration || 30);
    const file = await writeResults(started, {
      date: started.toISOString(),
      node: process.version,
      engine,
      generatedPosts: databaseUrl ? 0 : options.posts,
      mixed,
      targets: MIXED_TARGETS,
    });
    process.stdout.write(
      mixedLines(mixed, engine).join("\n") + `\n\nresults: ${path.relative(process.cwd(), file) || file}\n`,
    );
    return;
  }
  if (options.onlyCached) {
    await runCachedOnly(options, databaseUrl, started, loadBefore);
    return;
  }
  if (options.onlyBlog) {
    const blog = await runBlog(options, blogOptions, databaseUrl, tempDir);
    const file = await writeResults(started, { date: started.toISOString(), node: process.version, blog });
    process.stdout.write(blogLines(blog).join("\n") + `\n\nresults: ${path.relative(process.cwd(), file) || file}\n`);
    return;
  }
  await writeBenchPhoto(tempDir);
  if (options.posts > 0 && !databaseUrl) await seedPosts(tempDir, options.posts);
  else if (options.posts > 0)
    log("DATABASE_URL is set: no generated posts are added to it (--posts applies to PGlite only)");

  // 1. The app: first start migrates and seeds.
  const appPort = await freePort();
  const startClock = performance.now();
  // an admin of its own (ADMIN_EMAILS): the video lesson is weighed as one (issue 31)
  const adminEmail = `bench-admin-${randomBytes(4).toString("hex")}@bench.test`;
  const app = startServer("app", SERVER_ENTRY, {
    ...serverEnv(appPort, tempDir, databaseUrl),
    ADMIN_EMAILS: adminEmail,
  });
  const health = await waitHealthy(app);
  const appStartMs = Math.round(performance.now() - startClock);
  log(`app healthy on port ${appPort} after ${appStartMs} ms (engine ${health.engine})`);

  const home = await weighPage(app, "/");
  const appCourses = await getJson(app, API_PATH);
  // a featured post of the demo blog: its page is measured and weighed like the home page
  const postPath = await featuredPostPath(app);
  const postPage = await weighPage(app, postPath);
  const pagesJs = await weighPublicPages(app.base);
  // the first video lesson, which only its learners and admins may open: as the admin (hls.js is no part of it)
  const videoLesson = (await learningPaths(app.base)).video;
  if (videoLesson) {
    // the server's PUBLIC_URL is its default, http://localhost:<port>: the origin its sign-in checks
    const admin = await signedInAdmin(app.base, tempDir, adminEmail, `http://localhost:${appPort}`);
    const [weighed] = await weighPublicPages(app.base, [videoLesson], admin.cookie);
    pagesJs.push({ ...weighed!, path: `${videoLesson} (video, as an admin)` });
  }
  const postCount = databaseUrl ? 0 : options.posts;
  const routes: Record<string, RouteResult> = {};
  for (const urlPath of [...APP_PATHS, ...BLOG_PATHS, postPath])
    routes[urlPath] = await loadRoute(app, urlPath, options);
  const image = await measureImage(app, options);
  // 1a. Cached answers against bare Node and nginx writing the same bytes, in the same run (issue 35).
  const compared = await compareCached(app, [...COMPARED_PAGES, postPath, API_PATH], options);
  // 1b'. Anonymous resizes and the memory they leave behind (scripts/bench-image-burst.ts, decision 058).
  log(
    `${IMAGE_BURST.requests} distinct resizes of ${IMAGE_PATH}, ${IMAGE_BURST.concurrency} at a time, then ${IMAGE_BURST.idleSeconds} s idle`,
  );
  const imageBurst = await measureImageBurst(app.base, IMAGE_PATH, app.proc.pid, mallocSettingsPrefix());
  const ops = databaseUrl ? await measureOps(app, appPort, routes[API_PATH]!, options, databaseUrl) : null;
  await stopServer(app);

  // 1c. The 100-connection mixed run, and the RSS idle and under load (decision 041).
  const mixed = options.mixedDuration > 0 ? await runMixed(tempDir, databaseUrl, options.mixedDuration) : [];

  // 2. The API's query without any cache, like with like (compareQuery).
  const query = await compareQuery(appCourses, databaseUrl, options);
  const { appQuery, bareResult, bareSameBody } = query;

  // 2b. The blog's reads at --posts and --posts-large posts, each on a database of its own (scripts/bench-blog.ts).
  const blog = await runBlog(options, blogOptions, databaseUrl, tempDir);

  // 3. The admin figures' query (decision 038) on --payments generated payments, in process, once the
  // servers have let go of the PGlite directory. Never written into a DATABASE_URL.
  let figures: FiguresTiming | null = null;
  if (options.payments > 0 && !databaseUrl) {
    const database = await openDatabase({ pgliteDir: path.join(tempDir, "pglite") });
    try {
      log(`adding ${options.payments} generated payments, then timing the admin figures' query`);
      await seedBenchPayments(database.db, options.payments);
      figures = await timeFigures(database.db, FIGURES_RUNS);
    } finally {
      await database.close();
    }
  } else if (options.payments > 0) {
    log("DATABASE_URL is set: no generated payments are added to it (--payments applies to PGlite only)");
  }
  // 4. A bulk e-mail to the subscribers, into a local SMTP sink (issue 19).
  const bulk = options.subscribers > 0 ? await measureBulkSend(tempDir, databaseUrl, options.subscribers) : null;

  const apiRatio = query.ratio;
  const pass = {
    homeJsGzipBytes: home.jsGzipBytes <= TARGETS.homeJsGzipBytes,
    apiRatio: apiRatio !== null && apiRatio >= TARGETS.apiRatio,
    cached: compared.rows.every((row) => row.met),
  };
  const courseCount = Array.isArray(appCourses) ? appCourses.length : 0;

  const results = {
    date: started.toISOString(),
    node: process.version,
    engine: health.engine,
    machine: {
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "",
      /** 1-minute load average before and after: other work on the machine skews every number */
      loadAverage: [round(loadBefore), round(os.loadavg()[0]!)],
    },
    settings: {
      duration: options.duration,
      warmup: options.warmup,
      connections: options.connections,
      built: options.build,
    },
    appStartMs,
    routes,
    /** what made every load: wrk, or autocannon where wrk could not be had (then no ratio is given) */
    generator: compared.generator,
    /** cached answers: the app, a bare node:http server and nginx writing the same bytes (issue 35) */
    cached: compared,
    /** the API's query without a cache: the app with its page cache off, and a bare node:http server */
    apiQuery: {
      app: appQuery,
      bare: { ...bareResult, sameBody: bareSameBody },
      rounds: query.rounds,
      ratio: apiRatio,
    },
    courses: courseCount,
    homeJsGzipBytes: home.jsGzipBytes,
    homeCssGzipBytes: home.cssGzipBytes,
    homeAssets: home.files,
    /** generated posts added before the start (the demo blog's 30 come on top) */
    generatedPosts: postCount,
    /** a post page's transfer, gzip -9: HTML, JS, CSS */
    postPage: {
      path: postPath,
      htmlGzipBytes: postPage.htmlGzipBytes,
      jsGzipBytes: postPage.jsGzipBytes,
      cssGzipBytes: postPage.cssGzipBytes,
      files: postPage.files,
    },
    /** every public page's JS as its HTML names it, gzip -9 (scripts/bench-front.ts) */
    pagesJs,
    /** the admin dashboard's last 30 days (services.figures.last30Days), in process, on generated payments */
    figures: figures ? { payments: options.payments, ...figures } : null,
    /** a 2400×1600 JPEG resized to WebP: first requests (made, ms each) and load on a cached derivative */
    image: { source: IMAGE_PATH, firstWidths: IMAGE_FIRST_WIDTHS, ...image },
    /** 1,000 distinct resizes, 50 at a time, and the server's RSS before, after and a minute later */
    imageBurst,
    /** a bulk e-mail to the subscribers, through the mail queue and pooled SMTP into a local sink */
    bulkEmail: bulk,
    /** two processes on one PostgreSQL and a rolling restart under load (decision 040); null on PGlite */
    severalProcesses: ops,
    /** 100 connections of pages, API reads and contact posts: latencies, 503s, RSS (scripts/bench-mixed.ts) */
    mixed,
    /** the blog's reads on their own databases of generated posts (scripts/bench-blog.ts) */
    blog,
    targets: { ...TARGETS, mixed: MIXED_TARGETS },
    pass,
  };

  const file = await writeResults(started, results);

  const verdict = (ok: boolean) => (ok ? "met" : "missed");
  const table = formatTable(
    ["route", "req/s", "p50 ms", "p99 ms", "errors", "non2xx"],
    [
      ...[...APP_PATHS, ...BLOG_PATHS, postPath].map((p) => loadRow(`app  GET ${p}`, routes[p]!)),
      loadRow(`app  GET ${IMAGE_CACHED_PATH} (cached)`, image.cached),
      loadRow(`app  GET ${API_PATH} (no cache, identity)`, appQuery),
      loadRow(`bare GET ${API_PATH} (same query, identity)`, bareResult),
    ],
  );
  const lines = [
    `node ${process.version}, ${health.engine}, ${results.machine.cpus} CPUs, loads by ${compared.generator}, ` +
      `${options.connections} connections, ${options.duration} s per route after ${options.warmup} s warm-up, ` +
      `${courseCount} courses, load average ${results.machine.loadAverage.join(" → ")}`,
    "",
    table,
    "",
    ...cachedLines(compared, verdict),
    "",
    queryLine(query, verdict),
    `home JS gzip         ${formatBytes(home.jsGzipBytes)}   target <= ${formatBytes(TARGETS.homeJsGzipBytes)}   ${verdict(pass.homeJsGzipBytes)}`,
    `home CSS gzip        ${formatBytes(home.cssGzipBytes)}` +
      (home.inlineCssGzipBytes > 0 ? ` (${formatBytes(home.inlineCssGzipBytes)} of it written into the page)` : ""),
    `post page gzip       HTML ${formatBytes(postPage.htmlGzipBytes)}, JS ${formatBytes(postPage.jsGzipBytes)}, ` +
      `CSS ${formatBytes(postPage.cssGzipBytes)} (${postPath}; ${postCount} generated posts in the database)`,
    "JS per public page (gzip -9)",
    ...pageJsLines(pagesJs, formatBytes),
    `resized image, first request (made): median ${image.firstMedianMs} ms of ${image.firstMs.join(", ")} ms ` +
      `(2400×1600 JPEG → WebP w ${IMAGE_FIRST_WIDTHS.join(", ")}); cached: p50 ${image.cached.p50} ms, p99 ${image.cached.p99} ms`,
    ...imageBurstLines(imageBurst),
    figures
      ? `admin figures query  median ${figures.medianMs} ms, p95 ${figures.p95Ms} ms over ${figures.runs} runs ` +
        `(${options.payments} generated payments, ${figures.paidInWindow} paid in the last 30 days)`
      : "admin figures query  not timed (--payments 0, or DATABASE_URL set)",
    ...(bulk ? bulkLines(bulk, health.engine) : []),
    ...(ops
      ? opsLines(API_PATH, ops.two, ops.one, ops.rolling)
      : ["several processes   not measured (PGlite: one process per DATA_DIR)"]),
    ...mixedLines(mixed, health.engine),
    "",
    ...blogLines(blog),
    "",
    `results: ${path.relative(process.cwd(), file) || file}`,
  ];
  process.stdout.write(lines.join("\n") + "\n");
}

/** Connections of the cached answers' loads: enough for nginx to reach its rate (the issue's 32). */
const CACHED_CONNECTIONS = 32;
/**
 * Rounds of the cached answers' loads (each a third of --duration long, the servers one after the
 * other in an order that turns from round to round); each ratio is the median of the rounds' ratios. A
 * 2-core VM's rate moves by a third from one run to the next, as much as the servers differ: many short
 * rounds compare each server with the others under the same conditions.
 */
const CACHED_ROUNDS = 7;

/** The run of median rate, with its own latencies and the errors of all the runs. */
function medianRun(runs: RouteResult[]): RouteResult {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  const sum = (pick: (r: RouteResult) => number) => runs.reduce((n, r) => n + pick(r), 0);
  return { ...middle, errors: sum((r) => r.errors), non2xx: sum((r) => r.non2xx), timeouts: sum((r) => r.timeouts) };
}

/** The pages compared (a post's page and the API read are added). */
const COMPARED_PAGES = ["/", "/courses", "/blog"];

/** A GET through node:http with a browser's headers: the body as sent, not decoded. */
function getRaw(server: Server, urlPath: string): Promise<ServedBytes & { status: number; hit: boolean }> {
  const url = new URL(urlPath, server.base);
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: browserHeaders(BENCH_DEVICE_ID), timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      const headers: Array<[string, string]> = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!;
        if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(name))
          headers.push([name, res.rawHeaders[i + 1]!]);
      }
      res.once("end", () =>
        resolve({
          headers,
          status: res.statusCode ?? 0,
          hit: res.headers["x-cache"] === "HIT",
          body: Buffer.concat(chunks),
          type: res.headers["content-type"] ?? "application/octet-stream",
          encoding: res.headers["content-encoding"] ?? null,
        }),
      );
      res.once("error", reject);
    });
    req.once("timeout", () => req.destroy(new Error(`GET ${urlPath}: no answer in 30 s`)));
    req.once("error", (error) => reject(describeFailure(server, `GET ${urlPath} failed: ${error.message}`)));
  });
}

async function waitAnswering(server: Server, urlPath: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (server.exited) throw describeFailure(server, `the ${server.name} server did not start`);
    const ok = await fetch(`${server.base}${urlPath}`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw describeFailure(server, `the ${server.name} server did not answer within 10 s`);
    await sleep(100);
  }
}

/**
 * The app's cached answers at `paths` against a bare node:http server and nginx writing the very bytes
 * the app sent (scripts/bench-cached.ts), each address loaded on each in turn (and on a bare server writing every header the app wrote). The app runs on.
 */
async function compareCached(app: Server, paths: string[], options: BenchOptions) {
  const timing = {
    duration: Math.max(2, Math.round(options.duration / 3)),
    warmup: options.warmup,
    connections: CACHED_CONNECTIONS,
  };
  const served: Record<string, ServedBytes & { hit: boolean }> = {};
  for (const p of paths) {
    await getRaw(app, p); // made (a miss), then asked again: the copy the loads will get
    const answer = await getRaw(app, p);
    if (answer.status !== 200) throw describeFailure(app, `GET ${p} answered ${answer.status}`);
    served[p] = answer;
  }
  const dir = path.join(tempDir!, "same-bytes");
  await mkdir(dir, { recursive: true });
  // (nginx's workers run as an unprivileged user when started by root: the files must be readable to
  // them, which DATA_DIR, made private, is not)
  await chmod(tempDir!, 0o711);
  await chmod(dir, 0o755);
  const manifest: Record<string, Omit<ServedBytes, "body"> & { file: string }> = {};
  for (const [p, answer] of Object.entries(served)) {
    const file = path.join(dir, `${Object.keys(manifest).length}.bin`);
    await writeFile(file, answer.body, { mode: 0o644 });
    manifest[p] = { file, type: answer.type, encoding: answer.encoding, headers: answer.headers };
  }
  await writeFile(path.join(dir, "manifest.json"), JSON.stringify(manifest));
  const startBytes = async (name: string, ...mode: string[]) => {
    const port = await freePort();
    const args = ["scripts/bench-bytes-server.ts", String(port), path.join(dir, "manifest.json"), ...mode];
    return startProcess(name, process.execPath, args, {}, `http://${HOST}:${port}`);
  };
  const bare = await startBytes("bare (same bytes)");
  // the same bytes with every header the app wrote: what node:http costs to write the app's whole answer
  const bareFull = await startBytes("bare (same headers)", "--all-headers");
  const nginxBinary = findNginx(log);
  let nginx: Server | null = null;
  try {
    await waitAnswering(bare, paths[0]!);
    await waitAnswering(bareFull, paths[0]!);
    if (nginxBinary) {
      const nginxDir = path.join(dir, "nginx");
      await mkdir(nginxDir, { recursive: true, mode: 0o755 });
      const port = await freePort();
      const config = await writeNginxSite(nginxDir, port, served);
      nginx = startProcess("nginx", nginxBinary, ["-c", config, "-p", nginxDir], {}, `http://${HOST}:${port}`);
      await waitAnswering(nginx, paths[0]!);
    }
    const generator = wrkBinary ? "wrk" : "autocannon";
    // CACHED_ROUNDS rounds, each address on the servers in turn (the first of them turning from
    // round to round), warmed up in the first round only.
    const runs = new Map<string, RouteResult[]>();
    const load = async (server: Server, p: string, round: number) => {
      const run = await loadRoute(server, p, { ...timing, warmup: round === 0 ? timing.warmup : 0 });
      runs.set(`${server.name} ${p}`, [...(runs.get(`${server.name} ${p}`) ?? []), run]);
    };
    const loaded = nginx ? [app, bare, bareFull, nginx] : [app, bare, bareFull];
    for (let round = 0; round < CACHED_ROUNDS; round++) {
      for (const p of paths) {
        for (let i = 0; i < loaded.length; i++) await load(loaded[(round + i) % loaded.length]!, p, round);
      }
    }
    const median = (server: Server | null, p: string) => (server ? medianRun(runs.get(`${server.name} ${p}`)!) : null);
    const rows: CachedRow[] = [];
    for (const p of paths) {
      const appRun = median(app, p)!;
      const bareRun = median(bare, p);
      const nginxRun = median(nginx, p);
      const answer = served[p]!;
      const rates = (server: Server | null) => (server ? runs.get(`${server.name} ${p}`)!.map((run) => run.rps) : null);
      rows.push(
        cachedRow(
          {
            rounds: { app: rates(app)!, bare: rates(bare), bareHeaders: rates(bareFull), nginx: rates(nginx) },
            bareHeaders: median(bareFull, p),
            path: p,
            bytes: answer.body.length,
            encoding: answer.encoding,
            hit: answer.hit,
            app: appRun,
            bare: bareRun,
            nginx: nginxRun,
          },
          generator,
        ),
      );
    }
    return { generator, connections: CACHED_CONNECTIONS, rounds: CACHED_ROUNDS, rows } as const;
  } finally {
    await stopServer(bare);
    await stopServer(bareFull);
    if (nginx) await stopServer(nginx);
  }
}

/** Rounds of the API query's comparison: each restarts both servers (PGlite lets one open it at a time). */
const QUERY_ROUNDS = 3;

/**
 * The API's query without any cache: the app with its page cache off, then a bare node:http server
 * running the same query on the same database (once the app has let go of it: PGlite's lock). No
 * compression on either side (identity), so that both do the same work. QUERY_ROUNDS rounds, which of
 * the two goes first turning from round to round; the ratio is the median of the rounds' ratios, as the
 * cached answers' are (one pair of runs compared the machine's drift: 0.64 and 0.85 an hour apart).
 */
async function compareQuery(appCourses: unknown, databaseUrl: string | undefined, options: BenchOptions) {
  const identity = { "Accept-Encoding": "identity", Cookie: `academy.device=${BENCH_DEVICE_ID}` };
  let bareSameBody = true;
  /** One load of the query on a server started for it, and stopped after (PGlite: one holder at a time). */
  const loadOnce = async (name: string, entry: string, env: Record<string, string>, runs: RouteResult[]) => {
    const server = startServer(name, entry, { ...serverEnv(await freePort(), tempDir!, databaseUrl), ...env });
    await waitHealthy(server);
    try {
      if (entry === BARE_ENTRY && !isDeepStrictEqual(appCourses, await getJson(server, API_PATH))) {
        bareSameBody = false;
        log(`warning: the bare server's ${API_PATH} body differs from the app's`);
      }
      runs.push(await loadRoute(server, API_PATH, options, identity));
    } finally {
      await stopServer(server);
    }
  };
  const appRuns: RouteResult[] = [];
  const bareRuns: RouteResult[] = [];
  const runApp = () => loadOnce("app (no cache)", SERVER_ENTRY, { PAGE_CACHE_MAX_BYTES: "0" }, appRuns);
  const runBare = () => loadOnce("bare", BARE_ENTRY, {}, bareRuns);
  for (let round = 0; round < QUERY_ROUNDS; round++) {
    for (const run of round % 2 === 0 ? [runApp, runBare] : [runBare, runApp]) await run();
  }
  const rates = (runs: RouteResult[]) => runs.map((run) => run.rps);
  const ratio = wrkBinary && bareRuns.every((run) => run.rps > 0) ? medianRatio(rates(appRuns), rates(bareRuns)) : null;
  return {
    appQuery: medianRun(appRuns),
    bareResult: medianRun(bareRuns),
    rounds: { app: rates(appRuns), bare: rates(bareRuns) },
    bareSameBody,
    ratio,
  };
}

function queryLine(query: Awaited<ReturnType<typeof compareQuery>>, verdict: (ok: boolean) => string): string {
  const { ratio } = query;
  return (
    `api query app/bare   ${ratio === null ? "n/a" : ratio.toFixed(3)}   target >= ${TARGETS.apiRatio}   ` +
    `${ratio === null ? "not measured (no wrk)" : verdict(ratio >= TARGETS.apiRatio)}   ` +
    `(GET ${API_PATH}: the app with its page cache off against the same query in a bare node:http server, ` +
    `the median of ${QUERY_ROUNDS} rounds' ratios)` +
    (query.bareSameBody ? "" : "   (bodies differ!)")
  );
}

/** The page of a featured post of the seeded blog ("/<slug>"). */
async function featuredPostPath(app: Server): Promise<string> {
  const featured = (await getJson(app, "/backend/posts?featured=true&limit=1")) as { posts?: Array<{ slug: string }> };
  const slug = featured.posts?.[0]?.slug;
  if (!slug) throw describeFailure(app, "the seeded database has no featured post");
  return `/${slug}`;
}

/** --only-cached: the app's cached answers three ways, and the API query like with like. */
async function runCachedOnly(
  options: BenchOptions,
  databaseUrl: string | undefined,
  started: Date,
  loadBefore: number,
): Promise<void> {
  const appPort = await freePort();
  const app = startServer("app", SERVER_ENTRY, serverEnv(appPort, tempDir!, databaseUrl));
  const health = await waitHealthy(app);
  const appCourses = await getJson(app, API_PATH);
  const compared = await compareCached(app, [...COMPARED_PAGES, await featuredPostPath(app), API_PATH], options);
  await stopServer(app);
  const query = await compareQuery(appCourses, databaseUrl, options);
  const file = await writeResults(started, {
    date: started.toISOString(),
    node: process.version,
    engine: health.engine,
    loadAverage: [round(loadBefore), round(os.loadavg()[0]!)],
    cached: compared,
    apiQuery: {
      app: query.appQuery,
      bare: { ...query.bareResult, sameBody: query.bareSameBody },
      rounds: query.rounds,
      ratio: query.ratio,
    },
  });
  const verdict = (ok: boolean) => (ok ? "met" : "missed");
  process.stdout.write(
    [
      `node ${process.version}, ${health.engine}, ${os.cpus().length} CPUs, load average ${round(loadBefore)} → ${round(os.loadavg()[0]!)}`,
      ...cachedLines(compared, verdict),
      queryLine(query, verdict),
      "",
      `results: ${path.relative(process.cwd(), file) || file}`,
    ].join("\n") + "\n",
  );
}

async function writeResults(started: Date, results: unknown): Promise<string> {
  const dir = path.join(ROOT, "bench-results");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `bench-${fileTimestamp(started)}.json`);
  await writeFile(file, JSON.stringify(results, null, 2) + "\n");
  return file;
}

function bulkLines(bulk: Awaited<ReturnType<typeof measureBulkSend>>, engine: string): string[] {
  // both targets are PostgreSQL's (issue 19, decision 039): on PGlite the figures are reported only
  const verdict = (ok: boolean) => (engine !== "postgres" ? "(PostgreSQL's target)" : ok ? "PASS" : "MISS");
  return [
    `bulk e-mail          ${bulk.subscribers} messages in ${bulk.seconds} s (${engine}, pooled SMTP into a local sink)`,
    `  messages/s         ${bulk.messagesPerSecond}   target >= ${TARGETS.bulkMessagesPerSecond} on PostgreSQL   ` +
      verdict(bulk.messagesPerSecond >= TARGETS.bulkMessagesPerSecond),
    `  server peak RSS    ${bulk.sendPeakRssMb} MB while sending   target <= ${TARGETS.bulkPeakRssMb} MB on PostgreSQL   ` +
      verdict(bulk.sendPeakRssMb <= TARGETS.bulkPeakRssMb) +
      `   (process peak ${bulk.peakRssMb ?? "?"} MB, ${bulk.peakRssBeforeSendMb ?? "?"} MB of it before the send)`,
    `  server RSS         ${bulk.rssAfterStartMb ?? "?"} MB once started   node ${bulk.nodeFlags.join(" ") || "(no options)"}`,
  ];
}

async function cleanup(): Promise<void> {
  currentLoad?.stop();
  await Promise.all([...servers].map(stopServer));
  if (tempDir) {
    rmSync(tempDir, { recursive: true, force: true });
    tempDir = undefined;
  }
}

// Last resort when the process ends some other way: no server or temp directory is left behind.
process.on("exit", () => {
  for (const server of servers) server.proc.kill("SIGKILL");
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    log(`${signal}: stopping the servers and removing the temporary data`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  let options: BenchOptions;
  let blogOptions: BlogBenchOptions;
  try {
    const blogArgs = parseBlogArgs(process.argv.slice(2));
    blogOptions = blogArgs.options;
    options = parseBenchArgs(blogArgs.rest);
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    process.stderr.write(`${USAGE}\n${BLOG_USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n${BLOG_USAGE}\n`);
    return;
  }
  try {
    await run(options, blogOptions);
  } catch (error) {
    if (!interrupted) {
      log(`failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  } finally {
    await cleanup();
  }
}

await main();
