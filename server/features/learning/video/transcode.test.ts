// The HLS ladder of an uploaded video (issue 31; decision 073), on clips ffmpeg generates here: every
// rendition up to the source's height, playlists RFC 8216 accepts, as long as the source, decodable
// from start to end, BANDWIDTH at least the peak, a JPEG poster; and a file that is no video refused
// with a message for the admin.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLadder, makeClip } from "../../../../tests/support/hls-checks.ts";
import { findFfmpeg, probe, rungsFor, TranscodeError, transcodeLadder, TRANSCODE_MESSAGES } from "./transcode.ts";

const exec = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "academy-transcode-"));
  await makeClip(path.join(dir, "clip720.mp4"), 5, 720);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const reader = (root: string) => (file: string) => readFile(path.join(root, file)).catch(() => null);

describe("transcodeLadder", () => {
  it("makes 240p, 360p and 720p of a 5 s 720p clip, as long as the clip, playable, with a poster", async () => {
    const out = path.join(dir, "out720");
    await mkdir(out);
    const seen: number[] = [];
    const result = await transcodeLadder(path.join(dir, "clip720.mp4"), out, {
      onProgress: (p) => seen.push(p),
      segmentSeconds: 2,
    });
    expect(result.renditions.map((r) => [r.name, r.height])).toEqual([
      ["240p", 240],
      ["360p", 360],
      ["720p", 720],
    ]);
    expect(result.durationSeconds).toBeCloseTo(5, 0);
    const facts = await checkLadder(reader(out), 5);
    expect(facts.renditions.map((r) => r.height)).toEqual([240, 360, 720]);
    expect(facts.renditions.every((r) => r.segments >= 2)).toBe(true);
    // the answer names exactly the files the playlists name, and what the row records
    expect([...result.files].sort()).toEqual([...facts.files].sort());
    expect(result.renditions.map((r) => r.bandwidth)).toEqual(facts.renditions.map((r) => r.bandwidth));
    // the lowest rung's bit rate stays near what slow networks get (250 kbit/s video, 64 kbit/s audio)
    expect(facts.renditions[0]!.bandwidth).toBeLessThan(450_000);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p >= 0 && p <= 99)).toBe(true);
    // playable: ffmpeg decodes every rendition from its playlist to the end, without an error
    for (const r of facts.renditions) {
      const { stderr } = await exec("ffmpeg", [
        ...["-v", "error", "-allowed_extensions", "ALL", "-i", path.join(out, r.uri), "-f", "null", "-"],
      ]);
      expect(stderr).toBe("");
      const played = await probe(findFfmpeg()!, path.join(out, r.uri));
      expect(played.height).toBe(r.height);
      expect(Math.abs(played.durationSeconds - 5)).toBeLessThanOrEqual(0.5);
    }
  }, 60_000);

  it("never upscales: a 360p source gets 240p and 360p; one under 240p gets one rung its own height", () => {
    expect(rungsFor(360).map((r) => r.name)).toEqual(["240p", "360p"]);
    expect(rungsFor(1080).map((r) => r.name)).toEqual(["240p", "360p", "720p"]);
    expect(rungsFor(144)).toEqual([expect.objectContaining({ name: "240p", height: 144 })]);
    expect(rungsFor(143)[0]!.height).toBe(142);
  });

  it.each([
    ["a text file named .mp4", "notes.mp4", Buffer.from("These are my lecture notes, not a video.\n".repeat(50))],
    ["an empty file", "empty.mp4", Buffer.alloc(0)],
  ])("refuses %s with a message for the admin", async (_what, name, bytes) => {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    const out = path.join(dir, `out-${name}`);
    await mkdir(out);
    const error = await transcodeLadder(file, out).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscodeError);
    expect((error as Error).message).toBe(TRANSCODE_MESSAGES.notVideo);
  });

  it("refuses a damaged video (its second half cut off) with a message for the admin", async () => {
    const whole = await readFile(path.join(dir, "clip720.mp4"));
    const file = path.join(dir, "cut.mp4");
    writeFileSync(file, whole.subarray(0, whole.length >> 1));
    const out = path.join(dir, "out-cut");
    await mkdir(out);
    const error = await transcodeLadder(file, out).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscodeError);
    expect(Object.values(TRANSCODE_MESSAGES)).toContain((error as Error).message);
  });

  it("stops ffmpeg when aborted", async () => {
    const out = path.join(dir, "out-abort");
    await mkdir(out);
    const controller = new AbortController();
    const started = Date.now();
    const error = await transcodeLadder(path.join(dir, "clip720.mp4"), out, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(TRANSCODE_MESSAGES.stopped);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("says plainly that ffmpeg is missing when it is", async () => {
    expect(findFfmpeg(path.join(dir, "no-such-ffmpeg"))).toBeNull();
    expect(findFfmpeg()).not.toBeNull();
  });
});
