// The account rules on Better Auth's own routes (/backend/api/auth/*), whoever calls them: our forms
// (auth-flows.ts) or any API client. Better Auth checks little by itself (any `name`, any `image` URL,
// an 8-character password of spaces), so every body that sets a username, a password or an image is
// checked here against the contract's rules (contract/account/auth.ts), and only the routes the site uses
// are open at all (docs/decisions/012).
import { z } from "zod";
import {
  ACCOUNT_FIELD_MESSAGES,
  AVATAR_MESSAGES,
  PasswordSchema,
  RoleSchema,
  UsernameSchema,
} from "../../../contract/account/auth.ts";
import { describeIssues } from "../../../contract/lib/common.ts";
import { APIError } from "better-auth/api";
import type { MediaStore } from "../../integrations/media/store.ts";
import { isStoredAvatar } from "./avatar.ts";

/**
 * The Better Auth routes anyone may call (paths after /backend/api/auth). Everything else, above all
 * the admin plugin's /admin/* (set-role, set-user-password, impersonate-user, remove-user, ban-user…)
 * and delete-user, change-email, the social-account routes and update-session, answers 404 like any
 * unknown /backend path: roles change only through PUT /backend/api/admin/users/{id}/role (step-up,
 * the last-admin rule, only user and admin), and accounts are not deleted through the API.
 */
const OPEN_ROUTES: Record<string, ReadonlySet<string>> = {
  GET: new Set(["/get-session", "/verify-email", "/list-sessions", "/ok", "/error"]),
  POST: new Set([
    "/sign-up/email",
    "/sign-in/email",
    "/sign-in/username",
    "/sign-out",
    "/send-verification-email",
    "/request-password-reset",
    "/reset-password",
    "/change-password",
    "/update-user",
    "/revoke-session",
    "/revoke-sessions",
    "/revoke-other-sessions",
  ]),
};
/** the reset link's landing route: /reset-password/<token> */
const RESET_LINK = /^\/reset-password\/[A-Za-z0-9_-]{1,200}$/;

/** Whether `path` (after the auth base path, as the client sent it) is one of OPEN_ROUTES. */
export function isOpenAuthRoute(method: string, path: string): boolean {
  if (OPEN_ROUTES[method]?.has(path)) return true;
  return method === "GET" && RESET_LINK.test(path);
}

export type AccountField = "username" | "name" | "email" | "password" | "newPassword" | "image" | "role" | "body";

/** A 422 in Better Auth's answer shape ({ code, message }), naming the field for the forms. */
export function refuse(field: AccountField, message: string): APIError {
  return new APIError("UNPROCESSABLE_ENTITY", { code: "VALIDATION_FAILED", message, field });
}

function check<T>(schema: z.ZodType<T>, value: unknown, field: AccountField): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw refuse(field, describeIssues(parsed.error.issues));
  return parsed.data;
}

/** The fields each body-checked route accepts; anything else (role, emailVerified, banned…) is refused. */
const ACCEPTED = {
  "/sign-up/email": ["username", "name", "email", "password", "image", "callbackURL", "rememberMe"],
  "/update-user": ["username", "name", "image"],
} as const;

function onlyAccepted(body: Record<string, unknown>, accepted: readonly string[]) {
  for (const key of Object.keys(body)) {
    if (!accepted.includes(key)) throw refuse("body", ACCOUNT_FIELD_MESSAGES.notAllowed(key, accepted));
  }
}

function asBody(body: unknown): Record<string, unknown> | null {
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/**
 * `name` is not a second name: it always equals the username (the name shown as author, in
 * lower case). A body may leave it out or send the same value; another value is refused.
 */
function nameFollows(body: Record<string, unknown>, username: string) {
  if (body.name !== undefined) {
    const name = typeof body.name === "string" ? body.name.trim().toLowerCase() : null;
    if (name !== username) throw refuse("name", ACCOUNT_FIELD_MESSAGES.nameIsUsername);
  }
  body.username = username;
  body.name = username;
}

export function createAccountRules({ store }: { store: MediaStore }) {
  /** null, or a picture this site stored (server/features/auth/avatar.ts), still in the media store. */
  async function checkImage(image: unknown): Promise<void> {
    if (image === null || image === undefined) return;
    if (typeof image !== "string" || !(await isStoredAvatar(store, image))) {
      throw refuse("image", AVATAR_MESSAGES.notOurs);
    }
  }

  return {
    checkImage,

    /**
     * Checks (and normalises in place) the body of a route that sets account fields. Runs before
     * Better Auth's own checks and the username plugin's (which then finds a taken username).
     */
    async checkBody(path: string, rawBody: unknown): Promise<void> {
      if (path === "/sign-up/email") {
        const body = asBody(rawBody);
        if (!body) return; // Better Auth answers a missing body itself
        onlyAccepted(body, ACCEPTED[path]);
        // An account without a username would have no author name (and a null where the web expects one).
        nameFollows(body, check(UsernameSchema, body.username, "username"));
        check(PasswordSchema, body.password, "password");
        await checkImage(body.image);
      } else if (path === "/update-user") {
        const body = asBody(rawBody);
        if (!body) return;
        onlyAccepted(body, ACCEPTED[path]);
        // `name` alone is read as the username it must equal.
        const wanted = body.username !== undefined ? body.username : body.name;
        if (wanted !== undefined) nameFollows(body, check(UsernameSchema, wanted, "username"));
        if ("image" in body) await checkImage(body.image);
      } else if (path === "/change-password" || path === "/reset-password") {
        const body = asBody(rawBody);
        if (!body) return;
        check(PasswordSchema, body.newPassword, "newPassword");
      }
    },

    /**
     * The same invariants on the user row itself, whatever code path writes it (a backstop to
     * checkBody): a valid username with `name` equal to it, a stored image, a known role.
     */
    async userRow<T extends Record<string, unknown>>(data: T, creating: boolean): Promise<T> {
      const out: Record<string, unknown> = { ...data };
      if (creating || out.username !== undefined) {
        const username = check(UsernameSchema, out.username, "username");
        out.username = username;
        out.name = username;
      } else if (out.name !== undefined) {
        throw refuse("name", ACCOUNT_FIELD_MESSAGES.nameIsUsername);
      }
      if (out.image !== undefined) await checkImage(out.image);
      if (out.role !== undefined) check(RoleSchema, out.role, "role");
      return out as T;
    },
  };
}

export type AccountRules = ReturnType<typeof createAccountRules>;
