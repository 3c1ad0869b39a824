// Uploaded lesson videos are transcoded off the request path (issue 31; decision 073): one pg-boss job
// per video on `video-transcode`, one at a time per process, on whichever process takes it. A process
// that dies mid-way stops its job's heartbeat, and the job is taken again (server/jobs/leases.ts,
// decision 067) and starts over. The ladder goes into the media store under `videos/<id>/`, so any
// process (or a CDN in front of them) can serve it.
import { mkdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Db } from "../../../db/client.ts";
import { writeContent } from "../../../db/content-version.ts";
import { courseLessons, lessonVideos } from "../../../db/schema.ts";
import type { MediaStore } from "../../../integrations/media/store.ts";
import type { Logger } from "../../../lib/logger.ts";
import { findFfmpeg, TranscodeError, transcodeLadder, type Ffmpeg } from "./transcode.ts";
import { LEARNING_MESSAGES } from "../../../../contract/learning/learning.ts";

export const VIDEO_QUEUE = "video-transcode";

/** Tried again twice; a 10 s heartbeat, so a dead process's job is found soon; a long video may take hours. */
const RETRY_LIMIT = 2;
const JOB_OPTIONS = {
  retryLimit: RETRY_LIMIT,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 12 * 60 * 60,
  heartbeatSeconds: 10,
} as const;

/** The admin's progress bar moves at most this often (one update of the row each time). */
const PROGRESS_EVERY_MS = 3000;

export const VIDEO_CONTENT_TYPES: Record<string, string> = {
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
  jpg: "image/jpeg",
};

/** The content type of a ladder file by its extension. */
export function videoContentType(file: string): string {
  return VIDEO_CONTENT_TYPES[file.slice(file.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

interface VideoJob {
  videoId: string;
}

const queuesReady = new WeakMap<PgBoss, Promise<void>>();

/** One job per video waiting or running (the key is the video's id). */
function ensureQueue(boss: PgBoss): Promise<void> {
  let ready = queuesReady.get(boss);
  if (!ready) {
    ready = boss.createQueue(VIDEO_QUEUE, { policy: "exclusive", ...JOB_OPTIONS }).catch((error: unknown) => {
      queuesReady.delete(boss);
      throw error;
    });
    queuesReady.set(boss, ready);
  }
  return ready;
}

/** Queues the transcoding of an uploaded video (once: a second call while one waits or runs adds none). */
export async function queueTranscode(boss: PgBoss, videoId: string): Promise<void> {
  await ensureQueue(boss);
  await boss.send(VIDEO_QUEUE, { videoId } satisfies VideoJob, { ...JOB_OPTIONS, singletonKey: videoId });
}

export interface VideoWorkerDeps {
  db: Db;
  store: MediaStore;
  logger: Logger;
  /** FFMPEG_PATH (default: ffmpeg and ffprobe on PATH) */
  ffmpegPath?: string;
  /** how often an idle worker looks for a job (default 2 s) */
  pollingIntervalSeconds?: number;
  /** how often the row's progress is written, at most (default 3 s) */
  progressEveryMs?: number;
}

/** This process's worker on the video queue (server/jobs/start-jobs.ts): one job at a time. */
export async function startVideoWorker(boss: PgBoss, deps: VideoWorkerDeps): Promise<void> {
  await ensureQueue(boss);
  // Without ffmpeg the worker still takes the jobs, and ends each failed with the message saying so.
  if (!findFfmpeg(deps.ffmpegPath))
    deps.logger.warn("ffmpeg not found: uploaded videos cannot be transcoded (apt-get install ffmpeg)", {
      ffmpegPath: deps.ffmpegPath ?? "ffmpeg on PATH",
    });
  await boss.work<VideoJob>(
    VIDEO_QUEUE,
    { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2 },
    async ([job]) => {
      if (!job) return;
      await transcodeVideo(deps, job.data.videoId, { signal: job.signal, lastAttempt: job.retryCount >= RETRY_LIMIT });
    },
  );
}

const setVideo = (db: Db, id: string, values: Partial<typeof lessonVideos.$inferInsert>) =>
  db
    .update(lessonVideos)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(lessonVideos.id, id));

/**
 * The job's work: the source from the store, the ladder made in a temporary folder, every file put into
 * the store, then the row ready (and the lessons showing it get its length) and the source removed. A
 * problem with the video ends it `failed` with a message for the admin; any other error is thrown for
 * pg-boss to try again, the row showing it meanwhile (failed once the tries are used up).
 */
export async function transcodeVideo(
  deps: VideoWorkerDeps,
  videoId: string,
  options: { signal?: AbortSignal; lastAttempt?: boolean; tools?: Ffmpeg } = {},
): Promise<void> {
  const { db, store, logger } = deps;
  const [video] = await db.select().from(lessonVideos).where(eq(lessonVideos.id, videoId));
  // (gone, or done by an earlier attempt that died before its job completed)
  if (!video || video.status === "ready" || video.status === "failed") return;
  const fail = async (message: string) => {
    await setVideo(db, videoId, { status: "failed", error: message });
    logger.warn("video transcoding failed", { videoId, reason: message });
  };

  const tools = options.tools ?? findFfmpeg(deps.ffmpegPath);
  if (!tools) return fail(LEARNING_MESSAGES.ffmpegMissing);
  const source = video.sourceKey ? await store.localFile(video.sourceKey) : null;
  if (!source) return fail("The uploaded file is missing. Upload the video again.");

  // One folder per video: an attempt of a process that died left its files there, removed now.
  const work = path.join(os.tmpdir(), `academy-video-${videoId}`);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    await setVideo(db, videoId, { status: "transcoding", progress: 0, error: null });
    logger.info("video transcoding", { videoId, bytes: source.size });
    let lastWrite = Date.now();
    let writing: Promise<unknown> = Promise.resolve();
    const result = await transcodeLadder(source.file, work, {
      tools,
      signal: options.signal,
      onProgress: (percent) => {
        const now = Date.now();
        if (now - lastWrite < (deps.progressEveryMs ?? PROGRESS_EVERY_MS)) return;
        lastWrite = now;
        writing = writing.then(() => setVideo(db, videoId, { progress: percent })).catch(() => {});
        logger.debug("video progress", { videoId, percent });
      },
    });
    await writing;
    // The playlists last, so that a master playlist in the store always finds its segments.
    const order = [
      ...result.files.filter((f) => !f.endsWith(".m3u8")),
      ...result.files.filter((f) => f.endsWith(".m3u8") && f !== "master.m3u8"),
      "master.m3u8",
    ];
    for (const file of order) {
      const bytes = await readFile(path.join(work, file));
      await store.put(`videos/${videoId}/${file}`, bytes, videoContentType(file));
    }
    const durationSeconds = Math.round(result.durationSeconds);
    await db.transaction(async (tx) => {
      await tx
        .update(lessonVideos)
        .set({
          status: "ready",
          progress: 100,
          error: null,
          durationSeconds: result.durationSeconds,
          renditions: result.renditions,
          sizeBytes: result.sizeBytes,
          sourceKey: null,
          updatedAt: new Date(),
        })
        .where(eq(lessonVideos.id, videoId));
      await writeContent(tx, ["courses"], (ctx) =>
        ctx
          .update(courseLessons)
          .set({ durationSeconds, updatedAt: new Date() })
          .where(eq(courseLessons.videoId, videoId)),
      );
    });
    logger.info("video ready", { videoId, seconds: durationSeconds, renditions: result.renditions.length });
    // (the row no longer names the upload: a failed removal leaves a stray file, never a broken video)
    if (video.sourceKey)
      await store.delete(video.sourceKey).catch((error: unknown) =>
        logger.warn("video upload not removed", {
          videoId,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
  } catch (error) {
    // Stopped (this process stopping, or the job's claim lost to another process): the row is left
    // to the attempt that takes the job next.
    if (options.signal?.aborted) throw new Error(`transcoding of video ${videoId} stopped`, { cause: error });
    if (error instanceof TranscodeError) return fail(error.message);
    const message = "Transcoding stopped on an error on the server";
    logger.error("video transcoding error", { videoId, error: error instanceof Error ? error : String(error) });
    await setVideo(db, videoId, {
      status: options.lastAttempt ? "failed" : "queued",
      error: options.lastAttempt ? `${message}. Upload the video again.` : `${message}; trying again.`,
    }).catch(() => {});
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
