// The coupon screens' form (spec admin-back-office §2 "Coupon manager", §5, §9; issue 17; decision 034):
// what /coupons (add) and the inline edit of /coupons and /coupon-table post, as text, read into what
// POST and PUT /api/coupons take. The coupons service checks it all again.
import { z } from "zod";
import type { AdaptedSpec } from "../admin/admin-resource.ts";
import { COUPON_MESSAGES, DiscountSchema, ExpiresAtSchema, UsageLimitSchema, type CouponJson } from "./coupons.ts";
import { dateToLagosLocal, formatLagosDateTime, LAGOS_UTC_OFFSET } from "../lib/dates.ts";

export const COUPON_FORM_FIELDS = ["discount", "code", "courseId", "usageLimit", "expiresAt"] as const;
export type CouponFormField = (typeof COUPON_FORM_FIELDS)[number];

export const COUPON_FIELD_LABELS: Record<CouponFormField, string> = {
  discount: "Discount (%)",
  code: "Code",
  courseId: "Course",
  usageLimit: "Usage limit",
  expiresAt: "Expires (Lagos time)",
};

/** The screens' own words (the spec's are in COUPON_MESSAGES). */
export const COUPON_SCREEN_TEXTS = {
  created: (code: string) => `Coupon ${code} created`,
  saved: (code: string) => `Coupon ${code} saved`,
  validated: (code: string) => `Coupon ${code} is now active`,
  invalidated: (code: string) => `Coupon ${code} is now invalid`,
  createFailed: "Failed to create coupon: ",
  saveFailed: "Failed to save coupon: ",
  checkFields: "Please check the fields below.",
  general: "General (all courses)",
  courseSpecific: "Course-Specific",
  generalType: "General",
  active: "Active",
  invalid: "Invalid",
  expired: "Expired",
  usedUp: "Used up",
  unlimited: "No limit",
  never: "Never",
  deletedCourse: "Deleted Course",
  /** issue 29: the status of a coupon whose course is gone (it applies to nothing) */
  notUsable: "Not usable",
  courseGone: "Course deleted",
  missing: "N/A",
  paid: "Paid",
  notPaid: "Not Paid",
  back: "Back to Coupons",
};

/** spec admin §4: Course-Specific with a courseId, else General. */
export const couponType = (c: Pick<CouponJson, "courseId">) =>
  c.courseId ? COUPON_SCREEN_TEXTS.courseSpecific : COUPON_SCREEN_TEXTS.generalType;

/** The coupon's course by name: 'Deleted Course' when it is gone, 'All courses' for a general one. */
export function courseLabel(courseId: string | null, names: Readonly<Record<string, string>>) {
  if (!courseId) return "All courses";
  return names[courseId] ?? COUPON_SCREEN_TEXTS.deletedCourse;
}

/** "3 (1 in progress)": the paid uses and the uses held by payments under way. */
export function usesText(c: Pick<CouponJson, "timesUsed" | "usesHeld">) {
  const held = c.usesHeld > 0 ? ` (${c.usesHeld} in progress)` : "";
  return `${c.timesUsed}${held}`;
}

/** The usage limit: "10", or "No limit". */
export const limitText = (usageLimit: number | null) =>
  usageLimit === null ? COUPON_SCREEN_TEXTS.unlimited : String(usageLimit);

export const expiryText = (expiresAt: string | null) =>
  expiresAt ? formatLagosDateTime(expiresAt) : COUPON_SCREEN_TEXTS.never;

/**
 * The coupon screens on the kit (issue 30; contract/admin/admin-resource.ts AdaptedSpec): the add form of
 * /coupons and the inline edit of both lists, Validate / Invalidate, Delete after the spec's question.
 */
export const COUPON_SCREEN: AdaptedSpec<CouponFormField, CouponJson> = {
  key: "coupon",
  nameField: "code",
  fields: [
    {
      name: "discount",
      label: COUPON_FIELD_LABELS.discount,
      kind: "number",
      id: "coupon-discount",
      requiredMark: true,
      hint: "A whole number from 0 to 100",
      inline: { width: "min-w-14" },
    },
    {
      name: "courseId",
      label: COUPON_FIELD_LABELS.courseId,
      kind: "select",
      id: "coupon-course",
      none: COUPON_SCREEN_TEXTS.general,
      missing: COUPON_SCREEN_TEXTS.deletedCourse,
      inline: { width: "min-w-36" },
    },
    {
      name: "code",
      label: COUPON_FIELD_LABELS.code,
      kind: "text",
      id: "coupon-code",
      optional: true,
      hint: "Left empty, a code is made for you; kept in upper case",
      upper: true,
      maxLength: 30,
      inline: { width: "min-w-36", required: true },
    },
    {
      name: "usageLimit",
      label: COUPON_FIELD_LABELS.usageLimit,
      kind: "number",
      id: "coupon-limit",
      optional: true,
      hint: "How many payments may use it; empty for no limit",
      inline: { width: "min-w-16", placeholder: COUPON_SCREEN_TEXTS.unlimited },
    },
    {
      name: "expiresAt",
      label: COUPON_FIELD_LABELS.expiresAt,
      kind: "datetime",
      id: "coupon-expiry",
      optional: true,
      hint: "From then on it no longer applies; empty for never",
      inline: { width: "min-w-44" },
    },
  ],
  columns: [
    { key: "code", header: "Code", rowHeader: true, field: "code" },
    { key: "discount", header: "Discount", alignEnd: true, field: "discount", text: (c) => `${c.discount}%` },
    { key: "course", header: "Course", field: "courseId" },
    { key: "status", header: "Status" },
    // the uses and the limit in columns of their own: the edited row's limit field sits under its own
    // heading (on a phone, its own label), not under "Times used" (issue 29)
    { key: "uses", header: "Times used", alignEnd: true, text: usesText },
    { key: "limit", header: "Usage limit", alignEnd: true, field: "usageLimit", text: (c) => limitText(c.usageLimit) },
    { key: "expires", header: "Expires", field: "expiresAt", edit: (c) => lagosInputValue(c.expiresAt) },
  ],
  toggle: { field: "isValid", turnOn: "Validate", turnOff: "Invalidate", isOn: (c) => c.isValid },
  detail: { label: "Details", name: (code) => `Details of ${code}`, href: (c) => `/coupons/view/${c._id}` },
  refusals: {
    discount: [COUPON_MESSAGES.discount],
    code: [COUPON_MESSAGES.code],
    courseId: [COUPON_MESSAGES.course],
    usageLimit: [COUPON_MESSAGES.usageLimit, COUPON_MESSAGES.limitBelowUsesEnd],
    expiresAt: [COUPON_MESSAGES.expiresAt, COUPON_MESSAGES.expiryPassedEnd],
  },
  conflictField: "code",
  texts: {
    addTitle: "Add a coupon",
    add: "Add coupon",
    adding: "Adding…",
    editForm: (code) => `Edit coupon ${code}`,
    created: COUPON_SCREEN_TEXTS.created,
    saved: COUPON_SCREEN_TEXTS.saved,
    turnedOn: COUPON_SCREEN_TEXTS.validated,
    turnedOff: COUPON_SCREEN_TEXTS.invalidated,
    createFailed: COUPON_SCREEN_TEXTS.createFailed,
    saveFailed: COUPON_SCREEN_TEXTS.saveFailed,
    checkFields: COUPON_SCREEN_TEXTS.checkFields,
    toggleFailed: COUPON_MESSAGES.updateFailed,
    deleteFailed: COUPON_MESSAGES.deleteFailed,
    deleted: COUPON_MESSAGES.deleted,
    confirmDelete: COUPON_MESSAGES.confirmDelete,
    empty: COUPON_MESSAGES.empty,
  },
};

/** An instant as a datetime-local value in Lagos time ("2026-12-31T23:59"), for the expiry field. */
export function lagosInputValue(iso: string | null): string {
  return iso && Number.isFinite(Date.parse(iso)) ? dateToLagosLocal(iso) : "";
}

/** What the expiry field posts (a datetime-local value, Lagos time) as the API's ISO date-time; "" is none. */
export function expiryFromInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const v = value.trim();
  if (v === "") return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/.test(v) ? `${v}${LAGOS_UTC_OFFSET}` : v;
}

/**
 * A whole number as typed: "" is absent, digits a number, anything else NaN (refused with the field's
 * message). Only digits: Number() would read "1e2" as 100, "0x10" as 16 and "5." as 5 (issue 29: "1e2"
 * made a 100 % coupon).
 */
const typedNumber = (value: unknown) => {
  if (typeof value !== "string") return value;
  const v = value.trim();
  if (v === "") return undefined;
  return /^\d{1,12}$/.test(v) ? Number(v) : Number.NaN;
};

/**
 * spec admin §4: a usage record's payment status as the coupon's usage table shows it: paid shows Paid,
 * another value as it is ("the coupon table shows the raw other value if present"), Not Paid when there
 * is none.
 */
export function usageStatusText(status: string | null | undefined): string {
  if (status === "paid") return COUPON_SCREEN_TEXTS.paid;
  const raw = status?.trim() ?? "";
  return raw === "" ? COUPON_SCREEN_TEXTS.notPaid : raw;
}

/** The coupon form as posted; its output is the body of POST /api/coupons (and of the edit's PUT). */
export const CouponFormSchema = z.object({
  // spec admin §5: an empty value is refused with the same message
  discount: z.preprocess(typedNumber, DiscountSchema),
  code: z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? ""),
  courseId: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  usageLimit: z.preprocess(
    (v) => typedNumber(v) ?? null,
    z.union([UsageLimitSchema, z.null()], { error: COUPON_MESSAGES.usageLimit }),
  ),
  expiresAt: z.preprocess(
    (v) => expiryFromInput(v) ?? null,
    z.union([ExpiresAtSchema, z.null()], { error: COUPON_MESSAGES.expiresAt }),
  ),
});
export type CouponForm = z.output<typeof CouponFormSchema>;
