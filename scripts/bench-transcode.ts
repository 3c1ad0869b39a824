// How long an uploaded lesson video takes to become its HLS ladder on this machine (issue 31 figure;
// decision 073): a 1-minute 720p clip (ffmpeg's test picture and a tone) made into 240p, 360p and 720p
// with a poster by the worker's own transcodeLadder (niced, two threads), then the wall and CPU time,
// the renditions and their sizes are printed. Not a test: run it by hand, once.
//   node scripts/bench-transcode.ts [seconds of clip, default 60]
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { findFfmpeg, transcodeLadder } from "../server/features/learning/video/transcode.ts";

const seconds = Number(process.argv[2] ?? 60);

/** CPU seconds (user + system) of this process's ended children: fields 16 and 17 of /proc/self/stat, in ticks of 1/100 s. */
function childrenCpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // (after the command's closing parenthesis the fields start at the 3rd: cutime is the 16th, cstime the 17th)
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
const tools = findFfmpeg();
if (!tools) {
  console.error("bench-transcode: ffmpeg and ffprobe are needed (apt-get install -y ffmpeg)");
  process.exit(1);
}
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-transcode-"));
try {
  const source = path.join(dir, "source.mp4");
  // the clip of stack-notes-learning §1b
  await promisify(execFile)(tools.ffmpeg, [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", `testsrc=size=1280x720:rate=30:duration=${seconds}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"],
    source,
  ]);
  const out = path.join(dir, "ladder");
  mkdirSync(out);
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const result = await transcodeLadder(source, out, { tools });
  const wall = (performance.now() - started) / 1000;
  const cpu = childrenCpuSeconds() - cpuBefore;
  console.log(`source: ${seconds} s of 1280x720 at 30 fps, ${(statSync(source).size / 1e6).toFixed(1)} MB`);
  console.log(
    `cores: ${os.availableParallelism()}, load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `ladder: ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU (ffmpeg's, niced on two threads); ` +
      `${(wall / seconds).toFixed(2)} s of wall time per second of video`,
  );
  for (const r of result.renditions) {
    const bytes = result.files
      .filter((f) => f.startsWith(`${r.name}/`))
      .reduce((n, f) => n + statSync(path.join(out, f)).size, 0);
    console.log(
      `  ${r.name}: BANDWIDTH ${Math.round(r.bandwidth / 1000)} kbit/s, ${(bytes / 1e6).toFixed(2)} MB ` +
        `(${((bytes / 1e6) * (60 / result.durationSeconds)).toFixed(2)} MB per minute; ` +
        `a 10-minute lesson ${((bytes / 1e6) * (600 / result.durationSeconds)).toFixed(1)} MB)`,
    );
  }
  console.log(`  whole ladder with the poster: ${(result.sizeBytes / 1e6).toFixed(2)} MB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
