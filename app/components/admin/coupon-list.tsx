// The coupon screens' parts (spec admin-back-office §2 "Coupon manager (/coupons) and coupon table
// (/coupon-table)", §4, §5, §9; issue 17; decision 034): the add form of /coupons, and the list both
// screens show as a table with Validate / Invalidate, the inline edit (discount, code forced to upper
// case, course, usage limit, expiry; Save / Cancel), the detail link and Delete after the spec's
// question. Plain POST forms to the page's action (app/lib/coupon-admin.server.ts): without JavaScript
// Edit is a link (`?edit=<id>`), the edited row's fields belong to its Save form by their `form`
// attribute, and Delete asks its question on the page.
import { useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import {
  COUPON_FIELD_LABELS,
  COUPON_SCREEN_TEXTS as T,
  lagosInputValue,
  type CouponFormField,
} from "../../../contract/coupon-form.ts";
import { COUPON_MESSAGES, type CouponJson } from "../../../contract/coupons.ts";
import { formatLagosDateTime } from "../../../contract/dates.ts";
import type { CouponActionResult, CourseName } from "../../lib/coupon-admin.server.ts";
import { buttonClass } from "../ui/button.tsx";
import { ConfirmAction, ConfirmOnPage } from "../ui/confirm-dialog.tsx";
import {
  Field,
  Notice,
  NumberField,
  PageForm,
  SelectField,
  SubmitButton,
  useFocusOnProblems,
  useSuccessCount,
} from "../ui/form.tsx";
import { useToast } from "../ui/toast.tsx";
import { Badge } from "./badge.tsx";
import { DataTable, type Column } from "./data-table.tsx";
import { confirmationOf } from "../../lib/action-result.ts";

/** The course select's options: general first, then every course. */
const courseOptions = (courses: readonly CourseName[]) => [
  { value: "", label: T.general },
  ...courses.map((c) => ({ value: c._id, label: c.title })),
];

/** spec admin §4: Course-Specific with a courseId, else General. */
export const couponType = (c: Pick<CouponJson, "courseId">) => (c.courseId ? T.courseSpecific : T.generalType);

/** The coupon's course by name: 'Deleted Course' when it is gone, 'All courses' for a general one. */
export function courseLabel(courseId: string | null, names: Readonly<Record<string, string>>) {
  if (!courseId) return "All courses";
  return names[courseId] ?? T.deletedCourse;
}

/**
 * Its status, as its service computed it (CouponJson.state, issue 30): Active or Invalid (spec admin §4),
 * and Expired / Used up beside it (decision 034). A coupon whose course is gone applies to nothing: Not
 * usable (or Invalid) and Course deleted, never Active (issue 29).
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

/** "3 (1 in progress)": the paid uses and the uses held by payments under way. */
export function usesText(c: Pick<CouponJson, "timesUsed" | "usesHeld">) {
  const held = c.usesHeld > 0 ? ` (${c.usesHeld} in progress)` : "";
  return `${c.timesUsed}${held}`;
}

/** The usage limit: "10", or "No limit". */
export const limitText = (usageLimit: number | null) => (usageLimit === null ? T.unlimited : String(usageLimit));

export const expiryText = (expiresAt: string | null) => (expiresAt ? formatLagosDateTime(expiresAt) : T.never);

type Failure = Extract<CouponActionResult, { ok: false }>;

/** /coupons's add form: discount (required), course or general, code (optional), usage limit, expiry. */
export function CouponAddForm({ courses, failure }: { courses: readonly CourseName[]; failure: Failure | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  useFocusOnProblems(formRef, failure, "coupon-add-error");
  const added = useSuccessCount("coupon.create", failure);
  const v = failure?.values ?? {};
  const e = failure?.fieldErrors ?? {};
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "coupon.create";
  return (
    <section aria-labelledby="coupon-add-title" className="mt-6 max-w-3xl">
      <h2 id="coupon-add-title" className="text-xl font-extrabold tracking-tight text-brand-950">
        Add a coupon
      </h2>
      <PageForm
        key={`${added}-${failure ? "failed" : "new"}`}
        formRef={formRef}
        errorId="coupon-add-error"
        error={failure?.formError}
        noValidate
        className="mt-3 grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="coupon.create" />
        <NumberField
          id="coupon-discount"
          name="discount"
          label={COUPON_FIELD_LABELS.discount}
          decimals={false}
          requiredMark
          hint="A whole number from 0 to 100"
          defaultValue={v.discount ?? ""}
          error={e.discount}
        />
        <SelectField
          id="coupon-course"
          name="courseId"
          label={COUPON_FIELD_LABELS.courseId}
          options={courseOptions(courses)}
          defaultValue={v.courseId ?? ""}
          error={e.courseId}
        />
        <Field
          id="coupon-code"
          name="code"
          label={COUPON_FIELD_LABELS.code}
          optional
          hint="Left empty, a code is made for you; kept in upper case"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={30}
          style={{ textTransform: "uppercase" }}
          defaultValue={v.code ?? ""}
          error={e.code}
        />
        <NumberField
          id="coupon-limit"
          name="usageLimit"
          label={COUPON_FIELD_LABELS.usageLimit}
          decimals={false}
          optional
          hint="How many payments may use it; empty for no limit"
          defaultValue={v.usageLimit ?? ""}
          error={e.usageLimit}
        />
        <Field
          id="coupon-expiry"
          name="expiresAt"
          type="datetime-local"
          label={COUPON_FIELD_LABELS.expiresAt}
          optional
          hint="From then on it no longer applies; empty for never"
          defaultValue={v.expiresAt ?? ""}
          error={e.expiresAt}
        />
        <div className="self-end">
          <SubmitButton pending={pending} label="Add coupon" pendingLabel="Adding…" className="w-full sm:w-auto" />
        </div>
      </PageForm>
    </section>
  );
}

const inputClass = (invalid: boolean) =>
  `block w-full rounded-md border px-2 py-1.5 text-sm text-slate-900 shadow-sm ${
    invalid ? "border-red-700" : "border-slate-400"
  }`;

/** One field of the edited row, in its cell: a hidden label, its error below, tied to the row's Save form. */
function EditCell({
  coupon,
  field,
  failure,
  children,
}: {
  coupon: CouponJson;
  field: CouponFormField;
  failure: Failure | undefined;
  children: (props: {
    id: string;
    name: string;
    form: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    className: string;
  }) => React.ReactNode;
}) {
  const id = `coupon-${coupon._id}-${field}`;
  const error = failure?.fieldErrors[field];
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {COUPON_FIELD_LABELS[field]} of {coupon.code}
      </label>
      {children({
        id,
        name: field,
        form: `coupon-edit-${coupon._id}`,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-error` : undefined,
        className: inputClass(!!error),
      })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Every coupon as a table (both screens): code, discount, course and type, status, uses, limit, expiry;
 * Validate / Invalidate, Edit (inline), Details, Delete. `editing`: the coupon whose row is a form.
 */
export function CouponTable({
  coupons,
  courses,
  editing,
  actionData,
  error,
}: {
  coupons: CouponJson[];
  courses: readonly CourseName[];
  editing: string | null;
  actionData: CouponActionResult | undefined;
  error: string | null;
}) {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const kept = new URLSearchParams(search);
  kept.delete("edit");
  /** this page's address without `?edit` (Cancel, and the confirmations' Cancel) */
  const here = `${pathname}${kept.size ? `?${kept}` : ""}`;
  const names = Object.fromEntries(courses.map((c) => [c._id, c.title]));
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const saveFailure = failure?.intent === "coupon.save" ? failure : undefined;
  // a failed Save keeps its row open with what was typed, also without ?edit
  const editId = saveFailure?.values.id ?? editing;
  const rowFailure = (c: CouponJson) => (saveFailure?.values.id === c._id ? saveFailure : undefined);
  const confirming = confirmationOf<{ id: string; code: string }>(actionData, "coupon.delete");
  const listFailure = failure && failure.intent !== "coupon.create" ? failure : undefined;
  useToast(listFailure, listFailure?.formError, "error");
  const busy = (intent: string, id: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("id") === id;
  const editHref = (id: string) => {
    const params = new URLSearchParams(kept);
    params.set("edit", id);
    // the row's first field: on a phone the edited row is a tall card, and its Save form is at the bottom
    return `${pathname}?${params}#coupon-${id}-code`;
  };

  const typed = (c: CouponJson, field: CouponFormField, current: string) => rowFailure(c)?.values[field] ?? current;

  const columns: ReadonlyArray<Column<CouponJson>> = [
    {
      key: "code",
      header: "Code",
      rowHeader: true,
      cell: (c) =>
        c._id === editId ? (
          <EditCell coupon={c} field="code" failure={rowFailure(c)}>
            {(p) => (
              <input
                {...p}
                type="text"
                className={`${p.className} min-w-36`}
                defaultValue={typed(c, "code", c.code)}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={30}
                required
                style={{ textTransform: "uppercase" }}
              />
            )}
          </EditCell>
        ) : (
          <span id={`coupon-${c._id}`} className="font-mono font-semibold whitespace-nowrap text-slate-900">
            {c.code}
          </span>
        ),
    },
    {
      key: "discount",
      header: "Discount",
      alignEnd: true,
      cell: (c) =>
        c._id === editId ? (
          <EditCell coupon={c} field="discount" failure={rowFailure(c)}>
            {(p) => (
              <input
                {...p}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                className={`${p.className} min-w-14`}
                defaultValue={typed(c, "discount", String(c.discount))}
              />
            )}
          </EditCell>
        ) : (
          `${c.discount}%`
        ),
    },
    {
      key: "course",
      header: "Course",
      cell: (c) =>
        c._id === editId ? (
          <EditCell coupon={c} field="courseId" failure={rowFailure(c)}>
            {(p) => (
              <select
                {...p}
                className={`${p.className} min-w-36`}
                defaultValue={typed(c, "courseId", c.courseId ?? "")}
              >
                {c.courseId && !names[c.courseId] ? <option value={c.courseId}>{T.deletedCourse}</option> : null}
                {courseOptions(courses).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </EditCell>
        ) : (
          <>
            <span className="block">{courseLabel(c.courseId, names)}</span>
            {/* spec admin §4: the coupon's type */}
            <span className="block text-xs text-slate-600">{couponType(c)}</span>
          </>
        ),
    },
    { key: "status", header: "Status", cell: (c) => <CouponStatus coupon={c} /> },
    // the uses and the limit in columns of their own: the edited row's limit field sits under its own
    // heading (on a phone, its own label), not under "Times used" (issue 29)
    { key: "uses", header: "Times used", alignEnd: true, cell: (c) => usesText(c) },
    {
      key: "limit",
      header: "Usage limit",
      alignEnd: true,
      cell: (c) =>
        c._id === editId ? (
          <EditCell coupon={c} field="usageLimit" failure={rowFailure(c)}>
            {(p) => (
              <input
                {...p}
                type="text"
                inputMode="numeric"
                className={`${p.className} min-w-16`}
                autoComplete="off"
                placeholder={T.unlimited}
                defaultValue={typed(c, "usageLimit", c.usageLimit === null ? "" : String(c.usageLimit))}
              />
            )}
          </EditCell>
        ) : (
          limitText(c.usageLimit)
        ),
    },
    {
      key: "expires",
      header: "Expires",
      cell: (c) =>
        c._id === editId ? (
          <EditCell coupon={c} field="expiresAt" failure={rowFailure(c)}>
            {(p) => (
              <input
                {...p}
                className={`${p.className} min-w-44`}
                type="datetime-local"
                defaultValue={typed(c, "expiresAt", lagosInputValue(c.expiresAt))}
              />
            )}
          </EditCell>
        ) : c.expiresAt ? (
          <time dateTime={c.expiresAt}>{expiryText(c.expiresAt)}</time>
        ) : (
          T.never
        ),
    },
  ];

  return (
    <>
      {saveFailure ? (
        <Notice tone="error" id="coupon-save-error" className="mt-3 rounded-lg border px-4 py-3">
          {saveFailure.formError}
        </Notice>
      ) : null}
      {failure && (failure.intent === "coupon.toggle" || failure.intent === "coupon.delete") ? (
        <Notice tone="error" className="mt-3 rounded-lg border px-4 py-3">
          {failure.formError}
        </Notice>
      ) : null}
      {confirming ? (
        <ConfirmOnPage
          question={confirming.message}
          fields={{ intent: "coupon.delete", id: confirming.values.id, code: confirming.values.code }}
          cancelTo={here}
        />
      ) : null}
      {/* (the edited row's fields may be wider than the page: the table scrolls, not the page; relative,
          so that the table's screen-reader-only texts stay inside the scroller too) */}
      <div className="relative overflow-x-auto">
        <DataTable
          labelledBy="coupon-list-title"
          columns={columns}
          rows={coupons}
          rowKey={(c) => c._id}
          error={error}
          empty={COUPON_MESSAGES.empty}
          actionsHeader="Actions"
          actions={(c) =>
            c._id === editId ? (
              <Form
                method="post"
                id={`coupon-edit-${c._id}`}
                aria-label={`Edit coupon ${c.code}`}
                aria-describedby={rowFailure(c) ? "coupon-save-error" : undefined}
                className="flex flex-wrap items-center gap-2 md:justify-end"
              >
                <input type="hidden" name="intent" value="coupon.save" />
                <input type="hidden" name="id" value={c._id} />
                <button
                  type="submit"
                  className={buttonClass("primary", "sm")}
                  aria-disabled={busy("coupon.save", c._id) || undefined}
                >
                  {busy("coupon.save", c._id) ? "Saving…" : "Save"}
                </button>
                <Link to={here} className={buttonClass("ghost", "sm", "border border-slate-300")}>
                  Cancel
                </Link>
              </Form>
            ) : (
              <div className="flex flex-wrap items-center gap-2 md:ml-auto md:w-52 md:justify-end">
                <Form method="post">
                  <input type="hidden" name="intent" value="coupon.toggle" />
                  <input type="hidden" name="id" value={c._id} />
                  <input type="hidden" name="isValid" value={c.isValid ? "false" : "true"} />
                  <button
                    type="submit"
                    aria-label={`${c.isValid ? "Invalidate" : "Validate"} ${c.code}`}
                    aria-disabled={busy("coupon.toggle", c._id) || undefined}
                    className={buttonClass("ghost", "sm", "border border-slate-300")}
                  >
                    {c.isValid ? "Invalidate" : "Validate"}
                  </button>
                </Form>
                <Link
                  to={editHref(c._id)}
                  aria-label={`Edit ${c.code}`}
                  className={buttonClass("ghost", "sm", "border border-slate-300")}
                >
                  Edit
                </Link>
                <Link
                  to={`/coupons/view/${c._id}`}
                  aria-label={`Details of ${c.code}`}
                  className={buttonClass("ghost", "sm", "border border-slate-300")}
                >
                  Details
                </Link>
                <ConfirmAction
                  fields={{ intent: "coupon.delete", id: c._id, code: c.code }}
                  label="Delete"
                  accessibleLabel={`Delete ${c.code}`}
                  question={COUPON_MESSAGES.confirmDelete}
                  busy={busy("coupon.delete", c._id)}
                />
              </div>
            )
          }
        />
      </div>
    </>
  );
}
