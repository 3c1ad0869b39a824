// Who may try a password, and how often (docs/decisions/012, 024). Wrong passwords are counted where
// they come from, never on the account as a whole, so that nobody can keep an owner out by failing
// from addresses of their own:
// - from a known device (a valid device cookie of this account, device-cookie.ts): on that device
//   alone. Its own wrong passwords pause it like an address, but its right password gets in even then.
//   A device paused with DEVICE_TRUST_MAX_FAILURES failures no longer counts as known until its pause
//   ends, so a stolen cookie gives few guesses: meanwhile it signs in like any unknown client;
// - from anyone else (a new browser, a bearer client without cookies): on (account, client address),
//   an IPv6 client by its /64, and within the per-address limit over all accounts
//   (SIGN_IN_RATE_LIMIT a minute).
import { eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { AUTH_MESSAGES } from "../../../contract/account/auth.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { addressGroup, signInKeys, type Attempts } from "./attempts.ts";
import type { DeviceCookie, DeviceCookies } from "./device-cookie.ts";

/** Failures after which a paused known device stops counting as known until its pause ends (see above). */
export const DEVICE_TRUST_MAX_FAILURES = 10;

/** The window of the per-address limit (SIGN_IN_RATE_LIMIT attempts in it). */
const RATE_WINDOW_MS = 60_000;

/** What a sign-in attempt was counted on, for `finish`. */
export interface SignInTicket {
  /** the counter this attempt was counted on (forgiven when the password is right), or null */
  key: string | null;
}

/** The parts of the request the guard reads. */
export interface SignInRequest {
  /** /sign-in/email or /sign-in/username */
  path: string;
  body: unknown;
  /** the client address the server put in its trusted header (never the client's own claim) */
  clientIp: string | null | undefined;
  cookie: string | null | undefined;
  /** checks the password of an account without signing in (only for a paused known device) */
  verifyPassword: (userId: string, password: string) => Promise<boolean>;
}

function paused(retryAfterSeconds: number): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: "SIGN_IN_PAUSED", message: AUTH_MESSAGES.signInPaused },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/** The same answer Better Auth's own rate limiter gives (its clients read X-Retry-After). */
function tooMany(): APIError {
  const seconds = String(RATE_WINDOW_MS / 1000);
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." },
    { "Retry-After": seconds, "X-Retry-After": seconds },
  );
}

export function createSignInGuard({
  db,
  attempts,
  devices,
  perMinute,
}: {
  db: Db;
  attempts: Attempts;
  devices: DeviceCookies;
  /** SIGN_IN_RATE_LIMIT */
  perMinute: number;
}) {
  /**
   * Which account a sign-in names: `user:<id>` when there is one, else `name:<as typed>`, so that an
   * unknown name slows down exactly like a known one (the pause reveals nothing). Null when the name is
   * no text at all (Better Auth refuses it without checking any password).
   */
  async function targetOf(path: string, body: unknown): Promise<{ target: string; userId: string | null } | null> {
    const field = path === "/sign-in/email" ? "email" : "username";
    const given = (body as Record<string, unknown> | undefined)?.[field];
    // (PostgreSQL refuses a NUL in text; Better Auth then refuses the name itself)
    if (typeof given !== "string" || !given || given.includes("\0")) return null;
    const name = given.trim().toLowerCase();
    // Both are stored in lower case (Better Auth and the username plugin normalise them): the unique indexes serve.
    const column = field === "email" ? user.email : user.username;
    const [row] = await db.select({ id: user.id }).from(user).where(eq(column, name)).limit(1);
    return row ? { target: `user:${row.id}`, userId: row.id } : { target: `name:${name.slice(0, 300)}`, userId: null };
  }

  return {
    /**
     * Before the password is checked: counts the attempt (a parallel burst gets the free checks, not
     * more) or refuses it with 429. Throws Better Auth's APIError.
     */
    async begin(request: SignInRequest): Promise<SignInTicket> {
      const named = await targetOf(request.path, request.body);
      const known = named?.userId ? devices.read(request.cookie, named.userId) : null;
      if (named?.userId && known) {
        const key = signInKeys.device(named.userId, known.nonce);
        const turn = await attempts.beginSignIn(key);
        if (turn.allowed) return { key };
        // Paused, but this device has signed in to the account before: its right password still gets
        // in; a wrong one is answered 429 and lengthens its pause.
        const check = await attempts.countPausedCheck(key, DEVICE_TRUST_MAX_FAILURES);
        if (check.counted) {
          const password = (request.body as Record<string, unknown>).password;
          if (typeof password === "string" && (await request.verifyPassword(named.userId, password))) return { key };
          throw paused(check.retryAfterSeconds);
        }
        // Too many failures on this cookie: until its pause ends it signs in as an unknown client would.
      }
      const address = addressGroup(request.clientIp);
      if (!(await attempts.consume(signInKeys.rate(address), perMinute, RATE_WINDOW_MS))) throw tooMany();
      if (!named) return { key: null };
      const key = signInKeys.address(named.target, address);
      const turn = await attempts.beginSignIn(key);
      if (!turn.allowed) throw paused(turn.retryAfterSeconds);
      return { key };
    },

    /**
     * After the check: a right password forgives the failures counted where this attempt was counted;
     * a signed-in device gets a fresh device cookie (returned, for the caller to set).
     */
    async finish(
      ticket: SignInTicket | undefined,
      outcome: { rightPassword: boolean; signedInUserId: string | null },
    ): Promise<DeviceCookie | null> {
      if (outcome.rightPassword && ticket?.key) await attempts.forgive(ticket.key);
      return outcome.signedInUserId ? devices.issue(outcome.signedInUserId) : null;
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
