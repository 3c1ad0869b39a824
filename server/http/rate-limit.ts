// Requests per client address and minute for the calls that cost something or could be used to guess:
// coupon checks (codes), payment starts (rows and provider calls), verifications (provider calls).
// Counted in the database (server/features/auth/attempts.ts), so every app process shares the count.
import type { MiddlewareHandler } from "hono";
import type { Attempts } from "../features/auth/attempts.ts";
import { TooManyRequests } from "../lib/errors.ts";
import { clientIp } from "./client-ip.ts";

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a minute and try again.";
const WINDOW_MS = 60_000;

/** Which calls count in which bucket, and how many a bucket allows as a multiple of the limit. */
const PAYMENT_CALLS: ReadonlyArray<{ method: string; path: RegExp; bucket: string; times: number }> = [
  // guessing coupon codes
  { method: "GET", path: /^\/api\/coupons\/validate\/[^/]+$/, bucket: "coupon", times: 1 },
  // new payment rows and provider calls
  { method: "POST", path: /^\/api\/payments\/(course|ticket)$/, bucket: "pay", times: 1 },
  // the calls that verify with the provider (a transfer's dialog polls every 1.5 s)
  { method: "GET", path: /^\/api\/verify\/[^/]+$/, bucket: "verify", times: 6 },
  {
    method: "POST",
    path: /^\/api\/(payments\/[^/]+\/cancel|payments\/sandbox\/[^/]+\/[^/]+|courses\/[^/]+\/purchases|coupons\/log-usage\/[^/]+|events\/[^/]+\/purchases)$/,
    bucket: "verify",
    times: 6,
  },
];

/**
 * Mounted on the API's /api/*: at most `perMinute` coupon checks and payment starts, and 6 × `perMinute`
 * verifying calls, a minute from one address; more get 429 with Retry-After before anything runs.
 */
export function paymentRateLimits(attempts: Attempts, perMinute: number): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path.replace(/^\/backend/, "");
    const call = PAYMENT_CALLS.find((k) => k.method === c.req.method && k.path.test(path));
    if (!call) return next();
    if (await attempts.consume(`rate|${call.bucket}|${clientIp(c)}`, perMinute * call.times, WINDOW_MS)) return next();
    c.header("Retry-After", String(WINDOW_MS / 1000));
    c.header("Cache-Control", "no-store");
    throw TooManyRequests(RATE_LIMIT_MESSAGE);
  };
}
