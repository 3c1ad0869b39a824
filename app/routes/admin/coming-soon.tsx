// Every admin screen of the spec (admin-back-office §2 "Admin area routes") whose issue has not landed
// yet: one module, listed once per path in app/routes.ts, showing the screen's name and a placeholder.
// A screen that lands gets a module of its own and leaves this table.
import { matchPath } from "react-router";
import type { Route } from "./+types/coming-soon";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { ComingSoon } from "../../components/admin/coming-soon.tsx";

const SCREENS: ReadonlyArray<{ path: string; title: string; lead: string }> = [
  { path: "/coupons", title: "Coupons", lead: "Add coupons, validate or invalidate them, edit and delete them." },
  { path: "/coupon-table", title: "Coupons", lead: "Every coupon: validate or invalidate, edit inline, delete." },
  { path: "/coupons/view/:couponId", title: "Coupon details", lead: "A coupon and the purchases that used it." },
  { path: "/admin/newsletter", title: "Newsletter subscribers", lead: "Subscribers, and bulk e-mail to them." },
];

export function loader({ request, context, pattern, url }: Route.LoaderArgs) {
  requireAdminPage(request, context.get(appContext));
  // `url` and `pattern` are the page's, also for client-side navigations (whose request is /….data).
  const screen =
    SCREENS.find((s) => s.path === pattern) ??
    SCREENS.find((s) => matchPath({ path: s.path, end: true }, url.pathname));
  return screen ? { title: screen.title, lead: screen.lead } : { title: "Admin", lead: "" };
}

export default function ComingSoonPage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon title={loaderData.title} lead={loaderData.lead} />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return adminMeta(loaderData?.title ?? "Admin", matches[0]?.loaderData?.siteName);
}
