// Accounts for API tests, made through the real endpoints: sign up, follow the verification link
// from the e-mail the app queued, sign in. Returns what a client then holds: a bearer token and the
// session cookie.
import { and, desc, eq } from "drizzle-orm";
import { mailMessages, user } from "../../server/db/schema.ts";
import type { TestApp } from "./test-app.ts";

export interface TestAccount {
  id: string;
  username: string;
  email: string;
  password: string;
  /** for `Authorization: Bearer …` */
  token: string;
  /** the `Cookie` header value of the session */
  cookie: string;
}

let counter = 0;

export function uniqueName(prefix = "user"): string {
  counter++;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

/** Headers of a request from our own pages. */
export function sameOrigin(t: TestApp, extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: new URL(t.env.PUBLIC_URL).origin, ...extra };
}

/** The first link in the newest e-mail to `to` whose subject matches. */
export async function linkFromMail(t: TestApp, to: string, subject: RegExp): Promise<string> {
  const rows = await t.db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.to, to))
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id));
  const mail = rows.find((m) => subject.test(m.subject));
  if (!mail) throw new Error(`no e-mail to ${to} matching ${subject}; got: ${rows.map((r) => r.subject).join(", ")}`);
  const match = /https?:\/\/\S+/.exec(mail.text ?? "");
  if (!match) throw new Error(`no link in the e-mail "${mail.subject}"`);
  return match[0];
}

export async function signUp(
  t: TestApp,
  input: { username?: string; email?: string; password?: string } = {},
): Promise<{ username: string; email: string; password: string; response: Response }> {
  const username = input.username ?? uniqueName();
  const email = input.email ?? `${username}@example.com`;
  const password = input.password ?? "correct horse 42";
  const response = await t.request("/backend/api/auth/sign-up/email", {
    method: "POST",
    headers: sameOrigin(t),
    json: { name: username, username, email, password, callbackURL: "/login?verified=1" },
  });
  return { username, email, password, response };
}

/** Opens the verification link the app e-mailed (as a browser would). */
export async function verifyEmail(t: TestApp, email: string): Promise<Response> {
  const link = new URL(await linkFromMail(t, email, /verify/i));
  return t.request(link.pathname + link.search);
}

export async function signIn(t: TestApp, email: string, password: string): Promise<Response> {
  return t.request("/backend/api/auth/sign-in/email", {
    method: "POST",
    headers: sameOrigin(t),
    json: { email, password, callbackURL: "/login?verified=1" },
  });
}

export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/** A verified, signed-in account; `admin` gives it the role directly in the database. */
export async function createAccount(
  t: TestApp,
  options: { admin?: boolean; username?: string; email?: string; password?: string } = {},
): Promise<TestAccount> {
  const { username, email, password, response } = await signUp(t, options);
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const verified = await verifyEmail(t, email);
  if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`);
  if (options.admin) await t.db.update(user).set({ role: "admin" }).where(eq(user.email, email));
  const signedIn = await signIn(t, email, password);
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  const token = signedIn.headers.get("set-auth-token");
  if (!token) throw new Error("sign-in gave no set-auth-token header");
  const [row] = await t.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email)));
  return { id: row!.id, username, email, password, token, cookie: cookieOf(signedIn) };
}

export const bearer = (account: TestAccount) => ({ Authorization: `Bearer ${account.token}` });
