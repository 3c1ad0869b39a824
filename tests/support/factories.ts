// Factories with overrides (conventions §13), shared by tests and the seed script.
import type { courses } from "../../server/db/schema.ts";

type NewCourse = typeof courses.$inferInsert;

/** Prices in kobo, as stored. */
export function makeCourse(overrides: Partial<NewCourse> = {}): NewCourse {
  return {
    title: "Frontend Development with React",
    img: "/media/seed/course-1.svg",
    instructor: "Amaka Obi",
    duration: "8 weeks",
    price: 4_500_000,
    discountPrice: 3_500_000,
    showDiscount: true,
    rating: 4.7,
    category: "Coding",
    features: ["Live tutoring", "Quizzes", "Certificate"],
    ...overrides,
  };
}
