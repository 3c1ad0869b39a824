// The courses admin's texts and limits (spec admin-back-office §2 "Course admin manager", "Simple course
// add/edit form", "Course admin detail", §5, §8, §9; issue 17), without zod: the admin pages import them
// up front, and load the schemas (./courses.ts, ./course-form.ts) only when a form is first used.
export const COURSE_LIMITS = {
  title: 200,
  instructor: 100,
  duration: 100,
  category: 50,
  feature: 200,
  features: 30,
  /** ₦100,000,000: far above any course, far below where kobo stops being exact */
  price: 100_000_000,
};

export const COURSE_MESSAGES = {
  /** spec admin §8 (the reason follows) */
  saveFailed: "Failed to save course: ",
  deleteFailed: "Failed to delete course: ",
  /** spec admin §8 "Detail pages" */
  notFound: "Course not found",
  loadFailed: "Failed to load course details",
  mayBeDeleted: "This course may have been deleted or does not exist.",
  /** spec admin §8: a course id no longer found */
  deletedCourse: "Deleted Course",
  saved: "Course saved successfully",
  added: "Course added successfully",
  deleted: "Course deleted successfully",
  confirmDelete: (title: string) =>
    `Are you sure you want to delete "${title}"? Its purchases stay in the records as 'Deleted Course'.`,
  /** spec admin §5: every field of the simple form is required */
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  price: "Price must be a number of naira, 0 or more, with at most 2 decimals",
  priceTooHigh: `Price must be at most ₦${COURSE_LIMITS.price.toLocaleString("en-NG")}`,
  discountPrice: "Discount price must be a number of naira, 0 or more, with at most 2 decimals",
  discountBelowPrice: "Discount price must be below the price",
  showDiscountWithoutPrice: "Give a discount price to show a discount",
  rating: "Rating must be a number from 0 to 5",
  category: "Choose a category from the list",
  features: `At most ${COURSE_LIMITS.features} features, each one line of at most ${COURSE_LIMITS.feature} characters`,
  nothingToChange: "Give at least one field to change",
  ids: "ids must be a comma-separated list of course ids",
  /** a form refused by its checks: said above it, after saveFailed; each problem beside its field */
  checkFields: "please correct the fields marked below.",
  /** a post that names none of the page's forms */
  unknownForm: "This form is not one of this page's. Please reload the page.",
  /** the delete's step-up prompt: what happens once the password is right */
  deleteSummary: (title: string) => `You are about to delete "${title}".`,
  /** the detail page's purchase records (spec admin §4: paid shows Paid, anything else Not Paid) */
  paid: "Paid",
  notPaid: "Not Paid",
  /** spec admin §8 "Missing values show N/A" */
  missing: "N/A",
};

/**
 * The course manager's own category texts (spec admin §5 "Category add (course admin)", §8 "'Failed to
 * add category: ' and 'Category added successfully'"): not the categories screen's, which has its own.
 */
export const COURSE_CATEGORY_MESSAGES = {
  empty: "Please enter a category name",
  added: "Category added successfully",
  addFailed: "Failed to add category: ",
  removed: "Category removed successfully",
  removeFailed: "Failed to remove category: ",
  confirmRemove: (name: string) => `Are you sure you want to delete "${name}"?`,
};

/** The four categories of the simple form (spec admin §2, §9), in its order. */
export const SIMPLE_FORM_CATEGORIES = ["Coding", "Graphic Design", "Cybersecurity", "Video editing"] as const;

/** The fields of each form, in their order on the page (spec admin §2, §3 "Course"). */
export const COURSE_FORM_FIELDS = {
  /** /pmtalsLink/admin: every field of a course */
  manager: [
    "title",
    "instructor",
    "category",
    "price",
    "discountPrice",
    "showDiscount",
    "duration",
    "rating",
    "img",
    "features",
  ],
  /** /add-course, /edit-course/{id}: the simple form's six, all required (spec admin §5) */
  simple: ["title", "category", "instructor", "price", "img", "rating"],
} as const;
export type CourseFormKind = keyof typeof COURSE_FORM_FIELDS;
export type CourseFormField = (typeof COURSE_FORM_FIELDS)["manager"][number];

/** How each field is called on the page (the simple form's image is an 'Image URL', spec admin §2). */
export function courseFieldLabel(kind: CourseFormKind, field: CourseFormField): string {
  if (field === "img") return kind === "simple" ? "Image URL" : "Image";
  return COURSE_FIELD_LABELS[field];
}

const COURSE_FIELD_LABELS: Record<CourseFormField, string> = {
  title: "Title",
  instructor: "Instructor",
  category: "Category",
  price: "Price",
  discountPrice: "Discount price",
  showDiscount: "Show the discount",
  duration: "Duration",
  rating: "Rating",
  img: "Image",
  features: "Features",
};
