// A figure's table as a CSV file (decision 038): the same columns as the dashboard shows, amounts as
// naira with two decimals (numbers a spreadsheet sums), counts as numbers, names and codes as guarded text.
import { figureFileName, figureTable, type Cell, type FigureName, type Figures } from "../../../contract/figures.ts";
import { toCsv, type CsvValue } from "../../lib/csv.ts";

/** 1234567 kobo → "12345.67"; -50 → "-0.50" (exact: integer arithmetic, no floating point). */
export function koboDecimal(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const abs = Math.abs(Math.round(kobo));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

function csvValue(cell: Cell): CsvValue {
  return typeof cell === "object" ? { decimal: koboDecimal(cell.kobo) } : cell;
}

export function figureCsv(name: FigureName, figures: Figures): { fileName: string; body: string } {
  const { headers, rows } = figureTable(name, figures);
  return {
    fileName: figureFileName(name, figures),
    body: toCsv(
      headers,
      rows.map((row) => row.map(csvValue)),
    ),
  };
}
