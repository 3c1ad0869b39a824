// Courses, categories, coupons and course purchases (public-area §3, admin-back-office §3).
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, id, kobo, updatedAt } from "./columns.ts";

/** Course categories; the same list serves as blog categories (admin §1). */
export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categories_name_lower_idx").on(sql`lower(${t.name})`)],
);

export const courses = pgTable(
  "courses",
  {
    id: id(),
    title: text("title").notNull(),
    img: text("img").notNull(),
    instructor: text("instructor").notNull(),
    duration: text("duration").notNull().default(""),
    /** kobo */
    price: kobo("price_kobo").notNull(),
    /** kobo, or null when there is no discount price */
    discountPrice: kobo("discount_price_kobo"),
    showDiscount: boolean("show_discount").notNull().default(false),
    rating: real("rating").notNull().default(0),
    category: text("category").notNull(),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("courses_created_at_idx").on(t.createdAt), index("courses_category_idx").on(t.category)],
);

export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    code: text("code").notNull().unique(),
    /** percent, integer 0-100 */
    discount: integer("discount").notNull(),
    isValid: boolean("is_valid").notNull().default(true),
    /**
     * null: a general coupon, valid for all courses. Not a foreign key: when its course is deleted the
     * coupon keeps the id (it then applies to no course, and its page says 'Deleted Course'); a
     * "set null" would have turned a course's coupon into one for every course.
     */
    courseId: text("course_id"),
    /**
     * How many payments may use it (decision 034): null is unlimited. A use counts while its payment is
     * paid, or pending and started within the last day; a failed or abandoned payment gives it back.
     */
    usageLimit: integer("usage_limit"),
    /** from when it no longer applies (decision 034); null: never */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check("coupons_usage_limit_positive", sql`${t.usageLimit} is null or ${t.usageLimit} >= 1`)],
);

export const couponUsages = pgTable(
  "coupon_usages",
  {
    id: id(),
    couponId: text("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    courseId: text("course_id").notNull(),
    userName: text("user_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** paid | not_paid | pending */
    paymentStatus: text("payment_status").notNull(),
    paymentReference: text("payment_reference"),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("coupon_usages_coupon_idx").on(t.couponId)],
);

export const coursePurchases = pgTable(
  "course_purchases",
  {
    id: id(),
    courseId: text("course_id").notNull(),
    userName: text("user_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** paid | not_paid | pending */
    paymentStatus: text("payment_status").notNull(),
    amount: kobo("amount_kobo"),
    couponId: text("coupon_id"),
    paymentReference: text("payment_reference").unique(),
    purchasedAt: timestamp("purchased_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("course_purchases_course_idx").on(t.courseId)],
);
