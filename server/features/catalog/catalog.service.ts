// Courses and course categories (public-area §2 "Courses", §3 "Course").
import { asc, eq } from "drizzle-orm";
import type { Course, Category } from "../../../contract/catalog.ts";
import type { Db } from "../../db/client.ts";
import { categories, courses } from "../../db/schema.ts";
import { NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import { koboToNaira } from "../../../contract/money.ts";

const messages = {
  courseNotFound: "Course not found",
};

type CourseRow = typeof courses.$inferSelect;

export function toCourse(row: CourseRow): Course {
  return {
    _id: row.id,
    title: row.title,
    img: row.img,
    instructor: row.instructor,
    duration: row.duration,
    price: koboToNaira(row.price),
    discountPrice: row.discountPrice === null ? null : koboToNaira(row.discountPrice),
    showDiscount: row.showDiscount,
    rating: row.rating,
    category: row.category,
    features: row.features,
  };
}

export function createCatalogService(db: Db) {
  return {
    /** Oldest first, so the seeded order (and the "first 3") is stable. */
    async listCourses(): Promise<Course[]> {
      const rows = await db.select().from(courses).orderBy(asc(courses.createdAt), asc(courses.id));
      return rows.map(toCourse);
    },

    async getCourse(id: string): Promise<Course> {
      if (!isId(id)) throw NotFound(messages.courseNotFound);
      const [row] = await db.select().from(courses).where(eq(courses.id, id));
      if (!row) throw NotFound(messages.courseNotFound);
      return toCourse(row);
    },

    async listCategories(): Promise<Category[]> {
      const rows = await db.select().from(categories).orderBy(asc(categories.createdAt), asc(categories.id));
      return rows.map((r) => ({ _id: r.id, name: r.name }));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
