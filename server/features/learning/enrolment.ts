// Who is enrolled in a course (issue 31): a learner whose paid payment for it is held (paid, or with a
// refund pending or failed: the buyer keeps what they paid for), joined to their account as /account joins
// purchases (decision 018): started while signed in, or made with their address once it is verified. A
// refund ends the enrolment at once: every page, API call and file asks here, nothing is cached.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { payments, user } from "../../db/schema.ts";
import { HELD_STATUSES } from "../payments/purchases.service.ts";

export interface Learner {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** The account's id, address and whether the address is proved (null: no such account). */
export async function learnerOf(db: Db, userId: string): Promise<Learner | null> {
  const [me] = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return me ?? null;
}

const mine = (learner: Learner) =>
  learner.emailVerified
    ? or(eq(payments.userId, learner.id), sql`lower(${payments.email}) = lower(${learner.email})`)
    : eq(payments.userId, learner.id);

/** The ids, among `courseIds` (all when absent), of the courses this learner is enrolled in. */
export async function enrolledCourses(db: Db, learner: Learner, courseIds?: string[]): Promise<Set<string>> {
  if (courseIds && courseIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ courseId: payments.itemId })
    .from(payments)
    .where(
      and(
        eq(payments.kind, "course"),
        inArray(payments.status, [...HELD_STATUSES]),
        courseIds ? inArray(payments.itemId, courseIds) : undefined,
        mine(learner),
      ),
    );
  return new Set(rows.map((r) => r.courseId));
}

export async function isEnrolled(db: Db, learner: Learner, courseId: string): Promise<boolean> {
  return (await enrolledCourses(db, learner, [courseId])).has(courseId);
}
