// The back office's accounts: list, role changes behind the step-up, the step-up itself, the
// dashboard's figures, and the command line.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, newsletterSubscribers, session, user } from "../../db/schema.ts";
import { bearer, createAccount, sameOrigin, signIn, type TestAccount } from "../../../tests/support/accounts.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { runAdminCommand } from "../../../scripts/admin-command.ts";
import { startOfLagosDay } from "../../../contract/lib/dates.ts";

let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  // (many sign-ins from the one test address; the limit itself: "allows only SIGN_IN_RATE_LIMIT ...")
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000" });
  admin = await createAccount(t, { admin: true });
});
afterAll(() => t.close());

type ErrorJson = { error: { code: string; message: string } };

const setRole = (who: TestAccount, id: string, role: string) =>
  t.request(`/backend/api/admin/users/${id}/role`, {
    method: "PUT",
    headers: sameOrigin(t, bearer(who)),
    json: { role },
  });

/** Makes the admin's last password proof older than the 60-minute step-up window. */
async function ageVerification(account: TestAccount, minutes = 61) {
  await t.db
    .update(session)
    .set({ verifiedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(session.userId, account.id));
}

describe("GET /api/admin/users", () => {
  it("lists accounts newest first and finds them by e-mail or username", async () => {
    const someone = await createAccount(t);
    const res = await t.request("/backend/api/admin/users", { headers: bearer(admin) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      items: { email: string; role: string }[];
      page: number;
      pageSize: number;
      total: number;
    };
    expect(Object.keys(body).sort()).toEqual(["items", "page", "pageSize", "total"]);
    expect(body.items[0]!.email).toBe(someone.email);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(50);
    expect(body.total).toBeGreaterThanOrEqual(2);
    const found = (await (
      await t.request(`/backend/api/admin/users?search=${someone.username.slice(0, 8)}`, { headers: bearer(admin) })
    ).json()) as { items: { email: string }[] };
    expect(found.items.map((u) => u.email)).toContain(someone.email);
    const none = (await (
      await t.request("/backend/api/admin/users?search=%25%25no-match", { headers: bearer(admin) })
    ).json()) as { items: unknown[]; total: number };
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it("pages with page and pageSize, newest first, and clamps a page size above the limit", async () => {
    await createAccount(t);
    const first = (await (
      await t.request("/backend/api/admin/users?pageSize=1", { headers: bearer(admin) })
    ).json()) as { items: { id: string }[]; page: number; pageSize: number; total: number };
    expect(first).toMatchObject({ page: 1, pageSize: 1 });
    expect(first.items).toHaveLength(1);
    const second = (await (
      await t.request("/backend/api/admin/users?pageSize=1&page=2", { headers: bearer(admin) })
    ).json()) as { items: { id: string }[]; page: number };
    expect(second.page).toBe(2);
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    const big = (await (
      await t.request("/backend/api/admin/users?pageSize=100000", { headers: bearer(admin) })
    ).json()) as { pageSize: number };
    expect(big.pageSize).toBe(100);
  });

  it("rejects a page or page size that is not a whole number from 1 with 422 and says which", async () => {
    for (const [query, message] of [
      ["page=0", "page must be a whole number from 1"],
      ["page=abc", "page must be a whole number from 1"],
      ["page=1.5", "page must be a whole number from 1"],
      ["pageSize=0", "pageSize must be a whole number from 1"],
      ["pageSize=-3", "pageSize must be a whole number from 1"],
    ]) {
      const res = await t.request(`/backend/api/admin/users?${query}`, { headers: bearer(admin) });
      expect(res.status, query).toBe(422);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error, query).toEqual({ code: "invalid", message });
    }
  });
});

describe("changing a role (step-up)", () => {
  it("a fresh sign-in may grant and revoke; the user's role follows", async () => {
    const someone = await createAccount(t);
    const granted = await setRole(admin, someone.id, "admin");
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ id: someone.id, role: "admin" });
    const revoked = await setRole(admin, someone.id, "user");
    expect(await revoked.json()).toMatchObject({ role: "user" });
  });

  it("asks for the password again after 60 minutes, and accepts it", async () => {
    const boss = await createAccount(t, { admin: true });
    const someone = await createAccount(t);
    await ageVerification(boss);
    const refused = await setRole(boss, someone.id, "admin");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: "step_up_required", message: "Please confirm your password to continue." },
    });
    const [still] = await t.db.select().from(user).where(eq(user.id, someone.id));
    expect(still!.role).toBe("user");

    const wrong = await t.request("/backend/api/session/verify", {
      method: "POST",
      headers: sameOrigin(t, bearer(boss)),
      json: { password: "not my password 1" },
    });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as ErrorJson).error.message).toBe("That password is not right. Please try again.");

    const right = await t.request("/backend/api/session/verify", {
      method: "POST",
      headers: sameOrigin(t, bearer(boss)),
      json: { password: boss.password },
    });
    expect(right.status).toBe(200);
    expect((await setRole(boss, someone.id, "admin")).status).toBe(200);
  });

  it("allows only SIGN_IN_RATE_LIMIT password confirmations a minute per user", async () => {
    const limited = await createTestApp({ SIGN_IN_RATE_LIMIT: "3" });
    try {
      const boss = await createAccount(limited, { admin: true });
      const confirm = (password: string) =>
        limited.request("/backend/api/session/verify", {
          method: "POST",
          headers: sameOrigin(limited, bearer(boss)),
          json: { password },
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await confirm("guess number " + i)).status);
      expect(statuses).toEqual([422, 422, 422]);
      const blocked = await confirm(boss.password);
      expect(blocked.status).toBe(429);
      expect(((await blocked.json()) as ErrorJson).error.message).toBe(
        "Too many attempts. Please wait a minute and try again.",
      );
    } finally {
      await limited.close();
    }
  });

  it("forgetting the password proof makes the next change ask again, for this session only", async () => {
    const boss = await createAccount(t, { admin: true });
    const someone = await createAccount(t);
    const forget = (headers: Record<string, string>) =>
      t.request("/backend/api/session/verify", { method: "DELETE", headers });
    expect((await forget(sameOrigin(t))).status).toBe(401);
    const forgotten = await forget(sameOrigin(t, bearer(boss)));
    expect(forgotten.status).toBe(200);
    expect(await forgotten.json()).toEqual({ verifiedAt: null });
    const refused = await setRole(boss, someone.id, "admin");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorJson).error.code).toBe("step_up_required");
    // another session of the same admin keeps its proof
    const elsewhere = await signIn(t, boss.email, boss.password);
    const token = elsewhere.headers.get("set-auth-token")!;
    const other = await t.request(`/backend/api/admin/users/${someone.id}/role`, {
      method: "PUT",
      headers: sameOrigin(t, { Authorization: `Bearer ${token}` }),
      json: { role: "admin" },
    });
    expect(other.status).toBe(200);
    // a plain user may forget theirs too (it only ever takes a permission away)
    expect((await forget(sameOrigin(t, bearer(someone)))).status).toBe(200);
  });

  it("needs a signed-in user for the step-up and a password in the body", async () => {
    const anon = await t.request("/backend/api/session/verify", { method: "POST", headers: sameOrigin(t), json: {} });
    expect(anon.status).toBe(401);
    const empty = await t.request("/backend/api/session/verify", {
      method: "POST",
      headers: sameOrigin(t, bearer(admin)),
      json: {},
    });
    expect(empty.status).toBe(422);
  });

  it("refuses an unknown role, an unknown user, and removing the last admin", async () => {
    const solo = await createTestApp();
    try {
      const only = await createAccount(solo, { admin: true });
      const put = (id: string, role: string) =>
        solo.request(`/backend/api/admin/users/${id}/role`, {
          method: "PUT",
          headers: sameOrigin(solo, bearer(only)),
          json: { role },
        });
      expect((await put(only.id, "owner")).status).toBe(422);
      expect((await put("ffffffffffffffffffffffff", "admin")).status).toBe(404);
      const last = await put(only.id, "user");
      expect(last.status).toBe(409);
      expect(((await last.json()) as ErrorJson).error.message).toMatch(/at least one admin/);
    } finally {
      await solo.close();
    }
  });

  it("two admins removing each other at the same moment leave one admin (PostgreSQL: no lost update)", async () => {
    const duo = await createTestApp();
    try {
      const asActor = (x: TestAccount) => ({
        id: x.id,
        username: x.username,
        email: x.email,
        image: null,
        role: "admin" as const,
        sessionId: "s",
        verifiedAt: new Date(),
      });
      // A race: a few rounds, so that the two transactions overlap at least once on PostgreSQL.
      for (let round = 0; round < 3; round++) {
        await duo.db.update(user).set({ role: "user" }).where(eq(user.role, "admin"));
        const a = await createAccount(duo, { admin: true });
        const b = await createAccount(duo, { admin: true });
        const results = await Promise.allSettled([
          duo.services.users.setRole(asActor(a), b.id, "user"),
          duo.services.users.setRole(asActor(b), a.id, "user"),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
        const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
        expect((refused.reason as { code?: string }).code).toBe("conflict");
        const admins = await duo.db.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
        expect(admins).toHaveLength(1);
      }
    } finally {
      await duo.close();
    }
  });
});

describe("GET /api/admin/dashboard", () => {
  it("counts today's new subscribers, contact requests and users (Lagos day) and the totals", async () => {
    const before = (await (await t.request("/backend/api/admin/dashboard", { headers: bearer(admin) })).json()) as {
      today: Record<string, number>;
      totals: Record<string, number>;
    };
    await t.db
      .insert(newsletterSubscribers)
      .values({ email: `${Date.now()}@example.com`, unsubscribeToken: `t${Date.now()}` });
    await t.db.insert(newsletterSubscribers).values({
      email: `old${Date.now()}@example.com`,
      unsubscribeToken: `old${Date.now()}`,
      subscribedAt: new Date(Date.now() - 3 * 24 * 60 * 60_000),
    });
    await t.db.insert(contacts).values({ email: "a@example.com", subject: "Other", message: "Hello there" });
    await createAccount(t);
    const after = (await (await t.request("/backend/api/admin/dashboard", { headers: bearer(admin) })).json()) as {
      today: Record<string, number>;
      totals: Record<string, number>;
    };
    expect(after.today).toEqual({
      subscribers: before.today.subscribers! + 1,
      contacts: before.today.contacts! + 1,
      users: before.today.users! + 1,
    });
    expect(after.totals.subscribers).toBe(before.totals.subscribers! + 2);
  });

  it("starts the day at midnight in Lagos (UTC+1)", () => {
    expect(startOfLagosDay(new Date("2026-05-10T22:59:00Z")).toISOString()).toBe("2026-05-09T23:00:00.000Z");
    expect(startOfLagosDay(new Date("2026-05-10T23:00:00Z")).toISOString()).toBe("2026-05-10T23:00:00.000Z");
  });
});

describe("npm run admin", () => {
  it("grants, lists and revokes by e-mail, and explains mistakes", async () => {
    const someone = await createAccount(t);
    expect(await runAdminCommand(["grant", someone.email.toUpperCase()], t.services.users)).toEqual({
      code: 0,
      output: `${someone.email} is now an admin.`,
    });
    const listed = await runAdminCommand(["list"], t.services.users);
    expect(listed.output).toContain(someone.email);
    expect(await runAdminCommand(["revoke", someone.email], t.services.users)).toEqual({
      code: 0,
      output: `${someone.email} is no longer an admin.`,
    });
    const missing = await runAdminCommand(["grant", "nobody@example.com"], t.services.users);
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/No account uses nobody@example.com/);
    expect((await runAdminCommand(["promote"], t.services.users)).code).toBe(2);
    expect((await runAdminCommand(["grant"], t.services.users)).output).toMatch(/^Usage:/);
  });
});
