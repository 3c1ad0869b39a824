// /admin/course/{id}, the course admin detail (spec admin-back-office §2 "Course admin detail", §3, §4, §8;
// issue 17; decisions 032, 035) on the kit's DetailScreen: the course (or 'Deleted Course'), its purchase
// figures and records, a paid one refundable. Loader and action: app/features/courses/course-admin.server.ts.
import { useLocation } from "react-router";
import type { Route } from "./+types/course-detail";
import type { CoursePurchase } from "../../../contract/courses/courses.ts";
import { COURSE_LEARNERS } from "../../../contract/learning/content-screen.ts";
import { COURSE_DETAIL_FIELDS, courseDetailLinks, naira } from "../../../contract/courses/course-screens.ts";
import { COURSE_MESSAGES } from "../../../contract/courses/course-texts.ts";
import { purchaseStatusLabel } from "../../../contract/payments/refunds.ts";
import { courseDetailAction, loadCourseDetail } from "../../features/courses/course-admin.server.ts";
import { RefundButton, RefundPanel } from "../../features/payments/refund-action.tsx";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { Badge } from "../../components/admin/badge.tsx";
import { buyerColumns, timeCell, type Column } from "../../components/admin/data-table.tsx";
import { DetailScreen, fieldRows } from "../../components/admin/detail-screen.tsx";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";
import { MediaImage } from "../../components/ui/media-image.tsx";

export const loader = (args: Route.LoaderArgs) => loadCourseDetail(args);
export const action = (args: Route.ActionArgs) => courseDetailAction(args);

const NA = COURSE_MESSAGES.missing;
// spec admin §4: paid shows Paid, any other value Not Paid; a refund shows as such (decision 035)
const tone = (label: string) =>
  label === COURSE_MESSAGES.paid ? "green" : label === COURSE_MESSAGES.notPaid ? "slate" : "amber";

const COLUMNS: ReadonlyArray<Column<CoursePurchase>> = [
  ...buyerColumns<CoursePurchase>(NA),
  {
    key: "status",
    header: "Status",
    cell: (p) => {
      const label = purchaseStatusLabel(p.paymentStatus, p.paymentState);
      return <Badge tone={tone(label)}>{label}</Badge>;
    },
  },
  { key: "amount", header: "Amount", alignEnd: true, cell: (p) => (p.amount === null ? NA : naira(p.amount)) },
  { key: "purchasedAt", header: "Purchased at", alignEnd: true, cell: (p) => timeCell(p.purchasedAt, NA) },
];

export default function CourseDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { id, course, stats, records, purchases, learners } = loaderData;
  const { pathname, search } = useLocation();
  const title = course?.title ?? COURSE_MESSAGES.deletedCourse;
  return (
    <DetailScreen
      back={{ to: "/admin", label: "Back to admin" }}
      title={title}
      lead={course ? undefined : COURSE_MESSAGES.mayBeDeleted}
      links={course ? courseDetailLinks(id) : undefined}
      infoTitle="Course"
      aside={
        course?.img ? (
          <MediaImage src={course.img} alt="" width={320} height={180} className="shrink-0 rounded-xl" />
        ) : null
      }
      info={[
        ["ID", <code className="text-sm">{id}</code>],
        ["Title", title],
        ...fieldRows(COURSE_DETAIL_FIELDS, course, NA),
      ]}
      figures={{
        id: "course-stats-title",
        title: "Purchase statistics",
        items: [
          { label: "Total purchases", value: String(stats.totalPurchases), note: "Paid records only" },
          { label: "Revenue", value: naira(stats.revenue), note: "From paid records" },
          { label: "All records", value: String(records), note: "Paid and not paid" },
        ],
      }}
      records={{
        id: "course-purchases",
        title: "Purchases",
        columns: COLUMNS,
        rows: purchases,
        rowKey: (p) => p._id,
        empty: "No purchases yet.",
        before: <RefundPanel answer={actionData} cancelTo={`${pathname}${search}`} />,
        actions: (p) => (
          <RefundButton reference={p.reference} paymentState={p.paymentState} buyer={p.email} amount={p.amount} />
        ),
      }}
      more={{ spec: COURSE_LEARNERS, rows: learners }}
    />
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? (loaderData.course?.title ?? COURSE_MESSAGES.deletedCourse) : "Course";
  return adminMeta(`${title} · Courses`, matches[0]?.loaderData?.siteName);
}

/** The words of this page's error page (spec admin §8 "Detail pages"; app/components/ui/error-page.tsx). */
export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: {
    titles: { 404: COURSE_MESSAGES.notFound, 500: COURSE_MESSAGES.loadFailed },
    back: { to: "/admin", label: "Back to admin" },
  },
};
