// Who the learning pages let in (issue 31), their loaders run on a test app's real services (both engines):
// the lesson page for the buyer, an admin and (a preview) anyone; anyone else sent to the course's outline;
// a refunded buyer too, at once; a draft, an unknown lesson or one of another course a 404; /learn sends
// the enrolled on to their next lesson and shows the rest the outline; Mark complete only for those allowed.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { LEARNING_MESSAGES } from "../../contract/learning/learning-texts.ts";
import { courses, lessonProgress } from "../../server/db/schema.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import { bearer, createAccount, type TestAccount } from "../support/accounts.ts";
import { ok } from "../support/api-calls.ts";
import { makeCourse } from "../support/factories.ts";
import { actorOf, pageContext, postToAction } from "../support/page-action.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { loader as learnLoader } from "../../app/routes/learn.tsx";
import { action as lessonAction, loader as lessonLoader } from "../../app/routes/lesson.tsx";

let t: TestApp;
let admin: TestAccount;
let buyer: TestAccount;
let other: TestAccount;
let courseId: string;
let otherCourseLesson: string;
const ids = {} as Record<"preview" | "locked" | "draft", string>;

async function api<T>(who: TestAccount, method: string, path: string, json?: unknown, status = 200): Promise<T> {
  return ok<T>(await t.request(`/backend${path}`, { method, headers: bearer(who), json }), status);
}

async function buy(who: TestAccount): Promise<string> {
  const { reference, checkoutUrl } = await api<{ reference: string; checkoutUrl: string }>(
    who,
    "POST",
    "/api/payments/course",
    { courseId, fullName: "Ada Obi", email: who.email, phone: "08030000000" },
    201,
  );
  expect((await t.request(`${checkoutUrl}/success`, { method: "POST" })).status).toBe(200);
  return reference;
}

beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000", PAYMENT_RATE_LIMIT: "1000" });
  [admin, buyer, other] = await Promise.all([createAccount(t, { admin: true }), createAccount(t), createAccount(t)]);
  const [course, second] = await t.db
    .insert(courses)
    .values([makeCourse(), makeCourse({ title: "Other" })])
    .returning();
  courseId = course!.id;
  const chapter = await api<{ _id: string }>(
    admin,
    "POST",
    `/api/admin/courses/${courseId}/chapters`,
    { title: "One", published: true },
    201,
  );
  const lesson = async (chapterId: string, body: Record<string, unknown>) =>
    (await api<{ _id: string }>(admin, "POST", `/api/admin/chapters/${chapterId}/lessons`, body, 201))._id;
  ids.preview = await lesson(chapter._id, {
    title: "Welcome",
    kind: "text",
    published: true,
    preview: true,
    body: "<p>Hi</p>",
  });
  ids.locked = await lesson(chapter._id, { title: "Locked", kind: "text", published: true, body: "<p>Paid</p>" });
  ids.draft = await lesson(chapter._id, { title: "Draft", kind: "text" });
  const otherChapter = await api<{ _id: string }>(
    admin,
    "POST",
    `/api/admin/courses/${second!.id}/chapters`,
    { title: "X", published: true },
    201,
  );
  otherCourseLesson = await lesson(otherChapter._id, { title: "Elsewhere", kind: "text", published: true });
  await buy(buyer);
});
afterAll(() => t?.close());

const actor = (who: TestAccount | null, admin = false): Actor | null => (who ? actorOf(who, { admin }) : null);

/** The lesson page's loader as `who`: "open", a redirect's address, or the error status it throws. */
async function openAs(who: Actor | null, lessonId: string, course = courseId): Promise<string | number> {
  const context: RouterContextProvider = pageContext(t, who);
  const path = `/learn/${course}/${lessonId}`;
  try {
    await lessonLoader({
      params: { courseId: course, lessonId },
      request: new Request(`http://localhost${path}`),
      context,
    } as never);
    return "open";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location") ?? thrown.status;
    if (thrown && typeof thrown === "object" && "init" in thrown)
      return (thrown as { init: { status: number } }).init.status;
    if (thrown && typeof thrown === "object" && "code" in thrown) return String((thrown as { code: string }).code);
    throw thrown;
  }
}

describe("the lesson page", () => {
  const gate = (lesson: string) => `/learn/${courseId}?lesson=${lesson}`;

  it("opens for the buyer and an admin; sends anyone else to the outline", async () => {
    expect(await openAs(actor(buyer), ids.locked)).toBe("open");
    expect(await openAs(actor(admin, true), ids.locked)).toBe("open");
    expect(await openAs(actor(other), ids.locked)).toBe(gate(ids.locked));
    expect(await openAs(null, ids.locked)).toBe(gate(ids.locked));
  });

  it("opens a preview for anyone", async () => {
    for (const who of [null, actor(other), actor(buyer)]) expect(await openAs(who, ids.preview)).toBe("open");
  });

  it("is a 404 for a draft (but for admins), an unknown lesson and a lesson of another course", async () => {
    expect(await openAs(actor(buyer), ids.draft)).not.toBe("open");
    expect(await openAs(actor(admin, true), ids.draft)).toBe("open");
    for (const lesson of ["ffffffffffffffffffffffff", "x", otherCourseLesson]) {
      const answer = await openAs(actor(buyer), lesson);
      expect(answer === 404 || answer === "not_found", `${lesson}: ${answer}`).toBe(true);
    }
  });

  it("closes at once for a refunded buyer", async () => {
    const learner = await createAccount(t);
    const reference = await buy(learner);
    expect(await openAs(actor(learner), ids.locked)).toBe("open");
    await api(admin, "POST", `/api/admin/payments/${reference}/refund`, { reason: "Asked" });
    expect(await openAs(actor(learner), ids.locked)).toBe(gate(ids.locked));
  });

  it("takes Mark complete only from those who may open the lesson", async () => {
    const post = (who: Actor | null) =>
      postToAction(t, lessonAction, {
        path: `/learn/${courseId}/${ids.locked}`,
        params: { courseId, lessonId: ids.locked },
        who,
        fields: { intent: "lesson.complete" },
      });
    const mine = await post(actor(buyer));
    expect(mine.response?.status ?? mine.status).toBe(302);
    // (a refusal comes back to the page as its failure, with the service's message)
    const theirs = await post(actor(other));
    expect(theirs.response).toBeUndefined();
    expect(JSON.stringify(theirs.data)).toContain(LEARNING_MESSAGES.notEnrolled);
    const rows = await t.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, other.id), eq(lessonProgress.lessonId, ids.locked)));
    expect(rows).toEqual([]);
  });
});

describe("/learn/{courseId}", () => {
  async function learnAs(who: Actor | null): Promise<string> {
    try {
      await learnLoader({
        params: { courseId },
        request: new Request(`http://localhost/learn/${courseId}`),
        context: pageContext(t, who),
      } as never);
      return "outline";
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.headers.get("location") ?? String(thrown.status);
      throw thrown;
    }
  }

  it("sends the enrolled and admins on to a lesson, shows the rest the outline", async () => {
    expect(await learnAs(actor(buyer))).toMatch(new RegExp(`^/learn/${courseId}/[0-9a-f]{24}$`));
    expect(await learnAs(actor(admin, true))).toMatch(new RegExp(`^/learn/${courseId}/`));
    expect(await learnAs(actor(other))).toBe("outline");
    expect(await learnAs(null)).toBe("outline");
  });
});
