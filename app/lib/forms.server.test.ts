import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RegisterSchema, ResetPasswordFormSchema, AUTH_MESSAGES } from "../../contract/account/auth.ts";
import { FORM_MESSAGES } from "../../contract/lib/forms.ts";
import { ContactInputSchema } from "../../contract/messaging/messaging.ts";
import { Conflict, NotFound } from "../../server/lib/errors.ts";
import { failureFromError, failureFromIssues, nulField, parseForm, readFormBody } from "./forms.server.ts";
import { pageServices } from "./page-errors.server.ts";

const url = "http://localhost/form";

function post(body: BodyInit | null, contentType?: string): Request {
  const headers = new Headers();
  if (contentType) headers.set("content-type", contentType);
  return new Request(url, { method: "POST", body, headers });
}

function form(fields: Record<string, string | Blob>): Request {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return new Request(url, { method: "POST", body: data });
}

/** The thrown value when `promise` rejects with React Router's data(...), as status and body. */
async function thrown(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { type?: string; data?: unknown; init?: { status?: number } };
    if (e.type === "DataWithResponseInit") return { status: e.init?.status ?? 0, body: e.data };
    if (isRouteErrorResponse(error)) return { status: error.status, body: error.data };
    throw error;
  }
  throw new Error("expected a throw");
}

const SignIn = z.object({ identifier: z.string().min(1, "E-mail or username is required"), password: z.string() });
const signIn = {
  schema: SignIn,
  fields: ["identifier", "password"] as const,
  labels: { identifier: "E-mail or username", password: "Password" },
  keep: ["identifier"] as const,
};

describe("readFormBody", () => {
  it("reads an urlencoded form: the first value of each name", async () => {
    const body = await readFormBody(post("a=1&a=2&b=x", "application/x-www-form-urlencoded"));
    expect(body).toEqual({ fields: { a: "1", b: "x" }, files: {} });
  });

  it("reads a multipart form with its files, leaving empty file inputs out", async () => {
    const body = await readFormBody(
      form({ name: "ada", image: new File(["png"], "a.png", { type: "image/png" }), empty: new File([], "") }),
    );
    expect(body.fields.name).toBe("ada");
    expect(Object.keys(body.files)).toEqual(["image"]);
    expect(body.files.image!.size).toBe(3);
  });

  it("reads a JSON object body", async () => {
    const body = await readFormBody(post(JSON.stringify({ identifier: "ada", n: 5 }), "application/json"));
    expect(body).toEqual({ fields: { identifier: "ada", n: 5 }, files: {} });
  });

  it.each([
    ["a text body", "hello", "text/plain"],
    ["an empty body without a type", null, undefined],
    ["an empty body typed multipart", "", "multipart/form-data; boundary=x"],
    [
      "a broken multipart body",
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished',
      "multipart/form-data; boundary=x",
    ],
    ["multipart without a boundary", "a=1", "multipart/form-data"],
    ["broken JSON", "{ not json", "application/json"],
    ["a JSON array", "[1,2]", "application/json"],
    ["a JSON string", '"text"', "application/json"],
    ["JSON null", "null", "application/json"],
  ])("answers 400 with a message for %s", async (_what, body, type) => {
    const { status, body: error } = await thrown(readFormBody(post(body, type)));
    expect(status).toBe(400);
    expect(error).toEqual({ code: "invalid", message: FORM_MESSAGES.unreadable });
  });
});

describe("parseForm", () => {
  it("gives the parsed data and the kept values (never the password)", async () => {
    const parsed = await parseForm(form({ identifier: "ada", password: "secret1", extra: "x" }), signIn);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data).toEqual({ identifier: "ada", password: "secret1" });
    expect(parsed.values).toEqual({ identifier: "ada" });
    expect(parsed.fields.extra).toBe("x");
  });

  it("gives the schema's messages per field, in a failure with what was typed", async () => {
    const parsed = await parseForm(form({ username: "a!", email: "nope", password: "short" }), {
      schema: RegisterSchema,
      fields: ["username", "email", "password", "image"] as const,
      labels: { username: "Username", email: "E-mail", password: "Password", image: "Profile image" },
      keep: ["username", "email"] as const,
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.failure).toEqual({
      ok: false,
      fieldErrors: {
        username: "Username must be at least 3 characters",
        email: "Please enter a valid email address",
        password: "Password must be at least 8 characters",
      },
      values: { username: "a!", email: "nope" },
    });
  });

  it("parses a JSON body with the same schema: a number where text belongs is a field error", async () => {
    const parsed = await parseForm(post(JSON.stringify({ identifier: 5, password: "x" }), "application/json"), {
      ...signIn,
      schema: z.object({ identifier: z.string({ error: "E-mail or username must be text" }), password: z.string() }),
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.failure.fieldErrors).toEqual({ identifier: "E-mail or username must be text" });
    // a value that was not text does not come back into the form
    expect(parsed.failure.values).toEqual({});
  });

  it("an empty urlencoded body is a form with every field missing", async () => {
    const parsed = await parseForm(post("", "application/x-www-form-urlencoded"), signIn);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.failure.fieldErrors.identifier).toBeDefined();
  });

  it("refuses a NUL character in a field, naming the field, before the schema runs", async () => {
    const parsed = await parseForm(form({ identifier: "ad\0a", password: "secret1" }), signIn);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.failure).toEqual({
      ok: false,
      fieldErrors: { identifier: FORM_MESSAGES.nul("E-mail or username") },
      // what comes back into the page has no NUL in it
      values: { identifier: "ada" },
    });
    expect(FORM_MESSAGES.nul("E-mail or username")).toBe("E-mail or username must not contain a NUL character (\\0).");
  });

  it("refuses a NUL character in a password or a JSON array too", async () => {
    const inPassword = await parseForm(form({ identifier: "ada", password: "x\0" }), signIn);
    expect(inPassword.ok || inPassword.failure.fieldErrors.password).toBe(FORM_MESSAGES.nul("Password"));
    const inJson = await parseForm(
      post(JSON.stringify({ identifier: ["a\u0000"], password: "x" }), "application/json"),
      signIn,
    );
    expect(inJson.ok || inJson.failure.fieldErrors.identifier).toBe(FORM_MESSAGES.nul("E-mail or username"));
  });

  it("a NUL character in a field the page does not show is said above the form", async () => {
    const parsed = await parseForm(form({ identifier: "ada", password: "x", redirectTo: "/\0" }), signIn);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.failure.formError).toBe(FORM_MESSAGES.nulForm);
    expect(parsed.failure.fieldErrors).toEqual({});
  });

  it("with `summary`, the form-level message sums up the field problems (the contact form)", async () => {
    const parsed = await parseForm(form({ email: "", message: "" }), {
      schema: ContactInputSchema,
      fields: ["name", "email", "subject", "message"] as const,
      labels: { name: "Name", email: "Email", subject: "Subject", message: "Message" },
      keep: ["name", "email", "subject", "message"] as const,
      summary: true,
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.failure.formError).toBe("Email is required; Message is required");
    expect(parsed.failure.fieldErrors).toEqual({ email: "Email is required", message: "Message is required" });
  });

  it("checks the new password twice before its rule (the reset form)", async () => {
    const spec = {
      schema: ResetPasswordFormSchema,
      fields: ["password", "confirm"] as const,
      labels: { password: "New password", confirm: "New password again" },
    };
    const mismatch = await parseForm(form({ token: "t", password: "short", confirm: "other" }), spec);
    expect(mismatch.ok || mismatch.failure.fieldErrors).toEqual({ confirm: AUTH_MESSAGES.passwordMismatch });
    const weak = await parseForm(form({ token: "t", password: "abcdefgh", confirm: "abcdefgh" }), spec);
    expect(weak.ok || weak.failure.fieldErrors).toEqual({ password: "Password must contain letters and numbers" });
    const good = await parseForm(form({ token: "t", password: "abcdefg1", confirm: "abcdefg1" }), spec);
    expect(good.ok && good.data).toEqual({ token: "t", password: "abcdefg1", confirm: "abcdefg1" });
  });

  it("throws the 400 for a body that is no form", async () => {
    const { status } = await thrown(parseForm(post('{"a":', "application/json"), signIn));
    expect(status).toBe(400);
  });
});

describe("failures from services", () => {
  it("a thrown domain error becomes the form's failure with its message and code", () => {
    expect(failureFromError(Conflict("That username is taken."), { username: "ada" })).toEqual({
      ok: false,
      formError: "That username is taken.",
      fieldErrors: {},
      values: { username: "ada" },
      code: "conflict",
    });
  });

  it("so does one pageServices already turned into a page error", async () => {
    const services = pageServices({
      things: {
        find(): Promise<never> {
          return Promise.reject(NotFound("No such course"));
        },
      },
    });
    const error = await services.things.find().catch((e: unknown) => e);
    expect(failureFromError(error, {})).toMatchObject({ formError: "No such course", code: "not_found" });
  });

  it("anything else is rethrown (a bug stays a 500)", () => {
    const bug = new TypeError("boom");
    expect(() => failureFromError(bug, {})).toThrow(bug);
  });

  // (a service's `{ message, field }` refusal: outcomeParts, app/lib/action.server.test.ts)

  it("issues no field shows are said above the form", () => {
    const failure = failureFromIssues([{ path: ["token"], message: "Token is required" }], ["password"] as const, {});
    expect(failure).toEqual({ ok: false, formError: "Token is required", fieldErrors: {}, values: {} });
  });

  it("nulField finds the first field holding NUL", () => {
    expect(nulField({ a: "x", b: 1, c: ["y", "z\0"] })).toBe("c");
    expect(nulField({ a: "x" })).toBeNull();
  });
});
