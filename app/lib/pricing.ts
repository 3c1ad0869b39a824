import type { Course } from "../../contract/catalog.ts";

/**
 * The price a learner pays and, when a discount is shown, the original price to strike through.
 * spec public-area §2 "Courses": discountPrice is shown only when showDiscount is true and it is set.
 */
export function coursePrice(course: Pick<Course, "price" | "discountPrice" | "showDiscount">): {
  price: number;
  original: number | null;
} {
  if (course.showDiscount && course.discountPrice !== null) {
    return { price: course.discountPrice, original: course.price };
  }
  return { price: course.price, original: null };
}
