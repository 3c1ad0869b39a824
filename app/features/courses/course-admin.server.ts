// The course admin screens' loaders and actions (spec admin-back-office §2 "Course admin manager",
// "Simple course add/edit form", "Course admin detail", §4, §5, §8; issue 17; decision 032) on the kit
// (issue 30): declared in contract/courses/course-screens.ts, answered by managerAction and pageFormAction
// (app/lib/adapted-resource.server.ts) on the one action kernel (decision 069).
import {
  CourseCategoryFormSchema,
  CourseManagerFormSchema,
  SimpleCourseFormSchema,
} from "../../../contract/courses/course-form.ts";
import { COURSE_FORMS, COURSE_MANAGER, courseFormView } from "../../../contract/courses/course-screens.ts";
import { COURSE_MESSAGES } from "../../../contract/courses/course-texts.ts";
import { courseStats } from "../../../contract/courses/courses.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import { PAGE_SIZE_MAX } from "../../../contract/lib/paging.ts";
import type { ActionResult } from "../../lib/action-result.ts";
import { readAction } from "../../lib/action.server.ts";
import {
  loadFormItem,
  loadManager,
  loadOrErrorPage,
  managerAction,
  pageFormAction,
  type Args,
} from "../../lib/adapted-resource.server.ts";
import { toPageError } from "../../lib/page-errors.server.ts";
import { purchaseTableAction } from "../payments/refund-action.server.ts";

/** A failure tagged `course.save`, `course.delete` (code `step_up_required`: the password again), `category.add`
 * or `category.remove`, or a delete's question asked without JavaScript (`course.confirm`, `category.confirm`). */
export type CourseActionResult = ActionResult<string, Partial<Record<string, string>>, { id: string; label: string }>;

/** /pmtalsLink/admin: a page of courses (newest first), the categories, and the course in the form (`?edit=`). */
export const loadCourseManager = (args: Args) =>
  loadManager(args, {
    page: ({ services }, actor, query) => services.catalog.coursesPage(actor, query),
    names: ({ services }, actor) =>
      services.categories.listPage(actor, { page: 1, pageSize: PAGE_SIZE_MAX }).then((p) => p.items),
    item: ({ services }, id) => services.catalog.getCourse(id).then(courseFormView),
  });

/** /add-course (nothing to load) and /edit-course/{id} (the course, or the 404 page 'Course not found'). */
export const loadSimpleCourse = (args: Args) =>
  loadFormItem(args, (ctx, id) => ctx.services.catalog.getCourse(id), courseFormView, COURSE_MESSAGES.mayBeDeleted);

/** /admin/course/{id}: the course, gone (null) while its purchases remain (decision 032), its purchases and figures. */
export const loadCourseDetail = (args: Args) =>
  loadOrErrorPage(
    args,
    async (ctx, actor) => {
      const id = args.params?.id ?? "";
      const [course, records] = await Promise.all([
        ctx.services.catalog.getCourse(id).catch((error: unknown) => {
          if (toPageError(error)?.status === 404) return null;
          throw error;
        }),
        ctx.services.catalog.coursePurchases(actor, id),
      ]);
      const purchases = records.map((p) => ({ ...p, purchasedAtText: formatLagosDateTime(p.purchasedAt) }));
      const learners = course ? await ctx.services.authoring.learners(actor, id) : [];
      return { id, course, stats: courseStats(records), records: records.length, purchases, learners };
    },
    COURSE_MESSAGES.mayBeDeleted,
    "admin course detail",
  );

/** /pmtalsLink/admin: the course form (its picture uploaded first), the delete, the categories. */
export const courseManagerAction = (args: Args): Promise<CourseActionResult | Response> =>
  managerAction(args, COURSE_MANAGER, ({ services }, actor) => ({
    form: {
      schema: CourseManagerFormSchema,
      create: (data) => services.catalog.createCourse(actor, data),
      update: (id, data) => services.catalog.updateCourse(actor, id, data),
    },
    list: {
      get: (id) => services.catalog.getCourse(id),
      remove: (acting, id) => services.catalog.deleteCourse(acting, id),
    },
    names: {
      schema: CourseCategoryFormSchema,
      add: (name) => services.categories.create(actor, { name }),
      remove: (name) => services.categories.removeByName(actor, name),
    },
  }));

/** /admin/course/{id}: the purchase table's refunds (decision 035, app/features/payments/refund-action.server.ts). */
export const courseDetailAction = (args: Args) => purchaseTableAction(args, "course-purchases");

/** /add-course and /edit-course/{id}: the simple form's six fields (the others stay); a save returns to /courses. */
export async function simpleCourseAction(args: Args): Promise<CourseActionResult | Response> {
  const call = await readAction(args, "admin");
  const { catalog } = call.ctx.services;
  return pageFormAction(
    call,
    COURSE_FORMS.simple,
    {
      schema: SimpleCourseFormSchema,
      create: (data) => catalog.createCourse(call.actor, data),
      update: (id, data) => catalog.updateCourse(call.actor, id, data),
    },
    // an unexpected failure too is said on the form ('Failed to save course: …'), its cause logged (issue 29)
    { id: args.params?.id ?? "", back: "/courses", logAs: "admin courses: the save failed" },
  );
}
