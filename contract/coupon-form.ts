// The coupon screens' form (spec admin-back-office §2 "Coupon manager", §5, §9; issue 17; decision 034):
// what /coupons (add) and the inline edit of /coupons and /coupon-table post, as text, read into what
// POST and PUT /api/coupons take. The coupons service checks it all again.
import { z } from "zod";
import { COUPON_MESSAGES, DiscountSchema, ExpiresAtSchema, UsageLimitSchema } from "./coupons.ts";
import { LAGOS_UTC_OFFSET } from "./dates.ts";

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

/** The Lagos offset (West Africa Time, UTC+1 all year; decision 008). */
const LAGOS_OFFSET_MS = 60 * 60_000;

/** An instant as a datetime-local value in Lagos time ("2026-12-31T23:59"), for the expiry field. */
export function lagosInputValue(iso: string | null): string {
  if (!iso) return "";
  const t = Date.parse(iso);
  return Number.isFinite(t) ? new Date(t + LAGOS_OFFSET_MS).toISOString().slice(0, 16) : "";
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
