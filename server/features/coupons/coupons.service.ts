// Coupons (spec public-area §5, admin-back-office §9; decision 016): which code applies to which course,
// and what it takes off. The price rule itself is `discountedKobo` in contract/money.ts, the one rule
// the enrol dialog shows and the server charges; this service finds the coupon and applies that rule.
import { asc, eq, sql } from "drizzle-orm";
import { discountedKobo } from "../../../contract/money.ts";
import { PAYMENT_MESSAGES as M, type CouponValidation } from "../../../contract/payments.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/content-version.ts";
import { coupons } from "../../db/schema.ts";
import { Invalid, NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";

export type Coupon = typeof coupons.$inferSelect;

/** A coupon as a payment applied it: its code (null once deleted) and its percentage. */
export interface AppliedCoupon {
  code: string | null;
  percent: number;
}

/** The longest code looked up; a longer one is invalid without asking the database. */
const MAX_CODE_LENGTH = 100;

export function createCouponsService(db: Db) {
  const service = {
    /**
     * Codes are case-insensitive; valid when active and general or for `courseId`. Among codes that
     * differ only in case, an active one for this course wins, else an active general one.
     */
    async validate(code: string, courseId?: string): Promise<CouponValidation> {
      const invalid = (message: string): CouponValidation => ({ valid: false, discount: 0, couponId: null, message });
      const trimmed = code.trim();
      if (!trimmed || trimmed.length > MAX_CODE_LENGTH) return invalid(M.couponInvalid);
      const found = await db
        .select()
        .from(coupons)
        .where(sql`lower(${coupons.code}) = lower(${trimmed})`)
        .orderBy(asc(coupons.createdAt), asc(coupons.id));
      const active = found.filter((c) => c.isValid);
      const coupon =
        active.find((c) => courseId !== undefined && c.courseId === courseId) ??
        active.find((c) => c.courseId === null);
      if (!coupon) return invalid(active.length > 0 ? M.couponOtherCourse : M.couponInvalid);
      return { valid: true, discount: coupon.discount, couponId: coupon.id, message: M.couponApplied };
    },

    /**
     * The price of a course (kobo) with `code` applied: the coupon must be valid for it (else Invalid
     * with the reason the enrol dialog shows), and the price is `discountedKobo`.
     */
    async apply(priceKobo: number, code: string, courseId: string): Promise<{ amount: number; couponId: string }> {
      const coupon = await service.validate(code, courseId);
      if (!coupon.valid || !coupon.couponId) throw Invalid(coupon.message);
      return { amount: discountedKobo(priceKobo, coupon.discount), couponId: coupon.couponId };
    },

    /** One coupon by id; NotFound for an unknown or malformed one. */
    async get(couponId: string): Promise<Coupon> {
      if (!isId(couponId)) throw NotFound(M.couponNotFound);
      const [coupon] = await db.select().from(coupons).where(eq(coupons.id, couponId));
      if (!coupon) throw NotFound(M.couponNotFound);
      return coupon;
    },

    /**
     * The coupon as a payment applied it, for its receipt: the code, and its percentage when that gives
     * the amount paid (`discountedKobo`), else the percentage the amounts show (an admin may have changed
     * the coupon since; the naira discount is always the exact difference). Null when nothing true can
     * be said (deleted since, and no list price recorded). `executor`: a transaction to read it in.
     */
    async applied(
      couponId: string,
      listKobo: number | null,
      paidKobo: number,
      executor: Db | Tx = db,
    ): Promise<AppliedCoupon | null> {
      const [coupon] = await executor
        .select({ code: coupons.code, discount: coupons.discount })
        .from(coupons)
        .where(eq(coupons.id, couponId));
      const fits = coupon && (listKobo === null || discountedKobo(listKobo, coupon.discount) === paidKobo);
      const percent = fits ? coupon.discount : listKobo ? Math.round((100 * (listKobo - paidKobo)) / listKobo) : null;
      if (percent === null) return null;
      return { code: coupon?.code ?? null, percent };
    },
  };
  return service;
}

export type CouponsService = ReturnType<typeof createCouponsService>;
