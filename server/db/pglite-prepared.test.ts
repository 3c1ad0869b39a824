import { PGlite, types } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { preparedPglite } from "./pglite-prepared.ts";

let pg: PGlite;
beforeEach(async () => {
  pg = await PGlite.create();
  await pg.exec(`
    create table t (id int primary key, name text not null, tags text[], at timestamptz, ok boolean, data jsonb);
    insert into t values (1, 'one', '{a,b}', '2026-11-27 10:00:00+00', true, '{"k":[1,2]}'),
                         (2, 'two', null, null, false, null);
  `);
});
afterEach(() => pg.close());

/** Named statements held by the session (protocol-level ones included). */
async function preparedNames(): Promise<string[]> {
  const res = await pg.query<{ name: string }>("select name from pg_prepared_statements order by name");
  return res.rows.map((r) => r.name);
}

// Drizzle's options for a select: rows as arrays, its own parsers for some types
const drizzleOptions = { rowMode: "array" as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };

describe("preparedPglite: Drizzle's queries as named statements", () => {
  it("answers as PGlite's own query() does, in both row modes and with the caller's parsers", async () => {
    const client = preparedPglite(pg);
    const statement = "select id, name, tags, at, ok, data from t where id >= $1 order by id";
    for (const options of [undefined, drizzleOptions, { rowMode: "object" as const }]) {
      const expected = await pg.query(statement, [1], options);
      const actual = await client.query(statement, [1], options);
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.fields).toEqual(expected.fields);
    }
    // the caller's parser won: the timestamp stays the text PostgreSQL sent
    const [row] = (await client.query(statement, [2], drizzleOptions)).rows as unknown[][];
    expect(row).toEqual([2, "two", null, null, false, null]);
    const [first] = (await client.query(statement, [1], drizzleOptions)).rows as unknown[][];
    expect(typeof first?.[3]).toBe("string");
  });

  it("serializes parameters by their declared types (arrays, JSON, dates, booleans, null)", async () => {
    const client = preparedPglite(pg);
    await client.query("insert into t values ($1, $2, $3, $4, $5, $6)", [
      3,
      "it's \\ three",
      ["x", "y,z", 'q"uote'],
      new Date("2026-01-02T03:04:05.000Z"),
      true,
      { nested: ["v"] },
    ]);
    const res = await pg.query<{ name: string; tags: string[]; at: Date; ok: boolean; data: unknown }>(
      "select name, tags, at, ok, data from t where id = 3",
    );
    expect(res.rows[0]).toEqual({
      name: "it's \\ three",
      tags: ["x", "y,z", 'q"uote'],
      at: new Date("2026-01-02T03:04:05.000Z"),
      ok: true,
      data: { nested: ["v"] },
    });
  });

  it("reports affected rows of writes as PGlite does", async () => {
    const client = preparedPglite(pg);
    expect((await client.query("update t set ok = not ok")).affectedRows).toBe(2);
    expect((await client.query("delete from t where id = $1", [2])).affectedRows).toBe(1);
    const inserted = await client.query("insert into t (id, name) values ($1, $2) returning id", [9, "nine"]);
    expect(inserted.rows).toEqual([{ id: 9 }]);
    expect(inserted.affectedRows).toBe(1);
  });

  it("prepares a text once and reuses it; keeps at most maxStatements, closing the least recently used", async () => {
    const client = preparedPglite(pg, { maxStatements: 3 });
    for (let i = 0; i < 5; i++) await client.query("select name from t where id = $1", [1]);
    expect(await preparedNames()).toHaveLength(1);
    await client.query("select 2");
    await client.query("select 3");
    await client.query("select name from t where id = $1", [2]); // used again: now the most recent
    await client.query("select 4"); // a fourth: "select 2" goes
    await client.query("select 5"); // a fifth: "select 3" goes (closed with this call)
    const names = await preparedNames();
    expect(names).toHaveLength(3);
    const texts = (await pg.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
      (r) => r.statement,
    );
    expect(texts.sort()).toEqual(["select 4", "select 5", "select name from t where id = $1"]);
  });

  it("never runs inside another caller's open transaction", async () => {
    const client = preparedPglite(pg);
    let inside: () => void = () => {};
    const opened = new Promise<void>((resolve) => (inside = resolve));
    let finish: () => void = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const transaction = pg.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values (10, 'uncommitted')");
      inside();
      await held;
      await tx.rollback();
    });
    await opened;
    // asked while the transaction is open: waits for it, then writes on its own
    const write = client.query("insert into t (id, name) values ($1, $2)", [11, "own"]);
    const read = client.query("select count(*)::int as n from t where id = $1", [10]);
    finish();
    await transaction;
    await write;
    expect((await read).rows).toEqual([{ n: 0 }]);
    const after = await pg.query<{ id: number }>("select id from t where id in (10, 11) order by id");
    expect(after.rows).toEqual([{ id: 11 }]);
  });

  it("throws the database's error with its SQLSTATE, and keeps working after it", async () => {
    const client = preparedPglite(pg);
    await expect(client.query("insert into t (id, name) values ($1, $2)", [1, "dup"])).rejects.toMatchObject({
      code: "23505",
    });
    await expect(client.query("selec nothing")).rejects.toMatchObject({ code: "42601" });
    await expect(client.query("select name from t where id = $1", ["not a number"])).rejects.toMatchObject({
      code: "22P02",
    });
    expect((await client.query("select name from t where id = $1", [1])).rows).toEqual([{ name: "one" }]);
  });

  it("prepares a statement again when the session lost it or its result changed shape", async () => {
    const client = preparedPglite(pg);
    expect((await client.query("select * from t where id = $1", [1])).rows).toHaveLength(1);
    await pg.exec("deallocate all");
    expect((await client.query("select * from t where id = $1", [1])).rows).toHaveLength(1);
    await pg.exec("alter table t add column extra int default 7");
    const again = await client.query("select * from t where id = $1", [1]);
    expect(again.rows).toEqual([expect.objectContaining({ id: 1, extra: 7 })]);
  });

  it("lets two wrappers share one PGlite without taking each other's statement names", async () => {
    const first = preparedPglite(pg);
    const second = preparedPglite(pg);
    expect((await first.query("select name from t where id = $1", [1])).rows).toEqual([{ name: "one" }]);
    expect((await second.query("select id from t where name = $1", ["two"])).rows).toEqual([{ id: 2 }]);
    expect(await preparedNames()).toHaveLength(2);
  });

  it("leaves everything else to PGlite (transactions, exec, the instance itself)", async () => {
    const client = preparedPglite(pg);
    expect(client).toBeInstanceOf(PGlite);
    await client.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values (20, 'tx')");
    });
    await client.exec("update t set name = 'exec' where id = 20");
    expect((await client.query("select name from t where id = $1", [20])).rows).toEqual([{ name: "exec" }]);
  });
});
