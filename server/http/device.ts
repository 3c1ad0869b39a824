// A first-party device id (issue 15, decision 025): a random value in an HttpOnly cookie, so that the
// payment limits can tell apart buyers who share one address. On Nigerian mobile networks hundreds of
// phones reach us through one carrier NAT address; keyed on the address alone, a rush for an event's
// tickets would be turned away after the first twenty coupon checks. The id is no identity and carries
// nothing: it only names a bucket. A client may send any id it likes (or a new one each time); that is
// why every address also has a cap of its own (server/http/rate-limit.ts).
import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";

export const DEVICE_COOKIE = "academy.device";
/** 128 random bits, base64url. */
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
/** A year: the id outlives sessions, as a device does. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The device id the request carries, or null (none, or not one of ours in shape). */
export function deviceId(c: Context): string | null {
  return deviceIdOf(c.req.header("cookie"));
}

/** The device id in a Cookie header, or null (also before Hono: page-cache/fast-hit.ts). */
export function deviceIdOf(cookie: string | undefined): string | null {
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    return DEVICE_ID.test(value) ? value : null;
  }
  return null;
}

/** Adds a fresh device id to the response unless the request already carries one. */
export function issueDeviceId(c: Context, secure: boolean): void {
  if (deviceId(c)) return;
  const id = randomBytes(16).toString("base64url");
  const attributes = [
    `Max-Age=${MAX_AGE_SECONDS}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ];
  c.res.headers.append("Set-Cookie", `${DEVICE_COOKIE}=${id}; ${attributes.join("; ")}`);
  // A response that hands out a per-visitor id is no response for a shared cache to keep.
  const cacheControl = c.res.headers.get("Cache-Control");
  if (!cacheControl || !/\b(private|no-store)\b/i.test(cacheControl)) {
    c.res.headers.set(
      "Cache-Control",
      cacheControl ? `private, ${cacheControl.replace(/\bpublic,?\s*/i, "")}` : "private",
    );
  }
}

/**
 * The pages with payment dialogs (the enrol dialog on / and /courses, tickets on /showcase), as documents
 * and as React Router's data requests (a visitor who arrives elsewhere and then follows a link loads
 * `/courses.data`, not `/courses`).
 */
export const PAYING_PAGES: readonly string[] = [
  "/",
  "/_.data",
  "/courses",
  "/courses.data",
  "/showcase",
  "/showcase.data",
];

/**
 * Gives a browser a device id with the first page it can pay on, so that its first coupon check already
 * counts as itself. Only those pages: every other page stays free of cookies, so that an anonymous
 * reader's page may still be kept by a shared cache. The payment calls also hand one out to clients that
 * have none (rate-limit.ts).
 */
export function deviceCookie(options: { secure: boolean; pages?: readonly string[] }): MiddlewareHandler {
  const pages = new Set(options.pages ?? PAYING_PAGES);
  const issue: MiddlewareHandler = async (c, next) => {
    await next();
    if (c.res.status === 200) issueDeviceId(c, options.secure);
  };
  // (no async frame per request for the paths that never get one)
  return (c, next) => (c.req.method === "GET" && pages.has(c.req.path) ? issue(c, next) : next());
}
