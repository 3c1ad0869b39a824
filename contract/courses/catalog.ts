import { z } from "zod";
import { resourceInputSchema } from "../admin/admin-resource-schema.ts";
import { CATEGORIES } from "./category-texts.ts";

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

/**
 * POST /posts/category and the admin form: `{ name }`, trimmed, not blank (the spec's message), one
 * line, at most 50 characters; made from the declaration (./category-texts.ts).
 */
export const NewCategorySchema = resourceInputSchema(CATEGORIES);
export type NewCategory = z.infer<typeof NewCategorySchema>;

/** A category as the admin screen lists it: how many courses and posts use it. */
export const AdminCategorySchema = CategorySchema.extend({
  courses: z.number().int(),
  posts: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;
