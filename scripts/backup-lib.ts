// npm run backup / npm run restore FILE (issue 20 "Operable", decision 040): one .tar.gz holding a
// consistent copy of the database and the uploaded media, and the certificates' signing keys (issue 32:
// without them no earlier certificate verifies; the archive is as secret as the database).
// - PostgreSQL (DATABASE_URL): pg_dump's custom format, taken in one snapshot while the site runs;
//   restored with pg_restore into an empty database. pg_dump must be of the server's major version or newer.
// - PGlite (DATA_DIR/pglite): PGlite's own dump of its data directory. One process may open it, so the
//   backup and the restore run while the server is stopped (they refuse, saying so, while it runs).
// - Media: DATA_DIR/media, copied after the database (a picture is stored before the row that names
//   it, so every picture the copied rows name is there). With S3 the bucket is not in the archive: back
//   it up by the bucket's own means (versioning, replication); the manifest says so.
import { execFile } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "../server/db/client.ts";
import { lockDataDir } from "../server/db/lock.ts";
import type { Env } from "../server/env.ts";
import { mediaRoot } from "../server/integrations/media/media-root.ts";

const run = promisify(execFile);
const BIG = { maxBuffer: 64 * 1024 * 1024 };

export const MANIFEST = "manifest.json";
const PG_DUMP = "database.pgdump";
const PGLITE_DUMP = "pglite.tar.gz";
const MEDIA = "media";
/** the certificates' signing keys (issue 32): lost, no earlier certificate would verify again */
const KEY_RING = "certificate-issuer.json";
const keyRingOf = (dataDir: string) => path.join(dataDir, "keys", KEY_RING);

export interface Manifest {
  format: 1;
  createdAt: string;
  engine: "postgres" | "pglite";
  /** "local": DATA_DIR/media is in the archive; "s3": the bucket is backed up by its own means */
  media: "local" | "s3";
  mediaFiles: number;
  /** DATA_DIR/keys/certificate-issuer.json is in the archive (absent in backups made before issue 32) */
  certificateKeys?: boolean;
}

/** A refusal or failure the command reports in one line (exit code 1), not as a stack trace. */
export class BackupError extends Error {
  override name = "BackupError";
}

type Config = Pick<Env, "DATABASE_URL" | "DATA_DIR" | "S3">;

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

async function tool(command: string, args: string[]): Promise<string> {
  try {
    return (await run(command, args, BIG)).stdout;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT") {
      throw new BackupError(`${command} was not found: install it (Debian: apt-get install postgresql-client)`);
    }
    throw new BackupError(`${command} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/** Writes the backup archive to `file` (a .tar.gz) and returns its manifest. */
export async function backup(env: Config, file: string): Promise<Manifest> {
  const staging = mkdtempSync(path.join(os.tmpdir(), "academy-backup-"));
  try {
    const engine = env.DATABASE_URL ? "postgres" : "pglite";
    const parts = [MANIFEST];
    if (env.DATABASE_URL) {
      // One snapshot of the whole database (a repeatable-read transaction): every write acknowledged
      // before it started is in it, whatever is written meanwhile.
      await tool("pg_dump", [
        "--format=custom",
        "--no-owner",
        `--file=${path.join(staging, PG_DUMP)}`,
        env.DATABASE_URL,
      ]);
      parts.push(PG_DUMP);
    } else {
      // Opening the directory takes its lock: refused while a server runs on it.
      const database = await openDatabase({ pgliteDir: path.join(env.DATA_DIR, "pglite") });
      try {
        const dump = await database.pglite!.dumpDataDir("gzip");
        writeFileSync(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await database.close();
      }
      parts.push(PGLITE_DUMP);
    }
    const media = mediaRoot(env.DATA_DIR);
    const keyRing = keyRingOf(env.DATA_DIR);
    if (existsSync(keyRing)) {
      copyFileSync(keyRing, path.join(staging, KEY_RING));
      parts.push(KEY_RING);
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      engine,
      media: env.S3 ? "s3" : "local",
      mediaFiles: env.S3 ? 0 : countFiles(media),
      certificateKeys: existsSync(keyRing),
    };
    writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
    const mediaArgs = manifest.media === "local" && existsSync(media) ? ["-C", path.dirname(media), MEDIA] : [];
    await tool("tar", ["-czf", path.resolve(file), "-C", staging, ...parts, ...mediaArgs]);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Restores `file` onto an empty database (and an empty DATA_DIR/media); refuses anything else. */
export async function restore(env: Config, file: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const staging = mkdtempSync(path.join(os.tmpdir(), "academy-restore-"));
  try {
    await tool("tar", ["-xzf", path.resolve(file), "-C", staging, "--exclude", MEDIA]);
    if (!existsSync(path.join(staging, MANIFEST)))
      throw new BackupError(`${file} is not a backup of this site (no ${MANIFEST})`);
    const manifest = JSON.parse(readFileSync(path.join(staging, MANIFEST), "utf8")) as Manifest;
    const engine = env.DATABASE_URL ? "postgres" : "pglite";
    if (manifest.engine !== engine) {
      throw new BackupError(
        `${file} holds a ${manifest.engine === "postgres" ? "PostgreSQL" : "PGlite"} database; ` +
          (manifest.engine === "postgres" ? "set DATABASE_URL to an empty database" : "unset DATABASE_URL") +
          " to restore it",
      );
    }
    const media = mediaRoot(env.DATA_DIR);
    if (manifest.mediaFiles > 0 && countFiles(media) > 0) {
      throw new BackupError(`${media} is not empty: restore into an empty DATA_DIR`);
    }
    const keyRing = keyRingOf(env.DATA_DIR);
    if (manifest.certificateKeys && existsSync(keyRing)) {
      throw new BackupError(`${keyRing} exists: restore into an empty DATA_DIR`);
    }
    if (env.DATABASE_URL) await restorePostgres(env.DATABASE_URL, path.join(staging, PG_DUMP));
    else await restorePglite(env.DATA_DIR, path.join(staging, PGLITE_DUMP));
    if (manifest.mediaFiles > 0) await tool("tar", ["-xzf", path.resolve(file), "-C", path.dirname(media), MEDIA]);
    if (manifest.certificateKeys) {
      mkdirSync(path.dirname(keyRing), { recursive: true, mode: 0o700 });
      copyFileSync(path.join(staging, KEY_RING), keyRing);
      chmodSync(keyRing, 0o600);
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function restorePostgres(url: string, dump: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    if (rows[0]!.n > 0)
      throw new BackupError("the database of DATABASE_URL is not empty: restore into a new, empty database");
  } finally {
    await client.end();
  }
  await tool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", `--dbname=${url}`, dump]);
}

async function restorePglite(dataDir: string, dump: string): Promise<void> {
  const dir = path.join(dataDir, "pglite");
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupError(`${path.resolve(dir)} is not empty: restore into an empty DATA_DIR`);
  }
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(dump)]) });
    await client.close();
  } finally {
    release();
  }
}
