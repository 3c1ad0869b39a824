// A course's completions and certificates screen (issue 32; app/routes/admin/certificates.tsx, linked from the
// course detail) on the real services: the loader's figures and rows, a certificate revoked and issued again
// with a reason (plain forms, audited), a reason left out refused beside the form, a learner refused, a form
// the page does not have refused.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/admin/certificates.tsx";
import { CERTIFICATE_MESSAGES as M } from "../../contract/certificates/certificate-texts.ts";
import { adminAudit, certificates, courses } from "../../server/db/schema.ts";
import { createAccount, type TestAccount } from "../support/accounts.ts";
import { apiCaller, buyCourse, ok } from "../support/api-calls.ts";
import { makeCourse } from "../support/factories.ts";
import { actorOf, flashOf, pageContext, postToAction } from "../support/page-action.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let learner: TestAccount;
let courseId: string;
const path = () => `/admin/course/${courseId}/certificates`;
const call = apiCaller(
  () => t,
  () => admin,
);

beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000", PAYMENT_RATE_LIMIT: "1000" });
  [admin, learner] = await Promise.all([createAccount(t, { admin: true }), createAccount(t)]);
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ title: "Graphic Design" }))
    .returning();
  courseId = course!.id;
  const chapter = (
    await ok<{ _id: string }>(
      await call("POST", `/api/admin/courses/${courseId}/chapters`, { title: "All", published: true }),
      201,
    )
  )._id;
  const lesson = (
    await ok<{ _id: string }>(
      await call("POST", `/api/admin/chapters/${chapter}/lessons`, { title: "Only", kind: "text", published: true }),
      201,
    )
  )._id;
  await buyCourse(t, learner, courseId);
  await ok(await call("POST", `/api/lessons/${lesson}/progress`, { completed: true }, learner));
}, 60_000);
afterAll(() => t?.close());

type Answer = { ok: boolean; intent?: string; formError?: string };

const post = (fields: Record<string, string>, who: TestAccount = admin) =>
  postToAction<Answer>(t, action, {
    path: path(),
    params: { id: courseId },
    who: actorOf(who, { admin: who === admin }),
    fields,
  });

async function load() {
  return loader({
    request: new Request(`http://localhost${path()}`),
    params: { id: courseId },
    context: pageContext(t, actorOf(admin, { admin: true })),
  } as never);
}

describe("the course detail's certificates", () => {
  it("lists the completion and its certificate, revokes and issues again with a reason, audited", async () => {
    const before = await load();
    expect(before.certificates).toMatchObject({ completions: 1, issued: 1, valid: 1, revoked: 0 });
    const id = before.certificates.certificates[0]!._id;

    const missing = await post({ intent: "certificate.revoke", id, reason: " " });
    expect(missing.status).toBe(200);
    expect(missing.data).toMatchObject({ ok: false, intent: "certificate.revoke", formError: M.reasonRequired });

    const revoked = await post({ intent: "certificate.revoke", id, reason: "Copied the final project" });
    expect(revoked.status).toBe(302);
    expect(revoked.response!.headers.get("Location")).toBe(`${path()}#course-certificates`);
    expect((await flashOf(revoked.response!))?.message).toBe(M.revokedDone);

    const again = await post({ intent: "certificate.reissue", id, reason: "Appeal upheld" });
    expect((await flashOf(again.response!))?.message).toBe(M.reissuedDone);
    const after = await load();
    expect(after.certificates).toMatchObject({ issued: 2, valid: 1, revoked: 1 });
    const rows = await t.db.select().from(certificates).where(eq(certificates.courseId, courseId));
    expect(rows.find((r) => r.id === id)).toMatchObject({ revokedReason: "Copied the final project" });
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "certificates"), eq(adminAudit.itemId, id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["reissue", "revoke"]);
  });

  it("refuses a learner, and a form the page does not have", async () => {
    const [row] = await t.db.select().from(certificates).where(eq(certificates.courseId, courseId)).limit(1);
    await expect(post({ intent: "certificate.revoke", id: row!.id, reason: "x" }, learner)).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect((await t.db.select().from(certificates).where(eq(certificates.id, row!.id)))[0]!.revokedReason).toBe(
      row!.revokedReason,
    );
    const unknown = await post({ intent: "refund", reference: "nope" });
    expect(unknown.status).toBe(400);
  });
});
