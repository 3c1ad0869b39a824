// npm run db:migrate: applies the committed migrations to the configured database. Refuses to run
// while a server holds the PGlite directory.
import { withMigratedDatabase } from "./with-database.ts";

withMigratedDatabase(async () => {
  console.log("migrations applied");
});
