// The coupon screens' loaders and action (spec admin-back-office §2 "Coupon manager (/coupons) and coupon
// table (/coupon-table)", "Coupon detail", §4, §5, §8, §9; issue 17; decision 034) on the kit's service
// adapter (app/lib/adapted-resource.server.ts; contract/coupons/coupon-form.ts COUPON_SCREEN): /coupons and
// /coupon-table share the list and the action; /coupons/view/{couponId} reads one coupon and its usage.
import { COUPON_SCREEN, CouponFormSchema, type CouponFormField } from "../../../contract/coupons/coupon-form.ts";
import { COUPON_MESSAGES, type CouponJson } from "../../../contract/coupons/coupons.ts";
import {
  adaptedAction,
  editingOf,
  loadOrErrorPage,
  loadSide,
  type AdaptedActionResult,
  type Args,
  type ServiceAdapter,
} from "../../lib/adapted-resource.server.ts";

/** What the coupon action answers: a failure tagged `coupon.create`, `.save`, `.toggle`, `.delete`, or a delete's question. */
export type CouponActionResult = AdaptedActionResult<CouponFormField>;

/** A course as the coupon screens name it. */
export type CourseName = { _id: string; title: string };

/** The kit's writes, by the coupons service (server/features/coupons). */
const COUPONS: ServiceAdapter<typeof CouponFormSchema, CouponJson> = {
  schema: CouponFormSchema,
  create: (ctx, actor, data) => ctx.services.coupons.admin.create(actor, { ...data, code: data.code || null }),
  update: (ctx, actor, id, change) => ctx.services.coupons.admin.update(actor, id, change),
  remove: (ctx, actor, id) => ctx.services.coupons.admin.remove(actor, id),
};

/**
 * /coupons and /coupon-table: every coupon (newest first), the courses (the select, the names) and the row
 * edited (`?edit=<id>`); the spec's 'Failed to load coupons. Please try again.' when either fails.
 */
export async function loadCoupons(args: Args) {
  const read = await loadSide(
    args,
    {
      coupons: (ctx, actor) => ctx.services.coupons.admin.list(actor),
      courses: (ctx) => ctx.services.catalog.listCourses(),
    },
    "admin coupons",
  );
  const failed = !read.coupons || !read.courses;
  const coupons = failed ? [] : read.coupons!;
  return {
    coupons,
    courses: (read.courses ?? []).map((c): CourseName => ({ _id: c._id, title: c.title })),
    editing: editingOf(args.request, coupons),
    error: failed ? COUPON_MESSAGES.loadFailed : null,
  };
}

/**
 * /coupons/view/{couponId}: the coupon with its usage records and their courses' names (the spec's GET
 * /api/courses?ids=); the error pages say 'Failed to load coupon details. Please try again.'.
 */
export function loadCouponDetail(args: Args) {
  return loadOrErrorPage(
    args,
    async (ctx, actor) => {
      const coupon = await ctx.services.coupons.admin.detail(actor, args.params?.couponId ?? "");
      const ids = [...new Set([coupon.courseId, ...coupon.usageRecords.map((u) => u.courseId)])].filter(
        (id): id is string => !!id,
      );
      const found = ids.length > 0 ? await ctx.services.catalog.coursesByIds(ids) : [];
      return { coupon, courseNames: Object.fromEntries(found.map((c) => [c._id, c.title])) as Record<string, string> };
    },
    COUPON_MESSAGES.detailFailed,
    "admin coupon detail",
  );
}

/** /coupons and /coupon-table: create, Validate / Invalidate, the inline edit's Save, and delete. */
export const couponsAction = (args: Args) => adaptedAction(args, COUPON_SCREEN, COUPONS);
