// The content versions as this process knows them (decision 044): read once at start, then kept current
// by the versions each committed write announces (NOTIFY on CONTENT_CHANNEL, sent by PostgreSQL or
// PGlite at commit), and synchronously by the writes of this process (writeContent tells it before it
// returns, so a page asked for right after an edit is never the old one). On PostgreSQL, where another
// process's NOTIFY could be missed while the listening connection is down, the versions are also read
// again every few seconds and after every reconnect: a page is never kept more than that after a write
// elsewhere. The versions live in the database: processes need no other coordination.
import pg from "pg";
import type { Database } from "../../db/client.ts";
import { CONTENT_CHANNEL, onContentCommitted, scopeVersionsOf, type ScopeVersions } from "../../db/content-version.ts";
import type { Logger } from "../../lib/logger.ts";

/** How often PostgreSQL's versions are read again, in case a notification was lost. */
const RESYNC_MS = 5_000;
/** The wait before the listening connection is opened again after it fails. */
const RECONNECT_MS = 1_000;

export interface LiveVersions {
  /** the version of each scope, joined: part of a cache key ("home=4,site=1") */
  keyOf(scopes: readonly string[]): string;
  /** one scope's version (0 before its first write) */
  versionOf(scope: string): number;
  /** moves whenever any version moves: a key made at the same generation is still the key */
  readonly generation: number;
  /** stops listening */
  stop(): Promise<void>;
}

export async function trackContentVersions(database: Database, logger: Logger): Promise<LiveVersions> {
  const versions = new Map<string, number>();
  let generation = 0;
  const apply = (next: ScopeVersions) => {
    for (const [scope, version] of Object.entries(next)) {
      if ((versions.get(scope) ?? 0) < version) {
        versions.set(scope, version);
        generation++;
      }
    }
  };
  const reload = async () => apply(await scopeVersionsOf(database.db));
  const onPayload = (payload: string) => {
    if (payload === "reload") {
      reload().catch((error: unknown) => logger.warn("content versions: reload failed", { error: String(error) }));
      return;
    }
    try {
      apply(JSON.parse(payload) as ScopeVersions);
    } catch {
      void reload().catch(() => {});
    }
  };
  const stops: Array<() => Promise<void> | void> = [onContentCommitted(database.db, apply)];

  if (database.engine === "pglite") {
    const unlisten = await database.pglite!.listen(CONTENT_CHANNEL, onPayload);
    stops.push(() => unlisten().catch(() => {}));
  } else {
    let stopped = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: database.pool!.options.connectionString });
      const fail = (error: unknown) => {
        next.removeAllListeners("notification");
        void next.end().catch(() => {});
        if (client === next) client = null;
        if (stopped) return;
        logger.warn("content versions: listening connection lost, reconnecting", { error: String(error) });
        retry = setTimeout(() => void connect().catch(fail), RECONNECT_MS);
        retry.unref();
      };
      next.on("error", fail);
      next.on("notification", (message) => {
        if (message.channel === CONTENT_CHANNEL && message.payload) onPayload(message.payload);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${CONTENT_CHANNEL}`);
        client = next;
        // what was written while no one listened
        await reload();
      } catch (error) {
        fail(error);
      }
    };
    await connect();
    const resync = setInterval(() => {
      reload().catch((error: unknown) => logger.warn("content versions: resync failed", { error: String(error) }));
    }, RESYNC_MS);
    resync.unref();
    stops.push(async () => {
      stopped = true;
      clearInterval(resync);
      clearTimeout(retry);
      await client?.end().catch(() => {});
    });
  }
  await reload();

  return {
    keyOf: (scopes) => scopes.map((s) => `${s}=${versions.get(s) ?? 0}`).join(","),
    versionOf: (scope) => versions.get(scope) ?? 0,
    get generation() {
      return generation;
    },
    stop: async () => {
      for (const stop of stops) await stop();
    },
  };
}
