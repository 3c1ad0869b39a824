// npm run admin -- grant|revoke <email> | list (see scripts/admin-command.ts). On the embedded
// database it needs the server stopped: PGlite allows one process at a time.
import { openConfiguredDatabase } from "../server/boot.ts";
import { migrateDatabase } from "../server/db/client.ts";
import { DataDirLockedError } from "../server/db/lock.ts";
import { ConfigError, parseEnv } from "../server/env.ts";
import { createUsersService } from "../server/features/users/users.service.ts";
import { runAdminCommand } from "./admin-command.ts";

async function main(): Promise<void> {
  const env = parseEnv();
  const database = await openConfiguredDatabase(env);
  try {
    await migrateDatabase(database);
    const result = await runAdminCommand(process.argv.slice(2), createUsersService(database.db));
    (result.code === 0 ? console.log : console.error)(result.output);
    process.exitCode = result.code;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
