// A fresh migrated database for one test file: a PGlite clone of the run's template, or, when
// TEST_DATABASE_URL is set, a PostgreSQL database created from the template database.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { readTestEnv } from "../../server/env.ts";

export async function createTestDatabase(): Promise<Database> {
  const { TEST_DATABASE_URL } = readTestEnv();
  const pgTemplate = inject("pgTemplate");
  if (TEST_DATABASE_URL && pgTemplate) {
    const name = `academy_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplate}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 4 });
    const close = database.close;
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await a.connect();
      // The pool's connections may still be saying goodbye: terminating one of them mid-way (what
      // "with (force)" does) raises an error in this process. Wait for them to leave first.
      for (let i = 0; i < 100; i++) {
        const { rows } = await a.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
    return database;
  }
  const blob = new Blob([readFileSync(inject("pgliteTemplate"))]);
  return openDatabase({ memory: true, loadDataDir: blob });
}

/**
 * An empty PostgreSQL database (no migrations, no rows) on TEST_DATABASE_URL's server, for tests of what a
 * start or a restore does to a new database; `drop` removes it.
 */
export async function createEmptyPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { TEST_DATABASE_URL } = readTestEnv();
  if (!TEST_DATABASE_URL) throw new Error("createEmptyPostgres needs TEST_DATABASE_URL");
  const name = `academy_empty_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
