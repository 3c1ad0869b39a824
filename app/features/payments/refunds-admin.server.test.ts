// /admin/refunds' loader and action (app/features/payments/refunds-admin.server.ts; decision 051) on a test app's real
// services (the sandbox): a refund a crash left pending is listed with its age for admins only, and Retry
// (admins only) finishes it once; a signed-out visitor is sent to sign in, a user is refused.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUND_MESSAGES } from "../../../contract/payments/refunds.ts";
import { courses, paymentEvents, payments, sandboxTransactions } from "../../../server/db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok } from "../../../tests/support/api-calls.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { actorOf, flashOf, pageContext, postToAction } from "../../../tests/support/page-action.ts";
import { paymentOf } from "../../../tests/support/payments.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { loadRefunds, refundsAction } from "./refunds-admin.server.ts";

let t: TestApp;
let admin: TestAccount;
let user: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  user = await createAccount(t);
}, 60_000);
afterAll(() => t?.close());

const call = apiCaller(
  () => t,
  () => admin,
);

/** A sandbox course paid, then left refund_pending as a killed refund request leaves it (90 minutes ago). */
async function stuck() {
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ price: 500_000, showDiscount: false }))
    .returning();
  const started = await ok<{ reference: string; checkoutUrl: string }>(
    await call("POST", "/api/payments/course", {
      courseId: course!.id,
      fullName: "Tunde",
      email: "tunde@example.test",
      phone: "1",
    }),
    201,
  );
  await ok(await t.request(`${started.checkoutUrl}/success`, { method: "POST" }));
  const [row] = await t.db
    .update(payments)
    .set({
      status: "refund_pending",
      details: sql`${payments.details} || ${JSON.stringify({ refundRequestedBy: admin.email, refundLeaseUntil: null })}::jsonb`,
    })
    .where(eq(payments.reference, started.reference))
    .returning();
  await t.db.insert(paymentEvents).values({
    paymentId: row!.id,
    fromStatus: "paid",
    toStatus: "refund_pending",
    source: "refund",
    at: new Date(Date.now() - 90 * 60_000),
  });
  return started.reference;
}

const load = (who: ReturnType<typeof actorOf> | null) =>
  loadRefunds({ request: new Request("http://localhost/admin/refunds"), context: pageContext(t, who) });

describe("/admin/refunds", () => {
  it("lists a stuck refund with its age and Retry finishes it once; admins only", async () => {
    const reference = await stuck();
    // signed out: to sign in; a user: 403
    await expect(load(null)).rejects.toMatchObject({ status: 302 });
    await expect(load(actorOf(user))).rejects.toMatchObject({ init: { status: 403 } });
    const { refunds } = await load(actorOf(admin, { admin: true }));
    const row = refunds.find((r) => r.reference === reference)!;
    expect(row).toMatchObject({ status: "refund_pending", inProgress: false, email: "tunde@example.test" });
    expect(row.ageSeconds).toBeGreaterThanOrEqual(90 * 60);

    const retry = (who: ReturnType<typeof actorOf> | null) =>
      postToAction(t, refundsAction, {
        path: "/admin/refunds",
        who,
        fields: { intent: "refund.retry", reference },
      });
    const signedOut = await retry(null);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
    await expect(retry(actorOf(user))).rejects.toMatchObject({ init: { status: 403 } });
    expect((await paymentOf(t.db, reference)).status).toBe("refund_pending");

    const answer = await retry(actorOf(admin, { admin: true }));
    expect(answer.status).toBe(302);
    expect((await flashOf(answer.response!))?.message).toBe(REFUND_MESSAGES.done);
    expect((await paymentOf(t.db, reference)).status).toBe("refunded");
    const [tx] = await t.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, reference));
    expect(tx!.status).toBe("reversed");
    expect((await load(actorOf(admin, { admin: true }))).refunds.map((r) => r.reference)).not.toContain(reference);

    // again: refused with what the payment is now, on the page
    const again = await retry(actorOf(admin, { admin: true }));
    expect(again.data).toMatchObject({ ok: false, formError: REFUND_MESSAGES.refunded });
  });
});
