// /coupons/view/{couponId}, the coupon detail (spec admin-back-office §2 "Coupon detail", §3 "Coupon",
// §4, §8; issue 17; decision 034): code, discount, type (Course-Specific / General), course, status
// (Active / Invalid), created, times used, the usage limit and expiry, and the usage records (user name,
// e-mail, phone, course, Paid / Not Paid or the raw other status, used at), course names through the
// courses-by-ids service ('Deleted Course' for one gone), N/A for a missing value, and 'Back to
// Coupons'. Loader: app/lib/coupon-admin.server.ts.
import { Link } from "react-router";
import type { Route } from "./+types/coupon-detail";
import { COUPON_SCREEN_TEXTS as T, usageStatusText } from "../../../contract/coupon-form.ts";
import { COUPON_MESSAGES, type CouponJson } from "../../../contract/coupons.ts";
import { formatLagosDateTime } from "../../../contract/dates.ts";
import { loadCouponDetail } from "../../lib/coupon-admin.server.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { Badge } from "../../components/admin/badge.tsx";
import { CouponStatus, couponType, expiryText } from "../../components/admin/coupon-list.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { DetailRow } from "../../components/admin/detail-list.tsx";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";

export const loader = (args: Route.LoaderArgs) => loadCouponDetail(args);

type Usage = CouponJson["usageRecords"][number];

const or = (value: string | null | undefined) => (value && value.trim() ? value : T.missing);

/** spec admin §4: paid shows Paid; another value shows as it is, Not Paid when there is none. */
function PaymentStatus({ status }: { status: string }) {
  return <Badge tone={status === "paid" ? "green" : "slate"}>{usageStatusText(status)}</Badge>;
}

const columnsFor = (names: Readonly<Record<string, string>>): ReadonlyArray<Column<Usage>> => [
  {
    key: "name",
    header: "User name",
    rowHeader: true,
    cell: (u) => <span className="font-semibold">{or(u.userName)}</span>,
  },
  { key: "email", header: "E-mail", cell: (u) => <span className="break-all">{or(u.email)}</span> },
  { key: "phone", header: "Phone", cell: (u) => or(u.phone) },
  { key: "course", header: "Course", cell: (u) => (u.courseId ? (names[u.courseId] ?? T.deletedCourse) : T.missing) },
  { key: "status", header: "Payment status", cell: (u) => <PaymentStatus status={u.paymentStatus} /> },
  {
    key: "usedAt",
    header: "Used at",
    alignEnd: true,
    cell: (u) => (u.usedAt ? <time dateTime={u.usedAt}>{formatLagosDateTime(u.usedAt)}</time> : T.missing),
  },
];

export default function CouponDetail({ loaderData }: Route.ComponentProps) {
  const { coupon, courseNames } = loaderData;
  const course = coupon.courseId ? (courseNames[coupon.courseId] ?? T.deletedCourse) : T.missing;
  return (
    <>
      <p className="mb-4">
        <Link to="/coupon-table" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          <span aria-hidden="true">← </span>
          {T.back}
        </Link>
      </p>
      <AdminPageHeader title={`Coupon ${coupon.code}`} lead="Times are Lagos time." />
      <section aria-labelledby="coupon-info-title" className="mt-6 max-w-3xl">
        <h2 id="coupon-info-title" className="text-lg font-bold text-slate-900">
          Coupon
        </h2>
        <dl className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
          <DetailRow label="Code">
            <code className="font-semibold">{coupon.code}</code>
          </DetailRow>
          <DetailRow label="Discount">{`${coupon.discount}%`}</DetailRow>
          <DetailRow label="Type">{couponType(coupon)}</DetailRow>
          <DetailRow label="Course">{course}</DetailRow>
          <DetailRow label="Status">
            <CouponStatus coupon={coupon} />
          </DetailRow>
          <DetailRow label="Created">
            <time dateTime={coupon.createdAt}>{formatLagosDateTime(coupon.createdAt)}</time>
          </DetailRow>
          <DetailRow label="Times used">{String(coupon.timesUsed)}</DetailRow>
          <DetailRow label="In progress">{String(coupon.usesHeld)}</DetailRow>
          <DetailRow label="Usage limit">
            {coupon.usageLimit === null ? T.unlimited : `${coupon.usageLimit} (${coupon.state.usesLeft} left)`}
          </DetailRow>
          <DetailRow label="Expires">{expiryText(coupon.expiresAt)}</DetailRow>
        </dl>
        <p className="mt-3 text-sm text-slate-600">
          Times used counts paid payments; a payment in progress holds a use until it fails or is abandoned.{" "}
          <Link
            to={`/coupon-table?edit=${coupon._id}#coupon-${coupon._id}-code`}
            className="font-medium text-brand-800 underline"
          >
            Edit this coupon
          </Link>
        </p>
      </section>
      <section aria-labelledby="coupon-usage-title" className="mt-10">
        <h2 id="coupon-usage-title" className="text-lg font-bold text-slate-900">
          Usage
        </h2>
        <DataTable
          labelledBy="coupon-usage-title"
          columns={columnsFor(courseNames)}
          rows={coupon.usageRecords}
          rowKey={(u) => u._id}
          empty="Nobody has used this coupon yet."
        />
      </section>
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Coupon ${loaderData.coupon.code}` : "Coupon", matches[0]?.loaderData?.siteName);
}

/** The words of this page's error page (spec admin §8 "Coupons"; app/components/ui/error-page.tsx). */
export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: {
    titles: { 404: COUPON_MESSAGES.notFound, 500: COUPON_MESSAGES.detailFailed },
    back: { to: "/coupon-table", label: T.back },
  },
};
