// The course admin screens' loaders and actions (spec admin-back-office §2 "Course admin manager",
// "Simple course add/edit form", "Course admin detail", §4, §5, §8; issue 17; decision 032), on the one
// action kernel (app/lib/action.server.ts, decision 069): a form is parsed with the contract's schema
// (contract/course-form.ts), a failure is an intent-tagged ActionResult with the field errors and what
// was typed, a success redirects with its message. Reached from app/routes/admin/courses.tsx,
// course-edit.tsx and course-detail.tsx; the services through the request context.
import { data } from "react-router";
import type { z } from "zod";
import { RESOURCE_PAGE_SIZE } from "../../contract/admin-resource.ts";
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
import { failure, readAction, runAction, type ActionCall } from "./action.server.ts";
import { uploadPosted } from "./admin-resource.server.ts";
import { appContext, type AppContext } from "./context.ts";
import { pageAddressOf, requireAdminPage } from "./guards.server.ts";
import { toPageError } from "./page-errors.server.ts";
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
 * the others stay). A success goes to `back` with its message; a failure is the form's `course.save` answer.
 */
function saveCourse(
  call: ActionCall<Actor>,
  kind: CourseFormKind,
  id: string,
  back: string,
): Promise<CourseActionResult | Response> {
  const { ctx, actor } = call;
  const fields = COURSE_FORM_FIELDS[kind];
  const labels = Object.fromEntries(fields.map((f) => [f, courseFieldLabel(kind, f)])) as Record<
    (typeof fields)[number],
    string
  >;
  const schema = kind === "manager" ? CourseManagerFormSchema : SimpleCourseFormSchema;
  return runAction(call, {
    intent: "course.save",
    values: id ? { id } : {},
    precheck: () => (kind === "manager" ? uploadPosted(ctx, actor, [{ name: "img", kind: "image" }], call.body) : {}),
    form: { schema, fields, labels, keep: fields },
    invalid: ({ formError, fieldErrors }) => ({
      formError: COURSE_MESSAGES.saveFailed + (formError ?? COURSE_MESSAGES.checkFields),
      fieldErrors,
    }),
    run: (data: z.output<typeof schema>) =>
      id ? ctx.services.catalog.updateCourse(actor, id, data) : ctx.services.catalog.createCourse(actor, data),
    // an unexpected failure too is said on the form ('Failed to save course: …'), its cause logged (issue 29)
    logAs: "admin courses: the save failed",
    refused: (refused) => COURSE_MESSAGES.saveFailed + refused.message,
    back,
    done: () => (id ? COURSE_MESSAGES.saved : COURSE_MESSAGES.added),
  });
}

/**
 * Deletes a course after its question (`confirmed=yes`; without JavaScript the page asks it) and, when
 * the last password proof is too old, after the password (StepUpPrompt posts `intent=confirm` with the
 * password and the course's id; the kernel's step-up checks it, then the delete goes through).
 */
async function deleteCourse(call: ActionCall<Actor>, back: string): Promise<CourseActionResult | Response> {
  const { ctx } = call;
  const id = call.text("id").trim().slice(0, 100);
  const course = await ctx.services.catalog.getCourse(id).catch(() => null);
  const title = course?.title ?? call.text("title").trim().slice(0, 200);
  return runAction(call, {
    intent: "course.delete",
    values: { id, title },
    confirm: { question: COURSE_MESSAGES.confirmDelete(title), values: { id, label: title } },
    stepUp: { posts: "confirm" },
    run: (_, acting) => ctx.services.catalog.deleteCourse(acting, id),
    logAs: "admin courses: the delete failed",
    refused: (refused) => COURSE_MESSAGES.deleteFailed + refused.message,
    back,
    done: () => COURSE_MESSAGES.deleted,
  });
}

/** The course manager's categories: add by name (spec admin §5 'Please enter a category name'), remove after its question. */
function categoryAction(
  call: ActionCall<Actor>,
  remove: boolean,
  back: string,
): Promise<CourseActionResult | Response> {
  const { ctx, actor } = call;
  const t = COURSE_CATEGORY_MESSAGES;
  if (remove) {
    const name = call.text("name").trim().slice(0, 200);
    return runAction(call, {
      intent: "category.remove",
      values: { name },
      confirm: { question: t.confirmRemove(name), values: { id: name, label: name } },
      run: () => ctx.services.categories.removeByName(actor, name),
      refused: (refused) => t.removeFailed + refused.message,
      back,
      done: () => t.removed,
    });
  }
  return runAction(call, {
    intent: "category.add",
    form: { schema: CourseCategoryFormSchema, fields: ["name"], labels: { name: "Category name" }, keep: ["name"] },
    run: (data) => ctx.services.categories.create(actor, { name: data.name }),
    refused: (refused) => ({ fieldErrors: { name: t.addFailed + refused.message } }),
    back,
    done: () => t.added,
  });
}

/** /pmtalsLink/admin: every form of the page, picked by its `intent`. */
export async function courseManagerAction(args: Args): Promise<CourseActionResult | Response> {
  const call = await readAction(args, "admin");
  const { intent } = call;
  // back to the same page of the list, out of edit mode, at the section that posted
  const back = (anchor: string) => `${pageAddressOf(call.request, ["edit"])}#${anchor}`;
  if (intent === "course.save") {
    return saveCourse(call, "manager", call.text("id").trim().slice(0, 100), back("course-form"));
  }
  if (intent === "course.delete" || intent === "confirm") return deleteCourse(call, back("course-list"));
  if (intent === "category.add" || intent === "category.remove") {
    return categoryAction(call, intent === "category.remove", back("course-categories"));
  }
  return failure(undefined, { formError: COURSE_MESSAGES.unknownForm }, {});
}

/** /admin/course/{id}: the purchase table's refunds (decision 035, app/lib/refund-action.server.ts). */
export const courseDetailAction = (args: Args) => purchaseTableAction(args, "course-purchases");

/** /add-course and /edit-course/{id}: the simple form; a success returns to /courses with its message. */
export async function simpleCourseAction(args: Args): Promise<CourseActionResult | Response> {
  const call = await readAction(args, "admin");
  return saveCourse(call, "simple", args.params?.id ?? "", "/courses");
}
