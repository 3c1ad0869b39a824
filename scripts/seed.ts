// npm run seed: applies migrations, then replaces the demo content (users, posts, purchases,
// subscribers and contacts are kept). Refuses to run while a server holds the PGlite directory.
import { seed } from "../server/db/seed/seed-data.ts";
import { withMigratedDatabase } from "./with-database.ts";

withMigratedDatabase(async (database, env) => {
  const counts = await seed(database.db, { dataDir: env.DATA_DIR });
  const summary = Object.entries(counts)
    .map(([name, n]) => `${n} ${name}`)
    .join(", ");
  console.log(`seeded demo content: ${summary}`);
});
