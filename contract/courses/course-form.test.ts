// The course forms' schemas (contract/courses/course-form.ts): text as the forms send it, read into the API's
// input with the API's messages; a blank required number says it is required (spec admin §5).
import { describe, expect, it } from "vitest";
import { CourseCategoryFormSchema, CourseManagerFormSchema, SimpleCourseFormSchema } from "./course-form.ts";
import { COURSE_CATEGORY_MESSAGES, COURSE_MESSAGES } from "./course-texts.ts";

const problems = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

const simple = {
  title: "Web Basics",
  category: "coding",
  instructor: "Ada",
  price: "₦150,000.50",
  img: "/media/a.png",
  rating: "4.5",
};

describe("the simple course form", () => {
  it("needs all six fields (spec admin §5), each with its own message", () => {
    expect(problems(SimpleCourseFormSchema.safeParse({ title: " ", price: "", rating: "  " }))).toEqual({
      title: COURSE_MESSAGES.required("Title"),
      category: COURSE_MESSAGES.required("Category"),
      instructor: COURSE_MESSAGES.required("Instructor"),
      price: COURSE_MESSAGES.required("Price"),
      img: COURSE_MESSAGES.required("Image"),
      rating: COURSE_MESSAGES.required("Rating"),
    });
  });

  it("reads numbers as people type them, and only the four categories", () => {
    const parsed = SimpleCourseFormSchema.safeParse(simple);
    expect(parsed.success && parsed.data).toEqual({ ...simple, price: 150000.5, rating: 4.5 });
    expect(
      problems(
        SimpleCourseFormSchema.safeParse({
          ...simple,
          category: "Data Science",
          price: "abc",
          rating: "7",
          img: "javascript:x",
        }),
      ),
    ).toMatchObject({
      category: COURSE_MESSAGES.category,
      price: COURSE_MESSAGES.price,
      rating: COURSE_MESSAGES.rating,
    });
  });
});

describe("the course manager's form", () => {
  const base = { ...simple, category: "Coding", duration: "12 weeks" };

  it("reads the checkbox, the features one a line and a blank discount as none", () => {
    const parsed = CourseManagerFormSchema.safeParse({
      ...base,
      discountPrice: "",
      features: "Projects\r\n\n  Mentor \n",
    });
    expect(parsed.success && parsed.data).toMatchObject({
      discountPrice: null,
      showDiscount: false,
      features: ["Projects", "Mentor"],
    });
    const shown = CourseManagerFormSchema.safeParse({ ...base, discountPrice: "100000", showDiscount: "on" });
    expect(shown.success && shown.data).toMatchObject({ discountPrice: 100000, showDiscount: true, features: [] });
  });

  it("keeps the API's price rules, once both prices are numbers", () => {
    expect(problems(CourseManagerFormSchema.safeParse({ ...base, discountPrice: "200000" }))).toEqual({
      discountPrice: COURSE_MESSAGES.discountBelowPrice,
    });
    expect(problems(CourseManagerFormSchema.safeParse({ ...base, showDiscount: "on" }))).toEqual({
      showDiscount: COURSE_MESSAGES.showDiscountWithoutPrice,
    });
    expect(problems(CourseManagerFormSchema.safeParse({ ...base, price: "", discountPrice: "5" }))).toEqual({
      price: COURSE_MESSAGES.required("Price"),
    });
  });
});

it("a category name must not be blank (the course manager's own message)", () => {
  expect(problems(CourseCategoryFormSchema.safeParse({ name: "   " }))).toEqual({
    name: COURSE_CATEGORY_MESSAGES.empty,
  });
  expect(CourseCategoryFormSchema.parse({ name: " UX " })).toEqual({ name: "UX" });
});
