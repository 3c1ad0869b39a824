// /admin/users's action (app/routes/admin/users.tsx) on the real services: one form → result → message
// path (decision 029). A role change that goes through redirects to the same list (search and page kept)
// with its message as a flash; a refusal is an ActionFailure tagged "users.role"; an old password proof
// is a failure with the one step-up code (step_up_required) carrying the change, and the confirmation
// ("users.confirm") applies it once the password is right. (tests/e2e/admin-users.spec.ts drives the
// page, with and without JavaScript.)
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../server/db/schema.ts";
import type { ActionFailure } from "../../app/lib/action-result.ts";
import { action } from "../../app/routes/admin/users.tsx";
import { createAccount, type TestAccount } from "../support/accounts.ts";
import { actorOf, flashOf, postToAction } from "../support/page-action.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const PROMPT = "Please confirm your password to continue.";
/** longer ago than the step-up window (STEP_UP_MAX_AGE_SECONDS, an hour by default) */
const LONG_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);

let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
}, 60_000);
afterAll(() => t.close());

type Failure = ActionFailure<"password", Record<string, string>>;

function post(fields: Record<string, string>, options: { verifiedAt?: Date; path?: string; who?: TestAccount } = {}) {
  return postToAction<Failure>(t, action, {
    path: options.path ?? "/admin/users",
    who: actorOf(options.who ?? admin, { admin: true, verifiedAt: options.verifiedAt ?? new Date() }),
    fields,
  });
}

async function roleOf(account: TestAccount) {
  const [row] = await t.db.select({ role: user.role }).from(user).where(eq(user.id, account.id));
  return row!.role;
}

const grant = (learner: TestAccount) => ({
  intent: "users.role",
  userId: learner.id,
  role: "admin",
  name: learner.username,
});

describe("the role change", () => {
  it("goes through at once within the step-up window: back to the same list with the message", async () => {
    const learner = await createAccount(t);
    const answer = await post(grant(learner), { path: "/admin/users?search=ada&page=2" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/users?search=ada&page=2");
    expect(await flashOf(answer.response!)).toEqual({
      message: `${learner.username} is now an admin.`,
      kind: "success",
    });
    expect(await roleOf(learner)).toBe("admin");
  });

  it("a client-side post (/admin/users.data) comes back to the page's own address", async () => {
    const learner = await createAccount(t, { admin: true });
    const answer = await post(
      { ...grant(learner), role: "user" },
      { path: "/admin/users.data?search=x&_routes=routes%2Fadmin%2Fusers" },
    );
    expect(answer.headers.get("Location")).toBe("/admin/users?search=x");
    expect((await flashOf(answer.response!))?.message).toBe(`${learner.username} is no longer an admin.`);
  });

  it("after the window: a step_up_required failure carrying the change, and nothing changes", async () => {
    const learner = await createAccount(t);
    const answer = await post(grant(learner), { verifiedAt: LONG_AGO });
    expect(answer.data).toEqual({
      ok: false,
      intent: "users.confirm",
      code: "step_up_required",
      formError: PROMPT,
      fieldErrors: {},
      values: { userId: learner.id, role: "admin", name: learner.username },
    });
    expect(await roleOf(learner)).toBe("user");
  });

  it("the confirmation: a wrong password asks again and says why; the right one applies the change", async () => {
    const learner = await createAccount(t);
    const confirm = { ...grant(learner), intent: "users.confirm" };
    const wrong = await post({ ...confirm, password: "not-my-password-1" }, { verifiedAt: LONG_AGO });
    expect(wrong.data).toMatchObject({
      ok: false,
      intent: "users.confirm",
      code: "step_up_required",
      formError: PROMPT,
      fieldErrors: { password: "That password is not right. Please try again." },
      values: { userId: learner.id, role: "admin" },
    });
    // the password never comes back
    expect(JSON.stringify(wrong.data)).not.toContain("not-my-password-1");
    expect(await roleOf(learner)).toBe("user");

    const right = await post({ ...confirm, password: admin.password }, { verifiedAt: LONG_AGO });
    expect(right.status).toBe(302);
    expect((await flashOf(right.response!))?.message).toBe(`${learner.username} is now an admin.`);
    expect(await roleOf(learner)).toBe("admin");
  });

  it("refusals are 'users.role' failures: the last admin, an account that is gone, a change that cannot be read", async () => {
    const alone = await createTestApp();
    try {
      const only = await createAccount(alone, { admin: true });
      const refused = await postToAction<Failure>(alone, action, {
        path: "/admin/users",
        who: actorOf(only, { admin: true, verifiedAt: new Date() }),
        fields: { intent: "users.role", userId: only.id, role: "user", name: only.username },
      });
      expect(refused.data).toMatchObject({
        ok: false,
        intent: "users.role",
        code: "conflict",
        formError: "There must be at least one admin: grant the role to someone else first.",
      });
    } finally {
      await alone.close();
    }
    expect((await post({ intent: "users.role", userId: "x".repeat(24), role: "admin" })).data).toMatchObject({
      ok: false,
      intent: "users.role",
      formError: "No such user.",
    });
    expect((await post({ intent: "users.role", userId: admin.id, role: "owner" })).data).toEqual({
      ok: false,
      intent: "users.role",
      formError: "That change could not be read. Please use the buttons of the list.",
      fieldErrors: {},
      values: {},
    });
  });

  it("an admin who gives up the role goes home, with the message", async () => {
    const other = await createAccount(t, { admin: true });
    const answer = await post(
      { intent: "users.role", userId: other.id, role: "user", name: other.username },
      { who: other },
    );
    expect(answer.headers.get("Location")).toBe("/");
    expect((await flashOf(answer.response!))?.message).toBe(`${other.username} is no longer an admin.`);
  });

  it("a body that is no form is a 400", async () => {
    await expect(
      postToAction(t, action, {
        path: "/admin/users",
        who: actorOf(admin, { admin: true }),
        body: new Blob(["intent=users.role"], { type: "text/plain" }),
      }),
    ).rejects.toMatchObject({ init: { status: 400 } });
  });
});
