// The coupon screens' loaders and action (spec admin-back-office §2 "Coupon manager (/coupons) and coupon
// table (/coupon-table)", "Coupon detail", §4, §5, §8, §9; issue 17; decision 034), on the one action
// kernel (app/lib/action.server.ts, decision 069): a form is parsed with the contract's schema
// (contract/coupon-form.ts), a failure is an intent-tagged ActionResult with the field errors and what
// was typed, a success redirects back with its message. /coupons and /coupon-table share the list and
// the action; /coupons/view/{couponId} reads one coupon and its usage records.
import { data } from "react-router";
import {
  COUPON_FIELD_LABELS,
  COUPON_FORM_FIELDS,
  COUPON_SCREEN_TEXTS as T,
  CouponFormSchema,
  type CouponFormField,
} from "../../contract/coupon-form.ts";
import { COUPON_MESSAGES, type CouponJson } from "../../contract/coupons.ts";
import type { ActionResult } from "./action-result.ts";
import { readAction, runAction } from "./action.server.ts";
import { appContext, type AppContext } from "./context.ts";
import { pageAddressOf, requireAdminPage } from "./guards.server.ts";
import { toPageError } from "./page-errors.server.ts";

type Args = {
  request: Request;
  params?: Record<string, string | undefined>;
  context: { get: (key: typeof appContext) => AppContext };
};

/**
 * What the coupon action answers: a failure tagged `coupon.create`, `coupon.save` (the inline edit, with
 * `values.id`), `coupon.toggle` or `coupon.delete`; or the question of a delete posted without
 * JavaScript (`coupon.confirm`).
 */
export type CouponActionResult = ActionResult<
  CouponFormField,
  Partial<Record<CouponFormField | "id", string>>,
  { id: string; code: string }
>;

/** A course as the coupon screens name it. */
export interface CourseName {
  _id: string;
  title: string;
}

/**
 * /coupons and /coupon-table: every coupon (newest first), the courses (the course select and the
 * names), and the coupon being edited inline (`?edit=<id>`). A list that cannot be read is the spec's
 * 'Failed to load coupons. Please try again.' in the list's place.
 */
export async function loadCoupons({ request, context }: Args) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const [coupons, courses] = await Promise.allSettled([
    ctx.services.coupons.admin.list(actor),
    ctx.services.catalog.listCourses(),
  ]);
  for (const result of [coupons, courses]) {
    if (result.status === "fulfilled") continue;
    const refused = toPageError(result.reason);
    if (refused?.status === 401 || refused?.status === 403) throw result.reason;
    console.error("admin coupons: loading failed", result.reason);
  }
  const list = coupons.status === "fulfilled" && courses.status === "fulfilled" ? coupons.value : [];
  return {
    coupons: list,
    courses: (courses.status === "fulfilled" ? courses.value : []).map((c): CourseName => ({
      _id: c._id,
      title: c.title,
    })),
    editing: editId && list.some((c) => c._id === editId) ? editId : null,
    // (without the courses, a course's coupon would read 'Deleted Course': the list is not shown either)
    error: coupons.status === "rejected" || courses.status === "rejected" ? COUPON_MESSAGES.loadFailed : null,
  };
}

/**
 * /coupons/view/{couponId}: the coupon, its usage records (newest first) and the names of their courses
 * (the courses-by-ids service, as the spec's GET /api/courses?ids=); a course no longer found is
 * 'Deleted Course'. An unknown coupon is the 404 page, anything else the spec's 'Failed to load coupon
 * details. Please try again.'.
 */
export async function loadCouponDetail({ request, params, context }: Args) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  let coupon: CouponJson;
  let found: Array<{ _id: string; title: string }>;
  try {
    coupon = await ctx.services.coupons.admin.detail(actor, params?.couponId ?? "");
    const ids = [...new Set([coupon.courseId, ...coupon.usageRecords.map((u) => u.courseId)])].filter(
      (id): id is string => !!id,
    );
    found = ids.length > 0 ? await ctx.services.catalog.coursesByIds(ids) : [];
  } catch (error) {
    const refused = toPageError(error);
    if (refused?.status === 401 || refused?.status === 403) throw error;
    if (refused?.status === 404) {
      throw data(
        { code: "not_found", message: COUPON_MESSAGES.detailFailed },
        { status: 404, statusText: "Not Found" },
      );
    }
    console.error("admin coupon detail: loading failed", error);
    throw data({ code: "unavailable", message: COUPON_MESSAGES.detailFailed }, { status: 500 });
  }
  const courseNames: Record<string, string> = Object.fromEntries(found.map((c) => [c._id, c.title]));
  return { coupon, courseNames };
}

/** The service's refusal of a save beside the field it is about (a duplicate code beside the code). */
function fieldOfRefusal(reason: string, status: number): CouponFormField | undefined {
  const messages: Record<CouponFormField, string[]> = {
    discount: [COUPON_MESSAGES.discount],
    code: [COUPON_MESSAGES.code],
    courseId: [COUPON_MESSAGES.course],
    usageLimit: [COUPON_MESSAGES.usageLimit, COUPON_MESSAGES.limitBelowUsesEnd],
    expiresAt: [COUPON_MESSAGES.expiresAt, COUPON_MESSAGES.expiryPassedEnd],
  };
  return (
    COUPON_FORM_FIELDS.find((f) => messages[f].some((m) => reason.includes(m))) ?? (status === 409 ? "code" : undefined)
  );
}

/** /coupons and /coupon-table: create, Validate / Invalidate, the inline edit's Save, and delete. */
export async function couponsAction(args: Args): Promise<CouponActionResult | Response> {
  const call = await readAction(args, "admin");
  const { ctx, actor, intent } = call;
  const id = call.text("id").trim().slice(0, 100);
  const code = call.text("code").trim().slice(0, 100);
  const admin = ctx.services.coupons.admin;
  // back to the list as it was, without the inline edit
  const back = pageAddressOf(call.request, ["edit"]);

  if (intent === "coupon.toggle") {
    return runAction(call, {
      intent,
      values: { id },
      run: () => admin.update(actor, id, { isValid: call.text("isValid") === "true" }),
      logAs: "admin coupons: changing the status failed",
      refused: (refused) => `${COUPON_MESSAGES.updateFailed} ${refused.message}`.trim(),
      back,
      done: (saved) => (saved.isValid ? T.validated(saved.code) : T.invalidated(saved.code)),
    });
  }

  if (intent === "coupon.delete") {
    return runAction(call, {
      intent,
      values: { id },
      confirm: { question: COUPON_MESSAGES.confirmDelete, values: { id, code } },
      run: () => admin.remove(actor, id),
      logAs: "admin coupons: the delete failed",
      refused: (refused) => `${COUPON_MESSAGES.deleteFailed} ${refused.message}`,
      back,
      done: () => COUPON_MESSAGES.deleted,
    });
  }

  // coupon.create (/coupons) or coupon.save (the inline edit of `id`)
  const editing = intent === "coupon.save";
  const prefix = editing ? T.saveFailed : T.createFailed;
  return runAction(call, {
    intent: editing ? "coupon.save" : "coupon.create",
    values: editing ? { id } : {},
    form: {
      schema: CouponFormSchema,
      fields: COUPON_FORM_FIELDS,
      labels: COUPON_FIELD_LABELS,
      keep: COUPON_FORM_FIELDS,
    },
    invalid: ({ formError, fieldErrors }) => ({ formError: prefix + (formError ?? T.checkFields), fieldErrors }),
    run: (data) =>
      editing ? admin.update(actor, id, data) : admin.create(actor, { ...data, code: data.code || null }),
    logAs: "admin coupons: the save failed",
    refused: ({ message, status }) => {
      const field = fieldOfRefusal(message, status);
      return { formError: prefix + message, fieldErrors: field ? { [field]: message } : {} };
    },
    back,
    done: (saved) => (editing ? T.saved(saved.code) : T.created(saved.code)),
  });
}
