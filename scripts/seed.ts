// npm run seed: applies migrations, then replaces the demo content (users, posts, purchases,
// subscribers and contacts are kept). Refuses to run while a server holds the PGlite directory.
import { migrateDatabase } from "../server/db/client.ts";
import { DataDirLockedError } from "../server/db/lock.ts";
import { ConfigError, parseEnv } from "../server/env.ts";
import { openConfiguredDatabase } from "../server/boot.ts";
import { seed } from "./seed-data.ts";

async function main(): Promise<void> {
  const env = parseEnv();
  const database = await openConfiguredDatabase(env);
  try {
    await migrateDatabase(database);
    const counts = await seed(database.db, { dataDir: env.DATA_DIR });
    const summary = Object.entries(counts)
      .map(([name, n]) => `${n} ${name}`)
      .join(", ");
    console.log(`seeded demo content: ${summary}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
