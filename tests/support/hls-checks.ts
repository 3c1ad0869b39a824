// An HLS ladder checked against RFC 8216 (decision 073), wherever its files are (a folder, the media
// store): the master and every rendition playlist parse (m3u8-parser), each rendition is a whole VOD
// (ENDLIST, PLAYLIST-TYPE VOD, every EXTINF rounding to at most TARGETDURATION, §4.3.3.1), its length
// is the source's, every segment it names exists and is MPEG-TS, its peak segment bit rate is at most the
// declared BANDWIDTH (§4.3.4.2), and the poster is a JPEG. And the clips the tests transcode.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Parser } from "m3u8-parser";
import { expect } from "vitest";

/** `seconds` of a test picture and a tone, `height` high (16:9), as H.264/AAC in MP4. */
export async function makeClip(file: string, seconds: number, height: number) {
  const size = `${Math.round((height * 16) / 9 / 2) * 2}x${height}`;
  await promisify(execFile)("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", `testsrc=size=${size}:rate=25:duration=${seconds}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", file],
  ]);
}

export interface LadderFacts {
  renditions: Array<{ uri: string; bandwidth: number; height: number; seconds: number; segments: number }>;
  /** every file the playlists name, with master.m3u8 and poster.jpg */
  files: string[];
}

function parse(text: string) {
  const parser = new Parser();
  parser.push(text);
  parser.end();
  return parser.manifest;
}

/** `read(file)` gives a file of the ladder ("master.m3u8", "240p/seg_000.ts"), or null when there is none. */
export async function checkLadder(
  read: (file: string) => Promise<Uint8Array | null>,
  expectedSeconds: number,
): Promise<LadderFacts> {
  const text = async (file: string) => {
    const bytes = await read(file);
    expect(bytes, `${file} is missing`).not.toBeNull();
    return Buffer.from(bytes!).toString("utf8");
  };
  const master = parse(await text("master.m3u8"));
  expect(master.playlists?.length ?? 0).toBeGreaterThan(0);
  const facts: LadderFacts = { renditions: [], files: ["master.m3u8", "poster.jpg"] };
  for (const variant of master.playlists!) {
    const attributes = variant.attributes;
    expect(attributes.CODECS).toMatch(/^avc1\.[0-9a-f]{6}(,mp4a\.40\.2)?$/);
    const dir = variant.uri.slice(0, variant.uri.lastIndexOf("/") + 1);
    const media = parse(await text(variant.uri));
    facts.files.push(variant.uri);
    expect(media.endList, `${variant.uri} has no ENDLIST`).toBe(true);
    expect(media.playlistType).toBe("VOD");
    const target = media.targetDuration!;
    let seconds = 0;
    let peak = 0;
    for (const segment of media.segments) {
      expect(Math.round(segment.duration)).toBeLessThanOrEqual(target);
      const bytes = await read(dir + segment.uri);
      expect(bytes, `${dir + segment.uri} is missing`).not.toBeNull();
      // MPEG-TS: 188-byte packets, each starting with the sync byte 0x47
      expect(bytes!.length % 188).toBe(0);
      expect(bytes![0]).toBe(0x47);
      seconds += segment.duration;
      peak = Math.max(peak, (bytes!.length * 8) / segment.duration);
      facts.files.push(dir + segment.uri);
    }
    expect(Math.abs(seconds - expectedSeconds), `${variant.uri} lasts ${seconds} s`).toBeLessThanOrEqual(0.5);
    expect(peak, `${variant.uri}: peak segment bit rate above BANDWIDTH`).toBeLessThanOrEqual(attributes.BANDWIDTH!);
    facts.renditions.push({
      uri: variant.uri,
      bandwidth: attributes.BANDWIDTH!,
      height: attributes.RESOLUTION?.height ?? 0,
      seconds,
      segments: media.segments.length,
    });
  }
  const poster = await read("poster.jpg");
  expect(poster, "poster.jpg is missing").not.toBeNull();
  expect([...poster!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  return facts;
}
