import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db.ts";
import type { Database } from "../db/client.ts";
import { createLogger } from "../lib/logger.ts";
import { startQueue } from "./queue.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("startQueue", () => {
  it("runs jobs on the app's database, logs pg-boss errors, and stops leaving the database open", async () => {
    const lines: string[] = [];
    const queue = await startQueue(database, { logger: createLogger("debug", (line) => lines.push(line)) });
    const stopped = new Promise<void>((resolve) => queue.boss.once("stopped", () => resolve()));

    await queue.boss.createQueue("queue-test");
    const done = new Promise<unknown>((resolve) => {
      void queue.boss.work<{ n: number }>("queue-test", { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        resolve(job!.data);
      });
    });
    await queue.boss.send("queue-test", { n: 42 });
    expect(await done).toEqual({ n: 42 });

    // pg-boss keeps its tables beside ours, in its own schema.
    const result = await database.db.execute(sql`select name from pgboss.queue`);
    expect((result as unknown as { rows: { name: string }[] }).rows).toContainEqual({ name: "queue-test" });

    // An error event without a listener would end the process; ours goes to the log.
    queue.boss.emit("error", new Error("maintenance query failed"));
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ level: "error", msg: "queue error", error: "maintenance query failed" }),
    );

    await queue.stop();
    await stopped;
    await queue.stop(); // twice is harmless (shutdown may run it again)
    // pg-boss never closed what it was handed: the app's database (PGlite: the one instance) still answers.
    expect(await database.ping()).toBe(true);
  });
});
