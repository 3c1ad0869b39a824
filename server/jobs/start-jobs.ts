// The background work of one app process: the queue and its workers. The server (server/boot.ts)
// and the API tests (tests/support/test-app.ts) start it the same way.
import type { Database } from "../db/client.ts";
import type { Env } from "../env.ts";
import { createMailer, type Mailer, type MailerDeps } from "../features/mail/mail.service.ts";
import { emailBrand } from "../features/mail/templates/brand.ts";
import { startLiveReminderWorker } from "../features/learning/live-reminders.ts";
import { startVideoWorker } from "../features/learning/video/video-jobs.ts";
import { startStreamLinkWorker } from "../features/tickets/tickets.service.ts";
import { createMediaStore } from "../integrations/media/create-media-store.ts";
import { createMailTransport } from "../integrations/mail/mail-transport.ts";
import type { Logger } from "../lib/logger.ts";
import { startVisitRefresh } from "./refresh-visits.ts";
import { startQueue, type Queue, type QueueOptions } from "./queue.ts";
import { startVacuum } from "./vacuum.ts";

export interface Jobs {
  queue: Queue;
  mailer: Mailer;
}

export async function startJobs(
  database: Database,
  env: Env,
  logger: Logger,
  options: Pick<MailerDeps, "retry" | "pollingIntervalSeconds"> & Pick<QueueOptions, "stopTimeoutMs"> = {},
): Promise<Jobs> {
  const { stopTimeoutMs, ...mailOptions } = options;
  const queue = await startQueue(database, { logger, stopTimeoutMs, superviseSeconds: env.JOB_SUPERVISE_SECONDS });
  try {
    const transport = createMailTransport(env);
    const mailer = createMailer({ db: database.db, queue, transport, from: env.MAIL_FROM, logger, ...mailOptions });
    await mailer.startWorker();
    logger.info("mail worker started", { transport: transport.kind });
    await startVisitRefresh(queue.boss, database.db, logger);
    // PGlite has no autovacuum: an hourly VACUUM there (on PostgreSQL, nothing)
    await startVacuum(queue.boss, database, logger);
    // Ticket holders' streaming links, 24 hours before each event (jobs queued by scheduleStreamLink).
    await startStreamLinkWorker(queue.boss, { db: database.db, mailer, brand: emailBrand(env), logger });
    // Uploaded lesson videos made into HLS ladders, one at a time (decision 073).
    await startVideoWorker(queue.boss, {
      db: database.db,
      store: createMediaStore(env),
      logger,
      ffmpegPath: env.FFMPEG_PATH,
    });
    // Enrolled learners' reminders of live classes, 24 hours and 1 hour before (scheduleLiveReminders).
    await startLiveReminderWorker(queue.boss, { db: database.db, mailer, brand: emailBrand(env), logger });
    return { queue, mailer };
  } catch (error) {
    // Started but unusable: end pg-boss, or its timers keep the process alive.
    await queue.stop().catch(() => {});
    throw error;
  }
}
