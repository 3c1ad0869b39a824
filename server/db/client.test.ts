import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "./client.ts";
import { categories } from "./schema.ts";

const dir = mkdtempSync(path.join(tmpdir(), "academy-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the embedded database directory", () => {
  it("opens, migrates and keeps rows across a reopen", async () => {
    const first = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
    await migrateDatabase(first);
    await first.pglite!.query("insert into categories (id, name) values ('aaaaaaaaaaaaaaaaaaaaaaaa', 'Kept')");
    await first.close();
    const again = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
    await migrateDatabase(again);
    const res = await again.pglite!.query<{ name: string }>("select name from categories");
    expect(res.rows.map((r) => r.name)).toEqual(["Kept"]);
    await again.close();
  });

  it("sends Drizzle's statements prepared, each planned for its values (decision 046)", async () => {
    const database = await openDatabase({ memory: true });
    try {
      await migrateDatabase(database);
      await database.db.select().from(categories).where(eq(categories.name, "Coding"));
      await database.db.select().from(categories).where(eq(categories.name, "Design"));
      const pg = database.pglite!;
      const prepared = await pg.query<{ statement: string }>("select statement from pg_prepared_statements");
      const selects = prepared.rows.filter((r) => r.statement.includes('from "categories"'));
      expect(selects).toHaveLength(1);
      const mode = await pg.query<{ plan_cache_mode: string }>("show plan_cache_mode");
      expect(mode.rows[0]?.plan_cache_mode).toBe("force_custom_plan");
    } finally {
      await database.close();
    }
  });

  it("refuses to open while another process has it open, with a message naming that process", async () => {
    // The other process opens the same directory through the same code, then waits.
    const script = `
      import { openDatabase } from ${JSON.stringify(path.resolve("server/db/client.ts"))};
      await openDatabase({ pgliteDir: ${JSON.stringify(path.join(dir, "pglite"))} });
      console.log("open");
      setTimeout(() => {}, 20000);
    `;
    const other = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        other.stdout!.on("data", (d: Buffer) => d.toString().includes("open") && resolve());
        other.once("exit", (code) => reject(new Error(`other process exited early (${code})`)));
      });
      await expect(openDatabase({ pgliteDir: path.join(dir, "pglite") })).rejects.toThrow(
        new RegExp(`in use by another server \\(process ${other.pid}\\)`),
      );
    } finally {
      other.kill("SIGKILL");
      await new Promise((r) => other.once("exit", r));
    }
    // Once that process is gone, its lock is stale and the directory opens again.
    const reopened = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
    expect(await reopened.ping()).toBe(true);
    await reopened.close();
  });
});
