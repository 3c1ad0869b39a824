// The course screens on the admin kit (issue 30; decision 072): the manager of /pmtalsLink/admin (its
// course form, its list of courses, its categories), the simple form of /add-course and
// /edit-course/{id}, and the detail page's fields, as declarations the kit's parts show and answer. Their
// words are in ./course-texts.ts; their schemas in ./course-form.ts, loaded when a form is first used.
import type {
  DetailField,
  ManagerSpec,
  NameListSpec,
  PageFieldKind,
  PageFormSpec,
  PageFormView,
  RecordListSpec,
} from "../admin/admin-resource.ts";
import type { AdminCategory, Course } from "./catalog.ts";
import { CATEGORY_MESSAGES, CATEGORY_NAME_MAX, countOf } from "./category-texts.ts";
import {
  COURSE_CATEGORY_MESSAGES,
  COURSE_FORM_FIELDS,
  COURSE_LIMITS,
  COURSE_MESSAGES,
  courseFieldLabel,
  SIMPLE_FORM_CATEGORIES,
  type CourseFormField,
  type CourseFormKind,
} from "./course-texts.ts";
import { formatNaira } from "../lib/money.ts";

/**
 * The course manager's categories, a section of /pmtalsLink/admin on the kit (issue 30; spec admin §2
 * "add and remove categories"): the one list of courses and posts, with how many use each; one in use is
 * not removed (decision 020).
 */
export const COURSE_CATEGORY_SECTION: NameListSpec<AdminCategory> = {
  key: "category",
  check: () => import("./course-form.ts").then((m) => m.CourseCategoryFormSchema),
  id: "course-categories",
  title: "Categories",
  lead: "The one list of courses and posts. A category that courses or posts use cannot be removed.",
  field: { id: "course-category-name", label: "Category name", max: CATEGORY_NAME_MAX },
  formLabel: "Add a category",
  errorId: "course-category-error",
  list: { id: "course-categories-list", title: "Category list" },
  columns: [
    { key: "courses", header: "Courses", text: (row) => countOf(row.courses, "course", "courses") },
    { key: "posts", header: "Posts", text: (row) => countOf(row.posts, "post", "posts") },
  ],
  texts: {
    nameHeader: "Category",
    add: "Add Category",
    added: COURSE_CATEGORY_MESSAGES.added,
    addFailed: COURSE_CATEGORY_MESSAGES.addFailed,
    remove: "Remove",
    removed: COURSE_CATEGORY_MESSAGES.removed,
    removeFailed: COURSE_CATEGORY_MESSAGES.removeFailed,
    confirmRemove: COURSE_CATEGORY_MESSAGES.confirmRemove,
    empty: "No categories found.",
  },
  refused: (row) =>
    row.courses + row.posts > 0
      ? { note: CATEGORY_MESSAGES.inUseNote(row), message: CATEGORY_MESSAGES.inUse(row.name, row) }
      : undefined,
};

const KINDS: Record<CourseFormField, PageFieldKind> = {
  title: "text",
  instructor: "text",
  category: "select",
  price: "number",
  discountPrice: "number",
  showDiscount: "checkbox",
  duration: "text",
  rating: "number",
  img: "upload",
  features: "lines",
};

const HINTS: Partial<Record<CourseFormField, string>> = {
  price: "In naira (₦), e.g. 150000",
  discountPrice: "In naira, below the price; blank for none",
  showDiscount: "Learners see the discount price, with the price struck through",
  duration: "e.g. 12 weeks",
  // spec admin §2, §9: the rating's hint
  rating: "0-5",
  features: "One feature a line",
};

const MAX: Partial<Record<CourseFormField, number>> = {
  title: COURSE_LIMITS.title,
  instructor: COURSE_LIMITS.instructor,
  duration: COURSE_LIMITS.duration,
  img: 2000,
};

/**
 * The two course forms on the kit (issue 30; app/components/admin/declared-form.tsx): every field on
 * /pmtalsLink/admin (multipart, for its picture upload), the six of the simple form on /add-course and
 * /edit-course/{id} (its image an address, its categories the four). Fields left blank: discount price,
 * duration and features.
 */
const courseForm = (kind: CourseFormKind): PageFormSpec<CourseFormField> => ({
  key: "course",
  check: () =>
    import("./course-form.ts").then((m) => (kind === "manager" ? m.CourseManagerFormSchema : m.SimpleCourseFormSchema)),
  fields: COURSE_FORM_FIELDS[kind].map((name) => ({
    name,
    label: courseFieldLabel(kind, name),
    kind: kind === "simple" && name === "img" ? "url" : KINDS[name],
    hint: HINTS[name],
    max: MAX[name],
    optional: name === "discountPrice" || name === "duration" || name === "features",
    wide: name === "title" || name === "img" || name === "features",
    ...(name === "category"
      ? { prompt: "Choose a category", options: kind === "simple" ? SIMPLE_FORM_CATEGORIES : undefined }
      : {}),
  })),
  multipart: kind === "manager",
  postsId: kind === "manager",
  texts: {
    addTitle: "Add a course",
    editTitle: (title) => `Edit “${title}”`,
    add: "Add Course",
    update: "Update Course",
    added: COURSE_MESSAGES.added,
    saved: COURSE_MESSAGES.saved,
    saveFailed: COURSE_MESSAGES.saveFailed,
    checkFields: COURSE_MESSAGES.checkFields,
  },
});
export const COURSE_FORMS = { manager: courseForm("manager"), simple: courseForm("simple") };

/** A course in a form: every field as text (the checkbox "on" or ""). */
export function courseFormView(course: Course): PageFormView<CourseFormField> {
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

/** An amount in naira with its kobo (₦150,000.00). */
export const naira = (amount: number) => formatNaira(amount, { decimals: 2 });

/** The course manager's list (issue 30; app/components/admin/record-list.tsx): a page of courses, newest first. */
export const COURSE_LIST: RecordListSpec<Course> = {
  key: "course",
  name: (c) => c.title,
  title: "All courses",
  count: (total) => `${total === 1 ? "1 course" : `${total} courses`}, newest first`,
  empty: "No courses yet.",
  pagerLabel: "Course pages",
  columns: [
    { key: "title", header: "Title", text: (c) => c.title },
    { key: "category", header: "Category", text: (c) => c.category },
    { key: "price", header: "Price", alignEnd: true, text: (c) => naira(c.price) },
    {
      key: "discount",
      header: "Discount",
      alignEnd: true,
      text: (c) =>
        c.discountPrice === null ? "None" : `${naira(c.discountPrice)}${c.showDiscount ? "" : " (not shown)"}`,
    },
    { key: "rating", header: "Rating", alignEnd: true, text: (c) => c.rating.toFixed(1) },
  ],
  detail: { label: "Details", name: (title) => `Details of ${title}`, href: (c) => `/admin/course/${c._id}` },
  // its chapters and lessons (issue 31)
  links: [{ label: "Content", name: (title) => `Content of ${title}`, href: (c) => `/admin/course/${c._id}/content` }],
  texts: {
    confirmDelete: COURSE_MESSAGES.confirmDelete,
    deleteSummary: COURSE_MESSAGES.deleteSummary,
    deleted: COURSE_MESSAGES.deleted,
    deleteFailed: COURSE_MESSAGES.deleteFailed,
  },
};

/** A course's fields on its own page, /admin/course/{id} (spec admin §2 "Course admin detail"), after its id and title. */
export const COURSE_DETAIL_FIELDS: ReadonlyArray<DetailField<Course>> = [
  { label: "Image", text: (c) => c.img, look: "address" },
  { label: "Category", text: (c) => c.category },
  { label: "Instructor", text: (c) => c.instructor },
  { label: "Price", text: (c) => naira(c.price) },
  { label: "Duration", text: (c) => c.duration },
  { label: "Rating", text: (c) => `${c.rating.toFixed(1)} out of 5` },
  { label: "Features", text: (c) => c.features },
];

/** /pmtalsLink/admin on the kit: the course form, the list of courses and the categories. */
export const COURSE_MANAGER: ManagerSpec<CourseFormField, Course, AdminCategory> = {
  form: COURSE_FORMS.manager,
  list: COURSE_LIST,
  names: COURSE_CATEGORY_SECTION,
  noun: "courses",
  unknownForm: COURSE_MESSAGES.unknownForm,
};

/** The course detail's links beside its heading: its chapters and lessons (issue 31), its completions and certificates (issue 32). */
export const courseDetailLinks = (courseId: string) => [
  { to: `/admin/course/${courseId}/content`, label: "Chapters and lessons" },
  { to: `/admin/course/${courseId}/certificates`, label: "Completions and certificates" },
];
