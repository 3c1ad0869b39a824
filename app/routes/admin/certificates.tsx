// /admin/course/{id}/certificates (issue 32), linked from the course detail: how many learners completed the
// course, and its certificates (the kit's declared table) with Revoke and Issue again, each with a reason
// (plain forms; the certificates service audits them).
import { Link } from "react-router";
import type { Route } from "./+types/certificates";
import { certificatesSummary, COURSE_CERTIFICATES } from "../../../contract/certificates/certificates.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DeclaredTable } from "../../components/admin/detail-screen.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { certificateRowAction } from "../../features/certificates/certificate-rows.server.ts";
import { readAction } from "../../lib/action.server.ts";
import { loadOrErrorPage } from "../../lib/adapted-resource.server.ts";

export const loader = (args: Route.LoaderArgs) =>
  loadOrErrorPage(
    args,
    async (ctx, actor) => {
      const id = args.params.id;
      const [course, certificates] = await Promise.all([
        ctx.services.catalog.getCourse(id),
        ctx.services.certificates.forCourse(actor, id),
      ]);
      return { course: { _id: course._id, title: course.title }, certificates };
    },
    "Course not found",
    "admin course certificates",
  );

export async function action(args: Route.ActionArgs) {
  const call = await readAction(args, "admin");
  return certificateRowAction(call) ?? new Response("That form is not one of this page's", { status: 400 });
}

export default function Certificates({ loaderData }: Route.ComponentProps) {
  const { course, certificates } = loaderData;
  return (
    <>
      <AdminPageHeader title={`Certificates of “${course.title}”`} lead={certificatesSummary(certificates)}>
        <Link to={`/admin/course/${course._id}`} className={buttonClass("ghost", "md", "border border-slate-300")}>
          Back to the course
        </Link>
      </AdminPageHeader>
      <DeclaredTable spec={COURSE_CERTIFICATES} rows={certificates.certificates} />
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return adminMeta(
    loaderData ? `Certificates of “${loaderData.course.title}”` : "Certificates",
    matches[0]?.loaderData?.siteName,
  );
}
