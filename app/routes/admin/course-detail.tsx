// /admin/course/{id}, the course admin detail (spec admin-back-office §2 "Course admin detail", §3, §4,
// §8; issue 17; decision 032): the course, its purchase figures (paid records only; revenue in naira)
// and its purchase records (Paid / Not Paid, Lagos time), and the link back to /admin. A deleted course
// whose purchases remain shows as 'Deleted Course'. A paid record can be refunded (decision 035: the
// question with an optional reason, the password again when old; Refunded / Refund pending).
// On the kit's DetailScreen (issue 30). Loader and action: app/lib/course-admin.server.ts.
import { useLocation } from "react-router";
import type { Route } from "./+types/course-detail";
import type { CoursePurchase } from "../../../contract/courses.ts";
import { COURSE_MESSAGES } from "../../../contract/course-texts.ts";
import { formatNaira } from "../../../contract/money.ts";
import { purchaseStatusLabel } from "../../../contract/refunds.ts";
import { courseDetailAction, loadCourseDetail } from "../../lib/course-admin.server.ts";
import { RefundButton, RefundPanel } from "../../components/admin/refund-action.tsx";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import type { Column } from "../../components/admin/data-table.tsx";
import { FigureCards } from "../../components/admin/detail-list.tsx";
import { DetailScreen } from "../../components/admin/detail-screen.tsx";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";
import { MediaImage } from "../../components/ui/media-image.tsx";

export const loader = (args: Route.LoaderArgs) => loadCourseDetail(args);
export const action = (args: Route.ActionArgs) => courseDetailAction(args);

const NA = COURSE_MESSAGES.missing;
const or = (value: string | null | undefined) => (value && value.trim() ? value : NA);

type Row = CoursePurchase & { purchasedAtText: string };

const COLUMNS: ReadonlyArray<Column<Row>> = [
  {
    key: "name",
    header: "User name",
    rowHeader: true,
    cell: (p) => <span className="font-semibold">{or(p.userName)}</span>,
  },
  { key: "email", header: "E-mail", cell: (p) => <span className="break-all">{or(p.email)}</span> },
  { key: "phone", header: "Phone", cell: (p) => or(p.phone) },
  {
    key: "status",
    header: "Status",
    // spec admin §4: paid shows Paid, any other value Not Paid; a refund shows as such (decision 035)
    cell: (p) => {
      const label = purchaseStatusLabel(p.paymentStatus, p.paymentState);
      const tone =
        label === COURSE_MESSAGES.paid
          ? "bg-green-100 text-green-900"
          : label === COURSE_MESSAGES.notPaid
            ? "bg-slate-100 text-slate-800"
            : "bg-amber-100 text-amber-900";
      return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>;
    },
  },
  {
    key: "amount",
    header: "Amount",
    alignEnd: true,
    cell: (p) => (p.amount === null ? NA : formatNaira(p.amount, { decimals: 2 })),
  },
  {
    key: "purchasedAt",
    header: "Purchased at",
    alignEnd: true,
    cell: (p) => <time dateTime={p.purchasedAt}>{p.purchasedAtText}</time>,
  },
];

export default function CourseDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { id, course, stats, records, purchases } = loaderData;
  const { pathname, search } = useLocation();
  const title = course?.title ?? COURSE_MESSAGES.deletedCourse;
  const features = course?.features.length ? (
    <ul className="list-disc space-y-1 pl-5">
      {course.features.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  ) : (
    NA
  );
  return (
    <DetailScreen
      back={{ to: "/admin", label: "Back to admin" }}
      title={title}
      lead={course ? undefined : COURSE_MESSAGES.mayBeDeleted}
      infoTitle="Course"
      aside={
        course?.img ? (
          <MediaImage src={course.img} alt="" width={320} height={180} className="shrink-0 rounded-xl" />
        ) : null
      }
      info={[
        ["ID", <code className="text-sm">{id}</code>],
        ["Title", title],
        ["Image", course?.img ? <span className="break-all">{course.img}</span> : NA],
        ["Category", or(course?.category)],
        ["Instructor", or(course?.instructor)],
        ["Price", course ? formatNaira(course.price, { decimals: 2 }) : NA],
        ["Duration", or(course?.duration)],
        ["Rating", course ? `${course.rating.toFixed(1)} out of 5` : NA],
        ["Features", features],
      ]}
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
    >
      <section aria-labelledby="course-stats-title" className="mt-10">
        <h2 id="course-stats-title" className="text-lg font-bold text-slate-900">
          Purchase statistics
        </h2>
        <FigureCards
          figures={[
            { label: "Total purchases", value: String(stats.totalPurchases), note: "Paid records only" },
            { label: "Revenue", value: formatNaira(stats.revenue, { decimals: 2 }), note: "From paid records" },
            { label: "All records", value: String(records), note: "Paid and not paid" },
          ]}
        />
      </section>
    </DetailScreen>
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
