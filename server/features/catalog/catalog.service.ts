// Courses and course categories (public-area §2 "Courses", §3 "Course"), and the courses admin
// (admin-back-office §2 "Course admin manager", "Course admin detail", §5, §7, §8; issue 17): adding,
// changing and deleting courses (admins; a delete asks for the password again, step-up), each write
// through writeContent and recorded in the audit log in its own transaction, and a course's purchase
// records. A deleted course's purchases stay (they do not reference the course row): the pages show
// 'Deleted Course' where its title was.
import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { offsetOf, type Page, type PageQuery } from "../../../contract/lib/paging.ts";
import type { z } from "zod";
import type { Course, Category } from "../../../contract/courses/catalog.ts";
import { describeIssues } from "../../../contract/lib/common.ts";
import {
  COURSE_MESSAGES,
  CourseInputSchema,
  CourseUpdateSchema,
  coursePriceProblem,
  type CoursePurchase,
} from "../../../contract/courses/courses.ts";
import type { Db } from "../../db/client.ts";
import { writeContent, type ContentTx } from "../../db/content-version.ts";
import { categories, coursePurchases, courses, payments } from "../../db/schema.ts";
import { Invalid, NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import { koboToNaira, nairaToKobo } from "../../../contract/lib/money.ts";
import { requireAdmin, requireRecentVerification, type Actor } from "../auth/actor.ts";
import { recordAudit } from "../admin/audit.ts";

const messages = {
  courseNotFound: COURSE_MESSAGES.notFound,
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

/** The course as the audit log records it (naira, as the admin typed it). */
function auditValues(course: Course): Record<string, unknown> {
  const { _id: _ignored, ...values } = course;
  return values;
}

/** The category as the list spells it (`coding` → `Coding`), locked against its removal until commit. */
async function knownCategory(tx: ContentTx, name: string): Promise<string> {
  const [row] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`)
    .for("share");
  if (!row) throw Invalid(COURSE_MESSAGES.category, { field: "category" });
  return row.name;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
  return parsed.data;
}

export function createCatalogService(db: Db, options: { stepUpMaxAgeMs?: number } = {}) {
  const getRow = async (tx: ContentTx | Db, id: string, lock = false) => {
    if (!isId(id)) throw NotFound(messages.courseNotFound);
    const query = tx.select().from(courses).where(eq(courses.id, id));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw NotFound(messages.courseNotFound);
    return row;
  };

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

    /** The courses admin's list: newest first (a course just added is at the top), a page at a time. */
    async coursesPage(actor: Actor | null, query: PageQuery): Promise<Page<Course>> {
      requireAdmin(actor);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(courses)
          .orderBy(desc(courses.createdAt), desc(courses.id))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(courses),
      ]);
      return { items: rows.map(toCourse), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
    },

    /** GET /api/courses?ids=a,b: the courses among `ids` that exist (the coupon detail's course names). */
    async coursesByIds(ids: string[]): Promise<Course[]> {
      const valid = ids.filter(isId);
      if (valid.length === 0) return [];
      const rows = await db
        .select()
        .from(courses)
        .where(inArray(courses.id, valid))
        .orderBy(asc(courses.createdAt), asc(courses.id));
      return rows.map(toCourse);
    },

    /** POST /api/courses (admins). */
    async createCourse(actor: Actor | null, input: unknown): Promise<Course> {
      const admin = requireAdmin(actor);
      const data = parse(CourseInputSchema, input);
      return writeContent(db, ["courses"], async (tx) => {
        const category = await knownCategory(tx, data.category);
        const [row] = await tx
          .insert(courses)
          .values({
            ...data,
            category,
            price: nairaToKobo(data.price),
            discountPrice: data.discountPrice === null ? null : nairaToKobo(data.discountPrice),
          })
          .returning();
        const course = toCourse(row!);
        await recordAudit(tx, admin, {
          action: "create",
          resource: "courses",
          itemId: course._id,
          itemLabel: course.title,
          before: null,
          after: auditValues(course),
        });
        return course;
      });
    },

    /** PUT /api/courses/{id} (admins): the fields given change, the rest stays. */
    async updateCourse(actor: Actor | null, id: string, input: unknown): Promise<Course> {
      const admin = requireAdmin(actor);
      const data = parse(CourseUpdateSchema, input);
      return writeContent(db, ["courses"], async (tx) => {
        const row = await getRow(tx, id, true);
        const before = toCourse(row);
        const next = { ...before, ...Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) };
        const problem = coursePriceProblem(next);
        if (problem) throw Invalid(problem.message, { field: problem.field });
        const category = data.category === undefined ? row.category : await knownCategory(tx, data.category);
        const [updated] = await tx
          .update(courses)
          .set({
            title: next.title,
            instructor: next.instructor,
            category,
            img: next.img,
            duration: next.duration,
            rating: next.rating,
            features: next.features,
            showDiscount: next.showDiscount,
            price: nairaToKobo(next.price),
            discountPrice: next.discountPrice === null ? null : nairaToKobo(next.discountPrice),
            updatedAt: new Date(),
          })
          .where(eq(courses.id, row.id))
          .returning();
        const course = toCourse(updated!);
        await recordAudit(tx, admin, {
          action: "update",
          resource: "courses",
          itemId: course._id,
          itemLabel: course.title,
          before: auditValues(before),
          after: auditValues(course),
        });
        return course;
      });
    },

    /**
     * DELETE /api/courses/{id} (admins, with a password proved within the step-up window). Its
     * purchase records and payments stay; coupons made for it no longer apply to any course.
     */
    async deleteCourse(actor: Actor | null, id: string): Promise<{ message: string; _id: string }> {
      const admin = requireAdmin(actor);
      requireRecentVerification(admin, options.stepUpMaxAgeMs);
      return writeContent(db, ["courses"], async (tx) => {
        const row = await getRow(tx, id, true);
        await tx.delete(courses).where(eq(courses.id, row.id));
        await recordAudit(tx, admin, {
          action: "delete",
          resource: "courses",
          itemId: row.id,
          itemLabel: row.title,
          before: auditValues(toCourse(row)),
          after: null,
        });
        return { message: COURSE_MESSAGES.deleted, _id: row.id };
      });
    },

    /** GET /api/courses/{id}/purchases (admins): newest first; the course may have been deleted. */
    async coursePurchases(actor: Actor | null, id: string): Promise<CoursePurchase[]> {
      requireAdmin(actor);
      if (!isId(id)) throw NotFound(messages.courseNotFound);
      const found = await db
        .select({ purchase: coursePurchases, paymentState: payments.status })
        .from(coursePurchases)
        .leftJoin(payments, eq(payments.reference, coursePurchases.paymentReference))
        .where(eq(coursePurchases.courseId, id))
        .orderBy(desc(coursePurchases.purchasedAt), desc(coursePurchases.id));
      if (found.length === 0) await getRow(db, id);
      return found.map(({ purchase: r, paymentState }) => ({
        _id: r.id,
        userName: r.userName,
        email: r.email,
        phone: r.phone,
        paymentStatus: r.paymentStatus,
        amount: r.amount === null ? null : koboToNaira(r.amount),
        couponId: r.couponId,
        purchasedAt: r.purchasedAt.toISOString(),
        reference: r.paymentReference,
        paymentState: paymentState ?? null,
      }));
    },

    async listCategories(): Promise<Category[]> {
      const rows = await db.select().from(categories).orderBy(asc(categories.createdAt), asc(categories.id));
      return rows.map((r) => ({ _id: r.id, name: r.name }));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
