// CSV for spreadsheets (the admin figures' exports; decision 038): RFC 4180 (comma, CRLF, a field in
// double quotes when it holds a comma, a quote, a line break or edge spaces, its quotes doubled), UTF-8
// with a byte-order mark so that Excel reads "₦" and names such as "Adébáyọ̀" right, and text that a
// spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) prefixed with a quote
// (OWASP "CSV injection"). A spreadsheet may split a line on another separator than the comma (a
// semicolon in many locales, a tab, a pipe) or ignore the quotes: text is then cut into cells at those,
// so a quote also goes before a formula character after any of them or a line break (`x;=1+1` is
// `x;'=1+1`; issue 29), and a field holding one is quoted. Numbers are written as numbers: only text is
// guarded. Times are Lagos time, "2026-03-03 14:05" (formatLagosCsv in contract/lib/dates.ts).

/** The byte-order mark Excel needs to read a CSV file as UTF-8. */
export const BOM = "\uFEFF";

/**
 * What a CSV cell may hold: text (guarded), a number we computed (written as it is), or a number with
 * its decimals fixed ({ decimal: "-4000.00" }: naira amounts).
 */
export type CsvValue = string | number | { decimal: string };

/** what makes a cell a formula: =, +, - or @ first (spaces before it too), or a tab or carriage return */
const FORMULA_START = /^(?:[=+\-@\t\r]|[ ]+[=+\-@])/;
/** a formula character at the start of a cell that a separator or a line break would begin */
const FORMULA_AFTER_SEPARATOR = /([,;\t|\r\n])([ \t]*[=+\-@])/g;
const NEEDS_QUOTES = /[",;\t|\r\n]|^\s|\s$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** One field: guarded against formulas when it is text, quoted when it must be. */
export function csvField(value: CsvValue): string {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a number for a CSV cell: ${value}`);
    return String(value);
  }
  if (typeof value === "object") {
    if (!DECIMAL.test(value.decimal)) throw new Error(`not a decimal for a CSV cell: ${value.decimal}`);
    return value.decimal;
  }
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  const text = FORMULA_START.test(inner) ? `'${inner}` : inner;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the BOM, the header row, the rows, each line ended by CRLF. */
export function toCsv(headers: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  const lines = [headers, ...rows].map((row) => row.map(csvField).join(","));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}
