// The demo courses' committed video (decision 073): put into a media store without ffmpeg, it is a
// whole HLS ladder under videos/<id>/ (the checks an upload's ladder passes), and the row values say
// ready, with its renditions, length and size.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkLadder } from "../../../tests/support/hls-checks.ts";
import { createLocalStore } from "../../integrations/media/local-store.ts";
import { newId } from "../../lib/id.ts";
import { putSeedVideo } from "./seed-video.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "academy-seed-video-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("putSeedVideo", () => {
  it("stores a whole, small ladder under videos/<id>/ and gives the values of a ready video", async () => {
    const store = createLocalStore(dir);
    const id = newId();
    const row = await putSeedVideo(store, id);
    const stored = new Map<string, number>();
    const facts = await checkLadder(async (file) => {
      const object = await store.get(`videos/${id}/${file}`);
      if (object) stored.set(file, object.bytes.length);
      return object?.bytes ?? null;
    }, 4);
    expect(row).toMatchObject({ status: "ready", progress: 100, error: null, sourceKey: null });
    expect(row.durationSeconds).toBeCloseTo(4, 1);
    expect(row.renditions).toEqual(
      facts.renditions.map((r) => ({ name: r.uri.split("/")[0], height: r.height, bandwidth: r.bandwidth })),
    );
    expect(row.renditions!.map((r) => r.name)).toEqual(["240p", "360p"]);
    // the size is the files the playlists name, and tens of kilobytes
    expect(row.sizeBytes).toBe([...stored.values()].reduce((a, b) => a + b, 0));
    expect(row.sizeBytes).toBeLessThan(100_000);
  });
});
