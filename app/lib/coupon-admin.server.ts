// The coupon screens' loaders and action (spec admin-back-office §2 "Coupon manager (/coupons) and coupon
// table (/coupon-table)", "Coupon detail", §4, §5, §8, §9; issue 17; decision 034), on the one form →
// result → message path (decision 029): a form is read with parseBody and the contract's schema
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
import { appContext, type AppContext } from "./context.ts";
import { redirectWithMessage } from "./flash.server.ts";
import { parseBody, readFormBody } from "./forms.server.ts";
import { pageAddressOf, requireAdminPage } from "./guards.server.ts";
import { pageLogger } from "./log.server.ts";
import { failureOf, toPageError } from "./page-errors.server.ts";

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

const text = (value: unknown) => (typeof value === "string" ? value : "");

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
    now: new Date().toISOString(),
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
  return { coupon, courseNames, now: new Date().toISOString() };
}

/** /coupons and /coupon-table: create, Validate / Invalidate, the inline edit's Save, and delete. */
export async function couponsAction({ request, context }: Args): Promise<CouponActionResult | Response> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const body = await readFormBody(request);
  // back to the list as it was, without the inline edit
  const back = pageAddressOf(request, ["edit"]);
  const intent = text(body.fields.intent);
  const id = text(body.fields.id).trim().slice(0, 100);
  const code = text(body.fields.code).trim().slice(0, 100);
  const success = (message: string) => redirectWithMessage(ctx, back, message);
  const admin = ctx.services.coupons.admin;
  const log = pageLogger(ctx);

  if (intent === "coupon.toggle") {
    const isValid = body.fields.isValid === "true";
    let saved: CouponJson | null = null;
    const refused = await failureOf(
      async () => {
        saved = await admin.update(actor, id, { isValid });
      },
      log,
      "admin coupons: changing the status failed",
    );
    if (refused || !saved) {
      return {
        ok: false,
        intent: "coupon.toggle",
        formError: `${COUPON_MESSAGES.updateFailed} ${refused?.message ?? ""}`.trim(),
        fieldErrors: {},
        values: { id },
      };
    }
    const done = saved as CouponJson;
    return success(done.isValid ? T.validated(done.code) : T.invalidated(done.code));
  }

  if (intent === "coupon.delete") {
    if (body.fields.confirmed !== "yes") {
      return { ok: true, intent: "coupon.confirm", message: COUPON_MESSAGES.confirmDelete, values: { id, code } };
    }
    const refused = await failureOf(() => admin.remove(actor, id), log, "admin coupons: the delete failed");
    if (refused) {
      return {
        ok: false,
        intent: "coupon.delete",
        formError: `${COUPON_MESSAGES.deleteFailed} ${refused.message}`,
        fieldErrors: {},
        values: { id },
      };
    }
    return success(COUPON_MESSAGES.deleted);
  }

  // coupon.create (/coupons) or coupon.save (the inline edit of `id`)
  const editing = intent === "coupon.save";
  const form = parseBody(body, {
    schema: CouponFormSchema,
    fields: COUPON_FORM_FIELDS,
    labels: COUPON_FIELD_LABELS,
    keep: COUPON_FORM_FIELDS,
  });
  const values = { ...(form.ok ? form.values : form.failure.values), ...(editing ? { id } : {}) };
  const prefix = editing ? T.saveFailed : T.createFailed;
  const failed = (reason: string, fieldErrors: Partial<Record<CouponFormField, string>> = {}): CouponActionResult => ({
    ok: false,
    intent: editing ? "coupon.save" : "coupon.create",
    formError: prefix + reason,
    fieldErrors,
    values,
  });
  if (!form.ok) return failed(form.failure.formError ?? T.checkFields, form.failure.fieldErrors);
  let saved: CouponJson | null = null;
  const refused = await failureOf(
    async () => {
      saved = editing
        ? await admin.update(actor, id, form.data)
        : await admin.create(actor, { ...form.data, code: form.data.code || null });
    },
    log,
    "admin coupons: the save failed",
  );
  if (refused || !saved) {
    const reason = refused?.message ?? "";
    // the service's message beside the field it is about
    const field =
      COUPON_FORM_FIELDS.find((f) => {
        const messages: Record<CouponFormField, string[]> = {
          discount: [COUPON_MESSAGES.discount],
          code: [COUPON_MESSAGES.code],
          courseId: [COUPON_MESSAGES.course],
          usageLimit: [COUPON_MESSAGES.usageLimit, COUPON_MESSAGES.limitBelowUsesEnd],
          expiresAt: [COUPON_MESSAGES.expiresAt, COUPON_MESSAGES.expiryPassedEnd],
        };
        return messages[f].some((m) => reason.includes(m));
      }) ?? (refused?.status === 409 ? "code" : undefined);
    return failed(reason, field ? { [field]: reason } : {});
  }
  const done = saved as CouponJson;
  return success(editing ? T.saved(done.code) : T.created(done.code));
}
