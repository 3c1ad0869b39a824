// The account forms' server side (/login, /register, /forgot-password, /reset-password, sign-out).
// Each call goes through Better Auth's HTTP handler, not its direct API, so that the forms get the
// same rate limits, origin checks and cookies as API clients; failures come back as one clear
// sentence for the form (issue: "Clear messages for every failure").
import { eq, sql } from "drizzle-orm";
import { AUTH_MESSAGES, PasswordSchema, RegisterSchema, SignInSchema } from "../../../contract/account/auth.ts";
import { describeIssues, EmailSchema } from "../../../contract/lib/common.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import type { MediaStore } from "../../integrations/media/store.ts";
import { DomainError } from "../../lib/errors.ts";
import { removeAvatar, saveAvatar } from "./avatar.ts";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from "./auth.ts";

/** Where a form request came from: its headers (cookie, origin) and the client's address. */
export interface Caller {
  headers: Headers;
  clientIp: string;
}

export type Field = "identifier" | "username" | "email" | "password" | "image" | "token";

export type Outcome<T = undefined> =
  { ok: true; headers: Headers; value: T } | { ok: false; status: number; message: string; field?: Field };

/** Where a verification link leads once opened. */
export const VERIFIED_URL = "/login?verified=1";

const FORWARDED = ["cookie", "origin", "referer", "user-agent", "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest"];

export function createAuthFlows({
  auth,
  db,
  env,
  mediaStore,
}: {
  auth: Auth;
  db: Db;
  env: Env;
  /** where the sign-up's profile image is kept */
  mediaStore: MediaStore;
}) {
  async function call(caller: Caller, path: string, body?: unknown, method = "POST"): Promise<Response> {
    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = caller.headers.get(name);
      if (value) headers.set(name, value);
    }
    headers.set(CLIENT_IP_HEADER, caller.clientIp);
    if (body !== undefined) headers.set("content-type", "application/json");
    const request = new Request(`${env.PUBLIC_URL}${AUTH_BASE_PATH}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return auth.handler(request);
  }

  /** Set-Cookie (and the bearer token header) of an auth response, to pass on to the browser. */
  function passOn(res: Response): Headers {
    const out = new Headers();
    for (const cookie of res.headers.getSetCookie()) out.append("set-cookie", cookie);
    return out;
  }

  /** The form field an account rule's refusal (auth-rules.ts `refuse`) belongs to. */
  const FORM_FIELD: Record<string, Field> = {
    username: "username",
    name: "username",
    email: "email",
    password: "password",
    newPassword: "password",
    image: "image",
  };

  async function failure(res: Response, messages: Record<string, [string, Field?]>): Promise<Outcome<never>> {
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string; field?: string };
    const code = body.code ?? "";
    if (res.status === 429) {
      const message = code === "SIGN_IN_PAUSED" ? AUTH_MESSAGES.signInPaused : AUTH_MESSAGES.tooMany;
      return { ok: false, status: 429, message };
    }
    if (code in messages) {
      const [message, field] = messages[code]!;
      return { ok: false, status: res.status, message, field };
    }
    // An account rule (contract/account/auth.ts) refused a field: its own sentence, at its field.
    if (code === "VALIDATION_FAILED" && body.message) {
      return { ok: false, status: 422, message: body.message, field: FORM_FIELD[body.field ?? ""] };
    }
    if (/ORIGIN|CSRF|CROSS_SITE/.test(code)) return { ok: false, status: 403, message: AUTH_MESSAGES.crossSite };
    if (res.status >= 500) return { ok: false, status: 500, message: AUTH_MESSAGES.failed };
    return { ok: false, status: res.status, message: body.message || AUTH_MESSAGES.failed };
  }

  async function taken(column: "email" | "username", value: string): Promise<boolean> {
    const col = column === "email" ? user.email : user.username;
    const [row] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${col})`, value.toLowerCase()))
      .limit(1);
    return !!row;
  }

  return {
    /** Sign in with an e-mail address or a username. */
    async signIn(caller: Caller, input: unknown): Promise<Outcome> {
      const parsed = SignInSchema.safeParse(input);
      if (!parsed.success) return { ok: false, status: 422, message: describeIssues(parsed.error.issues) };
      const { identifier, password } = parsed.data;
      const byEmail = identifier.includes("@");
      // callbackURL: where the fresh verification link of an unverified account leads
      const common = { password, rememberMe: true, callbackURL: VERIFIED_URL };
      const res = byEmail
        ? await call(caller, "/sign-in/email", { email: identifier.toLowerCase(), ...common })
        : await call(caller, "/sign-in/username", { username: identifier.toLowerCase(), ...common });
      if (res.ok) return { ok: true, headers: passOn(res), value: undefined };
      return failure(res, {
        INVALID_EMAIL_OR_PASSWORD: [AUTH_MESSAGES.wrongCredentials, "password"],
        INVALID_USERNAME_OR_PASSWORD: [AUTH_MESSAGES.wrongCredentials, "password"],
        INVALID_EMAIL: [AUTH_MESSAGES.wrongCredentials, "identifier"],
        INVALID_USERNAME: [AUTH_MESSAGES.wrongCredentials, "identifier"],
        // a name no account can have ("ab", 31 letters): the same answer as an unknown one
        USERNAME_TOO_SHORT: [AUTH_MESSAGES.wrongCredentials, "identifier"],
        USERNAME_TOO_LONG: [AUTH_MESSAGES.wrongCredentials, "identifier"],
        EMAIL_NOT_VERIFIED: [AUTH_MESSAGES.notVerified, "identifier"],
      });
    },

    /**
     * Create an account; Better Auth sends the verification e-mail. `image` is the uploaded file of
     * the sign-up form: it is checked and stored only once the rest is valid, and removed again when
     * the sign-up then fails, so a failed sign-up leaves neither account nor file.
     */
    async signUp(caller: Caller, input: unknown, image?: Blob): Promise<Outcome> {
      const parsed = RegisterSchema.safeParse(input);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path[0];
        return {
          ok: false,
          status: 422,
          message: describeIssues(parsed.error.issues),
          field: typeof field === "string" ? (field as Field) : undefined,
        };
      }
      const { username, email, password } = parsed.data;
      const details = { name: username, username, email, password, callbackURL: VERIFIED_URL };
      // The API answers a taken e-mail like a new one (docs/decisions/012); this page says so plainly
      // (the account-forms issue asked for it). It still goes through Better Auth's sign-up first, so
      // that asking costs the same per-address allowance as the API (no unlimited address checker)
      // and the owner hears about the attempt.
      if (await taken("email", email)) {
        const res = await call(caller, "/sign-up/email", details);
        if (res.status === 429 || res.status >= 500) return failure(res, {});
        return { ok: false, status: 409, message: AUTH_MESSAGES.emailTaken, field: "email" };
      }
      // (usernames are public: the author name on posts and comments)
      if (await taken("username", username)) {
        return { ok: false, status: 409, message: AUTH_MESSAGES.usernameTaken, field: "username" };
      }
      let stored: string | undefined;
      if (image && image.size > 0) {
        try {
          stored = await saveAvatar(mediaStore, image);
        } catch (error) {
          if (error instanceof DomainError) return { ok: false, status: 422, message: error.message, field: "image" };
          throw error;
        }
      }
      const res = await call(caller, "/sign-up/email", { ...details, ...(stored ? { image: stored } : {}) }).catch(
        async (error: unknown) => {
          if (stored) await removeAvatar(mediaStore, stored);
          throw error;
        },
      );
      if (res.ok) return { ok: true, headers: passOn(res), value: undefined };
      if (stored) await removeAvatar(mediaStore, stored);
      // (the rules themselves were checked above with the same schema; here only what the database knows)
      return failure(res, {
        USERNAME_IS_ALREADY_TAKEN: [AUTH_MESSAGES.usernameTaken, "username"],
        USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: [AUTH_MESSAGES.usernameTaken, "username"],
      });
    },

    async signOut(caller: Caller): Promise<Outcome> {
      const res = await call(caller, "/sign-out", {});
      // Signed out already, or the session is gone: clear the cookie all the same.
      return { ok: true, headers: passOn(res), value: undefined };
    },

    /** Always the same answer, whether or not the address has an account. */
    async requestPasswordReset(caller: Caller, input: { email?: unknown }): Promise<Outcome<string>> {
      const parsed = EmailSchema.safeParse(input.email);
      if (!parsed.success) {
        return { ok: false, status: 422, message: describeIssues(parsed.error.issues), field: "email" };
      }
      const res = await call(caller, "/request-password-reset", { email: parsed.data, redirectTo: "/reset-password" });
      if (res.status === 429) return { ok: false, status: 429, message: AUTH_MESSAGES.tooMany };
      if (res.status >= 500) return { ok: false, status: 500, message: AUTH_MESSAGES.failed };
      return { ok: true, headers: new Headers(), value: AUTH_MESSAGES.resetSent };
    },

    /**
     * A new verification link for the signed-in user's own address (/account, decision 018), through
     * Better Auth's route: its rate limit and the per-address e-mail cap apply.
     */
    async sendVerificationEmail(caller: Caller, email: string): Promise<Outcome<string>> {
      const res = await call(caller, "/send-verification-email", { email, callbackURL: VERIFIED_URL });
      if (res.ok) return { ok: true, headers: new Headers(), value: AUTH_MESSAGES.verificationSent };
      return failure(res, { EMAIL_ALREADY_VERIFIED: [AUTH_MESSAGES.alreadyVerified] });
    },

    /** Whether a reset link's token still works (unknown, used and expired ones do not), without using it. */
    async checkResetToken(caller: Caller, token: string): Promise<boolean> {
      if (!token || token.length > 200) return false;
      const res = await call(
        caller,
        `/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent("/reset-password")}`,
        undefined,
        "GET",
      );
      const location = res.headers.get("location");
      if (!location) return false;
      return !new URL(location, env.PUBLIC_URL).searchParams.has("error");
    },

    async resetPassword(caller: Caller, input: { token?: unknown; password?: unknown }): Promise<Outcome> {
      const token = typeof input.token === "string" ? input.token : "";
      if (!token) return { ok: false, status: 422, message: AUTH_MESSAGES.badResetLink, field: "token" };
      const parsed = PasswordSchema.safeParse(input.password);
      if (!parsed.success) {
        return { ok: false, status: 422, message: describeIssues(parsed.error.issues), field: "password" };
      }
      const res = await call(caller, "/reset-password", { token, newPassword: parsed.data });
      if (res.ok) return { ok: true, headers: new Headers(), value: undefined };
      return failure(res, {
        INVALID_TOKEN: [AUTH_MESSAGES.badResetLink, "token"],
        TOKEN_EXPIRED: [AUTH_MESSAGES.badResetLink, "token"],
      });
    },
  };
}

export type AuthFlows = ReturnType<typeof createAuthFlows>;
