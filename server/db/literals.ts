// Values written into a statement's text instead of sent as parameters (decision 046). On PGlite a
// statement without parameters is planned once and its plan kept (pglite-prepared.ts); one with
// parameters is planned again on every call. So the hot reads write in what is safe to write: numbers
// they validated, names they read from the database, and a visitor's text only when it is plain words
// (nothing in it to escape); anything else stays a parameter.
import { sql, type SQL } from "drizzle-orm";

/** A whole number ≥ 0 as SQL text; anything else is a programming error. */
export function sqlInteger(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`not a whole number ≥ 0: ${n}`);
  return sql.raw(String(n));
}

/**
 * A whole number ≥ 0 where Drizzle's builder takes a number (`.limit()`, `.offset()`): its SQL chunk
 * goes into the text as it stands.
 */
export function inlineInteger(n: number): number {
  return sqlInteger(n) as unknown as number;
}

/** A text as an escaped literal (E'…', as PostgreSQL's quote_literal writes one), whatever standard_conforming_strings says. */
export function sqlText(value: string): SQL {
  if (value.includes("\0")) throw new TypeError("a text literal cannot hold NUL");
  return sql.raw(`E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`);
}

/** Plain words: letters, digits, spaces and hyphens, at most 200 characters. */
const PLAIN_WORDS = /^[\p{L}\p{N} -]{1,200}$/u;

/**
 * A reader's text written into the statement when it is plain words (its plan is then kept and
 * reused for the next reader of the same words: decision 046), else sent as a parameter. Nothing that
 * needs escaping is ever written in.
 */
export function plainTextOrParam(value: string): SQL {
  return PLAIN_WORDS.test(value) ? sqlText(value) : sql`${value}`;
}

/** A statement's text with its string literals replaced by '…' (values written in must not reach a log). */
export function withoutLiterals(statement: string): string {
  return statement.replace(/E?'(?:[^']|'')*'/g, "'…'");
}
