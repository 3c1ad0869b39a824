// Text the database cannot store is refused at the door of the API: PostgreSQL rejects the NUL
// character ("\0") in any text value, so a NUL in a path parameter, the query string or a body field
// of a /backend call (Better Auth's routes included) would otherwise reach a query and fail there
// as a 500 (issue 7, "Bad input never gets a 500"). One check here covers every route, present and
// future; handleError in backend.ts keeps a backstop for what slips past (SQLSTATE class 22).
import type { MiddlewareHandler } from "hono";
import { BODY_NOT_OBJECT } from "../../contract/lib/common.ts";
import { safeRedirectPath } from "../lib/safe-redirect.ts";
import { errorBody } from "./backend.ts";
import type { AppEnv } from "./middleware.ts";

const NUL = "\0";

/** A field or parameter name as the answer quotes it: without the NUL, and not endless. */
function quoteName(name: string): string {
  const clean = name.replaceAll(NUL, "");
  return `"${clean.length > 60 ? `${clean.slice(0, 60)}…` : clean}"`;
}

/** The sentence of the 422 answer, naming where the NUL was found. */
export function nulMessage(where: string): string {
  return `${where} contains a NUL character (\\0), which cannot be stored: remove it and send the request again.`;
}

/** The path of the first string (value or key) holding a NUL in a parsed JSON value, or null. */
export function findNul(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return here;
      const found = findNul(item, here);
      if (found !== null) return found;
    }
  }
  return null;
}

function decodeOr(text: string, fallback: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return fallback;
  }
}

/** Where in the URL a NUL is, once percent-decoded: the path, or a query parameter. */
const RAW_OR_ENCODED_NUL = /%00|\0/i;

function nulInUrl(url: string): string | null {
  const parsed = new URL(url);
  // %00 is valid percent-encoding even where the rest of the path is not, so it is looked for raw too.
  if (/%00/i.test(parsed.pathname) || decodeOr(parsed.pathname, "").includes(NUL)) return "The address (URL path)";
  for (const [key, value] of parsed.searchParams) {
    if (key.includes(NUL) || value.includes(NUL)) return `The query parameter ${quoteName(key)}`;
  }
  return null;
}

/** Where in the body a NUL is: a JSON, URL-encoded or multipart text field. */
async function nulInBody(request: Request): Promise<string | null> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (/^application\/([\w.+-]+\+)?json\b/.test(type)) {
    const text = await request.text();
    // A literal NUL is not valid JSON at all; an escaped one ("\u0000") is, and is looked for in the values.
    if (text.includes(NUL)) return "The request body";
    if (!/\\u0000/i.test(text)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null; // not JSON: the route answers that itself
    }
    const field = findNul(parsed);
    return field === null ? null : field ? `The field ${quoteName(field)}` : "The request body";
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [key, value] of new URLSearchParams(await request.text())) {
      if (key.includes(NUL) || value.includes(NUL)) return `The field ${quoteName(key)}`;
    }
    return null;
  }
  if (type.startsWith("multipart/form-data")) {
    const form = await request.formData().catch(() => null); // a broken form: the route answers that
    for (const [key, value] of form ?? []) {
      // a file's bytes may hold NUL; its name and the text fields may not
      const text = typeof value === "string" ? value : value.name;
      if (key.includes(NUL) || text.includes(NUL)) return `The field ${quoteName(key)}`;
    }
  }
  return null;
}

/**
 * A refusal of a Better Auth route in the shape its clients read (`{ code, message }`) and in ours
 * (`{ error: { code, message } }`), as server/http/session.ts withErrorShape gives its own refusals.
 */
function authRefusal(code: string, message: string) {
  return { code, message, ...errorBody(code, message) };
}

const NO_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * 422 `{ error: { code: "invalid", message } }` for a /backend request with a NUL character in its
 * path, query string or body fields. Mount it before Better Auth's handler and the backend. The body
 * is read from a clone, so the route still reads the original.
 *
 * `signedBodies`: paths whose body is signed by its sender and checked by the route (the payment
 * webhook): their body is not screened here. A refusal before the signature is checked would refuse a
 * genuine webhook with a NUL in a field for good (Paystack retries it for days); the route checks the
 * signature of the raw body first and takes the NULs out itself (issue 15).
 */
export function rejectNul(options: { signedBodies?: readonly string[] } = {}): MiddlewareHandler<AppEnv> {
  const signed = new Set(options.signedBodies ?? []);
  return async (c, next) => {
    // a NUL in the address is only ever "%00" (or a raw one, which Node's parser refuses): no URL parsed
    // for the others (decision 043)
    const url = c.req.url;
    let where = RAW_OR_ENCODED_NUL.test(url) ? nulInUrl(url) : null;
    if (!where && !NO_BODY.has(c.req.method) && c.req.raw.body && !signed.has(c.req.path)) {
      where = await nulInBody(c.req.raw.clone()).catch(() => null);
    }
    if (where) return c.json(errorBody("invalid", nulMessage(where)), 422);
    return next();
  };
}

/** The answer to a request whose Host header names no host (issue 15: `Host: x.9` was a 500 everywhere). */
export const BAD_HOST_MESSAGE =
  "The Host header is not a valid host name: send the site's own address (such as academy.example or localhost:3000).";

/**
 * 400 for a request whose address cannot be parsed. The Node adapter builds the request's URL from the
 * Host header without parsing it (only the characters are checked), so a host such as "x.9" (a name
 * ending in a number is read as an IPv4 address, and this one is not) makes every `new URL(c.req.url)`
 * throw: in the NUL check, /media, and React Router's own handler. Mount it before anything reads the URL.
 */
export function rejectBadHost(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (URL.canParse(c.req.url)) return next();
    // (c.req.path is read from the raw string: no parsing)
    if (c.req.path.startsWith("/backend/")) return c.json(errorBody("bad_request", BAD_HOST_MESSAGE), 400);
    return c.text(BAD_HOST_MESSAGE, 400);
  };
}

/** Better Auth's redirect targets: it builds URLs from them, and throws (a 500) on what is neither a path nor a URL. */
const REDIRECT_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"];

/**
 * A path on this site ("/login", checked once normalised as every redirect target of ours is:
 * server/lib/safe-redirect.ts) or an http(s) address; Better Auth's own origin check decides which sites.
 */
export function isRedirectTarget(value: unknown): boolean {
  if (typeof value !== "string") return false;
  if (value.startsWith("/")) return safeRedirectPath(value) !== null;
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}

/** Fields Better Auth reads as text (it calls string methods on them, and throws when they are not). */
const TEXT_FIELDS = [
  "name",
  "username",
  "displayUsername",
  "email",
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "userId",
  // (image is not here: auth-rules.ts answers any image that is not one of our uploads, text or not)
];

const redirectMessage = (field: string) =>
  `${field} must be a path on this site (such as /login) or an http(s) address.`;

/**
 * What Better Auth's routes (/backend/api/auth/*) fail on with a 500 instead of refusing, checked
 * before they run (issue 7): a JSON body that is not an object (null, an array, a number), a POST
 * with no body at all (treated as `{}`, which is what its own client sends), a text field (username,
 * email …) that is not text, and a redirect target (callbackURL, redirectTo …) that is neither a path
 * nor an address.
 */
export function guardAuthInput(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const field of REDIRECT_FIELDS) {
      const value = c.req.query(field);
      if (value !== undefined && !isRedirectTarget(value))
        return c.json(authRefusal("invalid", redirectMessage(field)), 422);
    }
    if (c.req.method !== "POST") return next();
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    const text = c.req.raw.body ? await c.req.raw.clone().text() : "";
    if (!text.trim() && (!type || type.startsWith("application/json"))) {
      const headers = new Headers(c.req.raw.headers);
      headers.set("Content-Type", "application/json");
      headers.delete("Content-Length");
      c.req.raw = new Request(c.req.raw, { body: "{}", headers });
      return next();
    }
    if (!/^application\/([\w.+-]+\+)?json\b/.test(type)) return next();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json(authRefusal("bad_request", "The request body is not valid JSON."), 400);
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      return c.json(authRefusal("invalid", BODY_NOT_OBJECT), 422);
    }
    for (const field of TEXT_FIELDS) {
      const value = (body as Record<string, unknown>)[field];
      // null is how update-user removes the profile image
      if (value !== undefined && typeof value !== "string" && !(field === "image" && value === null)) {
        return c.json(authRefusal("invalid", `${field} must be text.`), 422);
      }
    }
    for (const field of REDIRECT_FIELDS) {
      const value = (body as Record<string, unknown>)[field];
      if (value !== undefined && value !== null && !isRedirectTarget(value)) {
        return c.json(authRefusal("invalid", redirectMessage(field)), 422);
      }
    }
    return next();
  };
}
