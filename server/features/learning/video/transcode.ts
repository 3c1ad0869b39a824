// An uploaded lesson video made into an HLS ladder (RFC 8216) for slow networks (issue 31; decision 073):
// Debian's ffmpeg, one process for every rendition (stack-notes-learning §1b), niced and on two threads,
// then a poster and a master playlist written here from the measured segments, because ffmpeg 5.1
// declares a BANDWIDTH below the renditions' peaks (§1b "Trap").
import { spawn, spawnSync } from "node:child_process";
import { readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { LEARNING_MESSAGES, MAX_LESSON_SECONDS } from "../../../../contract/learning/learning.ts";

export interface Rung {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

/** The ladder: 240p for the slowest networks (about 250 kbit/s in all, with audio and MPEG-TS: 10 minutes under 20 MB), 360p, 720p. */
export const LADDER: readonly Rung[] = [
  { name: "240p", height: 240, videoKbps: 150, audioKbps: 48 },
  { name: "360p", height: 360, videoKbps: 600, audioKbps: 96 },
  { name: "720p", height: 720, videoKbps: 1800, audioKbps: 128 },
];

/** What a source may be: 24 hours at most (contract MAX_LESSON_SECONDS), and at most 8K on a side. */
const MAX_SECONDS = MAX_LESSON_SECONDS;
const MAX_SIDE = 8192;

/** A problem with the video itself (or the machine's lack of ffmpeg): its message is for the admin. */
export class TranscodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TranscodeError";
  }
}

export const TRANSCODE_MESSAGES = {
  notVideo: "This file is not a video that can be read (is it a video, and whole?). Upload it again, or another file.",
  damaged: "The video could not be transcoded: the file seems to be damaged. Upload it again, or another file.",
  tooLong: "The video is longer than 24 hours.",
  tooLarge: `The video's picture is larger than ${MAX_SIDE} pixels on a side.`,
  stopped: "Transcoding was stopped.",
} as const;

export interface Ffmpeg {
  ffmpeg: string;
  ffprobe: string;
}

const found = new Map<string, Ffmpeg | null>();

/**
 * ffmpeg and ffprobe: `configured` (FFMPEG_PATH, with ffprobe beside it) or the ones on PATH; null when
 * either does not run. Asked once per process (at start: a moment of `-version` each).
 */
export function findFfmpeg(configured?: string): Ffmpeg | null {
  const key = configured ?? "";
  if (!found.has(key)) {
    const ffmpeg = configured || "ffmpeg";
    const ffprobe = configured ? path.join(path.dirname(configured), "ffprobe") : "ffprobe";
    found.set(key, runs(ffmpeg) && runs(ffprobe) ? { ffmpeg, ffprobe } : null);
  }
  return found.get(key)!;
}

function runs(command: string, args = ["-version"]): boolean {
  const result = spawnSync(command, args, { stdio: "ignore", timeout: 10_000 });
  return !result.error && result.status === 0;
}

export interface Probe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
  frameRate: number | null;
}

/** What ffprobe reads of `file`; a file that is not a video (or not a readable one) is a TranscodeError. */
export async function probe(tools: Ffmpeg, file: string): Promise<Probe> {
  const { code, stdout } = await run(tools.ffprobe, [
    "-v",
    "error",
    "-show_entries",
    "format=duration:stream=codec_type,width,height,avg_frame_rate,duration",
    "-of",
    "json",
    file,
  ]);
  if (code !== 0) throw new TranscodeError(TRANSCODE_MESSAGES.notVideo);
  let info: {
    format?: { duration?: string };
    streams?: Array<{ codec_type?: string; width?: number; height?: number; avg_frame_rate?: string }>;
  };
  try {
    info = JSON.parse(stdout) as typeof info;
  } catch {
    throw new TranscodeError(TRANSCODE_MESSAGES.notVideo);
  }
  const video = info.streams?.find((s) => s.codec_type === "video" && s.width && s.height);
  const durationSeconds = Number(info.format?.duration);
  if (!video || !Number.isFinite(durationSeconds) || durationSeconds <= 0)
    throw new TranscodeError(TRANSCODE_MESSAGES.notVideo);
  if (durationSeconds > MAX_SECONDS) throw new TranscodeError(TRANSCODE_MESSAGES.tooLong);
  if (video.width! > MAX_SIDE || video.height! > MAX_SIDE) throw new TranscodeError(TRANSCODE_MESSAGES.tooLarge);
  const [num, den] = (video.avg_frame_rate ?? "").split("/").map(Number);
  const frameRate = num && den ? num / den : null;
  return {
    durationSeconds,
    width: video.width!,
    height: video.height!,
    hasAudio: Boolean(info.streams?.some((s) => s.codec_type === "audio")),
    frameRate,
  };
}

/** The rungs for a source `height` high: none above it (no upscaling), but always the lowest. */
export function rungsFor(height: number, ladder: readonly Rung[] = LADDER): Rung[] {
  const fit = ladder.filter((r) => r.height <= height);
  if (fit.length > 0) return fit;
  const lowest = ladder[0]!;
  return [{ ...lowest, height: Math.max(2, height - (height % 2)) }];
}

export interface TranscodeOptions {
  /** called with 0–100 as ffmpeg goes (often: the caller throttles) */
  onProgress?: (percent: number) => void;
  /** aborting kills ffmpeg */
  signal?: AbortSignal;
  /** the ladder (default LADDER); the seed clip uses a smaller one */
  ladder?: readonly Rung[];
  /** target segment length in seconds (default 4) */
  segmentSeconds?: number;
  /** the audio's sample rate (default 48000; the tiny seed clip uses less) */
  audioSampleRate?: number;
  /** the poster's height at most (default 360) */
  posterHeight?: number;
  /** the ffmpeg to use (default: findFfmpeg()) */
  tools?: Ffmpeg;
}

export interface Rendition {
  name: string;
  height: number;
  bandwidth: number;
}

export interface TranscodeResult {
  durationSeconds: number;
  renditions: Rendition[];
  /** every file written, relative to outDir ("master.m3u8", "240p/index.m3u8", "240p/seg_000.ts", "poster.jpg") */
  files: string[];
  sizeBytes: number;
}

/** `inputFile` as an HLS ladder in `outDir`: master.m3u8, `<rung>/index.m3u8` and segments, poster.jpg. */
export async function transcodeLadder(
  inputFile: string,
  outDir: string,
  options: TranscodeOptions = {},
): Promise<TranscodeResult> {
  const tools = options.tools ?? findFfmpeg();
  if (!tools) throw new TranscodeError(LEARNING_MESSAGES.ffmpegMissing);
  const source = await probe(tools, inputFile);
  const rungs = rungsFor(source.height, options.ladder);
  const segmentSeconds = options.segmentSeconds ?? 4;
  const fps = source.frameRate && source.frameRate <= 120 ? source.frameRate : 30;
  const gop = Math.max(1, Math.round(fps * segmentSeconds));
  const n = rungs.length;
  const args = ["-hide_banner", "-loglevel", "error", "-nostdin", "-nostats", "-y", "-i", inputFile];
  args.push(
    "-filter_complex",
    `[0:v]split=${n}${rungs.map((_, i) => `[s${i}]`).join("")};` +
      rungs.map((r, i) => `[s${i}]scale=-2:${r.height}[v${i}]`).join(";"),
  );
  for (let i = 0; i < n; i++) args.push("-map", `[v${i}]`);
  if (source.hasAudio) for (let i = 0; i < n; i++) args.push("-map", "0:a:0");
  args.push(
    ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-pix_fmt", "yuv420p"],
    ...["-g", String(gop), "-keyint_min", String(gop), "-sc_threshold", "0", "-threads", "2"],
  );
  rungs.forEach((r, i) =>
    args.push(
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.1)}k`,
      `-bufsize:v:${i}`,
      `${r.videoKbps * 2}k`,
    ),
  );
  if (source.hasAudio) {
    args.push("-c:a", "aac", "-ac", "2", "-ar", String(options.audioSampleRate ?? 48000));
    rungs.forEach((r, i) => args.push(`-b:a:${i}`, `${r.audioKbps}k`));
  }
  args.push(
    ...["-f", "hls", "-hls_time", String(segmentSeconds), "-hls_playlist_type", "vod"],
    ...["-hls_flags", "independent_segments", "-hls_segment_filename", path.join(outDir, "%v/seg_%03d.ts")],
    ...["-master_pl_name", "ffmpeg-master.m3u8", "-var_stream_map"],
    rungs.map((r, i) => `v:${i}${source.hasAudio ? `,a:${i}` : ""},name:${r.name}`).join(" "),
    ...["-progress", "pipe:1"],
    path.join(outDir, "%v/index.m3u8"),
  );

  let lastPercent = -1;
  const onLine = (line: string) => {
    const m = /^out_time_us=(\d+)/.exec(line);
    if (!m || !options.onProgress) return;
    // (microseconds encoded ÷ the microseconds of 1 % of the source)
    const percent = Math.min(99, Math.floor(Number(m[1]) / (source.durationSeconds * 10_000)));
    if (percent > lastPercent) {
      lastPercent = percent;
      options.onProgress(percent);
    }
  };
  const ladder = await run(tools.ffmpeg, args, { nice: true, signal: options.signal, onLine });
  if (options.signal?.aborted) throw new TranscodeError(TRANSCODE_MESSAGES.stopped);
  if (ladder.code !== 0) throw new TranscodeError(TRANSCODE_MESSAGES.damaged);

  const posterHeight = Math.min(options.posterHeight ?? 360, source.height);
  const poster = await run(
    tools.ffmpeg,
    [
      ...["-hide_banner", "-loglevel", "error", "-nostdin", "-y"],
      ...["-ss", (source.durationSeconds * 0.1).toFixed(2), "-i", inputFile, "-frames:v", "1"],
      ...["-vf", `scale=-2:${posterHeight - (posterHeight % 2)}`, "-q:v", "5", "-threads", "2"],
      path.join(outDir, "poster.jpg"),
    ],
    { nice: true, signal: options.signal },
  );
  if (options.signal?.aborted) throw new TranscodeError(TRANSCODE_MESSAGES.stopped);
  if (poster.code !== 0) throw new TranscodeError(TRANSCODE_MESSAGES.damaged);

  const made = await writeMaster(outDir, rungs, fps);
  const files = ["master.m3u8", "poster.jpg"];
  let sizeBytes = (await stat(path.join(outDir, "poster.jpg"))).size;
  for (const r of made.playlists) {
    files.push(`${r.name}/index.m3u8`, ...r.segments.map((s) => `${r.name}/${s}`));
    sizeBytes += r.bytes;
  }
  sizeBytes += (await stat(path.join(outDir, "master.m3u8"))).size;
  return {
    durationSeconds: made.durationSeconds,
    renditions: made.renditions,
    files,
    sizeBytes,
  };
}

interface PlaylistFacts {
  name: string;
  segments: string[];
  /** playlist and segments */
  bytes: number;
}

/**
 * master.m3u8 from what was made: per rendition, BANDWIDTH = the peak segment bit rate (RFC 8216
 * §4.3.4.2 says it must not be less), AVERAGE-BANDWIDTH = the mean, RESOLUTION and CODECS (as ffmpeg
 * wrote them in its own master, which is then removed).
 */
async function writeMaster(outDir: string, rungs: Rung[], fps: number) {
  const ffmpegMaster = await readFile(path.join(outDir, "ffmpeg-master.m3u8"), "utf8");
  const attributes = new Map<string, Map<string, string>>();
  const lines = ffmpegMaster.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (!line.startsWith("#EXT-X-STREAM-INF:")) return;
    const uri = lines[i + 1]?.trim() ?? "";
    attributes.set(uri.split("/")[0]!, parseAttributes(line.slice("#EXT-X-STREAM-INF:".length)));
  });

  const out = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"];
  const renditions: Rendition[] = [];
  const playlists: PlaylistFacts[] = [];
  let durationSeconds = 0;
  for (const rung of rungs) {
    const dir = path.join(outDir, rung.name);
    const text = await readFile(path.join(dir, "index.m3u8"), "utf8");
    const segments = parseMediaPlaylist(text);
    let peak = 0;
    let bytes = Buffer.byteLength(text);
    let total = 0;
    let seconds = 0;
    for (const s of segments) {
      const size = (await stat(path.join(dir, s.uri))).size;
      bytes += size;
      total += size;
      seconds += s.duration;
      if (s.duration > 0) peak = Math.max(peak, (size * 8) / s.duration);
    }
    durationSeconds = Math.max(durationSeconds, seconds);
    const bandwidth = Math.ceil(peak);
    const average = Math.ceil(seconds > 0 ? (total * 8) / seconds : peak);
    const attrs = attributes.get(rung.name);
    const resolution = attrs?.get("RESOLUTION");
    const codecs = attrs?.get("CODECS");
    const height = Number(resolution?.split("x")[1]) || rung.height;
    out.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${average}` +
        (resolution ? `,RESOLUTION=${resolution}` : "") +
        `,FRAME-RATE=${fps.toFixed(3)}` +
        (codecs ? `,CODECS=${codecs}` : ""),
      `${rung.name}/index.m3u8`,
    );
    renditions.push({ name: rung.name, height, bandwidth });
    playlists.push({ name: rung.name, segments: segments.map((s) => s.uri), bytes });
  }
  await writeFile(path.join(outDir, "master.m3u8"), out.join("\n") + "\n");
  await rm(path.join(outDir, "ffmpeg-master.m3u8"), { force: true });
  return { renditions, playlists, durationSeconds };
}

/** `A=1,B="x,y"` → Map, quotes kept on quoted values (as they are written back). */
function parseAttributes(list: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) map.set(m[1]!, m[2]!);
  return map;
}

/** A media playlist's segments: each #EXTINF's duration and the URI after it. */
export function parseMediaPlaylist(text: string): Array<{ duration: number; uri: string }> {
  const segments: Array<{ duration: number; uri: string }> = [];
  let duration: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("#EXTINF:")) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith("#") && duration !== null) {
      segments.push({ duration, uri: line });
      duration = null;
    }
  }
  return segments;
}

/** The files of a ladder made in `outDir` (for a caller that did not keep transcodeLadder's answer). */
export async function listLadderFiles(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

interface RunOptions {
  nice?: boolean;
  signal?: AbortSignal;
  onLine?: (line: string) => void;
}

let deathSignal: boolean | undefined;

/**
 * How ffmpeg runs: niced, and (with util-linux's setpriv) killed when this process dies. Without that, a
 * killed server's ffmpeg ran on to the end beside the restarted server's new attempt.
 */
function wrapper(): string[] {
  deathSignal ??= runs("setpriv", ["--version"]);
  return [...(deathSignal ? ["setpriv", "--pdeathsig", "KILL", "--"] : []), "nice", "-n", "10"];
}

/** Runs `command`; resolves with its exit code and output (never rejects on a failed exit). */
async function run(
  command: string,
  args: string[],
  options: RunOptions = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [cmd, ...argv] = options.nice ? [...wrapper(), command, ...args] : [command, ...args];
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return resolve({ code: null, stdout: "", stderr: "" });
    const child = spawn(cmd!, argv, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let partial = "";
    child.stdout.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      if (options.onLine) {
        const lines = (partial + text).split("\n");
        partial = lines.pop()!;
        lines.forEach(options.onLine);
      } else stdout += text;
    });
    // (ffmpeg's errors name the input file: kept for the log, never shown to the admin)
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString();
    });
    const kill = () => child.kill("SIGKILL");
    options.signal?.addEventListener("abort", kill, { once: true });
    child.once("error", (error) => {
      options.signal?.removeEventListener("abort", kill);
      reject(error);
    });
    child.once("close", (code) => {
      options.signal?.removeEventListener("abort", kill);
      resolve({ code, stdout, stderr });
    });
  });
}
