import { z } from "zod";

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
