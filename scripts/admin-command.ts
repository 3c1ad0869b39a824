// `npm run admin -- grant|revoke <email>` and `npm run admin -- list`: the admin role from the command
// line (architecture "Identity"). The parsing and the answers live here so that tests can run them.
import { DomainError } from "../server/lib/errors.ts";
import type { UsersService } from "../server/features/users/users.service.ts";

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

  grant <email>    make the account with this e-mail address an admin
  revoke <email>   make it a plain user again (the last admin cannot be revoked)
  list             show every admin`;

export interface CommandResult {
  code: number;
  output: string;
}

export async function runAdminCommand(
  args: string[],
  users: Pick<UsersService, "setRoleByEmail" | "listAdmins">,
): Promise<CommandResult> {
  const [command, email, ...rest] = args;
  if (command === "list" && email === undefined) {
    const admins = await users.listAdmins();
    if (admins.length === 0)
      return { code: 0, output: "No admins yet. Grant the role with: npm run admin -- grant <email>" };
    return { code: 0, output: admins.map((a) => `${a.email}${a.username ? ` (${a.username})` : ""}`).join("\n") };
  }
  if ((command === "grant" || command === "revoke") && email && rest.length === 0) {
    const role = command === "grant" ? "admin" : "user";
    try {
      const updated = await users.setRoleByEmail(email, role);
      if (!updated) {
        return {
          code: 1,
          output: `No account uses ${email}. The person must register first (or put the address in ADMIN_EMAILS before they do).`,
        };
      }
      return {
        code: 0,
        output: command === "grant" ? `${updated.email} is now an admin.` : `${updated.email} is no longer an admin.`,
      };
    } catch (error) {
      if (error instanceof DomainError) return { code: 1, output: error.message };
      throw error;
    }
  }
  return { code: 2, output: ADMIN_USAGE };
}
