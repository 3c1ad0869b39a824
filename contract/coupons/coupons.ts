// The coupons admin's contract (spec admin-back-office §2 "Coupon manager", "Coupon detail", §3
// "Coupon", §4, §5, §7 "Coupons", §8, §9; issue 17): what GET/POST /api/coupons, PUT/DELETE
// /api/coupons/{id} and GET /api/coupons/{couponId} take and answer.
import { z } from "zod";
import { BODY_NOT_OBJECT } from "../lib/common.ts";

export const COUPON_MESSAGES = {
  /** spec admin §5 */
  discount: "Please enter a valid discount percentage (0-100)",
  /** spec admin §8 */
  loadFailed: "Failed to load coupons. Please try again.",
  updateFailed: "Failed to update coupon status...",
  deleteFailed: "Failed to delete coupon...",
  empty: "No coupons found",
  detailFailed: "Failed to load coupon details. Please try again.",
  confirmDelete: "Are you sure you want to delete this coupon?",
  notFound: "Coupon not found",
  code: "A code is 3 to 30 letters, digits, dashes or underscores",
  duplicate: (code: string) => `A coupon with the code ${code} exists already`,
  course: "The course of a coupon must be one of the courses",
  isValid: "isValid must be true or false",
  nothingToChange: "Give at least one field to change",
  deleted: "Coupon deleted successfully",
  /** decision 034 (beyond the spec) */
  usageLimit: "The usage limit must be a whole number of 1 or more, or empty for no limit",
  expiresAt: "The expiry must be a date and time, like 2026-12-31T23:59:00+01:00, or empty for none",
  /** issue 29: the end of the refusal of an expiry in the past */
  expiryPassedEnd: "has already passed: choose a later time, or leave it empty for none",
  /** issue 29: an expiry in the past is refused (to stop a coupon now, Invalidate it) */
  expiryPassed: (when: string) =>
    `The expiry ${when} (Lagos time) ${COUPON_MESSAGES.expiryPassedEnd}. To stop a coupon now, Invalidate it.`,
  /** issue 29: the end of the refusal of a usage limit below the uses payments already hold */
  limitBelowUsesEnd: "the usage limit cannot be lower than",
  /**
   * issue 29: a usage limit lowered below the uses payments hold (paid, and in progress) is refused, or
   * more payments than the limit would complete: "This coupon has already been used 2 times (1 more held
   * by a payment in progress); the usage limit cannot be lower than 3."
   */
  limitBelowUses: (paid: number, held: number) => {
    const heldText = held === 1 ? "1 more held by a payment in progress" : `${held} more held by payments in progress`;
    const start =
      paid === 0
        ? `This coupon is held by ${held === 1 ? "1 payment" : `${held} payments`} in progress`
        : `This coupon has already been used ${paid} ${paid === 1 ? "time" : "times"}${held > 0 ? ` (${heldText})` : ""}`;
    return `${start}; ${COUPON_MESSAGES.limitBelowUsesEnd} ${paid + held}.`;
  },
};

/**
 * decision 034: how many payments may use a coupon; null (or empty) is no limit. Whole numbers of 1 or
 * more, kept below 2^31 (the column is an integer).
 */
export const UsageLimitSchema = z
  .number({ error: COUPON_MESSAGES.usageLimit })
  .int(COUPON_MESSAGES.usageLimit)
  .min(1, COUPON_MESSAGES.usageLimit)
  .max(1_000_000_000, COUPON_MESSAGES.usageLimit);

/** An ISO 8601 date and time with its offset (or Z), or a plain date (the start of that day, UTC). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;

/** decision 034: when a coupon stops applying; null (or empty) is never. Answered as an ISO string. */
export const ExpiresAtSchema = z
  .string({ error: COUPON_MESSAGES.expiresAt })
  .trim()
  .regex(ISO_DATE_TIME, COUPON_MESSAGES.expiresAt)
  .refine((v) => {
    const t = Date.parse(v);
    const [y, m, d] = v.slice(0, 10).split("-").map(Number) as [number, number, number];
    const day = new Date(Date.UTC(y, m - 1, d));
    // (Date.parse rolls 30 February over into March: the calendar day must exist)
    const real = day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
    return real && Number.isFinite(t) && t > Date.UTC(2000, 0, 1) && t < Date.UTC(10000, 0, 1);
  }, COUPON_MESSAGES.expiresAt)
  .transform((v) => new Date(v).toISOString());

const nullableLimit = z.union([UsageLimitSchema, z.null()], { error: COUPON_MESSAGES.usageLimit });
const nullableExpiry = z.union([z.literal(""), ExpiresAtSchema, z.null()], { error: COUPON_MESSAGES.expiresAt });

/** spec admin §5, §9: a whole number from 0 to 100; an empty value is refused. */
export const DiscountSchema = z
  .number({ error: COUPON_MESSAGES.discount })
  .int(COUPON_MESSAGES.discount)
  .min(0, COUPON_MESSAGES.discount)
  .max(100, COUPON_MESSAGES.discount);

/** A code as kept: trimmed and upper case (spec admin §4 "Code is forced to uppercase"). */
export const CouponCodeSchema = z
  .string({ error: COUPON_MESSAGES.code })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,30}$/, COUPON_MESSAGES.code)
  .transform((code) => code.toUpperCase());

const CourseIdSchema = z.string({ error: COUPON_MESSAGES.course }).trim().max(100, COUPON_MESSAGES.course);

/** POST /api/coupons: the discount, and a course or null (general); the server makes a code when none is given. */
export const NewCouponSchema = z.object(
  {
    discount: DiscountSchema,
    courseId: CourseIdSchema.nullish().transform((v) => (v ? v : null)),
    code: z
      .union([z.literal(""), CouponCodeSchema], { error: COUPON_MESSAGES.code })
      .nullish()
      .transform((v) => (v ? v : null)),
    usageLimit: nullableLimit.optional().transform((v) => v ?? null),
    expiresAt: nullableExpiry.optional().transform((v) => (v ? v : null)),
  },
  { error: BODY_NOT_OBJECT },
);
export type NewCoupon = z.input<typeof NewCouponSchema>;

/**
 * PUT /api/coupons/{id}: `isValid` (Validate / Invalidate), or the inline edit's discount, code and
 * course, and the usage limit and expiry (null takes them away).
 */
export const CouponUpdateSchema = z
  .object(
    {
      isValid: z.boolean({ error: COUPON_MESSAGES.isValid }).optional(),
      discount: DiscountSchema.optional(),
      code: CouponCodeSchema.optional(),
      courseId: CourseIdSchema.nullish().transform((v) => (v === undefined ? undefined : v ? v : null)),
      usageLimit: nullableLimit.optional(),
      expiresAt: nullableExpiry.optional().transform((v) => (v === undefined ? undefined : v ? v : null)),
    },
    { error: BODY_NOT_OBJECT },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), COUPON_MESSAGES.nothingToChange);
export type CouponUpdate = z.input<typeof CouponUpdateSchema>;

/** spec admin §3 "usageRecords[]". */
export const CouponUsageRecordSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  email: z.string(),
  phone: z.string(),
  courseId: z.string(),
  /** paid shows Paid; any other value shows Not Paid (spec admin §4) */
  paymentStatus: z.string(),
  usedAt: z.string(),
});

/**
 * issue 30: a coupon's state, computed once by the coupons service (couponState) and shown as it is by
 * the admin screens: `active` when it applies now (valid, its course there, not expired, not used up).
 */
export const CouponStateSchema = z.object({
  active: z.boolean(),
  /** decision 034: from its expiry on */
  expired: z.boolean(),
  /** decision 034: its paid and held uses reach its usage limit */
  usedUp: z.boolean(),
  /** uses left under its limit (paid and held uses counted); null: no limit */
  usesLeft: z.number().int().nullable(),
  /** issue 29: its course was deleted since (it applies to nothing) */
  courseGone: z.boolean(),
});
export type CouponState = z.infer<typeof CouponStateSchema>;

/** spec admin §3 "Coupon". */
export const CouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  discount: z.number().int(),
  isValid: z.boolean(),
  /** absent (null) means general: every course */
  courseId: z.string().nullable(),
  createdAt: z.string(),
  /** decision 034: how many payments may use it; null is no limit */
  usageLimit: z.number().int().nullable(),
  /** decision 034: from when it no longer applies (ISO); null is never */
  expiresAt: z.string().nullable(),
  /** paid payments that used it */
  timesUsed: z.number().int(),
  /** payments with it still in progress (pending, started within the last day): each holds a use */
  usesHeld: z.number().int(),
  state: CouponStateSchema,
  usageRecords: z.array(CouponUsageRecordSchema),
});
export type CouponJson = z.infer<typeof CouponSchema>;
