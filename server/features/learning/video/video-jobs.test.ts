// The transcoding job (issue 31; decision 073) on a test database and a local media store: an uploaded
// clip becomes a complete ladder in the store under videos/<id>/, the row ready with its renditions, its
// lessons given its length, the upload removed; a damaged file, a text file named .mp4 and a server
// without ffmpeg end `failed` with a message for the admin; and a worker process killed (SIGKILL) mid-job:
// the job is taken again after the restart and the video is made ready once, its files complete.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEARNING_MESSAGES } from "../../../../contract/learning/learning.ts";
import { makeCourse } from "../../../../tests/support/factories.ts";
import { checkLadder, makeClip } from "../../../../tests/support/hls-checks.ts";
import { stopServerChild, until, withServerDatabase } from "../../../../tests/support/server-child.ts";
import { createTestDatabase } from "../../../../tests/support/test-db.ts";
import { migrateDatabase, type Database, type Db } from "../../../db/client.ts";
import { courseChapters, courseLessons, courses, lessonVideos } from "../../../db/schema.ts";
import { readTestEnv } from "../../../env.ts";
import { createLocalStore } from "../../../integrations/media/local-store.ts";
import type { MediaStore } from "../../../integrations/media/store.ts";
import { startQueue, type Queue } from "../../../jobs/queue.ts";
import { silentLogger } from "../../../lib/logger.ts";
import { newId } from "../../../lib/id.ts";
import { TRANSCODE_MESSAGES } from "./transcode.ts";
import { videoFileKey } from "./video-files.ts";
import { queueTranscode, startVideoWorker, VIDEO_QUEUE, videoContentType } from "./video-jobs.ts";

const onPostgres = Boolean(readTestEnv().TEST_DATABASE_URL);
const ROOT = path.resolve(import.meta.dirname, "../../../..");

let dir: string;
let clip: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "academy-video-jobs-"));
  await makeClip(path.join(dir, "clip.mp4"), 4, 360);
  clip = readFileSync(path.join(dir, "clip.mp4"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A course with one video lesson showing an upload of `bytes`, stored as the upload would be. */
async function uploadedVideo(db: Db, store: MediaStore, bytes: Uint8Array, name = "lecture.mp4") {
  const [course] = await db
    .insert(courses)
    .values(makeCourse({ title: `Video course ${newId()}` }))
    .returning();
  const [chapter] = await db
    .insert(courseChapters)
    .values({ courseId: course!.id, title: "Week 1", position: 0, published: true })
    .returning();
  const sourceKey = `video-sources/${newId()}.mp4`;
  await store.put(sourceKey, bytes, "video/mp4");
  const [video] = await db.insert(lessonVideos).values({ sourceKey, originalName: name }).returning();
  const [lesson] = await db
    .insert(courseLessons)
    .values({
      courseId: course!.id,
      chapterId: chapter!.id,
      title: "Welcome",
      kind: "video",
      position: 0,
      published: true,
      videoId: video!.id,
    })
    .returning();
  return { video: video!, lesson: lesson!, sourceKey };
}

const videoRow = async (db: Db, id: string) =>
  (await db.select().from(lessonVideos).where(eq(lessonVideos.id, id)))[0]!;
const lessonRow = async (db: Db, id: string) =>
  (await db.select().from(courseLessons).where(eq(courseLessons.id, id)))[0]!;
const storeReader = (store: MediaStore, videoId: string) => async (file: string) =>
  (await store.get(`videos/${videoId}/${file}`))?.bytes ?? null;

describe("videoFileKey", () => {
  it("names the ladder's files and nothing else", () => {
    const id = "0123456789abcdef01234567";
    for (const file of ["master.m3u8", "poster.jpg", "240p/index.m3u8", "720p/seg_000.ts", "1080p/seg_1234.ts"])
      expect(videoFileKey(id, file)).toBe(`videos/${id}/${file}`);
    for (const file of [
      "",
      "../master.m3u8",
      "240p/../../x",
      "240p/seg_000.ts/x",
      "240p/seg_0.ts",
      "240p/other.ts",
      "master.m3u8.bak",
      "/master.m3u8",
      "240p/index.m3u8?x",
      "x/index.m3u8",
      "poster.png",
      "240P/index.m3u8",
    ])
      expect(videoFileKey(id, file), file).toBeNull();
    expect(videoFileKey("../x", "master.m3u8")).toBeNull();
    expect(videoFileKey("ABC", "master.m3u8")).toBeNull();
    expect(videoContentType("master.m3u8")).toBe("application/vnd.apple.mpegurl");
    expect(videoContentType("240p/seg_000.ts")).toBe("video/mp2t");
    expect(videoContentType("poster.jpg")).toBe("image/jpeg");
  });
});

describe(`the video-transcode worker (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  let database: Database;
  let queue: Queue;
  let store: MediaStore;
  let noFfmpegQueue: Queue | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startQueue(database, { logger: silentLogger });
    store = createLocalStore(path.join(dir, "data"));
    await startVideoWorker(queue.boss, { db: database.db, store, logger: silentLogger, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await queue?.stop();
    await noFfmpegQueue?.stop();
    await database?.close();
  });

  const settled = (id: string) =>
    until(
      "the video to be ready or failed",
      async () => ["ready", "failed"].includes((await videoRow(database.db, id)).status),
      60_000,
    );

  it("makes an upload a ladder in the store, the row ready, its lessons given its length, the upload removed", async () => {
    const { video, lesson, sourceKey } = await uploadedVideo(database.db, store, clip);
    await queueTranscode(queue.boss, video.id);
    // one job per video: queued again while it waits or runs, nothing more is queued
    await queueTranscode(queue.boss, video.id);
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${VIDEO_QUEUE} and singleton_key = ${video.id}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(1);
    await settled(video.id);
    const row = await videoRow(database.db, video.id);
    expect(row).toMatchObject({ status: "ready", progress: 100, error: null, sourceKey: null });
    expect(row.durationSeconds).toBeCloseTo(4, 0);
    expect(row.renditions).toEqual([
      { name: "240p", height: 240, bandwidth: expect.any(Number) },
      { name: "360p", height: 360, bandwidth: expect.any(Number) },
    ]);
    const facts = await checkLadder(storeReader(store, video.id), 4);
    expect(row.renditions!.map((r) => r.bandwidth)).toEqual(facts.renditions.map((r) => r.bandwidth));
    let size = 0;
    for (const file of facts.files) size += (await store.get(`videos/${video.id}/${file}`))!.bytes.length;
    expect(row.sizeBytes).toBe(size);
    expect((await lessonRow(database.db, lesson.id)).durationSeconds).toBe(4);
    // (the upload and the temporary folder are removed once the ready row is committed)
    await until(
      "the upload and the temporary folder to be removed",
      async () => !(await store.has(sourceKey)) && !existsSync(path.join(os.tmpdir(), `academy-video-${video.id}`)),
      10_000,
    );
  }, 60_000);

  it.each([
    [
      "a text file named .mp4",
      () => Buffer.from("Lecture notes, not a video.\n".repeat(100)),
      TRANSCODE_MESSAGES.notVideo,
    ],
    ["a damaged video (cut in half)", () => clip.subarray(0, clip.length >> 1), TRANSCODE_MESSAGES.notVideo],
  ])(
    "ends %s failed with a message for the admin, the upload kept",
    async (_what, bytes, message) => {
      const { video, lesson, sourceKey } = await uploadedVideo(database.db, store, bytes());
      await queueTranscode(queue.boss, video.id);
      await settled(video.id);
      expect(await videoRow(database.db, video.id)).toMatchObject({
        status: "failed",
        error: message,
        renditions: null,
      });
      expect((await lessonRow(database.db, lesson.id)).durationSeconds).toBeNull();
      expect(await store.has(sourceKey)).toBe(true);
      expect(await store.has(`videos/${video.id}/master.m3u8`)).toBe(false);
    },
    60_000,
  );

  it("on a server without ffmpeg, ends failed saying that transcoding needs ffmpeg and how to install it", async () => {
    // (a second process's worker, with an ffmpeg that does not exist; this file's own worker is stopped)
    await queue.boss.offWork(VIDEO_QUEUE);
    noFfmpegQueue = await startQueue(database, { logger: silentLogger });
    await startVideoWorker(noFfmpegQueue.boss, {
      db: database.db,
      store,
      logger: silentLogger,
      pollingIntervalSeconds: 0.5,
      ffmpegPath: path.join(dir, "nowhere", "ffmpeg"),
    });
    const { video } = await uploadedVideo(database.db, store, clip);
    await queueTranscode(queue.boss, video.id);
    await settled(video.id);
    const row = await videoRow(database.db, video.id);
    expect(row).toMatchObject({ status: "failed", error: LEARNING_MESSAGES.ffmpegMissing });
    expect(row.error).toMatch(/apt-get install ffmpeg/);
  }, 60_000);
});

describe(`a video worker process killed mid-job (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  let dataDir: string;
  let postgres: Database | undefined;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-video-crash-"));
    if (onPostgres) postgres = await createTestDatabase();
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await postgres?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** tests/support/video-worker-process.ts on the test's database and data directory. */
  function startWorkerProcess(videoId: string) {
    const lines: string[] = [];
    let errors = "";
    let partial = "";
    const started = spawn(process.execPath, ["tests/support/video-worker-process.ts", videoId], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      // (no PATH: ffmpeg, nice and setpriv are found in /usr/bin, the search path of a process without one)
      env: {
        NODE_ENV: "test",
        TMPDIR: path.join(dataDir, "tmp"),
        DATA_DIR: dataDir,
        ...(postgres ? { DATABASE_URL: postgres.pool!.options.connectionString } : {}),
      },
    });
    started.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    started.stdout!.on("data", (chunk: Buffer) => {
      const all = (partial + chunk.toString()).split("\n");
      partial = all.pop()!;
      lines.push(...all);
    });
    const progress = () =>
      lines
        .filter((l) => l.includes('"msg":"video progress"'))
        .map((l) => (JSON.parse(l) as { percent: number }).percent);
    return { child: started, lines, progress, errors: () => errors };
  }

  /** Processes (ffmpeg) whose command line names the data directory. */
  const ffmpegsOfTheChild = () =>
    readdirSync("/proc")
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, "utf8").includes(dataDir);
        } catch {
          return false;
        }
      });

  it("is taken again after the restart, and the video is made ready once, its files complete", async () => {
    const store = createLocalStore(dataDir);
    const withDb = <T>(fn: (db: Db, database: Database) => Promise<T>) => withServerDatabase(postgres, dataDir, fn);
    // a longer clip (a few seconds of transcoding), so that the kill comes mid-job
    await makeClip(path.join(dataDir, "long.mp4"), 16, 720);
    const { video, lesson } = await withDb(async (db, database) => {
      if (!postgres) await migrateDatabase(database);
      return uploadedVideo(db, store, readFileSync(path.join(dataDir, "long.mp4")));
    });

    mkdirSync(path.join(dataDir, "tmp"));
    const ready = (l: string) => l.includes('"msg":"video ready"');

    // The first process: it queues the job, takes it, and is killed once ffmpeg is well under way.
    const first = startWorkerProcess(video.id);
    child = first.child;
    await until(
      `the first process to transcode (${first.errors()})`,
      () => first.progress().some((p) => p >= 10) || first.child.exitCode !== null,
      60_000,
    );
    expect(first.child.exitCode, first.errors()).toBeNull();
    expect(ffmpegsOfTheChild().length).toBeGreaterThan(0);
    await stopServerChild(first.child, "SIGKILL");
    expect(first.lines.some(ready)).toBe(false);
    expect(Math.max(...first.progress())).toBeLessThan(100);
    // its ffmpeg died with it (setpriv --pdeathsig), rather than running on beside the next attempt
    await until("the killed process's ffmpeg to end", () => ffmpegsOfTheChild().length === 0, 3_000);
    await withDb(async (db) => {
      expect(await videoRow(db, video.id)).toMatchObject({ status: "transcoding" });
    });

    // The restart: a new process on the same database, store and temporary folder; stopped (SIGTERM,
    // gracefully) once the video is ready.
    const second = startWorkerProcess(video.id);
    child = second.child;
    await until(`the video to be ready after the restart (${second.errors()})`, () => second.lines.some(ready), 90_000);
    await stopServerChild(second.child, "SIGTERM");
    expect(second.child.exitCode, second.errors()).toBe(0);
    expect(second.lines.filter(ready)).toHaveLength(1);

    await withDb(async (db) => {
      const row = await videoRow(db, video.id);
      expect(row).toMatchObject({ status: "ready", progress: 100, error: null, sourceKey: null });
      expect((await lessonRow(db, lesson.id)).durationSeconds).toBe(16);
      // one job for the video, taken again after the kill, completed
      const { rows } = (await db.execute(
        sql`select state, retry_count from pgboss.job where name = ${VIDEO_QUEUE} and singleton_key = ${video.id}`,
      )) as unknown as { rows: Array<{ state: string; retry_count: number }> };
      expect(rows).toEqual([{ state: "completed", retry_count: expect.any(Number) }]);
      expect(rows[0]!.retry_count).toBeGreaterThanOrEqual(1);
    });
    await checkLadder(storeReader(store, video.id), 16);
    // the killed attempt's temporary files went when the next attempt started, and that one's when it ended
    expect(readdirSync(path.join(dataDir, "tmp")).filter((f) => f.includes(video.id))).toEqual([]);
  }, 180_000);
});
