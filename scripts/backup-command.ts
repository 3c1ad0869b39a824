// The frame of npm run backup and restore: the configuration from the environment, the arguments, and a
// refusal as one clear line with exit code 1.
import { DataDirLockedError } from "../server/db/lock.ts";
import { ConfigError, parseEnv, type Env } from "../server/env.ts";
import { BackupError } from "./backup-lib.ts";

export function runCommand(task: (env: Env, args: string[]) => Promise<void>): void {
  const go = async () => task(parseEnv(), process.argv.slice(2));
  go().catch((error: unknown) => {
    const known = error instanceof BackupError || error instanceof DataDirLockedError || error instanceof ConfigError;
    console.error(known ? (error as Error).message : error);
    process.exitCode = 1;
  });
}
