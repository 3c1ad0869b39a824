import type { Course } from "../../../contract/courses/catalog.ts";
import { coursePrice, formatNaira } from "../../../contract/lib/money.ts";
import { AMOUNT_NAMES } from "../../../contract/payments/payment-texts.ts";

/**
 * The price to pay and, for a shown discount, the full price struck through (spec §2 "Courses"); named
 * as decision 059 names them: "Price", or "Price after discount" and "Full price".
 */
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
      <span className="sr-only">{original !== null ? AMOUNT_NAMES.priceAfterDiscount : AMOUNT_NAMES.price}: </span>
      <span className={`font-extrabold text-brand-800 ${size === "lg" ? "text-2xl" : "text-xl"}`}>
        {formatNaira(price)}
      </span>
      {original !== null && (
        <del className="text-sm text-slate-500">
          <span className="sr-only">{AMOUNT_NAMES.fullPrice} </span>
          {formatNaira(original)}
        </del>
      )}
    </p>
  );
}
