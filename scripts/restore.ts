// npm run restore FILE: a backup of npm run backup onto an empty database (DATABASE_URL, or the PGlite
// directory of DATA_DIR) and an empty DATA_DIR/media, with the server stopped. Refuses anything else.
import { BackupError, restore } from "./backup-lib.ts";
import { runCommand } from "./backup-command.ts";

runCommand(async (env, args) => {
  const file = args[0];
  if (!file) throw new BackupError("usage: npm run restore FILE (a .tar.gz written by npm run backup)");
  const manifest = await restore(env, file);
  console.log(
    `restored ${file} (taken ${manifest.createdAt}): the database` +
      (manifest.media === "s3" ? "; its media are in the S3 bucket" : ` and ${manifest.mediaFiles} media file(s)`),
  );
});
