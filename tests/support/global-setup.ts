// Migrates one template database per test run; each test file then clones it (architecture "Tests").
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "../../server/db/client.ts";
import { readTestEnv } from "../../server/env.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const { TEST_DATABASE_URL } = readTestEnv();
  const dir = mkdtempSync(path.join(os.tmpdir(), "academy-test-"));
  const database = await openDatabase({ memory: true });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir("gzip");
  const file = path.join(dir, "template.tar.gz");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", file);

  let pgTemplate = "";
  if (TEST_DATABASE_URL) {
    pgTemplate = `academy_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${pgTemplate}`);
    await admin.query(`create database ${pgTemplate}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${pgTemplate}`;
    const tpl = await openDatabase({ url: url.toString(), poolSize: 1 });
    await migrateDatabase(tpl);
    await tpl.close();
  }
  project.provide("pgTemplate", pgTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (TEST_DATABASE_URL && pgTemplate) {
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${pgTemplate}`);
      await admin.end();
    }
  };
}
