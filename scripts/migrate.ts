// npm run db:migrate: applies the committed migrations to the configured database. Refuses to run
// while a server holds the PGlite directory.
import { migrateDatabase } from "../server/db/client.ts";
import { DataDirLockedError } from "../server/db/lock.ts";
import { ConfigError, parseEnv } from "../server/env.ts";
import { openConfiguredDatabase } from "../server/boot.ts";

async function main(): Promise<void> {
  const env = parseEnv();
  const database = await openConfiguredDatabase(env);
  try {
    await migrateDatabase(database);
    console.log("migrations applied");
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
