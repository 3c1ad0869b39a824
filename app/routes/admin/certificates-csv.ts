// /admin/certificates.csv: per course, its completions and certificates issued, valid and revoked (issue 32),
// as the dashboard's figures are exported (decision 038), for admins (app/pages.ts; the service checks again).
import type { Route } from "./+types/certificates-csv";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const { fileName, body } = await ctx.services.certificates.figuresCsv(actor, new Date());
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
