// /admin/figures/{figure}.csv: one of the dashboard's figures of the last 30 days as a CSV file
// (decision 038), for admins (app/pages.ts; the loader checks again). A resource route: no page, the file.
import type { Route } from "./+types/figures-csv";
import { isFigureName } from "../../../contract/admin/figures.ts";
import { csvDownload, figureCsv } from "../../features/figures/figures-csv.server.ts";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const name = /^([a-z]+)\.csv$/.exec(params.file)?.[1] ?? "";
  if (!isFigureName(name)) {
    return new Response("No such figure: the figures are revenue, enrolments, tickets and coupons.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const figures = await ctx.services.figures.last30Days(actor, new Date());
  return csvDownload(figureCsv(name, figures));
}
