// How often one client may call what costs something or could be abused (issue 15, decision 025):
// coupon checks (guessing codes), payment starts (rows and provider calls), verifications (provider
// calls), and writing: comments, posts, upload tokens and uploads; and the two public forms that reach
// people or staff (issue 29): newsletter sign-ups (each e-mails a confirmation to the address typed) and
// contact requests; and the check of a certificate's credential file, costly work anyone may ask for.
//
// Each call counts twice: once for the client, at the limit, and once for its whole address, at
// ADDRESS_RATE_LIMIT_FACTOR times the limit. The client is the signed-in user, else the browser's
// device id (server/http/device.ts), else the address; the address is an IPv4 address or an IPv6 /64
// (client-ip.ts). So hundreds of buyers behind one carrier NAT address are each held to their own limit,
// one client hammering is stopped at its limit, and a client that sends a new device id each time (or
// many accounts behind one address) still meets the address's cap.
//
// Counted in the database (table auth_attempt, rows `rate|…`, beside the sign-in counters of
// server/features/auth/attempts.ts), so every app process shares the counts.
import { and, gt, inArray, like, lt, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler, Next } from "hono";
import type { Db } from "../db/client.ts";
import { createAttempts } from "../features/auth/attempts.ts";
import { authAttempt } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { TooManyRequests } from "../lib/errors.ts";
import { clientIp } from "./client-ip.ts";
import { deviceId, issueDeviceId } from "./device.ts";
import type { AppEnv } from "./middleware.ts";

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a minute and try again.";

export type LimitName =
  "coupon" | "pay" | "verify" | "comment" | "post" | "edit" | "upload" | "newsletter" | "contact" | "credential";

export interface LimitRule {
  /** calls one client may make in a window */
  max: number;
  windowMs: number;
  /** what the client is told, given the wait */
  message: (wait: string) => string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Edits of posts allowed for each new post POST_RATE_LIMIT allows (decision 056). */
export const EDITS_PER_POST = 4;

/** "42 seconds", "1 minute", "7 minutes": how long to wait, as the messages say it. */
export function waitPhrase(seconds: number): string {
  if (seconds <= 90) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

export const RATE_LIMIT_MESSAGES = {
  comment: (wait: string) => `You are commenting too fast. Please wait ${wait} and try again.`,
  post: (wait: string) => `You have published too many posts in a short time. Please wait ${wait} and try again.`,
  edit: (wait: string) => `You have edited posts too many times in a short time. Please wait ${wait} and try again.`,
  upload: (wait: string) => `Too many uploads in a short time. Please wait ${wait} and try again.`,
  newsletter: (wait: string) =>
    `Too many newsletter sign-ups from this device in a short time. Please wait ${wait} and try again.`,
  contact: (wait: string) => `You have sent too many messages in a short time. Please wait ${wait} and try again.`,
  credential: (wait: string) => `Too many credential checks in a short time. Please wait ${wait} and try again.`,
  network: (wait: string) => `Too many requests from your network. Please wait ${wait} and try again.`,
};

type LimitSettings = Pick<
  Env,
  | "PAYMENT_RATE_LIMIT"
  | "COMMENT_RATE_LIMIT"
  | "POST_RATE_LIMIT"
  | "UPLOAD_RATE_LIMIT"
  | "NEWSLETTER_RATE_LIMIT"
  | "CONTACT_RATE_LIMIT"
  | "CREDENTIAL_CHECK_RATE_LIMIT"
  | "ADDRESS_RATE_LIMIT_FACTOR"
>;

/** The limits from the settings (docs/operations.md "Configuration"). */
export function limitRules(env: LimitSettings): Record<LimitName, LimitRule> {
  const payment = (times: number): LimitRule => ({
    max: env.PAYMENT_RATE_LIMIT * times,
    windowMs: MINUTE,
    message: () => RATE_LIMIT_MESSAGE,
  });
  return {
    coupon: payment(1),
    pay: payment(1),
    // a transfer's dialog polls every 1.5 s
    verify: payment(6),
    comment: { max: env.COMMENT_RATE_LIMIT, windowMs: MINUTE, message: RATE_LIMIT_MESSAGES.comment },
    post: { max: env.POST_RATE_LIMIT, windowMs: 10 * MINUTE, message: RATE_LIMIT_MESSAGES.post },
    // editing (issue 29; decision 056): fixing typos one after another is normal, so four times as many
    edit: { max: env.POST_RATE_LIMIT * EDITS_PER_POST, windowMs: 10 * MINUTE, message: RATE_LIMIT_MESSAGES.edit },
    // each upload needs a token of its own: tokens and uploads are counted alike
    upload: { max: env.UPLOAD_RATE_LIMIT, windowMs: 10 * MINUTE, message: RATE_LIMIT_MESSAGES.upload },
    // each sign-up e-mails whatever address was typed: per client and hour (issue 29)
    newsletter: { max: env.NEWSLETTER_RATE_LIMIT, windowMs: HOUR, message: RATE_LIMIT_MESSAGES.newsletter },
    // the API and the /contact page's form count together (app/features/blog/write-limits.server.ts)
    contact: { max: env.CONTACT_RATE_LIMIT, windowMs: HOUR, message: RATE_LIMIT_MESSAGES.contact },
    // an employer checks a file or two; a loop of checks is work for nobody
    credential: { max: env.CREDENTIAL_CHECK_RATE_LIMIT, windowMs: MINUTE, message: RATE_LIMIT_MESSAGES.credential },
  };
}

/** Who is calling: a signed-in user, else a device id, else only the address. */
export interface Caller {
  userId?: string | null;
  deviceId?: string | null;
  /** clientIp(): an IPv4 address or an IPv6 /64 */
  address: string;
}

export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number; message: string };

/** The client's bucket: the user, else the device, else the address. */
export function clientKey(caller: Caller): string {
  if (caller.userId) return `user:${caller.userId}`;
  if (caller.deviceId) return `device:${caller.deviceId}`;
  return `address:${caller.address}`;
}

/**
 * Rows last used this long ago are deleted: their windows have ended (the longest window is an hour, and
 * a window starts with a row's first use, never after its last).
 */
const KEEP_MS = 60 * MINUTE;
/** How often one process deletes them. */
const SWEEP_EVERY_MS = 10 * MINUTE;

export function createRateLimiter(
  db: Db,
  options: { rules: Record<LimitName, LimitRule>; addressFactor: number; clock?: () => number },
) {
  const clock = options.clock ?? Date.now;
  let sweptAt = 0;

  const attempts = createAttempts(db, clock);
  const count = (key: string, windowMs: number, now: number) => attempts.countInWindow(key, windowMs, now);

  /** Forgets the windows that ended long ago (device ids come and go: their rows must not pile up). */
  async function sweep(now: number) {
    if (now - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now;
    await db.delete(authAttempt).where(and(like(authAttempt.key, "rate|%"), lt(authAttempt.lastAt, now - KEEP_MS)));
  }

  return {
    rules: options.rules,

    /**
     * Counts one call of `name` by `caller`: refused once the client went over its limit in the window,
     * or the address over its cap. A refused client does not count against its address, so one client
     * hammering never uses up the cap of everyone behind the same address.
     */
    async hit(name: LimitName, caller: Caller): Promise<Verdict> {
      const rule = options.rules[name];
      const now = clock();
      await sweep(now);
      const refusal = (firstAt: number, message: (wait: string) => string): Verdict => {
        const retryAfterSeconds = Math.max(1, Math.ceil((firstAt + rule.windowMs - now) / 1000));
        return { ok: false, retryAfterSeconds, message: message(waitPhrase(retryAfterSeconds)) };
      };
      const mine = await count(`rate|${name}|${clientKey(caller)}`, rule.windowMs, now);
      if (mine.count > rule.max) return refusal(mine.firstAt, rule.message);
      const all = await count(`rate|${name}|net:${caller.address}`, rule.windowMs, now);
      if (all.count > rule.max * options.addressFactor) return refusal(all.firstAt, RATE_LIMIT_MESSAGES.network);
      return { ok: true };
    },

    /**
     * Takes back one call of `name` that `hit` counted for `caller` (a refused post: issue 29, "refused
     * (422) posts count towards the post limit"), for the client and for its address, while their
     * window is open (an ended one starts again at the next call anyway).
     */
    async giveBack(name: LimitName, caller: Caller): Promise<void> {
      const keys = [`rate|${name}|${clientKey(caller)}`, `rate|${name}|net:${caller.address}`];
      const windowStart = clock() - options.rules[name].windowMs;
      await db
        .update(authAttempt)
        .set({ count: sql`greatest(${authAttempt.count} - 1, 0)` })
        .where(and(inArray(authAttempt.key, keys), gt(authAttempt.firstAt, windowStart)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Which /backend calls count in which limit (paths without /backend). */
const LIMITED_CALLS: ReadonlyArray<{ method: string; path: RegExp; limit: LimitName }> = [
  // guessing coupon codes
  { method: "GET", path: /^\/api\/coupons\/validate\/[^/]+$/, limit: "coupon" },
  // new payment rows and provider calls
  { method: "POST", path: /^\/api\/payments\/(course|ticket)$/, limit: "pay" },
  // the calls that verify with the provider
  { method: "GET", path: /^\/api\/verify\/[^/]+$/, limit: "verify" },
  {
    method: "POST",
    path: /^\/api\/(payments\/[^/]+\/cancel|payments\/sandbox\/[^/]+\/[^/]+|courses\/[^/]+\/purchases|coupons\/log-usage\/[^/]+|events\/[^/]+\/purchases)$/,
    limit: "verify",
  },
  // writing (signed in: counted per user)
  { method: "POST", path: /^\/comments\/[^/]+$/, limit: "comment" },
  { method: "POST", path: /^\/posts$/, limit: "post" },
  { method: "PUT", path: /^\/posts\/[^/]+$/, limit: "edit" },
  { method: "GET", path: /^\/posts\/upload-auth$/, limit: "upload" },
  // an upload's credential is its token (a user's tokens are counted above): per client and address
  { method: "POST", path: /^\/api\/v1\/files\/upload$/, limit: "upload" },
  // the public forms: a sign-up e-mails the address typed, a contact request lands with staff
  { method: "POST", path: /^\/api\/newsletter$/, limit: "newsletter" },
  { method: "POST", path: /^\/api\/contact$/, limit: "contact" },
  // a credential file checked: a signature and a canonicalisation per call (issue 32's verifier)
  { method: "POST", path: /^\/api\/certificates\/verify$/, limit: "credential" },
];

const PAYMENT_LIMITS = new Set<LimitName>(["coupon", "pay", "verify"]);
/** Limits that count what is written, not what is tried: a refused call (a 422, …) is given back. */
export const COUNTS_ACCEPTED = new Set<LimitName>(["post", "edit"]);

/** The limit a /backend call counts in, if any (HEAD is a GET: it runs the GET route). */
export function limitOf(method: string, backendPath: string): LimitName | null {
  const m = method === "HEAD" ? "GET" : method;
  return LIMITED_CALLS.find((k) => k.method === m && k.path.test(backendPath))?.limit ?? null;
}

/**
 * Mounted on the API before its routes (after the access guard, so that only callers allowed to call
 * count): over a limit, 429 with Retry-After and the message before anything runs. The upload answers
 * ImageKit's top-level `message` too, which ImageKit's clients read. The payment calls hand a device id
 * to a client that has none (an API client that keeps cookies is then counted as itself).
 */
export function rateLimits(limiter: RateLimiter, options: { secureCookies: boolean }): MiddlewareHandler<AppEnv> {
  // (no async frame per request for the calls without a limit: every read)
  return (c, next) => {
    const limit = limitOf(c.req.method, c.req.path.replace(/^\/backend/, ""));
    return limit ? limited(c, next, limit) : next();
  };

  async function limited(c: Context<AppEnv>, next: Next, limit: LimitName) {
    const caller = { userId: c.get("actor")?.id ?? null, deviceId: deviceId(c), address: clientIp(c) };
    const verdict = await limiter.hit(limit, caller);
    if (!verdict.ok) {
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      c.header("Cache-Control", "no-store");
      if (limit === "upload" && c.req.method === "POST") {
        const { message } = verdict;
        return c.json({ error: { code: "too_many_requests", message }, message }, 429);
      }
      throw TooManyRequests(verdict.message);
    }
    await next();
    // a post or an edit that was refused (422 and the like) published nothing: it does not count
    if (COUNTS_ACCEPTED.has(limit) && c.res.status >= 400) await limiter.giveBack(limit, caller);
    if (PAYMENT_LIMITS.has(limit)) issueDeviceId(c, options.secureCookies);
  }
}
