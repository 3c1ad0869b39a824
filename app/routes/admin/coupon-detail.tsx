// /coupons/view/{couponId}, the coupon detail (spec admin-back-office §2 "Coupon detail", §3, §4, §8;
// issue 17; decision 034): the coupon's fields and its usage records; N/A for a missing value.
import { Link } from "react-router";
import type { Route } from "./+types/coupon-detail";
import {
  COUPON_SCREEN_TEXTS as T,
  couponType,
  expiryText,
  usageStatusText,
} from "../../../contract/coupons/coupon-form.ts";
import { COUPON_MESSAGES, type CouponJson } from "../../../contract/coupons/coupons.ts";
import { loadCouponDetail } from "../../features/coupons/coupon-admin.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { Badge } from "../../components/admin/badge.tsx";
import { CouponStatus } from "../../features/coupons/coupon-list.tsx";
import { buyerColumns, timeCell, type Column } from "../../components/admin/data-table.tsx";
import { DetailScreen } from "../../components/admin/detail-screen.tsx";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";

export const loader = (args: Route.LoaderArgs) => loadCouponDetail(args);

const tone = (status: string) => (status === "paid" ? "green" : "slate");

const columnsFor = (
  names: Readonly<Record<string, string>>,
): ReadonlyArray<Column<CouponJson["usageRecords"][number]>> => [
  ...buyerColumns<CouponJson["usageRecords"][number]>(T.missing),
  { key: "course", header: "Course", cell: (u) => (u.courseId ? (names[u.courseId] ?? T.deletedCourse) : T.missing) },
  // spec admin §4: paid shows Paid; another value shows as it is, Not Paid when there is none
  {
    key: "status",
    header: "Payment status",
    cell: (u) => <Badge tone={tone(u.paymentStatus)}>{usageStatusText(u.paymentStatus)}</Badge>,
  },
  { key: "usedAt", header: "Used at", alignEnd: true, cell: (u) => timeCell(u.usedAt, T.missing) },
];

export default function CouponDetail({ loaderData }: Route.ComponentProps) {
  const { coupon, courseNames } = loaderData;
  const course = coupon.courseId ? (courseNames[coupon.courseId] ?? T.deletedCourse) : T.missing;
  const limit = coupon.usageLimit === null ? T.unlimited : `${coupon.usageLimit} (${coupon.state.usesLeft} left)`;
  return (
    <DetailScreen
      back={{ to: "/coupon-table", label: T.back }}
      title={`Coupon ${coupon.code}`}
      lead="Times are Lagos time."
      infoTitle="Coupon"
      info={[
        ["Code", <code className="font-semibold">{coupon.code}</code>],
        ["Discount", `${coupon.discount}%`],
        ["Type", couponType(coupon)],
        ["Course", course],
        ["Status", <CouponStatus coupon={coupon} />],
        ["Created", timeCell(coupon.createdAt, T.missing)],
        ["Times used", String(coupon.timesUsed)],
        ["In progress", String(coupon.usesHeld)],
        ["Usage limit", limit],
        ["Expires", expiryText(coupon.expiresAt)],
      ]}
      note={
        <>
          Times used counts paid payments; a payment in progress holds a use until it fails or is abandoned.{" "}
          <Link
            to={`/coupon-table?edit=${coupon._id}#coupon-${coupon._id}-code`}
            className="font-medium text-brand-800 underline"
          >
            Edit this coupon
          </Link>
        </>
      }
      records={{
        title: "Usage",
        columns: columnsFor(courseNames),
        rows: coupon.usageRecords,
        rowKey: (u) => u._id,
        empty: "Nobody has used this coupon yet.",
      }}
    />
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
