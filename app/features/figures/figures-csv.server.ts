// The dashboard figures' CSV files for the export route (app/routes/admin/figures-csv.ts; decision 038).
export { figureCsv } from "../../../server/features/figures/figures-csv.ts";
