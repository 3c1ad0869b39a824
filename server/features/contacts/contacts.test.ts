import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contacts } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(contacts);
});

const send = (json: unknown) => t.request("/backend/api/contact", { method: "POST", json });
const rows = () => t.db.select().from(contacts);
const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Technical Support",
  message: "The video will not play.",
};

describe("POST /backend/api/contact", () => {
  it("saves the request: 201 with its _id and a message, row stored as sent", async () => {
    const res = await send(valid);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { _id: string; message: string };
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      message: "Thanks for your message! We will get back to you soon.",
    });
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, body._id));
    expect(row).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "Technical Support",
      message: "The video will not play.",
      status: "new",
      response: null,
    });
  });

  it("defaults the subject to Course Inquiry and keeps a missing name as null (spec §5)", async () => {
    const res = await send({ email: "Learner@Example.com", message: "  How long is the course?  " });
    expect(res.status).toBe(201);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: null,
      email: "learner@example.com",
      subject: "Course Inquiry",
      message: "How long is the course?",
    });
  });

  it("treats an empty or null name as no name", async () => {
    expect((await send({ ...valid, name: "   " })).status).toBe(201);
    expect((await send({ ...valid, name: null })).status).toBe(201);
    expect((await rows()).map((r) => r.name)).toEqual([null, null]);
  });

  it.each(["Course Inquiry", "Technical Support", "Other"])("accepts the subject %s", async (subject) => {
    expect((await send({ ...valid, subject })).status).toBe(201);
    expect((await rows())[0]!.subject).toBe(subject);
  });

  it("accepts a message and a name of exactly the maximum length", async () => {
    const res = await send({ ...valid, name: "n".repeat(100), message: "m".repeat(5000) });
    expect(res.status).toBe(201);
    expect((await rows())[0]!.message).toHaveLength(5000);
  });

  it.each([
    ["a missing email", { ...valid, email: undefined }, "Email is required"],
    ["a bad email", { ...valid, email: "ada at example" }, "Please enter a valid email address"],
    [
      "an email over 254 characters",
      { ...valid, email: `${"a".repeat(250)}@example.com` },
      "Email must be at most 254 characters",
    ],
    ["an email that is a list", { ...valid, email: ["ada@example.com"] }, "Email must be text"],
    [
      "a subject not in the list",
      { ...valid, subject: "Billing" },
      "Subject must be Course Inquiry, Technical Support or Other",
    ],
    [
      "a subject in the wrong case",
      { ...valid, subject: "course inquiry" },
      "Subject must be Course Inquiry, Technical Support or Other",
    ],
    ["a missing message", { ...valid, message: undefined }, "Message is required"],
    ["an empty message", { ...valid, message: "   " }, "Message is required"],
    [
      "a message over 5000 characters",
      { ...valid, message: "m".repeat(5001) },
      "Message must be at most 5000 characters",
    ],
    ["a message that is a number", { ...valid, message: 12 }, "Message must be text"],
    ["a name over 100 characters", { ...valid, name: "n".repeat(101) }, "Name must be at most 100 characters"],
    ["a name that is an object", { ...valid, name: { first: "Ada" } }, "Name must be text"],
    ["a body that is null", null, "The request body must be a JSON object"],
    [
      "several bad fields at once",
      { email: "nope", message: "" },
      "Please enter a valid email address; Message is required",
    ],
  ])("answers 422 for %s, naming the field, and stores nothing", async (_label, body, message) => {
    const res = await send(body);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: { code: "invalid", message } });
    expect(await rows()).toHaveLength(0);
  });

  it("answers 400 JSON for malformed JSON and 415 JSON for a text/plain body", async () => {
    const malformed = await t.request("/backend/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: "{email: ada@example.com}",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: { code: "bad_request", message: "The request body is not valid JSON." },
    });

    const text = await t.request("/backend/api/contact", {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
      body: JSON.stringify(valid),
    });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: { code: string } }).error.code).toBe("unsupported_media_type");

    const form = await t.request("/backend/api/contact", {
      method: "POST",
      body: new URLSearchParams({ email: "ada@example.com", message: "hi" }),
    });
    expect(form.status).toBe(415);
    expect(await rows()).toHaveLength(0);
  });
});

describe("contacts service", () => {
  it("checks its input itself, whichever door calls it", async () => {
    await expect(t.services.contacts.create({ email: "ada@example.com" })).rejects.toMatchObject({
      code: "invalid",
      message: "Message is required",
    });
    const ok = await t.services.contacts.create({ email: "ada@example.com", message: "Hello" });
    expect(ok._id).toMatch(/^[0-9a-f]{24}$/);
    expect(await rows()).toHaveLength(1);
  });
});
