import { z } from "zod";
import { CATEGORY_MESSAGES, CATEGORY_NAME_MAX } from "./category-texts.ts";

export { CATEGORY_MESSAGES, CATEGORY_NAME_MAX };

// spec public-area §3 "Course"; prices in naira
export const CourseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  img: z.string(),
  instructor: z.string(),
  duration: z.string(),
  price: z.number(),
  discountPrice: z.number().nullable(),
  showDiscount: z.boolean(),
  rating: z.number(),
  category: z.string(),
  features: z.array(z.string()),
});
export type Course = z.infer<typeof CourseSchema>;

export const CategorySchema = z.object({ _id: z.string(), name: z.string() });
export type Category = z.infer<typeof CategorySchema>;

// ---------------------------------------------------------------------------------------------------
// The categories admin (spec admin-back-office §2 "Categories admin", §5, §8; decision 020)

// Any C0/C1 control character (tab, line break, NUL...): a name is one line of plain text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A category name as typed: trimmed, not blank (the spec's message), one line, at most 50 characters. */
export const CategoryNameSchema = z
  .string({ error: CATEGORY_MESSAGES.empty })
  .trim()
  .min(1, CATEGORY_MESSAGES.empty)
  .max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.tooLong)
  .refine((name) => !CONTROL.test(name), CATEGORY_MESSAGES.controls);

/** POST /posts/category: `{ name }`. */
export const NewCategorySchema = z.object({ name: CategoryNameSchema });
export type NewCategory = z.infer<typeof NewCategorySchema>;

/** A category as the admin screen lists it: how many courses and posts use it. */
export const AdminCategorySchema = CategorySchema.extend({
  courses: z.number().int(),
  posts: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;
