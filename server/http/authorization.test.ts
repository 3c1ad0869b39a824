// The authorization table: every declared operation of the API (the `x-access` of /backend/openapi.json,
// which defineRoute puts there and the access guard enforces), called as anonymous, as a plain user and
// as an admin; then the operations with an owner (a post's author, a comment's author) as anonymous,
// another user, the owner and an admin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createAccount, sameOrigin, type TestAccount } from "../../tests/support/accounts.ts";
import { makePost } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { posts } from "../db/schema.ts";
import { declarationsOfDocument, type Declaration } from "./access-policy.ts";

let t: TestApp;
let plain: TestAccount;
let admin: TestAccount;
let declared: Declaration[];
beforeAll(async () => {
  t = await createTestApp();
  plain = await createAccount(t);
  admin = await createAccount(t, { admin: true });
  declared = declarationsOfDocument(await (await t.request("/backend/openapi.json")).json());
});
afterAll(() => t.close());

const SAMPLE_ID = "0123456789abcdef01234567";

/** A concrete request for a declaration: params filled in. */
function requestFor(rule: Declaration): { method: string; path: string } {
  const path = rule.path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? SAMPLE_ID : segment))
    .join("/");
  return { method: rule.method, path: `/backend${path}` };
}

async function call(rule: Declaration, who: TestAccount | null): Promise<number> {
  const { method, path } = requestFor(rule);
  const headers = who ? { ...bearer(who), ...sameOrigin(t) } : sameOrigin(t);
  const body = method === "GET" || method === "DELETE" ? undefined : {};
  const res = await t.request(path, { method, headers, json: body });
  return res.status;
}

describe("the authorization table", () => {
  it("walks the declared operations, the guarded ones among them", () => {
    expect(declared.length).toBeGreaterThan(15);
    expect(declared.filter((d) => d.access === "admin").map((d) => d.operationId)).toContain("listUsers");
    expect(declared.filter((d) => d.access === "user").map((d) => d.operationId)).toContain("verifyPassword");
    // the categories admin (issue 10): its writes are admin-only, its list is public
    const access = (id: string) => declared.find((d) => d.operationId === id)?.access;
    expect([access("addCategory"), access("removeCategory"), access("listPostCategories")]).toEqual([
      "admin",
      "admin",
      "public",
    ]);
    // the course manager's category calls (spec admin §7; issue 29)
    expect([access("createCategory"), access("deleteCategory"), access("listCategories")]).toEqual([
      "admin",
      "admin",
      "public",
    ]);
    // the events admin and the door (issue 18): admin-only, the public list open
    expect(
      ["createEvent", "getEvent", "updateEvent", "deleteEvent", "listEventPurchases", "checkInTicket"].map(access),
    ).toEqual(["admin", "admin", "admin", "admin", "admin", "admin"]);
    expect(access("listEvents")).toBe("public");
  });

  // Each row is read from the live document; the names come from it too.
  it("guarded operations: anonymous 401, a plain user 403 on admin ones, the right role gets past the guard", async () => {
    // (forgetting the password proof last: after it, the admin's step-up actions would answer 403)
    const last = (d: Declaration) => Number(d.operationId === "forgetPasswordProof");
    const guarded = declared.filter((d) => d.access !== "public").sort((a, b) => last(a) - last(b));
    expect(guarded.length).toBeGreaterThan(0);
    for (const rule of guarded) {
      const name = `${rule.method} ${rule.path} (${rule.access})`;
      expect(await call(rule, null), name).toBe(401);
      const asUser = await call(rule, plain);
      if (rule.access === "admin") expect(asUser, name).toBe(403);
      else expect([401, 403], name).not.toContain(asUser);
      expect([401, 403], name).not.toContain(await call(rule, admin));
    }
  });

  // Public operations that authenticate the request itself, not its sender: the payment webhook answers
  // 401 to a body without a valid signature, whoever sends it (decision 016).
  const SIGNED_BY_PAYLOAD = new Set(["receivePaymentWebhook"]);

  it("public operations: open to anonymous learners, users and admins", async () => {
    for (const rule of declared.filter((d) => d.access === "public" && !SIGNED_BY_PAYLOAD.has(d.operationId))) {
      const name = `${rule.method} ${rule.path}`;
      for (const who of [null, plain, admin]) expect([401, 403], name).not.toContain(await call(rule, who));
    }
  });

  it("a public operation signed by its payload: 401 without a valid signature, the same for anyone", async () => {
    const signed = declared.filter((d) => SIGNED_BY_PAYLOAD.has(d.operationId));
    expect(signed.map((d) => d.operationId)).toEqual([...SIGNED_BY_PAYLOAD]);
    for (const rule of signed) {
      for (const who of [null, plain, admin]) expect(await call(rule, who), rule.path).toBe(401);
    }
  });

  // Rows with a valid body, so that getting past the guard means doing the work.
  it("POST /posts (writing a post): anonymous 401, a plain user 201, an admin 201", async () => {
    const post = (who: TestAccount | null) =>
      t.request("/backend/posts", {
        method: "POST",
        headers: who ? bearer(who) : {},
        json: { img: "", title: "Authorization table", category: [], desc: "", content: "<p>Hello</p>" },
      });
    expect((await post(null)).status).toBe(401);
    expect((await post(plain)).status).toBe(201);
    expect((await post(admin)).status).toBe(201);
  });

  it("answers 401 and 403 with the error shape and the spec's denial text", async () => {
    const anon = await t.request("/backend/api/admin/users");
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: { code: "unauthorized", message: "Please sign in to continue." } });
    const user = await t.request("/backend/api/admin/users", { headers: bearer(plain) });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ error: { code: "forbidden", message: "Access Denied: Admins only." } });
  });
});

// The operations with an owner (spec public-area §6): who gets what, called through the API. Each row
// acts on a fresh post or comment of `owner`; "ok" is a 2xx.
describe("the authorization table: operations with an owner", () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await createAccount(t);
  });

  async function ownPost(): Promise<string> {
    const [row] = await t.db.insert(posts).values(makePost(owner.id)).returning();
    return row!.id;
  }
  async function ownComment(): Promise<string> {
    const res = await t.request(`/backend/comments/${await ownPost()}`, {
      method: "POST",
      headers: { ...bearer(owner), ...sameOrigin(t) },
      json: { desc: "mine" },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { _id: string })._id;
  }

  type Who = "anonymous" | "another user" | "the owner" | "admin";
  const rows: Array<{
    operation: string;
    target: () => Promise<string>;
    request: (id: string) => { method: string; path: string; json?: unknown };
    expected: Record<Who, number | "ok">;
  }> = [
    {
      operation: "deletePost",
      target: ownPost,
      request: (id) => ({ method: "DELETE", path: `/backend/posts/${id}` }),
      expected: { anonymous: 401, "another user": 403, "the owner": "ok", admin: "ok" },
    },
    {
      operation: "deleteComment",
      target: ownComment,
      request: (id) => ({ method: "DELETE", path: `/backend/comments/${id}` }),
      expected: { anonymous: 401, "another user": 403, "the owner": "ok", admin: "ok" },
    },
    {
      // featuring is the admins' even for the post's own author
      operation: "toggleFeaturedPost",
      target: ownPost,
      request: (id) => ({ method: "PATCH", path: "/backend/posts/feature", json: { postId: id } }),
      expected: { anonymous: 401, "another user": 403, "the owner": 403, admin: "ok" },
    },
    {
      operation: "addComment",
      target: ownPost,
      request: (id) => ({ method: "POST", path: `/backend/comments/${id}`, json: { desc: "hi" } }),
      expected: { anonymous: 401, "another user": "ok", "the owner": "ok", admin: "ok" },
    },
    {
      operation: "toggleSavedPost",
      target: ownPost,
      request: (id) => ({ method: "PATCH", path: "/backend/users/save", json: { postId: id } }),
      expected: { anonymous: 401, "another user": "ok", "the owner": "ok", admin: "ok" },
    },
  ];

  it("covers every declared operation that acts on a post or comment of someone", () => {
    const owned = ["deletePost", "deleteComment", "toggleFeaturedPost", "addComment", "toggleSavedPost"];
    expect(declared.map((d) => d.operationId)).toEqual(expect.arrayContaining(owned));
    expect(rows.map((r) => r.operation).sort()).toEqual([...owned].sort());
  });

  for (const row of rows) {
    it(`${row.operation}: anonymous, another user, the owner, admin`, async () => {
      const accounts: Record<Who, TestAccount | null> = {
        anonymous: null,
        "another user": plain,
        "the owner": owner,
        admin,
      };
      for (const who of Object.keys(row.expected) as Who[]) {
        const { method, path, json } = row.request(await row.target());
        const account = accounts[who];
        const headers = account ? { ...bearer(account), ...sameOrigin(t) } : sameOrigin(t);
        const res = await t.request(path, { method, headers, json });
        const expected = row.expected[who];
        if (expected === "ok") expect(res.status, `${row.operation} as ${who}`).toBeLessThan(300);
        else expect(res.status, `${row.operation} as ${who}`).toBe(expected);
      }
    });
  }
});
