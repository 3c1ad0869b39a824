// The course forms' schemas (spec admin-back-office §2 "Course admin manager", "Simple course add/edit
// form", §5; issue 17): what the two admin forms send, as text, read into the API's input and checked
// with the API's own field rules (./courses.ts). Numbers come as text ("150,000", "₦150000"): a blank
// required one is 'Price is required', anything else that is no number gets the field's own message.
// The page actions parse with these; the browser loads this file only when a form is first used.
import { z } from "zod";
import { COURSE_CATEGORY_MESSAGES } from "./course-texts.ts";
import { COURSE_MESSAGES, CourseInputSchema, priceRules, SIMPLE_FORM_CATEGORIES } from "./courses.ts";

const S = CourseInputSchema.shape;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A number typed in a form: blank is `blank` when given, else the field's required message. */
function typedNumber<T extends z.ZodType>(label: string, schema: T, blank?: null) {
  return z
    .unknown()
    .optional()
    .refine((value) => blank !== undefined || !isBlank(value), COURSE_MESSAGES.required(label))
    .transform((value) => {
      if (isBlank(value)) return blank;
      // the naira sign, thousands separators and spaces as people type them
      return typeof value === "string" ? Number(value.replace(/[₦,\s]/g, "")) : value;
    })
    .pipe(schema);
}

/** A checkbox: sent as "on" when ticked, absent when not (true/false from a JSON body). */
const checkbox = z
  .unknown()
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** A textarea of one item a line; blank lines are left out. */
const lines = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.split(/\r\n|\r|\n/).filter((l) => l.trim() !== "") : value))
  .pipe(S.features);

/** /pmtalsLink/admin: every field; price and rating required, the discount price optional. */
export const CourseManagerFormSchema = z
  .object({
    title: S.title,
    instructor: S.instructor,
    category: S.category,
    price: typedNumber("Price", S.price),
    discountPrice: typedNumber("Discount price", S.discountPrice, null),
    showDiscount: checkbox,
    duration: S.duration,
    rating: typedNumber("Rating", S.rating),
    img: S.img,
    features: lines,
  })
  .superRefine(priceRules);

/** /add-course and /edit-course/{id}: six fields, all required (spec admin §5), one of four categories. */
export const SimpleCourseFormSchema = z.object({
  title: S.title,
  category: S.category.refine(
    (name) => SIMPLE_FORM_CATEGORIES.some((c) => c.toLowerCase() === name.toLowerCase()),
    COURSE_MESSAGES.category,
  ),
  instructor: S.instructor,
  price: typedNumber("Price", S.price),
  img: S.img,
  rating: typedNumber("Rating", S.rating),
});

/**
 * The course manager's category form: a name that is not blank (spec admin §5 'Please enter a category
 * name'); the categories service checks the rest (length, one line, not taken) and says what is wrong.
 */
export const CourseCategoryFormSchema = z.object({
  name: z.string({ error: COURSE_CATEGORY_MESSAGES.empty }).trim().min(1, COURSE_CATEGORY_MESSAGES.empty),
});
