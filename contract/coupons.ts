// The coupons admin's contract (spec admin-back-office §2 "Coupon manager", "Coupon detail", §3
// "Coupon", §4, §5, §7 "Coupons", §8, §9; issue 17): what GET/POST /api/coupons, PUT/DELETE
// /api/coupons/{id} and GET /api/coupons/{couponId} take and answer.
import { z } from "zod";
import { BODY_NOT_OBJECT } from "./common.ts";

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
};

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
  },
  { error: BODY_NOT_OBJECT },
);
export type NewCoupon = z.input<typeof NewCouponSchema>;

/** PUT /api/coupons/{id}: `isValid` (Validate / Invalidate), or the inline edit's discount, code and course. */
export const CouponUpdateSchema = z
  .object(
    {
      isValid: z.boolean({ error: COUPON_MESSAGES.isValid }).optional(),
      discount: DiscountSchema.optional(),
      code: CouponCodeSchema.optional(),
      courseId: CourseIdSchema.nullish().transform((v) => (v === undefined ? undefined : v ? v : null)),
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

/** spec admin §3 "Coupon". */
export const CouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  discount: z.number().int(),
  isValid: z.boolean(),
  /** absent (null) means general: every course */
  courseId: z.string().nullable(),
  createdAt: z.string(),
  usageRecords: z.array(CouponUsageRecordSchema),
});
export type CouponJson = z.infer<typeof CouponSchema>;
