// Contact replies (issue 29): "Contact replies lose their line breaks in the HTML part; they come from a
// no-reply address with no Reply-To (the requester's answer goes nowhere), and the greeting is doubled.
// Replies go to a mailbox staff read (configurable), and the reply box previews what will be sent."
// The reply's lines stay lines in both parts; its Reply-To is CONTACT_REPLY_TO, else the responding
// admin's address; a response that greets the reader itself gets no "Hello …," in front; and the
// /admin/contacts box's Preview shows the e-mail (to, Reply-To, subject, text) without sending it.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contacts, mailMessages } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok } from "../../../tests/support/api-calls.ts";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { actorOf, postToAction } from "../../../tests/support/page-action.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { action as pageAction } from "../../../app/routes/admin/contacts.tsx";

let t: TestApp;
let configured: TestApp;
let admin: TestAccount;
let configuredAdmin: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  configured = await createTestApp({ CONTACT_REPLY_TO: "TechAfrica Help <help@academy.example>" });
  configuredAdmin = await createAccount(configured, { admin: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await configured?.close();
});
beforeEach(async () => {
  for (const app of [t, configured]) {
    await app.db.delete(contacts);
    await app.db.delete(mailMessages);
  }
});

async function request(app: TestApp, email: string, name: string | null = "Ngozi") {
  const [row] = await app.db
    .insert(contacts)
    .values({ name, email, subject: "Technical Support", message: "My video stops.\nEvery time." })
    .returning();
  return row!;
}

async function respond(app: TestApp, who: TestAccount, contactId: string, response: string, to: string) {
  const call = apiCaller(
    () => app,
    () => who,
  );
  await ok(await call("POST", "/api/admin/respond", { contactId, response }));
  await app.mailer.drain();
  const mail = readOutbox(app.outboxDir).findLast((m) => m.to === to);
  expect(mail).toBeDefined();
  return mail!;
}

describe("the reply e-mail", () => {
  it("keeps the response's line breaks in the HTML part as in the text part", async () => {
    const row = await request(t, "lines@example.com");
    const mail = await respond(t, admin, row.id, "Step one: sign out.\nStep two: sign in.\n\nThanks,\nAda", row.email);
    expect(mail.text).toContain("Step one: sign out.\nStep two: sign in.\n\nThanks,\nAda");
    expect(mail.html).toMatch(/Step one: sign out\.<br\s*\/?>\s*Step two: sign in\./);
    expect(mail.html).toMatch(/Thanks,<br\s*\/?>\s*Ada/);
    // the quoted request keeps its lines too
    expect(mail.html).toMatch(/My video stops\.<br\s*\/?>\s*Every time\./);
  });

  it("has a Reply-To: the responding admin's address when CONTACT_REPLY_TO is unset", async () => {
    const row = await request(t, "answer@example.com");
    const mail = await respond(t, admin, row.id, "We fixed it.", row.email);
    expect(mail.headers["reply-to"]).toBe(admin.email);
    expect(mail.from).toMatch(/no-reply@/);
  });

  it("has CONTACT_REPLY_TO as its Reply-To when set", async () => {
    const row = await request(configured, "answer2@example.com");
    const mail = await respond(configured, configuredAdmin, row.id, "We fixed it.", row.email);
    expect(mail.headers["reply-to"]).toBe("TechAfrica Help <help@academy.example>");
  });

  it("greets once: no 'Hello …,' before a response that greets the reader itself", async () => {
    const row = await request(t, "greet@example.com");
    const own = await respond(t, admin, row.id, "Hi Ngozi,\n\nWe fixed it.", row.email);
    expect(own.text).not.toContain("Hello Ngozi,");
    expect(own.html).not.toContain("Hello Ngozi,");
    expect(own.text.match(/Ngozi,/g)).toHaveLength(1);
    for (const opening of ["Hello Ngozi,", "Dear Ngozi", "Good morning Ngozi,", "hey there"]) {
      const again = await respond(t, admin, row.id, `${opening}\n\nIt works now.`, row.email);
      expect(again.text.match(/^Hello Ngozi,$/gm) ?? []).toHaveLength(opening === "Hello Ngozi," ? 1 : 0);
    }
    // a response without its own greeting gets the kit's
    const plain = await respond(t, admin, row.id, "We fixed it.", row.email);
    expect(plain.text).toContain("Hello Ngozi,\n\nWe fixed it.");
    expect(plain.html).toContain("Hello Ngozi,");
  });
});

describe("the reply box's preview", () => {
  it("shows the e-mail as it will be sent (to, Reply-To, subject, text) and sends nothing", async () => {
    const row = await request(configured, "preview@example.com");
    const who = actorOf(configuredAdmin, { admin: true });
    const answer = await postToAction<{
      ok: boolean;
      intent: string;
      values: { contactId: string; response: string; preview?: Record<string, string> };
    }>(configured, pageAction, {
      path: "/admin/contacts",
      who,
      fields: {
        intent: "respond",
        contactId: row.id,
        email: row.email,
        response: "Hi Ngozi,\n\nTry again.",
        preview: "yes",
      },
    });
    expect(answer.data).toMatchObject({
      ok: true,
      intent: "contacts.preview",
      values: {
        contactId: row.id,
        response: "Hi Ngozi,\n\nTry again.",
        preview: {
          to: "preview@example.com",
          replyTo: "TechAfrica Help <help@academy.example>",
          subject: "Re: Technical Support",
        },
      },
    });
    const text = answer.data!.values.preview!.text!;
    expect(text).toContain("Hi Ngozi,\n\nTry again.");
    expect(text).not.toContain("Hello Ngozi,");
    expect(text).toContain("You wrote: My video stops.\nEvery time.");
    // nothing stored, sent or marked
    expect(await configured.db.select().from(mailMessages)).toHaveLength(0);
    const [still] = await configured.db.select().from(contacts);
    expect(still!.status).toBe("new");
  });

  it("answers an empty response with the field's message, as a send would", async () => {
    const row = await request(t, "empty@example.com");
    const answer = await postToAction<{ ok: boolean; fieldErrors: Record<string, string> }>(t, pageAction, {
      path: "/admin/contacts",
      who: actorOf(admin, { admin: true }),
      fields: { intent: "respond", contactId: row.id, response: " ", preview: "yes" },
    });
    expect(answer.data).toMatchObject({ ok: false, fieldErrors: { response: "Response is required" } });
  });

  it("is for admins only", async () => {
    const row = await request(t, "nosy@example.com");
    const plain = await createAccount(t);
    await expect(
      t.services.contacts.previewResponse(actorOf(plain), { contactId: row.id, response: "x" }),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
