// Coupons (spec public-area §5, admin-back-office §9; decision 016): which code applies to which course,
// and what it takes off. The price rule itself is `discountedKobo` in contract/lib/money.ts, the one rule
// the enrol dialog shows and the server charges; this service finds the coupon and applies that rule.
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { describeIssues } from "../../../contract/lib/common.ts";
import {
  COUPON_MESSAGES,
  CouponUpdateSchema,
  NewCouponSchema,
  type CouponJson,
  type CouponState,
} from "../../../contract/coupons/coupons.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import { discountedKobo } from "../../../contract/lib/money.ts";
import { PAYMENT_MESSAGES as M, type CouponValidation } from "../../../contract/payments/payments.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/content-version.ts";
import { sqlState } from "../../db/errors.ts";
import { couponUsages, coupons, courses } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import { recordAudit } from "../admin/audit.ts";

export type Coupon = typeof coupons.$inferSelect;

/** A coupon as a payment applied it: its code (null once deleted) and its percentage. */
export interface AppliedCoupon {
  code: string | null;
  percent: number;
}

/** The longest code looked up; a longer one is invalid without asking the database. */
const MAX_CODE_LENGTH = 100;

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");

type UsageRow = typeof couponUsages.$inferSelect;

/**
 * decision 034: how long a pending payment holds its use of a coupon. The retry sweep asks the gateway
 * about open payments for a day (payments.service.ts retryOpen); one still pending after that holds
 * nothing any more.
 */
export const COUPON_HOLD_MS = 24 * 60 * 60_000;

const isHeld = (u: UsageRow, now: Date) =>
  u.paymentStatus === "pending" && u.usedAt.getTime() > now.getTime() - COUPON_HOLD_MS;

/** Whether `coupon` has expired at `now` (decision 034: from its expiry on). */
const hasExpired = (coupon: Pick<Coupon, "expiresAt">, now = new Date()) =>
  coupon.expiresAt !== null && coupon.expiresAt.getTime() <= now.getTime();

/** The uses of a coupon at `now`: paid, and held by payments in progress (decision 034). */
export interface CouponUses {
  paid: number;
  held: number;
}

/**
 * issue 30: a coupon's state at `now`, computed here once for the admin screens (CouponJson.state), the
 * coupon check and the payment's start: expired from its expiry on; used up when its paid and held uses
 * reach the limit; the uses left under the limit (null: no limit); its course gone (deleted since: it
 * applies to nothing); active when it applies now (valid, course there, not expired, not used up).
 */
export function couponState(
  coupon: Pick<Coupon, "isValid" | "expiresAt" | "usageLimit">,
  uses: CouponUses,
  courseGone: boolean,
  now = new Date(),
): CouponState {
  const expired = hasExpired(coupon, now);
  const usesLeft = coupon.usageLimit === null ? null : Math.max(0, coupon.usageLimit - uses.paid - uses.held);
  const usedUp = usesLeft === 0;
  return { active: coupon.isValid && !courseGone && !expired && !usedUp, expired, usedUp, usesLeft, courseGone };
}

function toJson(coupon: Coupon, usages: UsageRow[], courseGone: boolean, now = new Date()): CouponJson {
  const timesUsed = usages.filter((u) => u.paymentStatus === "paid").length;
  const usesHeld = usages.filter((u) => isHeld(u, now)).length;
  return {
    _id: coupon.id,
    code: coupon.code,
    discount: coupon.discount,
    isValid: coupon.isValid,
    courseId: coupon.courseId,
    createdAt: coupon.createdAt.toISOString(),
    usageLimit: coupon.usageLimit,
    expiresAt: coupon.expiresAt?.toISOString() ?? null,
    timesUsed,
    usesHeld,
    state: couponState(coupon, { paid: timesUsed, held: usesHeld }, courseGone, now),
    usageRecords: usages.map((u) => ({
      _id: u.id,
      userName: u.userName,
      email: u.email,
      phone: u.phone,
      courseId: u.courseId,
      paymentStatus: u.paymentStatus,
      usedAt: u.usedAt.toISOString(),
    })),
  };
}

/** What the audit log keeps of a coupon. */
const auditValues = (c: Coupon) => ({
  code: c.code,
  discount: c.discount,
  isValid: c.isValid,
  courseId: c.courseId,
  usageLimit: c.usageLimit,
  expiresAt: c.expiresAt?.toISOString() ?? null,
});

/** A coupon's paid uses and the uses its payments in progress hold at `now` (decision 034). */
async function usesOf(executor: Db | Tx, couponId: string, now: Date): Promise<CouponUses> {
  const held = and(
    eq(couponUsages.paymentStatus, "pending"),
    gt(couponUsages.usedAt, new Date(now.getTime() - COUPON_HOLD_MS)),
  );
  const [row] = await executor
    .select({
      paid: sql<number>`count(*) filter (where ${eq(couponUsages.paymentStatus, "paid")})::int`,
      held: sql<number>`count(*) filter (where ${held})::int`,
    })
    .from(couponUsages)
    .where(eq(couponUsages.couponId, couponId));
  return { paid: Number(row?.paid ?? 0), held: Number(row?.held ?? 0) };
}

/**
 * Why an active coupon for the course asked does not apply at `now` (its state: expired, or used up), or
 * null. An expired one needs no count of its uses.
 */
async function refusalAt(executor: Db | Tx, coupon: Coupon, now: Date): Promise<string | null> {
  if (hasExpired(coupon, now)) return M.couponExpired;
  return couponState(coupon, await usesOf(executor, coupon.id, now), false, now).usedUp ? M.couponUsedUp : null;
}

/** issue 29: an expiry given now must be later than now (an expired coupon is never made or moved back). */
function checkExpiryAhead(expiresAt: Date, now: Date) {
  if (expiresAt.getTime() <= now.getTime()) throw Invalid(COUPON_MESSAGES.expiryPassed(formatLagosDateTime(expiresAt)));
}

/** The same minute: the edit form shows an expiry to the minute, so one saved unchanged comes back so. */
const sameMinute = (a: Date, b: Date | null) =>
  b !== null && Math.floor(a.getTime() / 60_000) === Math.floor(b.getTime() / 60_000);

/** Who used a coupon, as a usage row keeps it (the course bought, the buyer's name, e-mail and phone). */
export interface CouponUse {
  couponId: string;
  courseId: string;
  userName: string;
  email: string;
  phone: string;
}

// The usage rows are the coupons feature's own (issue 30): the payments record and settle them through
// these, in the payment's own transaction.

/** A payment with a coupon starts: its use is held (pending) under the payment's reference. */
export async function recordCouponUse(tx: Tx, use: CouponUse, reference: string): Promise<void> {
  await tx.insert(couponUsages).values({ ...use, paymentStatus: "pending", paymentReference: reference });
}

/** The uses of a payment follow its transition (paid, failed, refunded...), in the transaction that makes it. */
export async function settleCouponUses(tx: Tx, reference: string, status: string): Promise<void> {
  await tx.update(couponUsages).set({ paymentStatus: status }).where(eq(couponUsages.paymentReference, reference));
}

/** A use the browser logs without a payment (the spec's logging call): kept as not paid. */
export async function recordCouponIntent(db: Db, use: CouponUse): Promise<void> {
  await db.insert(couponUsages).values({ ...use, paymentStatus: "not_paid" });
}

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
      // decision 034: what the enrol dialog is told here, the payment's start decides again (reserve)
      // (its course is the one asked for, or it is general: not gone)
      const refused = await refusalAt(db, coupon, new Date());
      if (refused) return invalid(refused);
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

    /**
     * decision 034: in the transaction that starts a payment with `couponId`, before its usage row is
     * written: the coupon's row is locked, so concurrent starts take their turns, and it must still be
     * active, unexpired and below its usage limit (paid uses and recent pending ones) — else Invalid
     * with the reason, and the start is rolled back. The usage row written after it holds the use
     * until its payment fails or is abandoned.
     */
    async reserve(tx: Tx, couponId: string, now = new Date()): Promise<void> {
      const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for("update");
      if (!coupon || !coupon.isValid) throw Invalid(M.couponInvalid);
      // (the course paid for is there: the payment's start read it)
      const refused = await refusalAt(tx, coupon, now);
      if (refused) throw Invalid(refused);
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
  async function usagesOf(ids: string[], executor: Db | Tx = db): Promise<Map<string, UsageRow[]>> {
    const byCoupon = new Map<string, UsageRow[]>();
    if (ids.length === 0) return byCoupon;
    const rows = await executor
      .select()
      .from(couponUsages)
      .where(inArray(couponUsages.couponId, ids))
      .orderBy(desc(couponUsages.usedAt), desc(couponUsages.id));
    for (const row of rows) byCoupon.set(row.couponId, [...(byCoupon.get(row.couponId) ?? []), row]);
    return byCoupon;
  }

  /** The courses among `ids` that are no longer there (deleted since their coupons were made). */
  async function goneCourses(ids: Array<string | null>, executor: Db | Tx = db): Promise<Set<string>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return new Set();
    const found = await executor.select({ id: courses.id }).from(courses).where(inArray(courses.id, wanted));
    const there = new Set(found.map((c) => c.id));
    return new Set(wanted.filter((id) => !there.has(id)));
  }

  /** Coupons as the API answers them: with their usage records and their state. */
  async function answer(rows: Coupon[], executor: Db | Tx = db): Promise<CouponJson[]> {
    const [usages, gone] = await Promise.all([
      usagesOf(
        rows.map((r) => r.id),
        executor,
      ),
      goneCourses(
        rows.map((r) => r.courseId),
        executor,
      ),
    ]);
    return rows.map((r) => toJson(r, usages.get(r.id) ?? [], r.courseId !== null && gone.has(r.courseId)));
  }

  async function checkCourse(tx: Tx, courseId: string | null | undefined) {
    if (!courseId) return;
    if (!isId(courseId)) throw Invalid(COUPON_MESSAGES.course);
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
    if (!course) throw Invalid(COUPON_MESSAGES.course);
  }

  async function checkFreeCode(tx: Tx, code: string, exceptId?: string) {
    const same = sql`lower(${coupons.code}) = lower(${code})`;
    const [taken] = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(exceptId ? and(same, ne(coupons.id, exceptId)) : same);
    if (taken) throw Conflict(COUPON_MESSAGES.duplicate(code));
  }

  /** A duplicate that slipped past the check (two admins at once) is the same 409. */
  async function writing<T>(code: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (sqlState(error) === "23505") throw Conflict(COUPON_MESSAGES.duplicate(code));
      throw error;
    }
  }

  const admin = {
    /** GET /api/coupons (admins): newest first, each with its usage records. */
    async list(actor: Actor | null): Promise<CouponJson[]> {
      requireAdmin(actor);
      const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
      return answer(rows);
    },

    /** GET /api/coupons/{couponId} (admins): the detail page's coupon and its usage records. */
    async detail(actor: Actor | null, couponId: string): Promise<CouponJson> {
      requireAdmin(actor);
      const [json] = await answer([await service.get(couponId)]);
      return json!;
    },

    /** POST /api/coupons (admins): a unique upper-case code is made when none is given. */
    async create(actor: Actor | null, input: unknown): Promise<CouponJson> {
      const who = requireAdmin(actor);
      const parsed = NewCouponSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { discount, courseId, usageLimit, expiresAt } = parsed.data;
      if (expiresAt) checkExpiryAhead(new Date(expiresAt), new Date());
      let code = parsed.data.code;
      return writing(code ?? "", () =>
        db.transaction(async (tx) => {
          await checkCourse(tx, courseId);
          if (code) await checkFreeCode(tx, code);
          else {
            // 31^8 codes: a clash is rare, and a few tries make it vanishingly so
            for (let i = 0; i < 5 && !code; i++) {
              const candidate = newCode();
              const [taken] = await tx
                .select({ id: coupons.id })
                .from(coupons)
                .where(sql`lower(${coupons.code}) = lower(${candidate})`);
              if (!taken) code = candidate;
            }
            if (!code) throw Conflict("No free coupon code was found: please try again");
          }
          const [row] = await tx
            .insert(coupons)
            .values({ code, discount, courseId, usageLimit, expiresAt: expiresAt ? new Date(expiresAt) : null })
            .returning();
          await recordAudit(tx, who, {
            action: "create",
            resource: "coupons",
            itemId: row!.id,
            itemLabel: row!.code,
            before: null,
            after: auditValues(row!),
          });
          // (its course was checked above: it is there)
          return toJson(row!, [], false);
        }),
      );
    },

    /** PUT /api/coupons/{id} (admins): Validate / Invalidate, or the inline edit. */
    async update(actor: Actor | null, id: string, input: unknown): Promise<CouponJson> {
      const who = requireAdmin(actor);
      const parsed = CouponUpdateSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const { expiresAt, ...rest } = parsed.data;
      const change = Object.fromEntries(
        Object.entries({
          ...rest,
          expiresAt: expiresAt === undefined ? undefined : expiresAt && new Date(expiresAt),
        }).filter(([, v]) => v !== undefined),
      );
      if (!isId(id)) throw NotFound(COUPON_MESSAGES.notFound);
      return writing(String(change.code ?? ""), () =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
          if (!before) throw NotFound(COUPON_MESSAGES.notFound);
          await checkCourse(tx, change.courseId as string | null | undefined);
          if (typeof change.code === "string") await checkFreeCode(tx, change.code, id);
          // issue 29: a new expiry must be ahead; the one it has, saved again by the edit form, stays
          if (change.expiresAt instanceof Date) {
            if (sameMinute(change.expiresAt, before.expiresAt)) delete change.expiresAt;
            else checkExpiryAhead(change.expiresAt, new Date());
          }
          // issue 29: a lower limit must still cover the uses payments hold (the row is locked: a payment
          // starting now waits for this, as reserve() locks it too)
          const limit = change.usageLimit as number | null | undefined;
          if (typeof limit === "number" && limit < (before.usageLimit ?? Infinity)) {
            const uses = await usesOf(tx, id, new Date());
            if (limit < uses.paid + uses.held) throw Conflict(COUPON_MESSAGES.limitBelowUses(uses.paid, uses.held));
          }
          const [row] = await tx.update(coupons).set(change).where(eq(coupons.id, id)).returning();
          await recordAudit(tx, who, {
            action: "update",
            resource: "coupons",
            itemId: id,
            itemLabel: row!.code,
            before: auditValues(before),
            after: auditValues(row!),
          });
          const [json] = await answer([row!], tx);
          return json!;
        }),
      );
    },

    /** DELETE /api/coupons/{id} (admins): its usage records go with it; payments keep what they charged. */
    async remove(actor: Actor | null, id: string): Promise<{ message: string; _id: string }> {
      const who = requireAdmin(actor);
      if (!isId(id)) throw NotFound(COUPON_MESSAGES.notFound);
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(coupons).where(eq(coupons.id, id)).returning();
        if (!row) throw NotFound(COUPON_MESSAGES.notFound);
        await recordAudit(tx, who, {
          action: "delete",
          resource: "coupons",
          itemId: id,
          itemLabel: row.code,
          before: auditValues(row),
          after: null,
        });
        return { message: COUPON_MESSAGES.deleted, _id: id };
      });
    },
  };

  return { ...service, admin };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
