// /coupon-table, the coupon table (spec admin-back-office §2, §4, §8; issue 17; decision 034): every
// coupon, the admin nav's "coupons" entry; the same loader, action and list as /coupons.
import type { Route } from "./+types/coupon-table";
import { couponsAction, loadCoupons } from "../../features/coupons/coupon-admin.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { CouponScreen } from "../../features/coupons/coupon-list.tsx";

export const loader = (args: Route.LoaderArgs) => loadCoupons(args);
export const action = (args: Route.ActionArgs) => couponsAction(args);

export default function CouponTablePage({ loaderData, actionData }: Route.ComponentProps) {
  return <CouponScreen {...loaderData} actionData={actionData} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Coupons", matches[0]?.loaderData?.siteName);
}
