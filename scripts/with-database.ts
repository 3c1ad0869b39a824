// The command-line scripts' common frame: read the configuration, open the configured database (it
// refuses while a server holds the PGlite directory), apply migrations, run the task, close. A bad
// configuration or a locked directory is one clear line, not a stack trace.
import { openConfiguredDatabase } from "../server/boot.ts";
import { migrateDatabase, type Database } from "../server/db/client.ts";
import { DataDirLockedError } from "../server/db/lock.ts";
import { ConfigError, parseEnv, type Env } from "../server/env.ts";

/** Runs the task; its number (default 0) becomes the exit code. */
export function withMigratedDatabase(task: (database: Database, env: Env) => Promise<number | void>): void {
  const run = async () => {
    const env = parseEnv();
    const database = await openConfiguredDatabase(env);
    try {
      await migrateDatabase(database);
      process.exitCode = (await task(database, env)) ?? 0;
    } finally {
      await database.close();
    }
  };
  run().catch((error: unknown) => {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  });
}
