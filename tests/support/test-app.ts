// The real app (all middleware) on a fresh database, for API tests through app.request().
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "../../server/app.ts";
import type { Database } from "../../server/db/client.ts";
import { parseEnv, type Env } from "../../server/env.ts";
import type { Mailer } from "../../server/features/mail/mail.service.ts";
import { outboxDir } from "../../server/integrations/mail/mail-transport.ts";
import type { Queue } from "../../server/jobs/queue.ts";
import { startJobs } from "../../server/jobs/start-jobs.ts";
import { silentLogger, type Logger } from "../../server/lib/logger.ts";
import type { Deps } from "../../server/services.ts";
import { createTestDatabase } from "./test-db.ts";

export interface TestApp {
  app: ReturnType<typeof createApp>["app"];
  services: ReturnType<typeof createApp>["services"];
  /** the rendered-page cache (null unless PAGE_CACHE_MAX_BYTES is given) */
  pageCache: ReturnType<typeof createApp>["pageCache"];
  /** the page cache's answer before the middleware (null without the cache): for tests on a real socket */
  fastHit: ReturnType<typeof createApp>["fastHit"];
  database: Database;
  db: Database["db"];
  env: Env;
  /** the app's mailer; its worker runs: `await t.mailer.drain()` waits until every queued e-mail is sent */
  mailer: Mailer;
  /** the app's pg-boss queue (its workers run), for tests that queue or inspect jobs */
  queue: Queue;
  /** where the outbox transport writes .eml files (read them with readOutbox from ./mail-parser.ts) */
  outboxDir: string;
  /** `clientIp`: the socket address the request comes from (default: none, which counts as 127.0.0.1) */
  request(path: string, init?: RequestInit & { json?: unknown; clientIp?: string }): Promise<Response>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** the hook a paid transition calls (server/services.ts Deps.onPaymentPaid) */
  onPaymentPaid?: Deps["onPaymentPaid"];
  /** the app's and its jobs' logger (default: silent) */
  logger?: Logger;
  /** the pages the page cache keeps (with PAGE_CACHE_MAX_BYTES set: the cache is off in tests by default) */
  pageFamilies?: Deps["pageFamilies"];
}

export async function createTestApp(
  overrides: Partial<Record<string, string>> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-data-"));
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SITE_NAME: "TechAfrica",
    // every request of a test comes from one address; the limits themselves are tested in
    // payments-limits.test.ts and server/http/rate-limit.test.ts
    PAYMENT_RATE_LIMIT: "100000",
    COMMENT_RATE_LIMIT: "100000",
    POST_RATE_LIMIT: "100000",
    UPLOAD_RATE_LIMIT: "100000",
    NEWSLETTER_RATE_LIMIT: "100000",
    CONTACT_RATE_LIMIT: "100000",
    CREDENTIAL_CHECK_RATE_LIMIT: "100000",
    // tests send dozens of requests at once on purpose (races); the admission limit itself is tested
    // in server/http/load-shed.test.ts
    LOAD_SHED_CONCURRENCY: "0",
    // chosen, so that a test may give a PUBLIC_URL that is not local (the default refuses that: env.ts)
    PAYMENT_PROVIDER: "sandbox",
    ...overrides,
  });
  // The server's wiring, polling often and retrying after 1 s so that tests wait little.
  const logger = options.logger ?? silentLogger;
  const { queue, mailer } = await startJobs(database, env, logger, {
    pollingIntervalSeconds: 0.5,
    retry: { limit: 2, delaySeconds: 1, backoff: false },
  });
  const { app, services, pageCache, fastHit, ready } = createApp({
    database,
    env,
    logger,
    mailer,
    queue,
    onPaymentPaid: options.onPaymentPaid,
    pageFamilies: options.pageFamilies,
  });
  await ready;
  await pageCache?.ready;
  return {
    app,
    services,
    database,
    db: database.db,
    env,
    mailer,
    queue,
    outboxDir: outboxDir(dataDir),
    request(url, init = {}) {
      const { json, clientIp, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set("Content-Type", "application/json");
      // what @hono/node-server's getConnInfo reads: the incoming request's socket
      const bindings = clientIp ? { incoming: { socket: { remoteAddress: clientIp } } } : undefined;
      return Promise.resolve(
        app.request(url, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }, bindings),
      );
    },
    pageCache,
    fastHit,
    close: async () => {
      await pageCache?.close();
      await queue.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
