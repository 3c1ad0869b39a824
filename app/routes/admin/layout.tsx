// The admin area's layout route (spec admin-back-office §2 "Admin area routes": "wrapped in a signed-in
// guard and an admin layout"). Signed out → /login and back; signed in without the role → the root
// ErrorBoundary's 'Access Denied: Admins only.' with status 403. Loaders of the pages inside run in
// parallel with this one, so each of them (and every action) calls the guard again.
import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { AdminShell } from "../../components/admin/admin-shell.tsx";
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
