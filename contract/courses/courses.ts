// The courses admin's contract (spec admin-back-office §2 "Course admin manager", "Simple course add/edit
// form", "Course admin detail", §3 "Course", §5, §7 "Courses and categories", §8; issue 17): what
// POST /api/courses and PUT /api/courses/{id} take, the purchase records of GET /api/courses/{id}/purchases,
// and the texts. Prices are naira in the API (architecture "Data"), kept in kobo.
import { z } from "zod";
import { isAdminUrl, URL_MESSAGE } from "../admin/admin-resource.ts";
import { COURSE_LIMITS, COURSE_MESSAGES, SIMPLE_FORM_CATEGORIES } from "./course-texts.ts";
import { isWholeKobo, sumNaira } from "../lib/money.ts";

export { COURSE_LIMITS, COURSE_MESSAGES, SIMPLE_FORM_CATEGORIES };

// Any C0/C1 control character: titles, names and features are one line of plain text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const line = (label: string, max: number) =>
  z
    .string({ error: COURSE_MESSAGES.required(label) })
    .trim()
    .min(1, COURSE_MESSAGES.required(label))
    .max(max, COURSE_MESSAGES.tooLong(label, max))
    .refine((v) => !CONTROL.test(v), `${label} must be one line of text`);

const naira = (message: string) =>
  z
    .number({ error: message })
    .finite(message)
    .min(0, message)
    .max(COURSE_LIMITS.price, COURSE_MESSAGES.priceTooHigh)
    .refine(isWholeKobo, message);

const fields = {
  title: line("Title", COURSE_LIMITS.title),
  instructor: line("Instructor", COURSE_LIMITS.instructor),
  category: line("Category", COURSE_LIMITS.category),
  price: naira(COURSE_MESSAGES.price),
  img: z
    .string({ error: COURSE_MESSAGES.required("Image") })
    .trim()
    .min(1, COURSE_MESSAGES.required("Image"))
    .max(2000, COURSE_MESSAGES.tooLong("Image", 2000))
    .refine(isAdminUrl, URL_MESSAGE("Image")),
  duration: z
    .string({ error: "Duration must be text" })
    .trim()
    .max(COURSE_LIMITS.duration, COURSE_MESSAGES.tooLong("Duration", COURSE_LIMITS.duration))
    .refine((v) => !CONTROL.test(v), "Duration must be one line of text"),
  rating: z
    .number({ error: COURSE_MESSAGES.rating })
    .finite(COURSE_MESSAGES.rating)
    .min(0, COURSE_MESSAGES.rating)
    .max(5, COURSE_MESSAGES.rating),
  features: z
    .array(
      z
        .string({ error: COURSE_MESSAGES.features })
        .trim()
        .max(COURSE_LIMITS.feature, COURSE_MESSAGES.features)
        .refine((v) => !CONTROL.test(v), COURSE_MESSAGES.features),
      { error: COURSE_MESSAGES.features },
    )
    .max(COURSE_LIMITS.features, COURSE_MESSAGES.features)
    .transform((list) => list.filter((f) => f.length > 0)),
  discountPrice: naira(COURSE_MESSAGES.discountPrice).nullable(),
  showDiscount: z.boolean({ error: "showDiscount must be true or false" }),
};

/** The price rules that need two fields: a discount below the price, shown only when there is one. */
export function coursePriceProblem(course: {
  price?: number;
  discountPrice?: number | null;
  showDiscount?: boolean;
}): { field: "discountPrice" | "showDiscount"; message: string } | null {
  const { price, discountPrice, showDiscount } = course;
  if (discountPrice != null && price !== undefined && discountPrice >= price) {
    return { field: "discountPrice", message: COURSE_MESSAGES.discountBelowPrice };
  }
  if (showDiscount === true && discountPrice === null) {
    return { field: "showDiscount", message: COURSE_MESSAGES.showDiscountWithoutPrice };
  }
  return null;
}

/**
 * The two-field price rules as a refinement, once both prices read as numbers (a field that did not
 * parse has said what is wrong with it already). The API's schemas and the admin forms' use it.
 */
export function priceRules(course: Parameters<typeof coursePriceProblem>[0], ctx: z.RefinementCtx) {
  const { price, discountPrice } = course as Record<string, unknown>;
  if (typeof price !== "number" || (discountPrice !== null && typeof discountPrice !== "number")) return;
  const problem = coursePriceProblem(course);
  if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
}

/** POST /api/courses: title, instructor, category, price and img required; the rest has defaults. */
export const CourseInputSchema = z
  .object({
    title: fields.title,
    instructor: fields.instructor,
    category: fields.category,
    price: fields.price,
    img: fields.img,
    duration: fields.duration.default(""),
    rating: fields.rating.default(0),
    features: fields.features.default([]),
    discountPrice: fields.discountPrice.default(null),
    showDiscount: fields.showDiscount.default(false),
  })
  .superRefine(priceRules);
export type CourseInput = z.infer<typeof CourseInputSchema>;

/**
 * PUT /api/courses/{id}: the fields to change (the simple form sends six of them; what is not sent
 * stays as it is). The two-field price rules are checked again on the course as it will be.
 */
export const CourseUpdateSchema = z
  .object({
    title: fields.title,
    instructor: fields.instructor,
    category: fields.category,
    price: fields.price,
    img: fields.img,
    duration: fields.duration,
    rating: fields.rating,
    features: fields.features,
    discountPrice: fields.discountPrice,
    showDiscount: fields.showDiscount,
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), COURSE_MESSAGES.nothingToChange);
export type CourseUpdate = z.infer<typeof CourseUpdateSchema>;

/** GET /api/courses?ids=a,b: at most 100 distinct ids. */
export const CourseIdsSchema = z
  .string()
  .max(2500, COURSE_MESSAGES.ids)
  .transform((s) => [
    ...new Set(
      s
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ])
  .refine((ids) => ids.length <= 100, COURSE_MESSAGES.ids);

/** spec admin §3 "Course purchase record", with what the payment recorded. */
export const CoursePurchaseSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** paid | not_paid | pending | refunded (spec admin §4: paid shows Paid, anything else Not Paid; refunded: Refunded) */
  paymentStatus: z.string(),
  /** what was charged, naira (null for a record without one) */
  amount: z.number().nullable(),
  couponId: z.string().nullable(),
  purchasedAt: z.string(),
  /** the payment's reference (null for a record the browser only logged) */
  reference: z.string().nullable(),
  /**
   * The payment's own status (paid, refund_pending, refunded, refund_failed…; null without a payment):
   * the table offers Refund while it is paid or refund_failed (decision 035)
   */
  paymentState: z.string().nullable(),
});
export type CoursePurchase = z.infer<typeof CoursePurchaseSchema>;

/** The purchase statistics of the detail page: paid records only, revenue in naira (spec admin §2). */
export const CourseStatsSchema = z.object({ totalPurchases: z.number().int(), revenue: z.number() });
export type CourseStats = z.infer<typeof CourseStatsSchema>;

/** The detail page's figures from its purchase records (spec admin §2: total counts paid records only). */
export function courseStats(purchases: ReadonlyArray<Pick<CoursePurchase, "paymentStatus" | "amount">>): CourseStats {
  const paid = purchases.filter((p) => p.paymentStatus === "paid");
  return { totalPurchases: paid.length, revenue: sumNaira(paid.map((p) => p.amount ?? 0)) };
}
