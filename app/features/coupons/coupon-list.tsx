// /coupons and /coupon-table (spec admin-back-office §2, §4, §5, §9; decision 034) on the kit (COUPON_SCREEN,
// contract/coupons/coupon-form.ts): the add form, and the list with its own cells (course, status, uses).
import {
  COUPON_SCREEN,
  COUPON_SCREEN_TEXTS as T,
  courseLabel,
  couponType,
} from "../../../contract/coupons/coupon-form.ts";
import type { CouponJson } from "../../../contract/coupons/coupons.ts";
import type { CouponActionResult, loadCoupons } from "./coupon-admin.server.ts";
import { AdaptedAddForm } from "../../components/admin/adapted-form.tsx";
import { AdaptedScreen } from "../../components/admin/adapted-screen.tsx";
import { AdaptedTable } from "../../components/admin/adapted-table.tsx";
import { Badge } from "../../components/admin/badge.tsx";
import { timeCell } from "../../components/admin/data-table.tsx";

/**
 * Its status as its service computed it (CouponJson.state, issue 30): Active or Invalid (spec admin §4),
 * Expired / Used up beside it (decision 034); its course gone: Not usable and Course deleted (issue 29).
 */
export function CouponStatus({ coupon }: { coupon: Pick<CouponJson, "isValid" | "state"> }) {
  const { courseGone, expired, usedUp } = coupon.state;
  const shown = coupon.isValid && !courseGone;
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={shown ? "green" : "slate"}>{shown ? T.active : coupon.isValid ? T.notUsable : T.invalid}</Badge>
      {courseGone ? <Badge tone="amber">{T.courseGone}</Badge> : null}
      {expired ? <Badge tone="amber">{T.expired}</Badge> : null}
      {usedUp ? <Badge tone="amber">{T.usedUp}</Badge> : null}
    </span>
  );
}

/** The list's own cells (the code: the target of the detail page's Edit link). */
const cellsFor = (names: Readonly<Record<string, string>>) => ({
  code: (c: CouponJson) => (
    <span id={`coupon-${c._id}`} className="font-mono font-semibold whitespace-nowrap text-slate-900">
      {c.code}
    </span>
  ),
  course: (c: CouponJson) => (
    <>
      <span className="block">{courseLabel(c.courseId, names)}</span>
      {/* spec admin §4: the coupon's type */}
      <span className="block text-xs text-slate-600">{couponType(c)}</span>
    </>
  ),
  status: (c: CouponJson) => <CouponStatus coupon={c} />,
  expires: (c: CouponJson) => timeCell(c.expiresAt, T.never),
});

type Loaded = Awaited<ReturnType<typeof loadCoupons>>;

/** /coupons (`manager`: the add form above the list) and /coupon-table: every coupon, newest first. */
export function CouponScreen({
  manager = false,
  coupons,
  courses,
  editing,
  error,
  actionData,
}: Loaded & { manager?: boolean; actionData: CouponActionResult | undefined }) {
  const options = { courseId: courses.map((c) => ({ value: c._id, label: c.title })) };
  const addFailure = actionData && !actionData.ok && actionData.intent === "coupon.create" ? actionData : undefined;
  return (
    <AdaptedScreen
      title="Coupons"
      lead={
        manager
          ? "Add coupons; validate or invalidate them, edit them inline, delete them."
          : "Every coupon, newest first; times are Lagos time."
      }
      link={
        manager
          ? { to: "/coupon-table", label: "Coupon table" }
          : { to: "/coupons", label: "Add coupon", primary: true }
      }
      add={manager ? <AdaptedAddForm spec={COUPON_SCREEN} options={options} failure={addFailure} /> : null}
      list={{
        id: "coupon-list-title",
        title: "All coupons",
        count: manager
          ? `${coupons.length === 1 ? "1 coupon" : `${coupons.length} coupons`}, newest first; times are Lagos time`
          : undefined,
      }}
    >
      <AdaptedTable
        spec={COUPON_SCREEN}
        labelledBy="coupon-list-title"
        cells={cellsFor(Object.fromEntries(courses.map((c) => [c._id, c.title])))}
        rows={coupons}
        options={options}
        editing={editing}
        actionData={actionData}
        error={error}
      />
    </AdaptedScreen>
  );
}
