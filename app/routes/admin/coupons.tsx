// /coupons, the coupon manager (spec admin-back-office §2 "Coupon manager (/coupons) and coupon table
// (/coupon-table)", §4, §5, §8, §9; issue 17; decision 034): add a coupon (a whole discount from 0 to
// 100, a course or general, a code or one made by the server, an optional usage limit and expiry), and
// the list with Validate / Invalidate, the inline edit, Details and Delete. Loader and action:
// app/lib/coupon-admin.server.ts; the parts: app/components/admin/coupon-list.tsx.
import { Link } from "react-router";
import type { Route } from "./+types/coupons";
import { couponsAction, loadCoupons } from "../../lib/coupon-admin.server.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { CouponAddForm, CouponTable } from "../../components/admin/coupon-list.tsx";
import { buttonClass } from "../../components/ui/button.tsx";

export const loader = (args: Route.LoaderArgs) => loadCoupons(args);
export const action = (args: Route.ActionArgs) => couponsAction(args);

export default function CouponManager({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons, courses, editing, error } = loaderData;
  const addFailure = actionData && !actionData.ok && actionData.intent === "coupon.create" ? actionData : undefined;
  return (
    <>
      <AdminPageHeader title="Coupons" lead="Add coupons; validate or invalidate them, edit them inline, delete them.">
        <Link to="/coupon-table" className={buttonClass("ghost", "md", "border border-slate-300")}>
          Coupon table
        </Link>
      </AdminPageHeader>
      <CouponAddForm courses={courses} failure={addFailure} />
      <section aria-labelledby="coupon-list-title" className="mt-12">
        <h2 id="coupon-list-title" className="text-xl font-extrabold tracking-tight text-brand-950">
          All coupons
        </h2>
        <p className="text-sm text-slate-600">
          {coupons.length === 1 ? "1 coupon" : `${coupons.length} coupons`}, newest first; times are Lagos time
        </p>
        <CouponTable coupons={coupons} courses={courses} editing={editing} actionData={actionData} error={error} />
      </section>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Coupons", matches[0]?.loaderData?.siteName);
}
