import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailMessages, newsletterSubscribers } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(newsletterSubscribers);
});

const subscribe = (json: unknown) => t.request("/backend/api/newsletter", { method: "POST", json });
const rows = () => t.db.select().from(newsletterSubscribers);

describe("POST /backend/api/newsletter", () => {
  it("subscribes an address: 201, the spec's success text, one row stored lower-cased", async () => {
    const res = await subscribe({ email: "  Ada@Example.COM " });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: "Thanks for subscribing!", email: "ada@example.com" });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: "ada@example.com" });
    expect(stored[0]!.id).toMatch(/^[0-9a-f]{24}$/);
    expect(stored[0]!.unsubscribeToken).toMatch(/^[0-9a-f]{48}$/);
  });

  it("answers 409 for a repeated confirmed address in any letter case, and keeps one row", async () => {
    expect((await subscribe({ email: "grace@example.com" })).status).toBe(201);
    await t.db.update(newsletterSubscribers).set({ status: "confirmed" });
    for (const email of ["grace@example.com", "GRACE@Example.com"]) {
      const res = await subscribe({ email });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: { code: "conflict", message: "This email is already subscribed to the newsletter." },
      });
    }
    const [{ count }] = (await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'grace@example.com'`)) as [{ count: number }];
    expect(count).toBe(1);
  });

  it("treats a row stored in mixed case as the same address", async () => {
    await t.db
      .insert(newsletterSubscribers)
      .values({ email: "Mixed@Example.com", unsubscribeToken: "x", status: "confirmed" });
    const res = await subscribe({ email: "mixed@example.com" });
    expect(res.status).toBe(409);
    expect(await rows()).toHaveLength(1);
  });

  it("lets only one of two simultaneous requests for the same address in", async () => {
    const results = await Promise.all([
      subscribe({ email: "race@example.com" }),
      subscribe({ email: "RACE@example.com" }),
    ]);
    // the second finds the first's pending row: the confirmation again, one row
    expect(results.map((r) => r.status).sort()).toEqual([201, 201]);
    expect(await rows()).toHaveLength(1);
  });

  it.each([
    ["a missing email", {}, "Email is required"],
    ["an empty email", { email: "   " }, "Email is required"],
    ["an email that is not an address", { email: "not-an-email" }, "Please enter a valid email address"],
    ["an email without a domain", { email: "ada@" }, "Please enter a valid email address"],
    [
      "an email over 254 characters",
      { email: `${"a".repeat(250)}@example.com` },
      "Email must be at most 254 characters",
    ],
    ["an email that is a number", { email: 42 }, "Email must be text"],
    ["an email that is null", { email: null }, "Email is required"],
    ["a body that is a list", [{ email: "a@example.com" }], "The request body must be a JSON object"],
    ["a body that is a string", "a@example.com", "The request body must be a JSON object"],
  ])("answers 422 for %s, naming the field, and stores nothing", async (_label, body, message) => {
    const res = await subscribe(body);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: { code: "invalid", message } });
    expect(await rows()).toHaveLength(0);
  });

  it("answers 400 JSON for malformed JSON", async () => {
    const res = await t.request("/backend/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email": "a@example.com"',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: "bad_request", message: "The request body is not valid JSON." },
    });
    expect(await rows()).toHaveLength(0);
  });

  it("answers 415 JSON for a text/plain body", async () => {
    const res = await t.request("/backend/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: '{"email":"a@example.com"}',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: {
        code: "unsupported_media_type",
        message: "Send the request body as JSON, with Content-Type: application/json.",
      },
    });
    expect(await rows()).toHaveLength(0);
  });

  it("answers 4xx JSON for a body without a content type", async () => {
    const res = await t.request("/backend/api/newsletter", { method: "POST", body: '{"email":"a@example.com"}' });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unsupported_media_type");
    expect(await rows()).toHaveLength(0);
  });

  it("answers 422 for a request with no body at all", async () => {
    const res = await t.request("/backend/api/newsletter", { method: "POST" });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: { code: "invalid", message: "Email is required" } });
  });
});

describe("newsletter service", () => {
  it("checks its input itself, whichever door calls it", async () => {
    await expect(t.services.newsletter.subscribe({ email: "nope" })).rejects.toMatchObject({
      code: "invalid",
      message: "Please enter a valid email address",
    });
    await expect(t.services.newsletter.subscribe(undefined)).rejects.toMatchObject({ code: "invalid" });
    expect(await rows()).toHaveLength(0);
  });
});

describe("double opt-in (issue 19; decision 037)", () => {
  const confirmations = () => t.db.select().from(mailMessages).where(eq(mailMessages.kind, "newsletter-confirm"));

  beforeEach(async () => {
    await t.db.delete(mailMessages);
  });

  it("stores a new address as pending and e-mails it a confirmation link; the link's POST confirms it", async () => {
    expect((await subscribe({ email: "nia@example.com" })).status).toBe(201);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "pending", confirmedAt: null });
    const mails = await confirmations();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "nia@example.com", subject: "Confirm your subscription to TechAfrica" });
    const link = /https?:\/\/\S+\/newsletter\/confirm\?token=([0-9a-f]{48})/.exec(mails[0]!.text ?? "");
    expect(link?.[1]).toBe(row!.confirmToken);
    // looking at the link changes nothing; confirming does
    expect(await t.services.newsletter.lookupConfirm(link![1]!)).toEqual({ status: "pending" });
    expect((await rows())[0]!.status).toBe("pending");
    expect(await t.services.newsletter.confirm(link![1]!)).toBe(true);
    expect((await rows())[0]).toMatchObject({ status: "confirmed", confirmedAt: expect.any(Date) });
    // a second click: still confirmed, no error
    expect(await t.services.newsletter.confirm(link![1]!)).toBe(true);
    expect(await t.services.newsletter.confirm("f".repeat(48))).toBe(false);
    expect(await t.services.newsletter.confirm("not a token")).toBe(false);
  });

  it("sends a pending address its link again at most once an hour, and lets an unsubscribed one start over", async () => {
    await subscribe({ email: "kofi@example.com" });
    await subscribe({ email: "kofi@example.com" });
    expect(await confirmations()).toHaveLength(1);
    const [row] = await rows();
    expect(await t.services.newsletter.unsubscribe(row!.unsubscribeToken)).toBe(true);
    expect((await rows())[0]!.status).toBe("unsubscribed");
    expect((await subscribe({ email: "KOFI@example.com" })).status).toBe(201);
    const [again] = await rows();
    expect(again).toMatchObject({ status: "pending", endedAt: null });
    expect(again!.confirmToken).toMatch(/^[0-9a-f]{48}$/);
    expect(again!.confirmToken).not.toBe(row!.confirmToken);
    expect(await t.services.newsletter.confirm(again!.confirmToken!)).toBe(true);
    expect((await rows())[0]!.status).toBe("confirmed");
  });
});
