// The /contact form meets the same limit as POST /backend/api/contact (issue 29, CONTACT_RATE_LIMIT): over
// it, the action answers 429 with Retry-After and the message the form shows above its fields, and what
// was typed comes back; nothing is stored. The count is shared with the API and kept per browser (its
// device cookie), so another browser behind the same address still sends.
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "../../server/db/schema.ts";
import { DEVICE_COOKIE } from "../../server/http/device.ts";
import { postToAction } from "../support/page-action.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import type { ContactActionData } from "../../app/features/contacts/contact-form.tsx";
import { action, headers } from "../../app/routes/contact.tsx";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_RATE_LIMIT: "3" });
}, 60_000);
afterAll(() => t.close());

const cookieOf = (device: string) => ({ Cookie: `${DEVICE_COOKIE}=${device.padEnd(22, "x")}` });

function send(message: string, device: string) {
  return postToAction<ContactActionData>(t, action, {
    path: "/contact",
    who: null,
    clientIp: "203.0.113.9",
    headers: cookieOf(device),
    fields: { name: "Ada", email: "ada@example.com", subject: "Other", message },
  });
}

describe("the contact form's limit", () => {
  it("answers 429 with Retry-After and 'You have sent too many messages…', keeping the text", async () => {
    // one through the API, two through the page, from the same browser
    const api = await t.request("/backend/api/contact", {
      method: "POST",
      json: { email: "ada@example.com", message: "api" },
      headers: cookieOf("browserone"),
      clientIp: "203.0.113.9",
    });
    expect(api.status).toBe(201);
    expect((await send("page 1", "browserone")).data).toMatchObject({ ok: true });
    expect((await send("page 2", "browserone")).data).toMatchObject({ ok: true });

    const refused = await send("one more question", "browserone");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.data).toMatchObject({
      ok: false,
      formError: expect.stringMatching(
        /^You have sent too many messages in a short time\. Please wait .+ and try again\.$/,
      ),
      values: { name: "Ada", email: "ada@example.com", subject: "Other", message: "one more question" },
    });
    // the route passes the wait on to the browser
    expect(
      headers({ actionHeaders: refused.headers, loaderHeaders: new Headers() } as Parameters<typeof headers>[0]),
    ).toEqual({ "Retry-After": String(retryAfter) });
    const [stored] = await t.db.select({ n: count() }).from(contacts);
    expect(stored!.n).toBe(3);

    // another browser behind the same address still sends
    expect((await send("from a second phone", "browsertwo")).data).toMatchObject({ ok: true });
  });
});
