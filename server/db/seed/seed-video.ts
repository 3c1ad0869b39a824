// The demo courses' video (issue 31 "Seed"; decision 073): a 4 s ladder made once by
// scripts/make-seed-video.sh and committed in ./video, so that seeding needs no ffmpeg. Its segments are
// kept there as seg_NNN.mpegts (tools that read the source tree take a .ts file for TypeScript) and
// stored as seg_NNN.ts, the names its playlists give.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { MediaStore } from "../../integrations/media/store.ts";
import type { lessonVideos } from "../schema.ts";

/** From the project's root, as the migrations are (server/db/client.ts): the server bundle is elsewhere. */
export const SEED_VIDEO_DIR = path.resolve("server/db/seed/video");

const CONTENT_TYPES: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".jpg": "image/jpeg",
};

/** The committed files: [path under ./video, name in the store]. */
async function seedFiles(): Promise<Array<[string, string]>> {
  const entries = await readdir(SEED_VIDEO_DIR, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(SEED_VIDEO_DIR, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort()
    .map((file): [string, string] => [file, file.replace(/\.mpegts$/, ".ts")]);
}

/**
 * Puts the seed video into `store` under `videos/<videoId>/` (the keys an upload's ladder gets) and
 * returns the lesson_videos values of a ready video; insert them with `id: videoId`.
 */
export async function putSeedVideo(
  store: MediaStore,
  videoId: string,
): Promise<Omit<typeof lessonVideos.$inferInsert, "id">> {
  let sizeBytes = 0;
  for (const [file, name] of await seedFiles()) {
    const bytes = await readFile(path.join(SEED_VIDEO_DIR, file));
    sizeBytes += bytes.length;
    await store.put(`videos/${videoId}/${name}`, bytes, CONTENT_TYPES[path.extname(name)]!);
  }
  const { renditions, durationSeconds } = await describeSeedVideo();
  return {
    sourceKey: null,
    originalName: "welcome.mp4",
    status: "ready",
    progress: 100,
    error: null,
    durationSeconds,
    renditions,
    sizeBytes,
  };
}

/** The renditions (from the master playlist) and the length (from the first rendition's playlist). */
export async function describeSeedVideo() {
  const master = (await readFile(path.join(SEED_VIDEO_DIR, "master.m3u8"), "utf8")).split("\n");
  const renditions: Array<{ name: string; height: number; bandwidth: number }> = [];
  master.forEach((line, i) => {
    if (!line.startsWith("#EXT-X-STREAM-INF:")) return;
    const name = master[i + 1]!.split("/")[0]!;
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)![1]);
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)![1]);
    renditions.push({ name, height, bandwidth });
  });
  const first = await readFile(path.join(SEED_VIDEO_DIR, renditions[0]!.name, "index.m3u8"), "utf8");
  const durationSeconds = [...first.matchAll(/^#EXTINF:([\d.]+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  return { renditions, durationSeconds };
}
