// The course admin screens' loaders and actions (spec admin-back-office §2 "Course admin manager",
// "Simple course add/edit form", "Course admin detail", §4, §5, §8; issue 17; decision 032), on the one
// form → result → message path (decision 029): a form is read with parseBody and the contract's schema
// (contract/course-form.ts), a failure is an intent-tagged ActionResult with the field errors and what
// was typed, a success redirects with its message. Reached from app/routes/admin/courses.tsx,
// course-edit.tsx and course-detail.tsx; the services through the request context.
import { data } from "react-router";
import { RESOURCE_PAGE_SIZE } from "../../contract/admin-resource.ts";
import { ACCESS_MESSAGES } from "../../contract/auth.ts";
import type { Course } from "../../contract/catalog.ts";
import {
  CourseCategoryFormSchema,
  CourseManagerFormSchema,
  SimpleCourseFormSchema,
} from "../../contract/course-form.ts";
import {
  COURSE_CATEGORY_MESSAGES,
  COURSE_FORM_FIELDS,
  COURSE_MESSAGES,
  courseFieldLabel,
  type CourseFormField,
  type CourseFormKind,
} from "../../contract/course-texts.ts";
import { courseStats } from "../../contract/courses.ts";
import { formatLagosDateTime } from "../../contract/dates.ts";
import { PAGE_SIZE_MAX, readPageNumber } from "../../contract/paging.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import type { ActionResult } from "./action-result.ts";
import { uploadPosted } from "./admin-resource.server.ts";
import { appContext, type AppContext } from "./context.ts";
import { redirectWithMessage } from "./flash.server.ts";
import { parseBody, readFormBody, type FormBody } from "./forms.server.ts";
import { pageAddressOf, requireAdminPage } from "./guards.server.ts";
import { pageLogger } from "./log.server.ts";
import { failureOf, refusalOf, toPageError } from "./page-errors.server.ts";
import { purchaseTableAction } from "./refund-action.server.ts";

type Args = {
  request: Request;
  params?: Record<string, string | undefined>;
  context: { get: (key: typeof appContext) => AppContext };
};

/**
 * What the course actions answer: a failure tagged `course.save`, `course.delete` (with code
 * `step_up_required` when the password must be given again), `category.add` or `category.remove`, or
 * the question of a delete posted without JavaScript (`course.confirm`, `category.confirm`).
 */
export type CourseActionResult = ActionResult<string, Partial<Record<string, string>>, { id: string; label: string }>;

/** A course in a form: every field as the form shows it (text; the checkbox "on" or ""). */
export interface CourseFormView {
  id: string;
  title: string;
  values: Record<CourseFormField, string>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function courseFormView(course: Course): CourseFormView {
  return {
    id: course._id,
    title: course.title,
    values: {
      title: course.title,
      instructor: course.instructor,
      category: course.category,
      price: String(course.price),
      discountPrice: course.discountPrice === null ? "" : String(course.discountPrice),
      showDiscount: course.showDiscount ? "on" : "",
      duration: course.duration,
      rating: String(course.rating),
      img: course.img,
      features: course.features.join("\n"),
    },
  };
}

/** The page's 404 (the error page's title says 'Course not found', handle.errorTexts). */
function courseNotFound(): never {
  throw data({ code: "not_found", message: COURSE_MESSAGES.mayBeDeleted }, { status: 404, statusText: "Not Found" });
}

// ---------------------------------------------------------------------------------------------------
// Loaders

/** /pmtalsLink/admin: a page of courses (newest first), the categories, and the course in the form (`?edit=`). */
export async function loadCourseManager({ request, context }: Args) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const url = new URL(request.url);
  const query = { page: readPageNumber(url.searchParams), pageSize: RESOURCE_PAGE_SIZE };
  const editId = url.searchParams.get("edit");
  const [page, categories, editing] = await Promise.all([
    ctx.services.catalog.coursesPage(actor, query),
    ctx.services.categories.listPage(actor, { page: 1, pageSize: PAGE_SIZE_MAX }).then((p) => p.items),
    // a course that is gone leaves the form empty, as the declared screens do
    editId ? ctx.services.catalog.getCourse(editId).catch(() => null) : null,
  ]);
  return {
    page,
    categories,
    editing: editing ? courseFormView(editing) : null,
  };
}

/** /add-course (nothing to load) and /edit-course/{id} (the course, or the 404 page). */
export async function loadSimpleCourse({ request, params, context }: Args) {
  const ctx = context.get(appContext);
  requireAdminPage(request, ctx);
  const id = params?.id;
  if (id === undefined) return { editing: null };
  const course = await ctx.services.catalog.getCourse(id).catch((error: unknown) => {
    if (toPageError(error)?.status === 404) courseNotFound();
    throw error;
  });
  return { editing: courseFormView(course) };
}

/**
 * /admin/course/{id}: the course, its purchase records (newest first) and their figures. A deleted
 * course whose purchases remain is shown as 'Deleted Course' (decision 032); no course and no
 * purchases is the 404 page; anything else the page's 'Failed to load course details'.
 */
export async function loadCourseDetail({ request, params, context }: Args) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const id = params?.id ?? "";
  const [course, purchases] = await Promise.allSettled([
    ctx.services.catalog.getCourse(id),
    ctx.services.catalog.coursePurchases(actor, id),
  ]);
  for (const result of [purchases, course]) {
    if (result.status === "fulfilled") continue;
    const refused = toPageError(result.reason);
    if (refused?.status === 401 || refused?.status === 403) throw result.reason;
    // the course gone with purchases kept: the page shows them under 'Deleted Course'
    if (refused?.status === 404 && result === course) continue;
    if (refused?.status === 404) courseNotFound();
    console.error("admin course detail: loading failed", result.reason);
    throw data({ code: "unavailable", message: COURSE_MESSAGES.mayBeDeleted }, { status: 500 });
  }
  const records = purchases.status === "fulfilled" ? purchases.value : [];
  return {
    id,
    course: course.status === "fulfilled" ? course.value : null,
    stats: courseStats(records),
    records: records.length,
    purchases: records.map((p) => ({
      ...p,
      purchasedAtText: formatLagosDateTime(p.purchasedAt),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Actions

/**
 * Reads a course form and saves it: an add, or an update of `id` (the simple form sends its six fields,
 * the others stay). A success goes to `success(message)`; a failure is the form's `course.save` answer.
 */
async function saveCourse(
  ctx: AppContext,
  actor: Actor,
  body: FormBody,
  kind: CourseFormKind,
  id: string,
  success: (message: string) => Promise<Response>,
): Promise<CourseActionResult | Response> {
  const fields = COURSE_FORM_FIELDS[kind];
  const uploadErrors = kind === "manager" ? await uploadPosted(ctx, actor, [{ name: "img", kind: "image" }], body) : {};
  const labels = Object.fromEntries(fields.map((f) => [f, courseFieldLabel(kind, f)])) as Record<
    (typeof fields)[number],
    string
  >;
  const schema = kind === "manager" ? CourseManagerFormSchema : SimpleCourseFormSchema;
  const form = parseBody(body, { schema, fields, labels, keep: fields });
  const values = { ...(form.ok ? form.values : form.failure.values), ...(id ? { id } : {}) };
  const failed = (reason: string, fieldErrors: Record<string, string> = {}): CourseActionResult => ({
    ok: false,
    intent: "course.save",
    formError: COURSE_MESSAGES.saveFailed + reason,
    fieldErrors,
    values,
  });
  if (!form.ok || Object.keys(uploadErrors).length > 0) {
    const fieldErrors = { ...(form.ok ? {} : form.failure.fieldErrors), ...uploadErrors };
    return failed((form.ok ? undefined : form.failure.formError) ?? COURSE_MESSAGES.checkFields, fieldErrors);
  }
  // an unexpected failure too is said on the form ('Failed to save course: …'), its cause logged (issue 29)
  const refused = await failureOf(
    () =>
      id
        ? ctx.services.catalog.updateCourse(actor, id, form.data)
        : ctx.services.catalog.createCourse(actor, form.data),
    pageLogger(ctx),
    "admin courses: the save failed",
  );
  if (refused) return failed(refused.message);
  return success(id ? COURSE_MESSAGES.saved : COURSE_MESSAGES.added);
}

/**
 * Deletes a course after its question (`confirmed=yes`; without JavaScript the page asks it) and, when
 * the last password proof is too old, after the password (StepUpPrompt posts `intent=confirm` with the
 * password and the course's id; the users service checks it, then the delete goes through).
 */
async function deleteCourse(
  ctx: AppContext,
  actor: Actor,
  body: FormBody,
  success: (message: string) => Promise<Response>,
): Promise<CourseActionResult | Response> {
  const id = text(body.fields.id).trim().slice(0, 100);
  const course = await ctx.services.catalog.getCourse(id).catch(() => null);
  const title = course?.title ?? text(body.fields.title).trim().slice(0, 200);
  const values = { id, title };
  const stepUp = (prompt: string, error?: string): CourseActionResult => ({
    ok: false,
    intent: "course.delete",
    code: "step_up_required",
    formError: prompt,
    fieldErrors: error ? { password: error } : {},
    values,
  });
  let acting = actor;
  if (body.fields.intent === "confirm") {
    const refused = await refusalOf(async () => {
      const { verifiedAt } = await ctx.services.users.verifyPassword(actor, text(body.fields.password));
      // this request's actor was read before the proof: it carries the session's new time from here on
      acting = { ...actor, verifiedAt: new Date(verifiedAt) };
    });
    if (refused) return stepUp(ACCESS_MESSAGES.stepUp, refused.message);
  } else if (body.fields.confirmed !== "yes") {
    return {
      ok: true,
      intent: "course.confirm",
      message: COURSE_MESSAGES.confirmDelete(title),
      values: { id, label: title },
    };
  }
  const refused = await failureOf(
    () => ctx.services.catalog.deleteCourse(acting, id),
    pageLogger(ctx),
    "admin courses: the delete failed",
  );
  if (refused?.code === "step_up_required") return stepUp(refused.message);
  if (refused) {
    return {
      ok: false,
      intent: "course.delete",
      formError: COURSE_MESSAGES.deleteFailed + refused.message,
      fieldErrors: {},
      values,
    };
  }
  return success(COURSE_MESSAGES.deleted);
}

/** The course manager's categories: add by name (spec admin §5 'Please enter a category name'), remove after its question. */
async function categoryAction(
  ctx: AppContext,
  actor: Actor,
  body: FormBody,
  remove: boolean,
  success: (message: string) => Promise<Response>,
): Promise<CourseActionResult | Response> {
  const t = COURSE_CATEGORY_MESSAGES;
  if (remove) {
    const name = text(body.fields.name).trim().slice(0, 200);
    if (body.fields.confirmed !== "yes") {
      return {
        ok: true,
        intent: "category.confirm",
        message: t.confirmRemove(name),
        values: { id: name, label: name },
      };
    }
    const refused = await refusalOf(() => ctx.services.categories.removeByName(actor, name));
    if (refused) {
      return {
        ok: false,
        intent: "category.remove",
        formError: t.removeFailed + refused.message,
        fieldErrors: {},
        values: { name },
      };
    }
    return success(t.removed);
  }
  const form = parseBody(body, {
    schema: CourseCategoryFormSchema,
    fields: ["name"],
    labels: { name: "Category name" },
    keep: ["name"],
  });
  if (!form.ok) return { ...form.failure, intent: "category.add" };
  const refused = await refusalOf(() => ctx.services.categories.create(actor, { name: form.data.name }));
  if (refused) {
    return {
      ok: false,
      intent: "category.add",
      fieldErrors: { name: t.addFailed + refused.message },
      values: form.values,
    };
  }
  return success(t.added);
}

/** /pmtalsLink/admin: every form of the page, picked by its `intent`. */
export async function courseManagerAction({ request, context }: Args): Promise<CourseActionResult | Response> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const body = await readFormBody(request);
  const intent = text(body.fields.intent);
  // back to the same page of the list, out of edit mode, at the section that posted
  const back = (anchor: string) => (message: string) =>
    redirectWithMessage(ctx, `${pageAddressOf(request, ["edit"])}#${anchor}`, message);
  if (intent === "course.save") {
    return saveCourse(ctx, actor, body, "manager", text(body.fields.id).trim().slice(0, 100), back("course-form"));
  }
  if (intent === "course.delete" || intent === "confirm") return deleteCourse(ctx, actor, body, back("course-list"));
  if (intent === "category.add" || intent === "category.remove") {
    return categoryAction(ctx, actor, body, intent === "category.remove", back("course-categories"));
  }
  return { ok: false, formError: COURSE_MESSAGES.unknownForm, fieldErrors: {}, values: {} };
}

/** /admin/course/{id}: the purchase table's refunds (decision 035, app/lib/refund-action.server.ts). */
export const courseDetailAction = (args: Args) => purchaseTableAction(args, "course-purchases");

/** /add-course and /edit-course/{id}: the simple form; a success returns to /courses with its message. */
export async function simpleCourseAction({ request, params, context }: Args): Promise<CourseActionResult | Response> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const body = await readFormBody(request);
  return saveCourse(ctx, actor, body, "simple", params?.id ?? "", (message) =>
    redirectWithMessage(ctx, "/courses", message),
  );
}
