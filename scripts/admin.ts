// npm run admin -- grant|revoke <email> | list (see scripts/admin-command.ts). On the embedded
// database it needs the server stopped: PGlite allows one process at a time.
import { createUsersService } from "../server/features/users/users.service.ts";
import { runAdminCommand } from "./admin-command.ts";
import { withMigratedDatabase } from "./with-database.ts";

withMigratedDatabase(async (database) => {
  const result = await runAdminCommand(process.argv.slice(2), createUsersService(database.db));
  (result.code === 0 ? console.log : console.error)(result.output);
  return result.code;
});
