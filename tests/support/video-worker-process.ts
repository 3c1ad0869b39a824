// A process that works the video queue and nothing else, for the test that kills it mid-job
// (server/features/learning/video/video-jobs.test.ts): the database of DATABASE_URL, or the PGlite
// directory DATA_DIR/pglite; the local media store in DATA_DIR; the transcoding of the video given as
// its argument queued, then worked. Logs (JSON lines, debug level) go to standard output. Run with
// `node tests/support/video-worker-process.ts <video id>`.
import path from "node:path";
import { openDatabase } from "../../server/db/client.ts";
import { parseEnv } from "../../server/env.ts";
import { queueTranscode, startVideoWorker } from "../../server/features/learning/video/video-jobs.ts";
import { createLocalStore } from "../../server/integrations/media/local-store.ts";
import { startQueue } from "../../server/jobs/queue.ts";
import { createLogger } from "../../server/lib/logger.ts";

const env = parseEnv();
const dataDir = env.DATA_DIR;
const videoId = process.argv[2]!;
const database = env.DATABASE_URL
  ? await openDatabase({ url: env.DATABASE_URL, poolSize: 2 })
  : await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
const logger = createLogger("debug");
const queue = await startQueue(database, { logger, superviseSeconds: 5 });
await queueTranscode(queue.boss, videoId);
await startVideoWorker(queue.boss, {
  db: database.db,
  store: createLocalStore(dataDir),
  logger,
  pollingIntervalSeconds: 0.5,
  progressEveryMs: 200,
});
logger.info("video worker started");
// A graceful stop (SIGTERM): the job in hand finishes, pg-boss records it, the database closes.
process.once("SIGTERM", () => {
  void queue
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
