// The newsletter admin through the real app (admin-back-office §2 "Newsletter admin", §3, §5; issue 19;
// decision 037): who may call it, the list with its states, search and paging, the CSV export, the
// delete, the bulk e-mail's checks and step-up, a send to the confirmed subscribers only (outbox
// transport) with its headers, progress and audit row, and the page's action (delete with its question,
// preview, send).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { NEWSLETTER_MESSAGES } from "../../../contract/messaging/newsletter.ts";
import { loader as pageLoader, action as pageAction } from "../../../app/routes/admin/newsletter.tsx";
import { adminAudit, mailMessages, newsletterCampaigns, newsletterSubscribers, session } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { apiCaller, ok, refused } from "../../../tests/support/api-calls.ts";
import { actorOf, flashOf, pageContext, postToAction } from "../../../tests/support/page-action.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { emailBrand } from "../mail/templates/brand.ts";
import { createNewsletterService, FANOUT_BATCH, renderBulkEmail } from "./newsletter.service.ts";

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
  await t.db.delete(newsletterSubscribers);
  await t.db.delete(newsletterCampaigns);
  await t.db.delete(mailMessages);
  await t.db.delete(adminAudit);
});

const MISSING_ID = "0123456789abcdef01234567";
const call = apiCaller(
  () => t,
  () => admin,
);

let seq = 0;
async function subscriber(email: string, status = "confirmed", at = new Date(Date.now() - 1000 * ++seq)) {
  const [row] = await t.db
    .insert(newsletterSubscribers)
    .values({ email, status, subscribedAt: at, unsubscribeToken: `${String(seq).padStart(4, "0")}${"a".repeat(44)}` })
    .returning();
  return row!;
}

const BULK = { subject: "November news", message: "Hello all.\n\nNew courses are out." };

describe("who may use the newsletter admin", () => {
  it("refuses the list, export, delete and bulk e-mail to the signed-out (401) and plain users (403)", async () => {
    const row = await subscriber("ada@example.com");
    for (const [method, path, body] of [
      ["GET", "/api/admin/newsletter"],
      ["GET", "/api/admin/newsletter/export"],
      ["GET", "/api/admin/newsletter/campaigns"],
      ["DELETE", `/api/admin/newsletter/${row.id}`],
      ["POST", "/api/admin/newsletter/bulk-email", BULK],
    ] as const) {
      expect((await call(method, path, body, null)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, body, plain)).status, `${method} ${path}`).toBe(403);
    }
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(1);
    expect(await t.db.select().from(newsletterCampaigns)).toHaveLength(0);
  });
});

describe("GET /api/admin/newsletter", () => {
  it("lists newest first with the subscription time and state, the counts per state, search and state filters", async () => {
    await subscriber("old@example.com", "confirmed");
    await subscriber("pending@example.com", "pending");
    await subscriber("gone@example.org", "unsubscribed");
    await subscriber("bounce@example.org", "bounced");
    const page = await ok<{
      items: Array<{ email: string; status: string; subscribedAt: string }>;
      total: number;
      counts: Record<string, number>;
    }>(await call("GET", "/api/admin/newsletter"));
    expect(page.items.map((s) => s.email)).toEqual([
      "old@example.com",
      "pending@example.com",
      "gone@example.org",
      "bounce@example.org",
    ]);
    expect(page.items.map((s) => s.status)).toEqual(["confirmed", "pending", "unsubscribed", "bounced"]);
    expect(page.items[0]!.subscribedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(page.counts).toEqual({ pending: 1, confirmed: 1, unsubscribed: 1, bounced: 1 });
    const found = await ok<{ items: Array<{ email: string }>; total: number }>(
      await call("GET", "/api/admin/newsletter?search=EXAMPLE.ORG"),
    );
    expect(found.items.map((s) => s.email)).toEqual(["gone@example.org", "bounce@example.org"]);
    const pending = await ok<{ items: Array<{ email: string }> }>(
      await call("GET", "/api/admin/newsletter?status=pending"),
    );
    expect(pending.items.map((s) => s.email)).toEqual(["pending@example.com"]);
    // a % typed is a percent sign, not a pattern
    expect((await ok<{ total: number }>(await call("GET", "/api/admin/newsletter?search=%25"))).total).toBe(0);
    const paged = await ok<{ items: unknown[]; page: number; total: number }>(
      await call("GET", "/api/admin/newsletter?page=2&pageSize=3"),
    );
    expect(paged).toMatchObject({ page: 2, total: 4 });
    expect(paged.items).toHaveLength(1);
    expect(await refused(await call("GET", "/api/admin/newsletter?status=gone"), 422)).toBe(NEWSLETTER_MESSAGES.status);
  });
});

describe("GET /api/admin/newsletter/export", () => {
  it("answers a UTF-8 CSV with a byte-order mark, oldest first, quoting and defusing what spreadsheets would run", async () => {
    await subscriber("later@example.com", "pending");
    await subscriber("=cmd@example.com", "confirmed");
    const res = await call("GET", "/api/admin/newsletter/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]).toBe("Email,Status,Subscribed (Lagos time),Confirmed (Lagos time),Ended (Lagos time)");
    expect(lines[1]).toMatch(/^'=cmd@example\.com,Confirmed,\d{4}-\d\d-\d\d \d\d:\d\d,,$/);
    expect(lines[2]).toMatch(/^later@example\.com,Pending,/);
    expect(lines[3]).toBe("");
    const filtered = await (await call("GET", "/api/admin/newsletter/export?status=pending")).text();
    expect(filtered.split("\r\n").filter(Boolean)).toHaveLength(2);
  });

  it("writes the times in Lagos time as the other exports do, not UTC (issue 29)", async () => {
    const row = await subscriber("lagos@example.com", "unsubscribed");
    await t.db
      .update(newsletterSubscribers)
      .set({
        // 23:30 UTC is 00:30 the next day in Lagos
        subscribedAt: new Date("2026-03-03T23:30:00Z"),
        confirmedAt: new Date("2026-03-04T08:05:00Z"),
        endedAt: new Date("2026-06-30T12:00:00Z"),
      })
      .where(eq(newsletterSubscribers.id, row.id));
    const csv = await (await call("GET", "/api/admin/newsletter/export")).text();
    expect(csv.split("\r\n")[1]).toBe(
      "lagos@example.com,Unsubscribed,2026-03-04 00:30,2026-03-04 09:05,2026-06-30 13:00",
    );
  });
});

describe("DELETE /api/admin/newsletter/{id}", () => {
  it("deletes one subscriber, records who did it, and answers 404 for a missing one", async () => {
    const row = await subscriber("bye@example.com");
    const other = await subscriber("stay@example.com");
    expect(await ok(await call("DELETE", `/api/admin/newsletter/${row.id}`))).toEqual({
      message: NEWSLETTER_MESSAGES.deleted,
      _id: row.id,
    });
    expect((await t.db.select().from(newsletterSubscribers)).map((s) => s.id)).toEqual([other.id]);
    const [audit] = await t.db.select().from(adminAudit);
    expect(audit).toMatchObject({
      action: "delete",
      resource: "newsletter",
      itemId: row.id,
      itemLabel: "bye@example.com",
      actorId: admin.id,
    });
    expect(await refused(await call("DELETE", `/api/admin/newsletter/${row.id}`), 404)).toBe(
      NEWSLETTER_MESSAGES.notFound,
    );
    expect(await refused(await call("DELETE", `/api/admin/newsletter/not-an-id`), 404)).toBe(
      NEWSLETTER_MESSAGES.notFound,
    );
    expect(await refused(await call("DELETE", `/api/admin/newsletter/${MISSING_ID}`), 404)).toBe(
      NEWSLETTER_MESSAGES.notFound,
    );
  });
});

describe("POST /api/admin/newsletter/bulk-email", () => {
  it.each([
    ["no subject", { message: "x" }, NEWSLETTER_MESSAGES.subjectRequired],
    ["a blank subject", { subject: "  ", message: "x" }, NEWSLETTER_MESSAGES.subjectRequired],
    ["a subject of two lines", { subject: "a\nBcc: x@example.com", message: "x" }, NEWSLETTER_MESSAGES.subjectOneLine],
    // issue 29: a literal encoded word that mail apps decode into a line break and "Bcc:"
    [
      "a subject with an encoded word",
      { subject: "News =?utf-8?q?=0D=0ABcc:x@example.com?=", message: "x" },
      NEWSLETTER_MESSAGES.subjectEncodedWord,
    ],
    [
      "a subject with a base64 encoded word",
      { subject: "=?UTF-8?B?DQpCY2M6IHhAZXhhbXBsZS5jb20=?=", message: "x" },
      NEWSLETTER_MESSAGES.subjectEncodedWord,
    ],
    ["no message", { subject: "x" }, NEWSLETTER_MESSAGES.messageRequired],
    ["a javascript: image", { ...BULK, imageUrl: "javascript:alert(1)" }, "Image URL must be an http(s) URL"],
    ["an ftp video", { ...BULK, videoUrl: "ftp://example.com/v.mp4" }, "Video URL must be an http(s) URL"],
    ["a link that is no URL", { ...BULK, linkUrl: "example.com" }, "Link URL must be an http(s) URL"],
    [
      "a link with credentials",
      { ...BULK, linkUrl: "https://user:pw@example.com/" },
      "Link URL must be an http(s) URL",
    ],
    ["a colour that is no colour", { ...BULK, backgroundColor: "red;background:url(x)" }, NEWSLETTER_MESSAGES.color],
  ])("answers 422 for %s and sends nothing", async (_label, body, message) => {
    await subscriber("ada@example.com");
    expect(await refused(await call("POST", "/api/admin/newsletter/bulk-email", body), 422)).toBe(message);
    expect(await t.db.select().from(newsletterCampaigns)).toHaveLength(0);
  });

  it("answers 422 when nobody is confirmed", async () => {
    await subscriber("waiting@example.com", "pending");
    expect(await refused(await call("POST", "/api/admin/newsletter/bulk-email", BULK), 422)).toBe(
      NEWSLETTER_MESSAGES.noRecipients,
    );
  });

  it("needs a password proved within the last hour (step-up)", async () => {
    await subscriber("ada@example.com");
    await t.db
      .update(session)
      .set({ verifiedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(session.userId, admin.id));
    try {
      const res = await call("POST", "/api/admin/newsletter/bulk-email", BULK);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("step_up_required");
      expect(await t.db.select().from(newsletterCampaigns)).toHaveLength(0);
    } finally {
      await t.db.update(session).set({ verifiedAt: new Date() }).where(eq(session.userId, admin.id));
    }
  });

  it("sends one message to each confirmed subscriber only, with its own unsubscribe link and the RFC 8058 headers, and records it", async () => {
    const confirmed = [
      await subscriber("a@example.com"),
      await subscriber("b@example.com"),
      await subscriber("c@example.com"),
    ];
    await subscriber("p@example.com", "pending");
    await subscriber("u@example.com", "unsubscribed");
    await subscriber("x@example.com", "bounced");
    const body = {
      ...BULK,
      backgroundColor: "#FEF3C7",
      imageUrl: "https://example.com/banner.jpg",
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      linkUrl: "https://example.com/courses",
    };
    const answer = await ok<{ message: string; campaign: { _id: string; recipients: number } }>(
      await call("POST", "/api/admin/newsletter/bulk-email", body),
      202,
    );
    expect(answer.message).toBe("Bulk email sent successfully!");
    expect(answer.campaign.recipients).toBe(3);
    await waitFor(
      async () =>
        (await t.services.newsletter.campaign(actorOf(admin, { admin: true }), answer.campaign._id)).status === "done",
    );
    const progress = await ok<{ queued: number; sent: number; failed: number; status: string }>(
      await call("GET", `/api/admin/newsletter/campaigns/${answer.campaign._id}`),
    );
    expect(progress).toMatchObject({ queued: 3, sent: 3, failed: 0, status: "done" });
    const mails = readOutbox(t.outboxDir).filter((m) => m.subject === "November news");
    expect(mails.map((m) => m.to).sort()).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    for (const s of confirmed) {
      const mail = mails.find((m) => m.to === s.email)!;
      const link = `${t.env.PUBLIC_URL.replace(/\/$/, "")}/unsubscribe?token=${s.unsubscribeToken}`;
      expect(mail.headers["list-unsubscribe"]).toBe(`<${link}>`);
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.text).toContain(`Unsubscribe: ${link}`);
      expect(mail.html).toContain(`href="${link}"`);
      // nobody else's link
      for (const other of confirmed.filter((o) => o !== s)) expect(mail.html).not.toContain(other.unsubscribeToken);
      expect(mail.text).toContain("New courses are out.");
      expect(mail.text).toContain("Watch the video: https://youtu.be/dQw4w9WgXcQ");
      expect(mail.text).toContain("Read more: https://example.com/courses");
      // the video is a linked poster picture, never a player
      expect(mail.html).toContain('src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
      expect(mail.html).not.toMatch(/<(video|iframe)/i);
      expect(mail.html).toContain('src="https://example.com/banner.jpg"');
      expect(mail.html).toContain("background-color:#fef3c7");
    }
    const [audit] = await t.db.select().from(adminAudit);
    expect(audit).toMatchObject({
      action: "send",
      resource: "newsletter",
      itemLabel: "November news",
      actorId: admin.id,
    });
    expect(audit!.changes).toMatchObject({
      recipients: { before: null, after: 3 },
      subject: { after: "November news" },
    });
    const history = await ok<{ items: Array<{ _id: string; createdBy: string }> }>(
      await call("GET", "/api/admin/newsletter/campaigns"),
    );
    expect(history.items.map((c) => c._id)).toEqual([answer.campaign._id]);
    expect(history.items[0]!.createdBy).toBe(admin.username);
  });
});

describe("the fan-out (decision 037)", () => {
  async function campaignOf(count: number) {
    const rows = Array.from({ length: count }, (_, i) => ({
      email: `fan${String(i).padStart(5, "0")}@example.com`,
      status: "confirmed",
      unsubscribeToken: `${String(i).padStart(8, "0")}${"e".repeat(40)}`,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(newsletterSubscribers).values(rows.slice(i, i + 500));
    const bulk = {
      subject: "Fan",
      message: "Out.",
      backgroundColor: null,
      imageUrl: null,
      videoUrl: null,
      linkUrl: null,
    };
    const mail = await renderBulkEmail(emailBrand(t.env), bulk);
    const [campaign] = await t.db
      .insert(newsletterCampaigns)
      .values({ ...bulk, recipients: count, html: mail.html ?? null, text: mail.text })
      .returning();
    return campaign!;
  }
  const stored = (campaignId: string) =>
    t.db.select({ to: mailMessages.to }).from(mailMessages).where(eq(mailMessages.campaignId, campaignId));

  it("queues one message per subscriber even when two fan-outs of one send run at once", async () => {
    const campaign = await campaignOf(FANOUT_BATCH * 2 + 7);
    await Promise.all([t.services.newsletter.fanOut(campaign.id), t.services.newsletter.fanOut(campaign.id)]);
    const rows = await stored(campaign.id);
    expect(rows).toHaveLength(FANOUT_BATCH * 2 + 7);
    expect(new Set(rows.map((r) => r.to)).size).toBe(FANOUT_BATCH * 2 + 7);
    const [after] = await t.db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, campaign.id));
    expect(after).toMatchObject({ status: "queued", queued: FANOUT_BATCH * 2 + 7, queuedAt: expect.any(Date) });
  });

  it("walked again from the start (a cursor behind what is stored) queues nothing twice", async () => {
    const campaign = await campaignOf(FANOUT_BATCH + 10);
    await t.services.newsletter.fanOut(campaign.id);
    const all = await stored(campaign.id);
    expect(all).toHaveLength(FANOUT_BATCH + 10);
    // the same send walked again from the start: the dedupe key stores nothing new
    await t.db
      .update(newsletterCampaigns)
      .set({ status: "queuing", cursor: null })
      .where(eq(newsletterCampaigns.id, campaign.id));
    await t.services.newsletter.fanOut(campaign.id);
    expect(await stored(campaign.id)).toHaveLength(FANOUT_BATCH + 10);
    const [after] = await t.db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, campaign.id));
    expect(after!.queued).toBe(FANOUT_BATCH + 10);
  });
});

describe("POST /api/admin/newsletter/{id}/resend-confirmation (issue 29)", () => {
  const resend = (id: string, who: TestAccount | null = admin) =>
    call("POST", `/api/admin/newsletter/${id}/resend-confirmation`, undefined, who);
  const confirmations = () => t.db.select().from(mailMessages).where(eq(mailMessages.kind, "newsletter-confirm"));

  it("e-mails a pending subscriber its link again, once an hour, and records who did it", async () => {
    const row = await subscriber("slow@example.com", "pending");
    await t.db
      .update(newsletterSubscribers)
      .set({ confirmToken: "c".repeat(48) })
      .where(eq(newsletterSubscribers.id, row.id));
    expect(await ok(await resend(row.id))).toEqual({ message: NEWSLETTER_MESSAGES.resent(row.email), _id: row.id });
    const mails = await confirmations();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe("slow@example.com");
    expect(mails[0]!.text).toContain(`/newsletter/confirm?token=${"c".repeat(48)}`);
    const [audit] = await t.db.select().from(adminAudit);
    expect(audit).toMatchObject({ action: "resend", resource: "newsletter", itemId: row.id, actorId: admin.id });

    // again within the hour: 429 with the minutes to wait, nothing sent
    const again = await resend(row.id);
    expect(await refused(again, 429)).toMatch(
      /^A confirmation e-mail went to this address less than an hour ago\. Please wait (60|59) minutes and try again\.$/,
    );
    expect(await confirmations()).toHaveLength(1);
    expect(await t.db.select().from(adminAudit)).toHaveLength(1);

    // an hour later it may be sent again (the earlier e-mail moved back an hour, key and time)
    const hourAgo = new Date(Date.now() - 61 * 60_000);
    await t.db
      .update(mailMessages)
      .set({
        createdAt: hourAgo,
        dedupeKey: `newsletter-confirm:${row.id}:${Math.floor(hourAgo.getTime() / 3_600_000)}`,
      })
      .where(eq(mailMessages.id, mails[0]!.id));
    expect((await resend(row.id)).status).toBe(200);
    expect(await confirmations()).toHaveLength(2);
  });

  it("counts the sign-up's own e-mail: an address that just subscribed waits for the hour", async () => {
    await t.services.newsletter.subscribe({ email: "fresh@example.com" });
    const [row] = await t.db.select().from(newsletterSubscribers);
    expect(await refused(await resend(row!.id), 429)).toMatch(/less than an hour ago/);
    expect(await confirmations()).toHaveLength(1);
  });

  it("refuses a subscriber who is not pending (409), a missing one (404), and anyone but an admin", async () => {
    for (const status of ["confirmed", "unsubscribed", "bounced"]) {
      const row = await subscriber(`${status}@example.com`, status);
      expect(await refused(await resend(row.id), 409)).toBe(NEWSLETTER_MESSAGES.resendNotPending);
    }
    expect((await resend(MISSING_ID)).status).toBe(404);
    const pending = await subscriber("wait@example.com", "pending");
    expect((await resend(pending.id, null)).status).toBe(401);
    expect((await resend(pending.id, plain)).status).toBe(403);
    expect(await confirmations()).toHaveLength(0);
    expect(await t.db.select().from(adminAudit)).toHaveLength(0);
  });

  it("sends one e-mail when two admins click at once", async () => {
    const row = await subscriber("race@example.com", "pending");
    await t.db
      .update(newsletterSubscribers)
      .set({ confirmToken: "d".repeat(48) })
      .where(eq(newsletterSubscribers.id, row.id));
    const answers = await Promise.all([resend(row.id), resend(row.id), resend(row.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
    expect(await confirmations()).toHaveLength(1);
  });
});

describe("the /admin/newsletter page's action", () => {
  const who = () => actorOf(admin, { admin: true, verifiedAt: new Date() });
  const post = (fields: Record<string, string>, actor = who()) =>
    postToAction<{
      ok: boolean;
      intent: string;
      message?: string;
      formError?: string;
      fieldErrors?: Record<string, string>;
      code?: string;
      values: Record<string, unknown>;
    }>(t, pageAction, { path: "/admin/newsletter?page=1", who: actor, fields });

  it("resends a pending subscriber's confirmation from its row, and says why it will not twice in an hour", async () => {
    const row = await subscriber("row@example.com", "pending");
    const done = await post({ intent: "resend", id: row.id });
    expect(done.data).toEqual({
      ok: true,
      intent: "resend",
      message: NEWSLETTER_MESSAGES.resent("row@example.com"),
      values: { id: row.id },
    });
    const again = await post({ intent: "resend", id: row.id });
    expect(again.data).toMatchObject({
      ok: false,
      intent: "resend",
      formError: expect.stringMatching(
        /^Failed to resend the confirmation: A confirmation e-mail went to this address less than an hour ago/,
      ),
    });
  });

  it("asks before a delete, then deletes and goes back to the same list with the message", async () => {
    const row = await subscriber("ask@example.com");
    const asked = await post({ intent: "delete", id: row.id, label: row.email });
    expect(asked.data).toMatchObject({
      ok: true,
      intent: "row.confirm",
      message: NEWSLETTER_MESSAGES.confirmDelete("ask@example.com"),
    });
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(1);
    const done = await post({ intent: "delete", id: row.id, label: row.email, confirmed: "yes" });
    expect(done.response?.headers.get("location")).toBe("/admin/newsletter?page=1");
    expect((await flashOf(done.response!))?.message).toBe(NEWSLETTER_MESSAGES.deleted);
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(0);
    const again = await post({ intent: "delete", id: row.id, label: row.email, confirmed: "yes" });
    expect(again.data).toMatchObject({
      ok: false,
      intent: "row.delete",
      formError: `${NEWSLETTER_MESSAGES.deleteFailed}${NEWSLETTER_MESSAGES.notFound}`,
    });
  });

  it("previews the message as the e-mail renderer makes it, and says which field is wrong", async () => {
    const preview = await post({ intent: "preview", ...BULK, linkUrl: "https://example.com/x" });
    expect(preview.data).toMatchObject({ ok: true, intent: "bulk.preview" });
    const shown = preview.data!.values.preview as { html: string; text: string };
    expect(shown.html).toContain("New courses are out.");
    expect(shown.html).toContain('href="https://example.com/x"');
    expect(shown.text).toContain("Read more: https://example.com/x");
    const bad = await post({ intent: "preview", subject: "", message: "", imageUrl: "nope" });
    expect(bad.data).toMatchObject({
      ok: false,
      intent: "bulk.preview",
      fieldErrors: {
        subject: NEWSLETTER_MESSAGES.subjectRequired,
        message: NEWSLETTER_MESSAGES.messageRequired,
        imageUrl: "Image URL must be an http(s) URL",
      },
    });
    expect(await t.db.select().from(newsletterCampaigns)).toHaveLength(0);
  });

  it("sends with the spec's message, asks for the password when the last one is old, and sends once it is given", async () => {
    await subscriber("one@example.com");
    const sent = await post({ intent: "send", ...BULK });
    expect(sent.data).toMatchObject({ ok: true, intent: "bulk.send", message: "Bulk email sent successfully!" });
    const stale = actorOf(admin, { admin: true, verifiedAt: new Date(Date.now() - 2 * 3_600_000) });
    const asked = await post({ intent: "send", ...BULK, subject: "Second" }, stale);
    expect(asked.data).toMatchObject({ ok: false, intent: "bulk.send", code: "step_up_required" });
    const wrong = await post({ intent: "confirm", ...BULK, subject: "Second", password: "wrong-password-1" }, stale);
    expect(wrong.data).toMatchObject({ ok: false, code: "step_up_required" });
    expect(wrong.data!.fieldErrors!.password).toBeTruthy();
    const confirmed = await post({ intent: "confirm", ...BULK, subject: "Second", password: admin.password }, stale);
    expect(confirmed.data).toMatchObject({ ok: true, message: "Bulk email sent successfully!" });
    expect((await t.db.select().from(newsletterCampaigns)).map((c) => c.subject).sort()).toEqual([
      "November news",
      "Second",
    ]);
    const failed = await post({ intent: "send", subject: "No message", message: " " });
    expect(failed.data).toMatchObject({
      ok: false,
      formError: "Error sending bulk email",
      fieldErrors: { message: NEWSLETTER_MESSAGES.messageRequired },
    });
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the postal address warning before a bulk send (issue 29)", () => {
  it("is given with the default settings (no MAIL_POSTAL_ADDRESS), to admins only, and not once an address is set", async () => {
    const actor = actorOf(admin, { admin: true });
    expect(t.env.MAIL_POSTAL_ADDRESS).toBeUndefined();
    expect(t.services.newsletter.bulkWarnings(actor)).toEqual([NEWSLETTER_MESSAGES.noPostalAddress]);
    expect(NEWSLETTER_MESSAGES.noPostalAddress).toMatch(/^No postal address is set: .*Set MAIL_POSTAL_ADDRESS /);
    expect(() => t.services.newsletter.bulkWarnings(null)).toThrow();
    expect(() => t.services.newsletter.bulkWarnings(actorOf(plain))).toThrow();
    const withAddress = createNewsletterService(t.db, {
      brand: emailBrand({ ...t.env, MAIL_POSTAL_ADDRESS: "12 Marina Road, Lagos Island, Lagos, Nigeria" }),
    });
    expect(withAddress.bulkWarnings(actor)).toEqual([]);
  });

  it("the admin screen's loader hands it to the compose form", async () => {
    const request = new Request("http://localhost/admin/newsletter");
    const data = await pageLoader({
      request,
      params: {},
      context: pageContext(t, actorOf(admin, { admin: true })),
      url: new URL(request.url),
      pattern: "/admin/newsletter",
    } as never);
    expect((data as { warnings: string[] }).warnings).toEqual([NEWSLETTER_MESSAGES.noPostalAddress]);
  });
});
