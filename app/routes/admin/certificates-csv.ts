// /admin/certificates.csv: per course, its completions and certificates issued, valid and revoked (issue 32),
// as the dashboard's figures are exported (decision 038), for admins (app/pages.ts; the service checks again).
import type { Route } from "./+types/certificates-csv";
import { csvDownload } from "../../features/figures/figures-csv.server.ts";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  return csvDownload(await ctx.services.certificates.figuresCsv(actor, new Date()));
}
