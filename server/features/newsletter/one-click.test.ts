// RFC 8058 one-click unsubscribe from any mail app (issue 29: POSTs carrying `Origin: https://mail.google.com`
// or `Origin: null` got 400 and the address stayed subscribed). The one-click POST is answered by its
// token whatever its Origin, cookies or form encoding; every other write keeps its CSRF check: another
// form posted to /unsubscribe goes on to the page (whose action React Router guards; the browser test
// tests/e2e/one-click-unsubscribe.spec.ts shows both on the built server), and a cross-site write with
// the session cookie is still a 403.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER_MESSAGES } from "../../../contract/messaging/newsletter.ts";
import { newsletterSubscribers } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let reader: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  reader = await createAccount(t);
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(newsletterSubscribers);
});

const TOKEN = "ab".repeat(24);

async function subscriber() {
  await t.db
    .insert(newsletterSubscribers)
    .values({ email: "reader@example.com", unsubscribeToken: TOKEN, status: "confirmed" });
}
const stateOf = async () =>
  (
    await t.db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, TOKEN))
  )[0]?.status;

function oneClickForm(kind: "urlencoded" | "multipart"): { body: BodyInit; headers: Record<string, string> } {
  if (kind === "urlencoded") {
    return {
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    };
  }
  const form = new FormData();
  form.set("List-Unsubscribe", "One-Click");
  return { body: form, headers: {} };
}

describe("POST /unsubscribe?token=… with List-Unsubscribe=One-Click", () => {
  it.each([
    ["https://mail.google.com", "urlencoded"],
    ["null", "urlencoded"],
    ["https://outlook.live.com", "multipart"],
    [null, "multipart"],
  ] as const)("unsubscribes from Origin %s (%s body)", async (origin, kind) => {
    await subscriber();
    const { body, headers } = oneClickForm(kind);
    const res = await t.request(`/unsubscribe?token=${TOKEN}`, {
      method: "POST",
      body,
      headers: { ...headers, ...(origin ? { Origin: origin } : {}), "Sec-Fetch-Site": "cross-site" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(NEWSLETTER_MESSAGES.unsubscribed);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await stateOf()).toBe("unsubscribed");
  });

  it("unsubscribes also when the browser sends a session cookie along (the token is the authority)", async () => {
    await subscriber();
    const res = await t.request(`/unsubscribe?token=${TOKEN}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://mail.google.com",
        Cookie: reader.cookie,
      },
    });
    expect(res.status).toBe(200);
    expect(await stateOf()).toBe("unsubscribed");
  });

  it("answers 404 for a token that names nobody, and changes nothing", async () => {
    await subscriber();
    const res = await t.request(`/unsubscribe?token=${"cd".repeat(24)}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "null" },
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(NEWSLETTER_MESSAGES.badLink);
    expect(await stateOf()).toBe("confirmed");
  });
});

describe("the CSRF checks elsewhere stay", () => {
  it("leaves any other form posted to /unsubscribe to the page (not answered here: the address stays)", async () => {
    await subscriber();
    for (const body of [`token=${TOKEN}`, "List-Unsubscribe=Other", `List-Unsubscribe=One-Click`]) {
      const res = await t.request(`/unsubscribe?token=${TOKEN}`, {
        method: "POST",
        body,
        // the last: the one-click field, but not as a form
        headers: {
          "Content-Type": body.startsWith("List-Unsubscribe=One") ? "text/plain" : "application/x-www-form-urlencoded",
          Origin: "https://evil.example",
        },
      });
      // the test app has no pages: the request went past this handler
      expect(res.status).toBe(404);
      expect(await stateOf()).toBe("confirmed");
    }
    // nor is a GET of the link an unsubscribe (mail scanners follow links)
    await t.request(`/unsubscribe?token=${TOKEN}&List-Unsubscribe=One-Click`);
    expect(await stateOf()).toBe("confirmed");
  });

  it("still refuses a cross-site write that carries the session cookie (403)", async () => {
    const res = await t.request("/backend/api/newsletter", {
      method: "POST",
      json: { email: "forged@example.com" },
      headers: { Origin: "https://mail.google.com", Cookie: reader.cookie },
    });
    expect(res.status).toBe(403);
  });
});
