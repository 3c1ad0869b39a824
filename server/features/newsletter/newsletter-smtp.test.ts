// The newsletter over real SMTP (issue 19 "Done when"; decision 037): the app's pooled SMTP transport
// talking to a local smtp-server. A bulk send to 1,000 confirmed subscribers arrives as exactly one
// message each, with its own List-Unsubscribe address and the one-click header, as multipart text and
// HTML; the one-click POST a mail app makes to that address unsubscribes (no session, no form token);
// the double opt-in's confirmation arrives and its link's POST confirms; a hard bounce (550 at RCPT)
// marks the address bounced and the next send does not try it. Both engines (TEST_DATABASE_URL).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "../../../app/routes/unsubscribe.tsx";
import { action as confirmAction } from "../../../app/routes/newsletter-confirm.tsx";
import { mailMessages, newsletterCampaigns, newsletterSubscribers } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok } from "../../../tests/support/api-calls.ts";
import { mimeTree } from "../../../tests/support/mail-parser.ts";
import { actorOf, pageContext, postToAction } from "../../../tests/support/page-action.ts";
import { until } from "../../../tests/support/server-child.ts";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let sink: SmtpSink;
let admin: TestAccount;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  admin = await createAccount(t, { admin: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

beforeEach(async () => {
  await t.db.delete(newsletterSubscribers);
  await t.db.delete(newsletterCampaigns);
  await t.db.delete(mailMessages);
  sink.received.length = 0;
  sink.recipientsTried.length = 0;
});

const call = apiCaller(
  () => t,
  () => admin,
);
const who = () => actorOf(admin, { admin: true, verifiedAt: new Date() });

async function confirmedSubscribers(count: number, prefix = "reader") {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${String(i).padStart(4, "0")}@example.com`,
    status: "confirmed",
    unsubscribeToken: `${prefix.length.toString(16)}${String(i).padStart(7, "0")}${"b".repeat(40)}`.slice(0, 48),
  }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(newsletterSubscribers).values(rows.slice(i, i + 500));
  return rows;
}

async function sendBulk(subject: string): Promise<string> {
  const answer = await ok<{ campaign: { _id: string } }>(
    await call("POST", "/api/admin/newsletter/bulk-email", { subject, message: `The ${subject} issue.` }),
    202,
  );
  return answer.campaign._id;
}

const campaignDone = (id: string) => async () => (await t.services.newsletter.campaign(who(), id)).status === "done";

describe("a bulk send over SMTP", () => {
  it("delivers exactly one message to each of 1,000 confirmed subscribers, with its own unsubscribe headers; one click unsubscribes", async () => {
    const subscribers = await confirmedSubscribers(1000);
    await t.db
      .insert(newsletterSubscribers)
      .values({ email: "notyet@example.com", status: "pending", unsubscribeToken: "c".repeat(48) });
    const id = await sendBulk("Thousand");
    await until("the send to finish", campaignDone(id), 240_000);
    const progress = await t.services.newsletter.campaign(who(), id);
    expect(progress).toMatchObject({ recipients: 1000, queued: 1000, sent: 1000, failed: 0, status: "done" });

    const byRecipient = new Map<string, number>();
    for (const m of sink.received.filter((r) => r.mail.subject === "Thousand")) {
      for (const to of m.envelope.to) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
    }
    expect(byRecipient.size).toBe(1000);
    expect([...byRecipient.values()].every((n) => n === 1)).toBe(true);
    expect(byRecipient.has("notyet@example.com")).toBe(false);

    const base = t.env.PUBLIC_URL.replace(/\/$/, "");
    for (const s of [subscribers[0]!, subscribers[499]!, subscribers[999]!]) {
      const got = sink.received.find((m) => m.envelope.to[0] === s.email)!;
      expect(got.mail.subject).toBe("Thousand");
      expect(got.mail.headers["list-unsubscribe"]).toBe(`<${base}/unsubscribe?token=${s.unsubscribeToken}>`);
      expect(got.mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      const tree = mimeTree(got.raw);
      expect(tree.contentType).toBe("multipart/alternative");
      expect(tree.parts.map((p) => p.contentType)).toEqual(["text/plain", "text/html"]);
      expect(got.mail.text).toContain("The Thousand issue.");
      expect(got.mail.text).toContain(`Unsubscribe: ${base}/unsubscribe?token=${s.unsubscribeToken}`);
    }

    // RFC 8058: the mail app POSTs "List-Unsubscribe=One-Click" to the header's address, with no cookie
    const one = sink.received.find((m) => m.envelope.to[0] === subscribers[7]!.email)!;
    const address = new URL(/^<(.+)>$/.exec(one.mail.headers["list-unsubscribe"]!)![1]!);
    const answer = await postToAction<{ state: string }>(t, unsubscribeAction, {
      path: `${address.pathname}${address.search}`,
      who: null,
      body: new URLSearchParams("List-Unsubscribe=One-Click"),
    });
    expect(answer.data).toEqual({ state: "done" });
    const [row] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, subscribers[7]!.email));
    expect(row).toMatchObject({ status: "unsubscribed", endedAt: expect.any(Date) });
    // the page then says so, and never shows the address
    const page = await unsubscribeLoader({
      request: new Request(address),
      url: address,
      params: {},
      context: pageContext(t, null),
      pattern: "/unsubscribe",
    } as never);
    expect(page).toEqual({ state: "done", token: subscribers[7]!.unsubscribeToken });
    expect(JSON.stringify(page)).not.toContain("@");
    // only that one: the next send goes to 999
    expect((await t.services.newsletter.listPage(who(), { status: "confirmed" })).total).toBe(999);
  }, 300_000);

  it("marks an address that bounces hard (550) as bounced, and the next send does not try it", async () => {
    await confirmedSubscribers(3, "bnc");
    sink.refuseAddress("bnc0001@example.com", { code: 550, message: "5.1.1 No such user" });
    try {
      const first = await sendBulk("First");
      await until("the first send", campaignDone(first), 60_000);
      expect(await t.services.newsletter.campaign(who(), first)).toMatchObject({ sent: 2, failed: 1 });
      const [bounced] = await t.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "bnc0001@example.com"));
      expect(bounced).toMatchObject({ status: "bounced", endedAt: expect.any(Date) });
      expect(bounced!.bounceReason).toMatch(/550/);
      const tried = sink.recipientsTried.filter((a) => a === "bnc0001@example.com").length;
      expect(tried).toBe(1); // a permanent refusal is not retried

      const second = await sendBulk("Second");
      await until("the second send", campaignDone(second), 60_000);
      expect(await t.services.newsletter.campaign(who(), second)).toMatchObject({ recipients: 2, sent: 2, failed: 0 });
      expect(sink.recipientsTried.filter((a) => a === "bnc0001@example.com")).toHaveLength(tried);
    } finally {
      sink.refuseAddress("bnc0001@example.com", null);
    }
  }, 120_000);
});

describe("double opt-in over SMTP", () => {
  it("mails the confirmation; the address gets bulk e-mail only after the link's POST", async () => {
    await confirmedSubscribers(1, "old");
    const res = await t.request("/backend/api/newsletter", {
      method: "POST",
      headers: { Origin: new URL(t.env.PUBLIC_URL).origin },
      json: { email: "New.Reader@Example.com" },
    });
    expect(await ok(res, 201)).toEqual({ message: "Thanks for subscribing!", email: "new.reader@example.com" });
    await until(
      "the confirmation",
      () => sink.received.some((m) => m.envelope.to[0] === "new.reader@example.com"),
      30_000,
    );
    const mail = sink.received.find((m) => m.envelope.to[0] === "new.reader@example.com")!.mail;
    expect(mail.subject).toBe("Confirm your subscription to TechAfrica");
    const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=[0-9a-f]{48}/.exec(mail.text)![0]);

    const before = await sendBulk("Before");
    await until("the send before confirming", campaignDone(before), 60_000);
    expect(sink.received.filter((m) => m.mail.subject === "Before").map((m) => m.envelope.to[0])).toEqual([
      "old0000@example.com",
    ]);

    const confirmed = await postToAction<{ state: string }>(t, confirmAction, {
      path: `${link.pathname}${link.search}`,
      who: null,
      fields: { token: link.searchParams.get("token")! },
    });
    expect(confirmed.data).toEqual({ state: "done" });
    const after = await sendBulk("After");
    await until("the send after confirming", campaignDone(after), 60_000);
    expect(
      sink.received
        .filter((m) => m.mail.subject === "After")
        .map((m) => m.envelope.to[0])
        .sort(),
    ).toEqual(["new.reader@example.com", "old0000@example.com"]);
  }, 120_000);
});
