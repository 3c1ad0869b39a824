// npm run backup / npm run restore (issue 20 "Operable", decision 040), run as the commands they are:
// a backup restored onto an empty database and an empty DATA_DIR holds every acknowledged write (rows
// and an uploaded file). On PostgreSQL the backup is taken while writers keep inserting: every row
// acknowledged before the backup started is restored. On PGlite the backup refuses while another
// process holds the directory (a running server), and is taken once it is free.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyPostgres, createTestDatabase } from "../tests/support/test-db.ts";
import { migrateDatabase, openDatabase, type Database, type Db } from "../server/db/client.ts";
import { newsletterSubscribers } from "../server/db/schema.ts";
import { readTestEnv } from "../server/env.ts";

const { TEST_DATABASE_URL } = readTestEnv();
const exec = promisify(execFile);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "academy-backup-test-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs `npm run backup|restore` as node does, with only this configuration; never throws. */
async function command(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [`scripts/${script}.ts`, ...args], {
      // eslint-disable-next-line no-restricted-properties -- the command needs PATH (tar, pg_dump)
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let n = 0;
const subscriber = () => {
  const i = n++;
  return { email: `backup${i}@example.com`, unsubscribeToken: `${String(i).padStart(8, "0")}${"b".repeat(40)}` };
};
const emails = async (db: Db) => new Set((await db.select().from(newsletterSubscribers)).map((r) => r.email));

/** An uploaded file in DATA_DIR/media, as the local store keeps it. */
/** A certificates' key ring (issue 32) in `dataDir`: the backup carries it, the restore puts it back (mode 600). */
function putKeyRing(dataDir: string) {
  mkdirSync(path.join(dataDir, "keys"), { recursive: true });
  writeFileSync(path.join(dataDir, "keys", "certificate-issuer.json"), '{"keys":["k"]}');
}

function putMedia(dataDir: string): Buffer {
  const bytes = randomBytes(4096);
  mkdirSync(path.join(dataDir, "media", "uploads"), { recursive: true });
  writeFileSync(path.join(dataDir, "media", "uploads", "picture.png"), bytes);
  return bytes;
}
const mediaOf = (dataDir: string) => readFileSync(path.join(dataDir, "media", "uploads", "picture.png"));

// One engine per run (TEST_DATABASE_URL chooses), as the other tests of both engines.
if (TEST_DATABASE_URL) {
  describe("backup and restore on PostgreSQL", () => {
    let source: Database;
    let target: { url: string; drop: () => Promise<void> };
    beforeAll(async () => {
      source = await createTestDatabase();
      target = await createEmptyPostgres();
    });
    afterAll(async () => {
      await source?.close();
      await target?.drop();
    });

    it("restores every write acknowledged before the backup started, taken while writes go on", async () => {
      const dataDir = tempDir();
      const media = putMedia(dataDir);
      putKeyRing(dataDir);
      const acknowledged: Array<{ email: string; at: number }> = [];
      let writing = true;
      const writer = async () => {
        while (writing) {
          const row = subscriber();
          await source.db.insert(newsletterSubscribers).values(row);
          acknowledged.push({ email: row.email, at: Date.now() });
        }
      };
      const writers = Promise.all([writer(), writer(), writer()]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const file = path.join(tempDir(), "site.tar.gz");
      const startedAt = Date.now();
      const backup = await command("backup", [file], {
        DATABASE_URL: source.pool!.options.connectionString!,
        DATA_DIR: dataDir,
      });
      writing = false;
      await writers;
      expect(backup.stderr).toBe("");
      expect(backup).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/backup written to .*: the PostgreSQL database and 1 media file/),
      });
      const before = acknowledged.filter((w) => w.at < startedAt).map((w) => w.email);
      expect(before.length).toBeGreaterThan(10);
      // writes went on while it was taken
      expect(acknowledged.some((w) => w.at > startedAt)).toBe(true);

      const restoredDir = tempDir();
      const restored = await command("restore", [file], { DATABASE_URL: target.url, DATA_DIR: restoredDir });
      expect(restored).toMatchObject({ code: 0, stderr: "" });
      const database = await openDatabase({ url: target.url, poolSize: 1 });
      try {
        const found = await emails(database.db);
        expect(before.filter((email) => !found.has(email))).toEqual([]);
        // a restored database is a working one: the app's migrations find nothing left to do, and it takes writes
        await migrateDatabase(database);
        await database.db.insert(newsletterSubscribers).values(subscriber());
      } finally {
        await database.close();
      }
      expect(mediaOf(restoredDir).equals(media)).toBe(true);
      expect(readFileSync(path.join(restoredDir, "keys", "certificate-issuer.json"), "utf8")).toBe('{"keys":["k"]}');

      // restoring over data is refused, in one line
      const again = await command("restore", [file], { DATABASE_URL: target.url, DATA_DIR: tempDir() });
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe("the database of DATABASE_URL is not empty: restore into a new, empty database");
    }, 120_000);
  });
} else {
  describe("backup and restore on PGlite", () => {
    it("refuses while a server holds the directory, then copies rows and media to an empty DATA_DIR", async () => {
      const dataDir = tempDir();
      const media = putMedia(dataDir);
      putKeyRing(dataDir);
      const written: string[] = [];
      const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
      const file = path.join(tempDir(), "site.tar.gz");
      try {
        await migrateDatabase(database);
        for (let i = 0; i < 50; i++) {
          const row = subscriber();
          await database.db.insert(newsletterSubscribers).values(row);
          written.push(row.email);
        }
        // this process holds the directory, as a running server does
        const refused = await command("backup", [file], { DATA_DIR: dataDir });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/is in use by another server \(process \d+\)/);
      } finally {
        await database.close();
      }
      const backup = await command("backup", [file], { DATA_DIR: dataDir });
      expect(backup).toMatchObject({
        code: 0,
        stderr: "",
        stdout: expect.stringMatching(/the PGlite database and 1 media file/),
      });

      const restoredDir = tempDir();
      expect(await command("restore", [file], { DATA_DIR: restoredDir })).toMatchObject({ code: 0, stderr: "" });
      const restored = await openDatabase({ pgliteDir: path.join(restoredDir, "pglite") });
      try {
        const found = await emails(restored.db);
        expect(written.filter((email) => !found.has(email))).toEqual([]);
        await migrateDatabase(restored);
      } finally {
        await restored.close();
      }
      expect(mediaOf(restoredDir).equals(media)).toBe(true);
      const ring = path.join(restoredDir, "keys", "certificate-issuer.json");
      expect(readFileSync(ring, "utf8")).toBe('{"keys":["k"]}');
      expect(statSync(ring).mode & 0o777).toBe(0o600);

      // onto data, or the other engine's configuration: refused, in one line
      const onto = await command("restore", [file], { DATA_DIR: restoredDir });
      expect(onto.code).toBe(1);
      expect(onto.stderr).toMatch(/media is not empty: restore into an empty DATA_DIR/);
      const other = await command("restore", [file], {
        DATA_DIR: tempDir(),
        DATABASE_URL: "postgres://127.0.0.1:1/none",
      });
      expect(other.stderr.trim()).toBe(`${file} holds a PGlite database; unset DATABASE_URL to restore it`);
    }, 120_000);
  });
}
