// A figure's table as a CSV file (decision 038): the same columns as the dashboard shows, amounts as
// naira with two decimals (numbers a spreadsheet sums), counts as numbers, names and codes as guarded text.
import {
  figureFileName,
  figureTable,
  type Cell,
  type FigureName,
  type Figures,
} from "../../../contract/admin/figures.ts";
import { koboDecimal } from "../../../contract/lib/money.ts";
import { toCsv, type CsvValue } from "../../lib/csv.ts";

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
