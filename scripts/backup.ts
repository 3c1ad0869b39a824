// npm run backup [FILE]: the database and the uploaded media in one .tar.gz (scripts/backup-lib.ts);
// FILE defaults to academy-backup-<time>.tar.gz here. On PostgreSQL it runs beside the running site;
// on PGlite it needs the server stopped (it says so otherwise).
import { backup } from "./backup-lib.ts";
import { runCommand } from "./backup-command.ts";

runCommand(async (env, args) => {
  const file = args[0] ?? `academy-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
  const manifest = await backup(env, file);
  console.log(
    `backup written to ${file}: the ${manifest.engine === "postgres" ? "PostgreSQL" : "PGlite"} database and ` +
      (manifest.media === "s3"
        ? "no media (they are in the S3 bucket: back it up by its own means)"
        : `${manifest.mediaFiles} media file(s)`),
  );
});
