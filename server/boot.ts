// Starts what the process needs: config, the database (locked, migrated, seeded when empty) and the
// background jobs (the mail queue). The caller builds the app from these dependencies (server/app.ts createApp).
import path from "node:path";
import { openDatabase, prepareDatabase, type Database } from "./db/client.ts";
import { parseEnv, readAllocatorEnv, type Env } from "./env.ts";
import { createUsersService } from "./features/users/users.service.ts";
import { preloadEmailRenderer } from "./features/mail/templates/compose.ts";
import { startJobs } from "./jobs/start-jobs.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import { MALLOC_SETTINGS, mallocSettingsPrefix, missingMallocSettings, runsOnGlibc } from "./lib/malloc-settings.ts";
import type { Deps } from "./services.ts";
import { seedIfEmpty } from "./db/seed/seed-data.ts";
import { createMediaStore } from "./integrations/media/create-media-store.ts";
import { createLifecycle, exitOnSignals, type Lifecycle } from "./lifecycle.ts";

export type Booted = Deps & { logger: Logger; lifecycle: Lifecycle };

export async function openConfiguredDatabase(env: Env): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ url: env.DATABASE_URL })
    : openDatabase({ pgliteDir: path.join(env.DATA_DIR, "pglite") });
}

/**
 * Every start that takes payments in the sandbox says so (issue 15): anyone who can reach the site can
 * mark its payments paid, so it must never run unnoticed on a real site. parseEnv already refuses the
 * sandbox by default on a PUBLIC_URL that is not local; chosen on purpose (a demo), it runs, with this.
 */
export function warnAboutSandbox(
  env: Pick<Env, "PAYMENT_PROVIDER" | "PAYMENT_SANDBOX_IMPLICIT" | "PUBLIC_URL">,
  logger: Logger,
): void {
  if (env.PAYMENT_PROVIDER !== "sandbox") return;
  logger.warn(
    "payments run in the offline sandbox: nothing is really paid, and anyone who can reach the site can mark a payment paid. " +
      "Set PAYMENT_PROVIDER=paystack (with PAYSTACK_PUBLIC_KEY and PAYSTACK_SECRET_KEY) to take real payments.",
    {
      paymentProvider: "sandbox",
      chosen: env.PAYMENT_SANDBOX_IMPLICIT
        ? "by default (PAYMENT_PROVIDER unset, local PUBLIC_URL)"
        : "PAYMENT_PROVIDER=sandbox",
      publicUrl: env.PUBLIC_URL,
    },
  );
}

/**
 * A production server started without npm start's allocator settings (decision 058) says so: after a
 * burst of image resizing it would keep hundreds of megabytes it no longer uses.
 */
export function warnAboutMalloc(
  env: Pick<Env, "NODE_ENV">,
  processEnv: Record<string, string | undefined>,
  /** asked last: Node's process report, which says which libc runs, is not free */
  onGlibc: () => boolean,
  logger: Logger,
): void {
  if (env.NODE_ENV !== "production") return;
  const missing = missingMallocSettings(processEnv);
  if (missing.length === 0 || !onGlibc()) return;
  logger.warn(
    `started without ${missing.join(", ")}: after many image resizes this process keeps memory it no longer uses. ` +
      `Start it with npm start, or set ${mallocSettingsPrefix()} in its environment (decision 058).`,
    { missing },
  );
}

export async function boot(): Promise<Booted> {
  const env = parseEnv();
  const logger = createLogger(env.LOG_LEVEL);
  warnAboutSandbox(env, logger);
  warnAboutMalloc(env, readAllocatorEnv(Object.keys(MALLOC_SETTINGS)), runsOnGlibc, logger);
  const database = await openConfiguredDatabase(env);
  // Migrations, the first seed and the admin promotion under the start-up lock: processes started at
  // once on one PostgreSQL database take turns, and each finds the work of the one before done.
  await prepareDatabase(database, async (db) => {
    if (env.SEED_ON_EMPTY) {
      const seeded = await seedIfEmpty(db, { dataDir: env.DATA_DIR, store: createMediaStore(env) });
      if (seeded) logger.info("seeded demo content into an empty database");
    }
    if (env.ADMIN_EMAILS.length > 0) {
      // Accounts that existed before their address was put in ADMIN_EMAILS become admins too.
      const promoted = await createUsersService(db).promoteAdminEmails(env.ADMIN_EMAILS);
      if (promoted) logger.info("granted the admin role from ADMIN_EMAILS", { accounts: promoted });
    }
  });
  const { queue, mailer } = await startJobs(database, env, logger, {
    stopTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  });
  preloadEmailRenderer(logger);
  // The queue stops with the HTTP server: a job in hand finishes (or is given back) while the database is open.
  const lifecycle = createLifecycle({
    database,
    queue,
    logger,
    timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    delayMs: env.SHUTDOWN_DELAY_SECONDS * 1000,
  });
  exitOnSignals(lifecycle, logger);
  return { env, database, logger, mailer, queue, lifecycle };
}
