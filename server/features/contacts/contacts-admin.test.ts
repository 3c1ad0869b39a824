// The contact requests admin through the real app (admin-back-office §2 "Contacts admin", §4, §7, §8;
// issue 19; decisions 004, 033): who may call it, the list newest first with its filters and search,
// a response e-mailed (the reply to the subject, through the mail queue) and kept with the request,
// the spec's texts, missing ids, the delete, and the audit rows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CONTACT_MESSAGES } from "../../../contract/messaging/contacts.ts";
import { adminAudit, contactResponses, contacts, mailMessages } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let plain: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, { admin: true });
  plain = await createAccount(t);
}, 60_000);
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(contacts);
  await t.db.delete(adminAudit);
});

const MISSING_ID = "0123456789abcdef01234567";

const call = apiCaller(
  () => t,
  () => admin,
);

interface ContactJson {
  _id: string;
  name: string | null;
  email: string;
  subject: string;
  status: string;
  createdAt: string;
  responses: Array<{ response: string; by: { name: string; email: string }; sentAt: string }>;
}
type PageJson = { items: ContactJson[]; page: number; pageSize: number; total: number };

async function request(values: Partial<{ name: string; email: string; subject: string; message: string; at: Date }>) {
  const [row] = await t.db
    .insert(contacts)
    .values({
      name: values.name ?? null,
      email: values.email ?? "ada@example.com",
      subject: values.subject ?? "Course Inquiry",
      message: values.message ?? "When does the next cohort start?",
      createdAt: values.at ?? new Date(),
    })
    .returning();
  return row!;
}

describe("who may read and answer contact requests", () => {
  it("refuses the list, the response and the delete to the signed-out (401) and plain users (403)", async () => {
    const row = await request({});
    for (const [who, status] of [
      [null, 401],
      [plain, 403],
    ] as const) {
      expect((await call("GET", "/api/admin/contacts", undefined, who)).status).toBe(status);
      expect((await call("POST", "/api/admin/respond", { contactId: row.id, response: "Hi" }, who)).status).toBe(
        status,
      );
      expect((await call("DELETE", `/api/admin/contacts/${row.id}`, undefined, who)).status).toBe(status);
    }
    const [still] = await t.db.select().from(contacts).where(eq(contacts.id, row.id));
    expect(still!.status).toBe("new");
  });
});

describe("GET /api/admin/contacts", () => {
  it("lists newest first, pages, and filters by status, subject and part of the e-mail", async () => {
    await request({ email: "old@example.com", at: new Date("2026-01-01T09:00:00Z"), subject: "Other" });
    await request({ email: "Mid@Example.com", at: new Date("2026-02-01T09:00:00Z"), subject: "Technical Support" });
    const newest = await request({ email: "new@school.ng", at: new Date("2026-03-01T09:00:00Z"), name: "Bola" });
    await t.db.update(contacts).set({ status: "responded" }).where(eq(contacts.id, newest.id));

    const all = await ok<PageJson>(await call("GET", "/api/admin/contacts"));
    expect(all.total).toBe(3);
    expect(all.items.map((c) => c.email)).toEqual(["new@school.ng", "Mid@Example.com", "old@example.com"]);
    expect(all.items[0]).toMatchObject({ name: "Bola", status: "responded", responses: [] });
    expect(all.items[1]!.name).toBeNull();

    const paged = await ok<PageJson>(await call("GET", "/api/admin/contacts?pageSize=2&page=2"));
    expect(paged.items.map((c) => c.email)).toEqual(["old@example.com"]);
    const fresh = await ok<PageJson>(await call("GET", "/api/admin/contacts?status=new"));
    expect(fresh.items.map((c) => c.email)).toEqual(["Mid@Example.com", "old@example.com"]);
    const support = await ok<PageJson>(await call("GET", "/api/admin/contacts?subject=Technical%20Support"));
    expect(support.items.map((c) => c.email)).toEqual(["Mid@Example.com"]);
    const found = await ok<PageJson>(await call("GET", "/api/admin/contacts?search=mid@EXAMPLE"));
    expect(found.items.map((c) => c.email)).toEqual(["Mid@Example.com"]);
    // a % typed in the search is a character, not "anything"
    expect((await ok<PageJson>(await call("GET", "/api/admin/contacts?search=%25"))).total).toBe(0);
  });

  it("refuses unknown filters with a clear 422", async () => {
    expect(await refused(await call("GET", "/api/admin/contacts?status=closed"), 422)).toContain(
      CONTACT_MESSAGES.status,
    );
    expect(await refused(await call("GET", "/api/admin/contacts?subject=Spam"), 422)).toContain(
      CONTACT_MESSAGES.subject,
    );
    expect((await call("GET", `/api/admin/contacts?search=${"x".repeat(101)}`)).status).toBe(422);
  });
});

describe("POST /api/admin/respond", () => {
  it("e-mails the response as the reply to the subject, keeps it with the request, which is then responded", async () => {
    const row = await request({
      name: "Ngozi",
      email: "ngozi@example.com",
      subject: "Technical Support",
      message: "My video stops.",
    });
    const body = await ok<{ message: string; contact: ContactJson }>(
      await call("POST", "/api/admin/respond", {
        contactId: row.id,
        response: "Please try the lower quality setting.\n\nWe are fixing it.",
        email: "Ngozi@Example.com",
      }),
    );
    expect(body.message).toBe(CONTACT_MESSAGES.responded);
    expect(body.contact).toMatchObject({
      status: "responded",
      responses: [
        {
          response: "Please try the lower quality setting.\n\nWe are fixing it.",
          by: { name: admin.username, email: admin.email },
        },
      ],
    });
    await t.mailer.drain();
    const mail = readOutbox(t.outboxDir).find((m) => m.to === "ngozi@example.com");
    expect(mail?.subject).toBe("Re: Technical Support");
    expect(mail?.text).toContain("Please try the lower quality setting.");
    expect(mail?.text).toContain("My video stops.");
    expect(mail?.html).toContain("Hello Ngozi,");

    // a second response: both kept, oldest first
    await ok(await call("POST", "/api/admin/respond", { contactId: row.id, response: "It is fixed now." }));
    const [listed] = (await ok<PageJson>(await call("GET", "/api/admin/contacts"))).items;
    expect(listed!.responses.map((r) => r.response)).toEqual([
      "Please try the lower quality setting.\n\nWe are fixing it.",
      "It is fixed now.",
    ]);
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.action, "respond"));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ resource: "contacts", itemId: row.id, itemLabel: "ngozi@example.com" });
  });

  it("refuses an empty response, another address and a missing request, sending nothing", async () => {
    const row = await request({});
    const mailsBefore = (await t.db.select().from(mailMessages)).length;
    expect(await refused(await call("POST", "/api/admin/respond", { contactId: row.id, response: "  " }), 422)).toBe(
      CONTACT_MESSAGES.responseRequired,
    );
    expect(
      await refused(
        await call("POST", "/api/admin/respond", { contactId: row.id, response: "Hi", email: "someone@else.com" }),
        422,
      ),
    ).toBe(CONTACT_MESSAGES.wrongEmail);
    expect(
      await refused(await call("POST", "/api/admin/respond", { contactId: row.id, response: "x".repeat(5001) }), 422),
    ).toBe(CONTACT_MESSAGES.responseTooLong);
    expect(
      await refused(await call("POST", "/api/admin/respond", { contactId: MISSING_ID, response: "Hi" }), 404),
    ).toBe(CONTACT_MESSAGES.notFound);
    expect((await call("POST", "/api/admin/respond", { contactId: "nope", response: "Hi" })).status).toBe(404);
    expect((await call("POST", "/api/admin/respond", "just text")).status).toBe(422);
    expect((await t.db.select().from(mailMessages)).length).toBe(mailsBefore);
    expect(await t.db.select().from(contactResponses)).toHaveLength(0);
    const [still] = await t.db.select().from(contacts).where(eq(contacts.id, row.id));
    expect(still!.status).toBe("new");
  });
});

describe("DELETE /api/admin/contacts/{id}", () => {
  it("deletes the request with its responses; a second delete or a missing id is a 404", async () => {
    const row = await request({});
    await ok(await call("POST", "/api/admin/respond", { contactId: row.id, response: "Hello" }));
    expect(await ok(await call("DELETE", `/api/admin/contacts/${row.id}`))).toEqual({
      message: CONTACT_MESSAGES.deleted,
      _id: row.id,
    });
    expect(await t.db.select().from(contacts)).toHaveLength(0);
    expect(await t.db.select().from(contactResponses)).toHaveLength(0);
    expect(await refused(await call("DELETE", `/api/admin/contacts/${row.id}`), 404)).toBe(CONTACT_MESSAGES.notFound);
    expect((await call("DELETE", "/api/admin/contacts/x")).status).toBe(404);
    const [entry] = await t.db.select().from(adminAudit).where(eq(adminAudit.action, "delete"));
    expect(entry).toMatchObject({ resource: "contacts", itemId: row.id });
  });
});
