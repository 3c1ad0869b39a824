// /coupons, the coupon manager (spec admin-back-office §2 "Coupon manager (/coupons) and coupon table
// (/coupon-table)", §4, §5, §8, §9; issue 17; decision 034): the add form above every coupon's row.
import type { Route } from "./+types/coupons";
import { couponsAction, loadCoupons } from "../../features/coupons/coupon-admin.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { CouponScreen } from "../../features/coupons/coupon-list.tsx";

export const loader = (args: Route.LoaderArgs) => loadCoupons(args);
export const action = (args: Route.ActionArgs) => couponsAction(args);

export default function CouponManager({ loaderData, actionData }: Route.ComponentProps) {
  return <CouponScreen {...loaderData} manager actionData={actionData} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Coupons", matches[0]?.loaderData?.siteName);
}
