// Accounts for the browser tests, made the way a visitor makes one: the /register form (the real
// action, the optional profile image included), then the verification link read from the e-mail the
// server wrote to its outbox (DATA_DIR/outbox, the `dataDir` worker option) and opened.
//
//   const account = await createAccount(request, dataDir);                 // a fresh user
//   const admin = await createAccount(request, dataDir, { admin: true });  // an admin (shared, see below)
//   await signIn(page, account);             // through the /login form
//   await signInByApi(context, account);     // the session cookie straight into the browser context
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { readOutbox, type ParsedMail } from "../../support/mail-parser.ts";
import { E2E_ADMIN_EMAILS } from "./fixtures.ts";

export interface Account {
  username: string;
  email: string;
  password: string;
}

export interface ImageFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export interface CreateAccountOptions {
  /**
   * An admin: one of the server's ADMIN_EMAILS (they become admins at sign-up). There are only a few,
   * so admin accounts are shared: the first call makes the account, later ones (any worker, any test)
   * find the address taken and reuse it with the same known password. Do not change its password or
   * role in a test; make a fresh account for that.
   */
  admin?: boolean;
  /** which of E2E_ADMIN_EMAILS (default 0), for a test that needs two different admins */
  adminIndex?: number;
  /** a profile image uploaded with the sign-up form */
  image?: ImageFile;
  /** a username of your own (letters, digits, dots, underscores; 3 to 30) */
  username?: string;
}

/** The password of every shared admin account. */
export const E2E_ADMIN_PASSWORD = "admin-e2e-2025";

/**
 * A 1×1 PNG, the smallest real picture for profile image uploads (with right checksums: the server
 * decodes uploads in full and refuses a corrupt file).
 */
export const TINY_PNG: ImageFile = {
  name: "me.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mMwTjvzHwAEmgJlrKcUDwAAAABJRU5ErkJggg==",
    "base64",
  ),
};

let counter = 0;

/** A username no other test (or worker, or earlier run) uses: `u_<time>_<worker><n><random>`. */
export function uniqueUsername(prefix = "u"): string {
  counter++;
  const worker = test.info().parallelIndex;
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}_${Date.now().toString(36)}_${worker}${counter}${random}`.slice(0, 30);
}

/** Fresh sign-up details; nothing is registered. */
export function newAccountDetails(): Account {
  const username = uniqueUsername();
  return { username, email: `${username}@example.com`, password: `pw-${Math.random().toString(36).slice(2, 8)}-42` };
}

/** Headers of a request that comes from our own pages (the cross-site checks want an Origin). */
function ownOrigin(): Record<string, string> {
  const baseURL = test.info().project.use.baseURL;
  return baseURL ? { origin: new URL(baseURL).origin } : {};
}

function outboxDir(dataDir: string): string {
  if (!dataDir) throw new Error("the dataDir worker option is not set (playwright.config.ts use.dataDir)");
  return `${dataDir}/outbox`;
}

/**
 * Waits for an e-mail to `to` whose subject matches, beyond the first `skip` such e-mails (count them
 * before the action that sends one), and returns it. Mail goes out through a queue: it takes a moment.
 */
export async function waitForMail(
  dataDir: string,
  { to, subject, skip = 0, timeout = 15_000 }: { to: string; subject: RegExp; skip?: number; timeout?: number },
): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        const mails = mailsTo(dataDir, to, subject);
        found = mails.length > skip ? mails.at(-1) : undefined;
        return !!found;
      },
      { message: `an e-mail to ${to} with a subject like ${subject}`, timeout, intervals: [100, 200, 250, 500] },
    )
    .toBe(true);
  return found!;
}

/** The e-mails to `to` (subject matching) in the outbox so far, oldest first. */
export function mailsTo(dataDir: string, to: string, subject: RegExp = /./): ParsedMail[] {
  const address = to.toLowerCase();
  return readOutbox(outboxDir(dataDir)).filter((m) => m.to.toLowerCase().includes(address) && subject.test(m.subject));
}

/** The first link of an e-mail's text. */
export function linkIn(mail: ParsedMail): string {
  const match = /https?:\/\/[^\s<>"]+/.exec(mail.text);
  if (!match) throw new Error(`no link in the e-mail "${mail.subject}"`);
  return match[0];
}

export const VERIFY_SUBJECT = /verify your e-mail/i;
export const RESET_SUBJECT = /reset your .* password/i;

/** Registers through the /register form as a browser without JavaScript would post it. */
async function postRegister(request: APIRequestContext, account: Account, image?: ImageFile) {
  const res = await request.post("/register", {
    headers: ownOrigin(),
    multipart: {
      username: account.username,
      email: account.email,
      password: account.password,
      ...(image ? { image } : {}),
    },
  });
  expect(res.status(), "POST /register").toBe(200);
  return res.text();
}

/** Opens the verification link of the newest verification e-mail to `email` (as a click in the mail app would). */
export async function verifyEmail(request: APIRequestContext, dataDir: string, email: string) {
  const link = linkIn(await waitForMail(dataDir, { to: email, subject: VERIFY_SUBJECT }));
  const res = await request.get(link, { maxRedirects: 0 });
  expect(res.status(), `GET ${link}`).toBe(302);
  // Better Auth sends it on to /login?verified=1, with &error=… when it refused the link.
  expect(res.headers().location).toMatch(/\/login\?verified=1$/);
}

/**
 * A verified account, ready to sign in: registered through the /register form, its verification link
 * read from the outbox and opened. Every call makes a new user, except `admin: true` (see above).
 */
export async function createAccount(
  request: APIRequestContext,
  dataDir: string,
  options: CreateAccountOptions = {},
): Promise<Account> {
  if (options.admin) return sharedAdmin(request, dataDir, options);
  const account = newAccountDetails();
  if (options.username) account.username = options.username;
  const html = await postRegister(request, account, options.image);
  expect(html, `sign-up of ${account.username}`).toContain("Check your e-mail");
  await verifyEmail(request, dataDir, account.email);
  return account;
}

/** The shared admins this worker process has already made sure of (once is enough: nobody changes them). */
const adminsReady = new Set<string>();

async function sharedAdmin(request: APIRequestContext, dataDir: string, options: CreateAccountOptions) {
  const email = E2E_ADMIN_EMAILS[options.adminIndex ?? 0];
  if (!email) throw new Error(`there are only ${E2E_ADMIN_EMAILS.length} admin addresses`);
  const account: Account = {
    username: email.split("@")[0]!.replace(/[^a-z0-9_.]/gi, "_"),
    email,
    password: E2E_ADMIN_PASSWORD,
  };
  // Whoever registers the address first makes the account (the other attempts are refused as taken,
  // or lose the race at the database); its one verification e-mail is then in the outbox, and opening
  // it again is harmless. So every caller, in any worker, ends with the same verified admin.
  if (adminsReady.has(email) && !options.image) return account;
  await postRegister(request, account, options.image);
  await verifyEmail(request, dataDir, email);
  adminsReady.add(email);
  return account;
}

/**
 * Signs in through the /login form (by e-mail unless `by: "username"`), then waits to be sent on.
 * It opens /login (with `redirectTo` when given), or with `from: "current"` uses the sign-in page the
 * browser is on already (where a guarded page sent it, its ?redirectTo= included).
 */
export async function signIn(
  page: Page,
  account: Account,
  {
    by = "email",
    redirectTo,
    from = "login",
  }: { by?: "email" | "username"; redirectTo?: string; from?: "login" | "current" } = {},
) {
  if (from === "login") await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  else await expect(page).toHaveURL(/\/login(\?|$)/);
  const form = page.getByRole("main");
  await form.getByLabel("E-mail or username").fill(by === "email" ? account.email : account.username);
  await form.getByLabel("Password", { exact: true }).fill(account.password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/**
 * Signs in through the API (no page load): the session cookie lands in the browser context given (or
 * in the API request context). Returns the bearer token, for API calls that want one.
 */
export async function signInByApi(target: APIRequestContext | BrowserContext, account: Account) {
  const request = "newPage" in target ? target.request : target;
  const res = await request.post("/backend/api/auth/sign-in/email", {
    headers: ownOrigin(),
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), `API sign-in of ${account.email}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { token: string };
  return { token: body.token };
}

/** Headers for an admin's API writes: the account's bearer token and the site's own origin (CSRF check). */
export async function bearerHeaders(request: APIRequestContext, account: Account, baseURL: string | undefined) {
  const { token } = await signInByApi(request, account);
  return { Authorization: `Bearer ${token}`, origin: new URL(baseURL!).origin };
}

/**
 * Makes the session forget its password proof (DELETE /backend/api/session/verify), as if the step-up
 * window had passed: the next dangerous admin action asks for the password. No waiting on a clock.
 */
export async function forgetPasswordProof(target: APIRequestContext | BrowserContext) {
  const request = "newPage" in target ? target.request : target;
  const res = await request.delete("/backend/api/session/verify", { headers: ownOrigin() });
  expect(res.status(), `forgetting the password proof: ${await res.text()}`).toBe(200);
}
