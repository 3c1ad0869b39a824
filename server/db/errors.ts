// What a database error says about the request. PostgreSQL (and PGlite, the same engine) refuse some
// values the API let through, e.g. "\0" in text (22021), a non-number where a number goes (22P02),
// a text longer than its column (22001): SQLSTATE class 22, "data exception". That is bad input, not
// a fault of ours, so it becomes a 422 (issue 7, "Bad input never gets a 500"). Drizzle wraps the
// driver's error in a DrizzleQueryError whose message holds the query's parameters, i.e. the submitted
// data: `safeErrorFields` is what may be logged instead.
import { Invalid, type DomainError } from "../lib/errors.ts";
import { withoutLiterals } from "./literals.ts";

/** The driver's error behind a (possibly wrapped) error: the first in the `cause` chain with a SQLSTATE. */
function driverError(err: unknown): (Error & { code: string }) | null {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    // five letters and digits, at least one digit: "22021", "P0001"; never Node's "EPIPE"
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && /\d/.test(code)) return e as Error & { code: string };
  }
  return null;
}

/** The SQLSTATE of a database error (wrapped or not), or undefined. */
export function sqlState(err: unknown): string | undefined {
  return driverError(err)?.code;
}

const DATA_MESSAGES: Record<string, string> = {
  "22021": "A text value contains a character that cannot be stored (such as NUL, \\0): remove it and try again.",
  "22P05": "A text value contains a character that cannot be stored (such as NUL, \\0): remove it and try again.",
  "22P02": "A value has the wrong format (for example, text where a number or an id is expected).",
  "22001": "A text value is too long.",
  "22003": "A number is out of range.",
  "22007": "A date or time is not valid.",
  "22008": "A date or time is out of range.",
};

/** A 422 DomainError for a data exception (SQLSTATE class 22), or null for any other error. */
export function dataErrorToDomain(err: unknown): DomainError | null {
  const code = sqlState(err);
  if (!code?.startsWith("22")) return null;
  return Invalid(DATA_MESSAGES[code] ?? "A value in the request cannot be stored: check the fields and try again.");
}

/** Values quoted in a database or parser message ("… for type integer: \"abc\"") are the caller's data. */
function scrub(message: string): string {
  return message
    .replace(/\nparams: [\s\S]*$/, "") // Drizzle: "Failed query: <sql>\nparams: <values>"
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "'…'")
    .slice(0, 500);
}

/**
 * The fields of an error that a log line may carry: its name, SQLSTATE, a message with quoted values
 * and query parameters removed, and the stack frames (without the message line). For a Drizzle
 * query error the SQL is kept (values are parameters, never inlined) and the driver's message added.
 */
export function safeErrorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { error: typeof err };
  const driver = driverError(err);
  const isQuery = err.message.startsWith("Failed query: ");
  const fields: Record<string, unknown> = {
    errorName: err.name,
    // the SQL text of a Drizzle query: keep it, cut the params and any literal (a few values are
    // written into the statement: decision 046)
    error: isQuery ? withoutLiterals(err.message.replace(/\nparams: [\s\S]*$/, "")).slice(0, 2000) : scrub(err.message),
  };
  if (driver) {
    fields.sqlState = driver.code;
    if (driver !== err) fields.cause = scrub(driver.message);
    for (const key of ["table", "column", "constraint"] as const) {
      const value = (driver as unknown as Record<string, unknown>)[key];
      if (typeof value === "string") fields[key] = value;
    }
  }
  const frames = err.stack?.split("\n").filter((line) => /^\s+at /.test(line));
  if (frames?.length) fields.stack = frames.join("\n");
  return fields;
}
