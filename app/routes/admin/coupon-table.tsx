// /coupon-table, the coupon table (spec admin-back-office §2 "Coupon manager (/coupons) and coupon table
// (/coupon-table)", §4, §8; issue 17; decision 034): every coupon as a table with Validate / Invalidate,
// the inline edit and Delete after 'Are you sure you want to delete this coupon?'; 'No coupons found';
// 'Failed to load coupons. Please try again.'. The admin nav's "coupons" entry. Same loader, action and
// table as /coupons (app/lib/coupon-admin.server.ts, app/components/admin/coupon-list.tsx).
import { Link } from "react-router";
import type { Route } from "./+types/coupon-table";
import { couponsAction, loadCoupons } from "../../lib/coupon-admin.server.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { CouponTable } from "../../components/admin/coupon-list.tsx";
import { buttonClass } from "../../components/ui/button.tsx";

export const loader = (args: Route.LoaderArgs) => loadCoupons(args);
export const action = (args: Route.ActionArgs) => couponsAction(args);

export default function CouponTablePage({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons, courses, editing, error } = loaderData;
  return (
    <>
      <AdminPageHeader title="Coupons" lead="Every coupon, newest first; times are Lagos time.">
        <Link to="/coupons" className={buttonClass("primary", "md")}>
          Add coupon
        </Link>
      </AdminPageHeader>
      <section aria-labelledby="coupon-list-title" className="mt-6">
        <h2 id="coupon-list-title" className="sr-only">
          All coupons
        </h2>
        <CouponTable coupons={coupons} courses={courses} editing={editing} actionData={actionData} error={error} />
      </section>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Coupons", matches[0]?.loaderData?.siteName);
}
