// The case end to end (decision 050): the app's SMTP_URL has a wrong password and the server
// (a real smtp-server wanting a login) answers 535. A newsletter confirmation, a bulk send, a password
// reset and a receipt each fail, but as a failure on our side: retried, nobody marked bounced, kept
// `failed` with what to check, and /admin says mail is not going out. Once the server takes the
// password, the next e-mail that goes out brings every one of them back: each arrives once, nobody is
// bounced, and the alert is gone. Before decision 050 each failed at its first attempt and the
// subscribers were marked bounced for good. Both engines (TEST_DATABASE_URL).
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import AdminDashboard, { loader as dashboardLoader } from "../../../app/routes/admin/dashboard.tsx";
import { createAccount, sameOrigin, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, ok } from "../../../tests/support/api-calls.ts";
import { actorOf, pageContext } from "../../../tests/support/page-action.ts";
import { until } from "../../../tests/support/server-child.ts";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { mailMessages, newsletterSubscribers } from "../../db/schema.ts";
import type { Actor } from "../auth/actor.ts";

let sink: SmtpSink;
let t: TestApp;
let admin: TestAccount;
let learner: TestAccount;
beforeAll(async () => {
  sink = await startSmtpSink({ user: "mailer", pass: "right" });
  t = await createTestApp({ SMTP_URL: sink.url.replace(":right@", ":wrong@") });
  // their verification e-mails fail too (their links are read from the stored message)
  admin = await createAccount(t, { admin: true });
  learner = await createAccount(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const call = apiCaller(
  () => t,
  () => admin,
);
const who = (): Actor => actorOf(admin, { admin: true, verifiedAt: new Date() });

async function dashboard() {
  const request = new Request("http://localhost/admin");
  const args = { request, url: new URL(request.url), params: {}, context: pageContext(t, who()), pattern: "/admin" };
  const loaderData = await dashboardLoader(args as unknown as Parameters<typeof dashboardLoader>[0]);
  const Stub = createRoutesStub([
    {
      id: "dashboard",
      path: "/admin",
      Component: AdminDashboard as unknown as ComponentType,
      loader: () => loaderData,
      HydrateFallback: () => null,
    },
  ]);
  const html = renderToStaticMarkup(
    createElement(Stub, { initialEntries: ["/admin"], hydrationData: { loaderData: { dashboard: loaderData } } }),
  );
  return { mail: loaderData.mail, html };
}

const rows = () => t.db.select().from(mailMessages);
const subscribers = () => t.db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.email);
const queued = async () =>
  (await t.db.select({ n: count() }).from(mailMessages).where(eq(mailMessages.status, "queued")))[0]!.n;

describe("an SMTP login failure (535)", () => {
  it("loses no mail and bounces nobody; /admin says mail is not going out until it goes out again", async () => {
    const readers = ["reader1@example.com", "reader2@example.com", "reader3@example.com"];
    await t.db.insert(newsletterSubscribers).values(
      readers.map((email, i) => ({
        email,
        status: "confirmed",
        unsubscribeToken: `${String(i).padStart(8, "0")}${"d".repeat(40)}`,
      })),
    );
    // a newsletter confirmation, a bulk send, a password reset, a receipt
    const subscribed = await t.request("/backend/api/newsletter", {
      method: "POST",
      headers: sameOrigin(t),
      json: { email: "new.reader@example.com" },
    });
    expect(subscribed.status).toBe(201);
    const bulk = await ok<{ campaign: { _id: string } }>(
      await call("POST", "/api/admin/newsletter/bulk-email", { subject: "March", message: "The March issue." }),
      202,
    );
    const reset = await t.services.authFlows.requestPasswordReset(
      { headers: new Headers(sameOrigin(t)), clientIp: "10.5.0.1" },
      { email: learner.email },
    );
    expect(reset.ok).toBe(true);
    await t.mailer.sendOnce(
      { to: learner.email, subject: "Your TechAfrica receipt (ta_1)", text: "₦15,000 paid.", kind: "receipt" },
      "receipt:login-failure",
    );

    // every attempt made (3 with the tests' retry policy), then nothing more queued
    await until(
      "the bulk send's fan-out",
      async () => (await t.services.newsletter.campaign(who(), bulk.campaign._id)).status === "done",
      60_000,
    );
    await t.mailer.drain(30_000);

    // nobody bounced: the confirmed stay confirmed, the new one still waits for its link
    expect((await subscribers()).map((s) => [s.email, s.status, s.bounceReason])).toEqual([
      ["new.reader@example.com", "pending", null],
      ...readers.map((email) => [email, "confirmed", null]),
    ]);
    const failed = await rows();
    const kinds = failed.map((m) => m.kind).sort();
    expect(kinds).toEqual([
      "auth", // the admin's verification
      "auth", // the learner's verification
      "auth", // the reset
      "newsletter",
      "newsletter",
      "newsletter",
      "newsletter-confirm",
      "receipt",
    ]);
    for (const m of failed) {
      expect(m, m.subject).toMatchObject({
        status: "failed",
        attempts: 3,
        sentAt: null,
        ourSideFailedAt: expect.any(Date),
        error: expect.stringMatching(/^The SMTP server refused our login: check .*SMTP_URL .*535/),
      });
    }
    expect(sink.received).toEqual([]);

    const down = await dashboard();
    expect(down.mail).toEqual({
      error: expect.stringContaining("535 Invalid username or password"),
      waiting: failed.length,
      lastFailure: expect.any(String),
      lastFailureIso: expect.any(String),
    });
    expect(down.html).toContain('role="alert"');
    expect(down.html).toContain("Mail is not going out");
    expect(down.html).toContain("check the user name and password in SMTP_URL");
    expect(down.html).toContain(`${failed.length} e-mails are waiting`);

    // The server takes the password now. The next e-mail that goes out brings the others back.
    sink.setPassword("wrong");
    await t.mailer.send({ to: admin.email, subject: "Mail works again", text: "Sent after the fix." });
    await until(
      "every message sent",
      async () =>
        (await t.db.select({ n: count() }).from(mailMessages).where(eq(mailMessages.status, "sent")))[0]!.n ===
        failed.length + 1,
      30_000,
    );
    expect(await queued()).toBe(0);
    // each exactly once, to its recipient
    const arrived = sink.received.map((r) => `${r.envelope.to.join()} ${r.mail.subject}`).sort();
    expect(arrived).toEqual([...failed.map((m) => `${m.to} ${m.subject}`), `${admin.email} Mail works again`].sort());
    expect(await t.db.select().from(mailMessages).where(isNotNull(mailMessages.ourSideFailedAt))).toEqual([]);
    expect((await subscribers()).map((s) => s.status)).toEqual(["pending", "confirmed", "confirmed", "confirmed"]);
    expect(await t.services.newsletter.campaign(who(), bulk.campaign._id)).toMatchObject({ sent: 3, failed: 0 });

    const up = await dashboard();
    expect(up.mail).toBeNull();
    expect(up.html).not.toContain("Mail is not going out");
  }, 120_000);
});
