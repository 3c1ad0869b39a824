// The admin area's layout route (spec admin-back-office §2 "Admin area routes": "wrapped in a signed-in
// guard and an admin layout"). Signed out → /login and back; signed in without the role → the site's
// error page with 'Access Denied: Admins only.' and status 403. Loaders of the pages inside run in
// parallel with this one, so each of them (and every action) calls the guard again. An error of a page
// inside (an unknown e-mail's 404) keeps an admin in the admin frame; anyone else sees the site's page.
import { Link, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { AdminPageHeader, AdminShell } from "../../components/admin/admin-shell.tsx";
import { ErrorPage, useErrorDescription } from "../../components/ui/error-page.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import { privateNoStore } from "../../lib/meta.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(request, context.get(appContext));
  return null;
}

export const headers = privateNoStore;

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { title, message, back } = useErrorDescription(error);
  // The admin navigation is for admins only: a plain user's 403 is the site's error page.
  if (root?.viewer?.publicMetadata.role !== "admin") return <ErrorPage error={error} />;
  return (
    <AdminShell>
      {/* React Router renders no route's meta down to this boundary: the page's <title> is said here */}
      <title>{`${title} | Admin | ${root.siteName || "Academy"}`}</title>
      <AdminPageHeader title={title} />
      <p role="alert" className="mt-4 text-slate-700">
        {message}
      </p>
      <p className="mt-6">
        <Link to={back.to} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          {back.label}
        </Link>
      </p>
    </AdminShell>
  );
}
