import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineInteger, plainTextOrParam, sqlInteger, sqlText, withoutLiterals } from "./literals.ts";

const dialect = new PgDialect();
const render = (chunk: ReturnType<typeof sql>) => dialect.sqlToQuery(chunk);

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
});
afterAll(() => pg.close());

describe("values written into a statement", () => {
  it("writes whole numbers ≥ 0 and refuses anything else", () => {
    expect(
      render(sql`limit ${sqlInteger(11)} offset ${inlineInteger(0) as unknown as ReturnType<typeof sql>}`),
    ).toEqual({
      sql: "limit 11 offset 0",
      params: [],
    });
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => sqlInteger(bad)).toThrow(TypeError);
    }
  });

  it("escapes a text so that PostgreSQL reads back exactly the same text", async () => {
    const texts = [
      "plain",
      "it's",
      "back\\slash",
      "\\'; drop table x; --",
      "''",
      "E'x'",
      "naïve ẞ 日本語 🙂",
      "$$",
      "a\nb\tc",
    ];
    for (const text of texts) {
      const { sql: statement, params } = render(sql`select ${sqlText(text)} as v`);
      expect(params).toEqual([]);
      const res = await pg.query<{ v: string }>(statement);
      expect(res.rows[0]?.v).toBe(text);
    }
    // whatever standard_conforming_strings says
    await pg.exec("set standard_conforming_strings = off");
    const res = await pg.query<{ v: string }>(render(sql`select ${sqlText("a\\'b")} as v`).sql);
    expect(res.rows[0]?.v).toBe("a\\'b");
    await pg.exec("reset standard_conforming_strings");
    expect(() => sqlText("nul\0")).toThrow(TypeError);
  });

  it("writes a reader's text in only when it is plain words; anything else is a parameter", () => {
    for (const plain of ["design tips", "Graphic Design", "e-mail", "Lagos 2026", "café"]) {
      expect(render(sql`${plainTextOrParam(plain)}`)).toEqual({ sql: `E'${plain}'`, params: [] });
    }
    for (const other of ["it's", 'say "hi"', "a\\b", "a;b", "x\0", "", "a".repeat(201), "tab\there", "-- note"]) {
      const rendered = render(sql`${plainTextOrParam(other)}`);
      if (other === "-- note") {
        // hyphens and spaces are plain, and inside a literal they are only text
        expect(rendered).toEqual({ sql: "E'-- note'", params: [] });
      } else {
        expect(rendered).toMatchObject({ sql: "$1", params: [other] });
      }
    }
  });

  it("takes every literal out of a statement before it is logged", () => {
    expect(
      withoutLiterals(
        `select * from posts where search @@ websearch_to_tsquery('english', E'design tips') and x = 'it''s'`,
      ),
    ).toBe(`select * from posts where search @@ websearch_to_tsquery('…', '…') and x = '…'`);
  });
});
