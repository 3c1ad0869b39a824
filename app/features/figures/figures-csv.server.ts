// The dashboard figures' CSV files for the export routes (app/routes/admin/figures-csv.ts, certificates-csv.ts;
// decision 038): the file, and the answer that downloads it (never kept by a cache).
export { figureCsv } from "../../../server/features/figures/figures-csv.ts";

export function csvDownload({ fileName, body }: { fileName: string; body: string }): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
