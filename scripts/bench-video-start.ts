// npm run bench:video: a lesson video's start on Lighthouse's mobile profile (issue 31 "the video's first
// frame on slow 4G ≤ 3 s"). Builds (unless --no-build), starts the production server on a fresh DATA_DIR (it
// migrates and seeds: the first course's chapter 2 opens with a video lesson, the 4 s seed clip) with an
// admin of its own (ADMIN_EMAILS), signs that admin in (scripts/bench-learning.ts) and opens the video
// lesson in Debian's Chromium (Playwright) with Lighthouse's mobile screen and its slow 4G applied by the
// DevTools protocol as Lighthouse's "devtools" throttling does (Network.emulateNetworkConditions: 562.5 ms
// latency, 1,474.56 kbit/s down, 675 kbit/s up; Emulation.setCPUThrottlingRate 4). Measures, from the
// navigation's start: first contentful paint, the poster's arrival, the largest paint and the player ready
// (hls.js attached); then clicks the video's play button and measures the time to the first decoded frame
// (requestVideoFrameCallback). Prints each with its target and met/missed; writes
// bench-results/video-start-<time>.json. A missed target still exits 0.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { chromium } from "@playwright/test";
import { learningPaths, signedInAdmin } from "./bench-learning.ts";
import { fileTimestamp, productionNodeFlags } from "./bench-lib.ts";
import { readTestEnv } from "../server/env.ts";
import { findFfmpeg } from "../server/features/learning/video/transcode.ts";
import { freePort } from "../tests/support/server-child.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";
/** Debian's Chromium, the whole browser, as bench:lighthouse runs (LIGHTHOUSE_CHROMIUM_PATH; server/env.ts) */
const CHROMIUM = readTestEnv().LIGHTHOUSE_CHROMIUM_PATH;
/** issue 31: the first frame within 3 s of Play on slow 4G */
export const VIDEO_START_TARGET_MS = 3000;
/**
 * Lighthouse 13's mobile slow 4G as its "devtools" throttling applies it (lantern's Constants
 * mobileSlow4G: 150 ms RTT × 3.75, 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up; kbit = 1,024 bits) and
 * its 4× slower CPU.
 */
export const SLOW_4G = { latencyMs: 150 * 3.75, downloadKbps: 1.6 * 1024 * 0.9, uploadKbps: 750 * 0.9, cpuSlowdown: 4 };
/** Lighthouse's mobile screen (a Moto G Power) */
/** how long a start may take before it counts as no start */
const FRAME_TIMEOUT_MS = 30_000;
const MOBILE_SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75 };
const USAGE =
  "Usage: npm run bench:video -- [--no-build] [--runs N (1-5, default 1)] [--clip SECONDS (0-120, default 12)]";

const log = (message: string) => process.stderr.write(`[video-start] ${message}\n`);

interface RunFigures {
  /** from the navigation's start */
  firstContentfulPaintMs: number;
  posterLoadedMs: number | null;
  largestPaintMs: number | null;
  playerReadyMs: number;
  /** hls.js fetched before the learner pressed Play, and when (from the navigation's start) */
  hlsJsBeforePlayMs: number | null;
  /** from the click on Play (sent to the browser) to the first decoded frame (requestVideoFrameCallback) */
  clickToFirstFrameMs: number | null;
  /** from the video's play event to that frame */
  playEventToFirstFrameMs: number | null;
  /** no frame within FRAME_TIMEOUT_MS: the video's state and the events it went through */
  noFrame: { state: string; events: string[] } | null;
  /** how the video started: the click on its play button, or video.play() when the click did not start it */
  startedBy: "click" | "play()";
  /** the height of the first frame (the rendition played first) */
  firstFrameHeight: number;
  /** with Play pressed early: whether the video still played once hls.js had taken it over */
  playingAfterTakeover: boolean | null;
}

function parseArgs(argv: string[]) {
  let build = true;
  let runs = 1;
  let clip = 12;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--no-build") build = false;
    else if (arg === "--clip") {
      clip = Number(argv[++i]);
      if (!Number.isInteger(clip) || clip < 0 || clip > 120) throw new Error("--clip must be a number from 0 to 120");
    } else if (arg === "--runs") {
      runs = Number(argv[++i]);
      if (!Number.isInteger(runs) || runs < 1 || runs > 5) throw new Error("--runs must be a number from 1 to 5");
    } else if (arg === "--help" || arg === "-h") return null;
    else throw new Error(`unknown argument ${arg}`);
  }
  return { build, runs, clip };
}

function run(command: string, args: string[], env?: Record<string, string>): ChildProcess {
  return spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], ...(env ? { env } : {}) });
}

async function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
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

/** One cold visit of the video lesson (a fresh browser context: nothing cached), throttled from the start. */
async function visit(
  browser: import("@playwright/test").Browser,
  base: string,
  lesson: string,
  cookie: string,
  early: boolean,
): Promise<RunFigures> {
  const context = await browser.newContext({
    viewport: { width: MOBILE_SCREEN.width, height: MOBILE_SCREEN.height },
    deviceScaleFactor: MOBILE_SCREEN.deviceScaleFactor,
  });
  try {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_4G.latencyMs,
      downloadThroughput: Math.floor((SLOW_4G.downloadKbps * 1024) / 8),
      uploadThroughput: Math.floor((SLOW_4G.uploadKbps * 1024) / 8),
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_4G.cpuSlowdown });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number | null };
      w.__lcp = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    // early: Play as soon as the poster is in, before the page is interactive and hls.js has the video
    await page.goto(`${base}${lesson}`, { waitUntil: early ? "commit" : "load", timeout: 120_000 });
    const video = page.getByTestId("lesson-video");
    const waitFor = async (what: () => number | boolean, timeout = 120_000) =>
      (await (await page.waitForFunction(what, undefined, { timeout, polling: 50 })).jsonValue()) as number;
    // hls.js has the video (a Media Source: a blob: address), when the page reads the time
    const playerReady = () =>
      waitFor(() => {
        const v = document.querySelector<HTMLVideoElement>("[data-testid=lesson-video]");
        return v?.src.startsWith("blob:") ? performance.now() : 0;
      });
    const pageFigures = () =>
      page.evaluate(() => {
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const poster = resources.find((r) => r.name.includes("/poster.jpg"));
        const hls = resources.find((r) => /\/assets\/hls-[^/]*\.js/.test(r.name));
        const fcp = performance.getEntriesByName("first-contentful-paint")[0];
        return {
          firstContentfulPaintMs: fcp ? fcp.startTime : Number.NaN,
          posterLoadedMs: poster ? poster.responseEnd : null,
          hlsJsBeforePlayMs: hls ? hls.responseEnd : null,
          largestPaintMs: (window as unknown as { __lcp: number | null }).__lcp,
        };
      });
    let playerReadyMs = 0;
    let loaded: Awaited<ReturnType<typeof pageFigures>> | undefined;
    // with Play pressed early, hls.js takes the video over while it starts (watched from now on)
    const earlyReady = early ? playerReady().catch(() => Number.NaN) : null;
    if (early) {
      await waitFor(() =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).some(
          (r) => r.name.includes("/poster.jpg") && r.responseEnd > 0,
        ),
      );
    } else {
      playerReadyMs = await playerReady();
      // let the page settle, as a learner looks before pressing Play (the poster and largest paint are in)
      await page.waitForTimeout(1000);
      loaded = await pageFigures();
    }
    await video.evaluate((el) => {
      const v = el as HTMLVideoElement;
      const w = window as unknown as { __play: number; __frame: number; __height: number };
      w.__play = 0;
      w.__frame = 0;
      v.addEventListener("play", () => (w.__play ||= performance.timeOrigin + performance.now()), { once: true });
      // what the video went through, for a start that gives no frame
      const events = [
        "play",
        "pause",
        "playing",
        "waiting",
        "loadstart",
        "loadedmetadata",
        "loadeddata",
        "emptied",
        "error",
        "abort",
        "stalled",
      ];
      (w as unknown as { __events: string[] }).__events = [];
      for (const name of events)
        v.addEventListener(name, () =>
          (w as unknown as { __events: string[] }).__events.push(`${name}@${Math.round(performance.now())}`),
        );
      v.requestVideoFrameCallback((now, frame) => {
        w.__frame = performance.timeOrigin + now;
        w.__height = frame.height;
      });
    });
    // the native controls' play button: the first of their bottom bar (Chromium draws no play button in
    // the middle); a mouse click at once, without Playwright's waits for the element to be stable
    const box = await video.boundingBox();
    if (!box) throw new Error("the lesson's video is not on the page");
    let startedBy: RunFigures["startedBy"] = "click";
    let click = Date.now();
    await page.mouse.click(box.x + 24, box.y + box.height - 48);
    const started = await waitFor(() => (window as unknown as { __play: number }).__play > 0, 5000)
      .then(() => true)
      .catch(() => false);
    if (!started) {
      startedBy = "play()";
      click = Date.now();
      await video.evaluate((el) => (el as HTMLVideoElement).play());
    }
    const framed = await waitFor(() => (window as unknown as { __frame: number }).__frame > 0, FRAME_TIMEOUT_MS)
      .then(() => true)
      .catch(() => false);
    const { play, frame, height, events, state } = await page.evaluate(() => {
      const w = window as unknown as { __play: number; __frame: number; __height: number; __events: string[] };
      const v = document.querySelector<HTMLVideoElement>("[data-testid=lesson-video]")!;
      const state =
        `paused ${v.paused}, readyState ${v.readyState}, networkState ${v.networkState}, ` +
        `error ${v.error ? `${v.error.code} ${v.error.message}` : "none"}, src ${v.src.slice(0, 60)}`;
      return { play: w.__play, frame: w.__frame, height: w.__height, events: w.__events, state };
    });
    if (!framed) log(`no frame within ${FRAME_TIMEOUT_MS / 1000} s of Play: ${state}; events: ${events.join(", ")}`);
    let playingAfterTakeover: boolean | null = null;
    if (early) {
      playerReadyMs = await earlyReady!;
      loaded = await pageFigures();
      // still playing once hls.js has taken the video over (its position moving)?
      const at = await video.evaluate((el) => (el as HTMLVideoElement).currentTime);
      await page.waitForTimeout(1500);
      playingAfterTakeover = await video.evaluate(
        (el, before) => !(el as HTMLVideoElement).paused && (el as HTMLVideoElement).currentTime > before,
        at,
      );
    }
    return {
      ...loaded!,
      playerReadyMs,
      clickToFirstFrameMs: framed ? frame - click : null,
      playEventToFirstFrameMs: framed && play ? frame - play : null,
      noFrame: framed ? null : { state, events },
      startedBy,
      firstFrameHeight: height,
      playingAfterTakeover,
    } satisfies RunFigures;
  } finally {
    await context.close();
  }
}

interface VideoFigures {
  video: string;
  /** Play pressed once the page has settled with the player ready */
  median: RunFigures;
  /** Play pressed as soon as the poster is in */
  early: RunFigures;
  runs: RunFigures[];
  earlyRuns: RunFigures[];
}

const seconds = (ms: number | null) => (ms === null || Number.isNaN(ms) ? "n/a" : `${(ms / 1000).toFixed(2)} s`);

function videoLines({ video, median: m, early: e }: VideoFigures): string[] {
  const mark = (ms: number | null) => (ms !== null && ms <= VIDEO_START_TARGET_MS ? "met" : "missed");
  const start = (f: RunFigures) =>
    `(from the play event ${seconds(f.playEventToFirstFrameMs)}; ` +
    `started by ${f.startedBy === "click" ? "the click" : "video.play(), the click did not start it"}; ` +
    (f.noFrame ? "no frame)" : `first frame ${f.firstFrameHeight}p)`);
  return [
    `${video}`,
    `  first contentful paint   ${seconds(m.firstContentfulPaintMs)}   (from the navigation's start)`,
    `  poster loaded            ${seconds(m.posterLoadedMs)}`,
    `  largest paint            ${seconds(m.largestPaintMs)}`,
    `  player ready (hls.js)    ${seconds(m.playerReadyMs)}` +
      (m.hlsJsBeforePlayMs === null
        ? "   (hls.js not fetched before Play)"
        : `   (hls.js fetched before Play, by ${seconds(m.hlsJsBeforePlayMs)})`),
    `  Play → first frame       ${seconds(m.clickToFirstFrameMs)}   target <= ${VIDEO_START_TARGET_MS / 1000} s   ` +
      `${mark(m.clickToFirstFrameMs)}   ${start(m)}`,
    `  Play pressed as soon as the poster is in (${seconds(e.posterLoadedMs)}), before the player is ready ` +
      `(${seconds(e.playerReadyMs)}):`,
    `    Play → first frame     ${seconds(e.clickToFirstFrameMs)}   target <= ${VIDEO_START_TARGET_MS / 1000} s   ` +
      `${mark(e.clickToFirstFrameMs)}   ${start(e)}`,
    `    still playing once hls.js has the video: ${e.playingAfterTakeover ? "yes" : "no"}`,
    ...[m, e].flatMap((f) =>
      f.noFrame
        ? [
            `    no frame within ${FRAME_TIMEOUT_MS / 1000} s: ${f.noFrame.state}; events ${f.noFrame.events.join(", ")}`,
          ]
        : [],
    ),
  ];
}

/**
 * A `clipSeconds` clip of scripts/bench-transcode.ts's kind (ffmpeg's 720p test picture and a tone)
 * uploaded to the lesson as the admin does, then waits until the server's video worker made its ladder.
 */
async function uploadClip(
  base: string,
  token: string,
  courseId: string,
  lessonId: string,
  clipSeconds: number,
  dir: string,
) {
  const tools = findFfmpeg();
  if (!tools) throw new Error("ffmpeg is needed for --clip (apt-get install -y ffmpeg), or give --clip 0");
  const file = path.join(dir, "clip.mp4");
  log(`making a ${clipSeconds} s 720p clip`);
  await promisify(execFile)(tools.ffmpeg, [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", `testsrc=size=1280x720:rate=30:duration=${clipSeconds}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${clipSeconds}`],
    ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"],
    file,
  ]);
  const headers = { Authorization: `Bearer ${token}`, Origin: base };
  const upload = await fetch(`${base}/backend/api/lessons/${lessonId}/video?name=clip.mp4`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/octet-stream" },
    body: readFileSync(file),
    signal: AbortSignal.timeout(120_000),
  });
  if (upload.status !== 202) throw new Error(`the clip's upload answered ${upload.status}: ${await upload.text()}`);
  log("uploaded; waiting for the server's video worker");
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const res = await fetch(`${base}/backend/api/admin/courses/${courseId}/content`, {
      headers,
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`GET /backend/api/admin/courses/${courseId}/content answered ${res.status}`);
    const content = (await res.json()) as {
      chapters: Array<{ lessons: Array<{ _id: string; video?: { state: string } | null }> }>;
    };
    const state = content.chapters.flatMap((c) => c.lessons).find((l) => l._id === lessonId)?.video?.state;
    if (state === "ready") return;
    if (state === "failed") throw new Error("the server could not transcode the clip");
    if (Date.now() > deadline) throw new Error(`the clip was not transcoded within 10 minutes (${state})`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
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
  const startedAt = new Date();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-video-start-"));
  const appDataDir = path.join(dataDir, "app");
  let app: ChildProcess | undefined;
  process.once("SIGINT", () => {
    app?.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  });
  try {
    const appPort = await freePort();
    const startScript = (
      JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }
    ).scripts.start;
    const adminEmail = `bench-admin-${randomBytes(4).toString("hex")}@bench.test`;
    app = run(process.execPath, [...productionNodeFlags(startScript), "build/server/index.js"], {
      NODE_ENV: "production",
      PORT: String(appPort),
      DATA_DIR: appDataDir,
      LOG_LEVEL: "warn",
      SEED_ON_EMPTY: "true",
      ADMIN_EMAILS: adminEmail,
      PUBLIC_URL: `http://${HOST}:${appPort}`,
    });
    const base = `http://${HOST}:${appPort}`;
    await waitHealthy(app, base);
    log(`app listening on ${base}`);
    const lesson = (await learningPaths(base)).video;
    if (!lesson) throw new Error("the first course has no video lesson (the seed gives chapter 2 one)");
    const admin = await signedInAdmin(base, appDataDir, adminEmail);

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-dev-shm-usage"],
    });
    const version = browser.version();
    const videos: VideoFigures[] = [];
    try {
      const measure = async (video: string) => {
        const runs: RunFigures[] = [];
        const earlyRuns: RunFigures[] = [];
        for (let i = 0; i < options.runs; i++) {
          log(`${lesson} (${video}): run ${i + 1} of ${options.runs}, then with Play pressed once the poster is in`);
          runs.push(await visit(browser, base, lesson, admin.cookie, false));
          earlyRuns.push(await visit(browser, base, lesson, admin.cookie, true));
        }
        const middle = (all: RunFigures[]) =>
          all.sort((a, b) => (a.clickToFirstFrameMs ?? Infinity) - (b.clickToFirstFrameMs ?? Infinity))[
            Math.floor(all.length / 2)
          ]!;
        videos.push({ video, median: middle(runs), early: middle(earlyRuns), runs, earlyRuns });
      };
      await measure("the seed's 4 s clip, 240p and 360p");
      if (options.clip > 0) {
        const [, courseId, lessonId] = lesson.split("/").slice(1);
        await uploadClip(base, admin.token, courseId!, lessonId!, options.clip, dataDir);
        await measure(`a ${options.clip} s 720p clip uploaded and transcoded (240p, 360p, 720p)`);
      }
    } finally {
      await browser.close();
    }
    const loadAverage = os.loadavg()[0]!.toFixed(2);

    const dir = path.join(ROOT, "bench-results");
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `video-start-${fileTimestamp(startedAt)}.json`);
    const results = {
      date: startedAt.toISOString(),
      lesson,
      browser: version,
      loadAverage,
      throttling: SLOW_4G,
      targets: { clickToFirstFrameMs: VIDEO_START_TARGET_MS },
      videos,
    };
    await writeFile(file, JSON.stringify(results, null, 2) + "\n");
    process.stdout.write(
      [
        `Lesson video start, Lighthouse mobile slow 4G by DevTools throttling (${SLOW_4G.latencyMs} ms latency, ` +
          `${SLOW_4G.downloadKbps.toFixed(2)} kbit/s down, ${SLOW_4G.uploadKbps} kbit/s up, CPU ${SLOW_4G.cpuSlowdown}× slower), ` +
          `Chromium ${version}, median of ${options.runs} run(s), ${os.cpus().length} CPUs, load average ${loadAverage}`,
        `${lesson}, signed in as an admin, a cold visit (nothing cached)`,
        ...videos.flatMap(videoLines),
        "",
        `results: ${path.relative(process.cwd(), file) || file}`,
      ].join("\n") + "\n",
    );
  } finally {
    if (app && app.exitCode === null && app.signalCode === null) app.kill("SIGTERM");
    if (app) await exited(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
