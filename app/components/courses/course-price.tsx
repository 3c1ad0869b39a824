import type { Course } from "../../../contract/catalog.ts";
import { coursePrice, formatNaira } from "../../../contract/money.ts";

/** The price to pay and, for a shown discount, the original price struck through (spec §2 "Courses"). */
export function CoursePrice({
  course,
  size = "md",
}: {
  course: Pick<Course, "price" | "discountPrice" | "showDiscount">;
  size?: "md" | "lg";
}) {
  const { price, original } = coursePrice(course);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1" data-testid="course-price">
      <span className="sr-only">Price: </span>
      <span className={`font-extrabold text-brand-800 ${size === "lg" ? "text-2xl" : "text-xl"}`}>
        {formatNaira(price)}
      </span>
      {original !== null && (
        <del className="text-sm text-slate-500">
          <span className="sr-only">Original price </span>
          {formatNaira(original)}
        </del>
      )}
    </p>
  );
}
