// The API tests' calls through the real app: a request as someone (bearer) or as nobody (a same-site
// request without a session), and the two ways to read its answer: the JSON of an expected status, or
// the message of a refusal.
import { expect } from "vitest";
import { bearer, sameOrigin, type TestAccount } from "./accounts.ts";
import type { TestApp } from "./test-app.ts";

/** `call(method, path, json?, who?)`: /backend{path} as `who` (`null`: signed out), `defaultWho` by default. */
export function apiCaller(t: () => TestApp, defaultWho: () => TestAccount | null) {
  return (method: string, path: string, json?: unknown, who: TestAccount | null = defaultWho()) =>
    t().request(`/backend${path}`, {
      method,
      headers: who ? bearer(who) : sameOrigin(t()),
      ...(json === undefined ? {} : { json }),
    });
}

/** The answer's JSON, after checking its status (the body is shown when the status is another). */
export async function ok<T = Record<string, string>>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** The message of a refusal `{ error: { message } }`, after checking its status. */
export async function refused(res: Response, status: number): Promise<string> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (JSON.parse(text) as { error: { message: string } }).error.message;
}

/**
 * Pays for a course in the sandbox as `who` through the API (the checkout, then its success), as the
 * learning tests' learners do; the payment's reference.
 */
export async function buyCourse(t: TestApp, who: TestAccount, courseId: string): Promise<string> {
  const res = await t.request("/backend/api/payments/course", {
    method: "POST",
    headers: bearer(who),
    json: { courseId, fullName: "Ada Obi", email: who.email, phone: "08030000000" },
  });
  const { reference, checkoutUrl } = await ok<{ reference: string; checkoutUrl: string }>(res, 201);
  expect((await t.request(`${checkoutUrl}/success`, { method: "POST" })).status).toBe(200);
  return reference;
}
